"""Replays a record of 33 on the engine, checking every event against the rules.

The record's shuffles and dealer feed a scripted `Chance`; each decision in it (a play,
a said total, a draw in manual mode, a forfeit pick) is applied to the engine, and what
the engine reports must equal what the record says, line by line.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from tutor.games.base import Event, OptionError
from tutor.games.thirty_three.deck import Options
from tutor.games.thirty_three.engine import Action, Draw, EndTurn, Pick, Play, Say, SkipForfeit, State
from tutor.records import RecordError, ScriptedChance, verify


def _decision(event: Event) -> Action | None:
    kind = event["event"]
    if kind == "play":
        return Play(str(event["card"]), int(event["value"]))
    if kind == "say":
        return Say(int(event["said"]))
    if kind == "draw":
        return Draw(int(event["player"]))
    if kind == "end_turn":
        return EndTurn()
    if kind == "forfeit_pick":
        return Pick(str(event["card"]))
    if kind == "forfeit_skip":
        return SkipForfeit()
    return None


def replay(header: dict[str, Any], events: list[Event]) -> Iterator[tuple[Event, State]]:
    """Yields each recorded event with the state after it, verifying as it goes."""
    try:
        players = len(header["players"])
        options = Options.from_record(header.get("options", {}))
        shuffle = next(e for e in events if e["event"] == "shuffle")
        deal = next(e for e in events if e["event"] == "deal")
        orders = [(shuffle["stock"], shuffle["_line"])]
        orders += [(e["stock"], e["_line"]) for e in events if e["event"] == "recycle" and e.get("shuffled")]
        orders += [(e["cards"], e["_line"]) for e in events if e["event"] == "forfeit_draw"]
        state = State(players, options, ScriptedChance(int(deal["dealer"]), orders))
    except (KeyError, TypeError, ValueError, StopIteration, OptionError):
        raise RecordError("record_no_header", file="") from None
    yield from verify(state, events, lambda event, _state: _decision(event))
