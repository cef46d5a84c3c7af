"""Replays a record of Toepen on the engine, checking every event against the rules.

The record's shuffles (the `stock` of each `deal`, top card first) and its first dealer feed
a scripted `Chance`; each decision in it (keep, exchange, pass, challenge, knock, stay,
fold, play) is applied to the engine as the action of the seat it names, and what the
engine reports must equal what the record says, line by line. Everything else (tricks,
hand ends, losses, the next deal) the engine produces itself and must agree.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

from tutor.games.base import Chance, Event, OptionError
from tutor.games.toepen.engine import DECISION_EVENTS, Action, Play, State, card_from_code
from tutor.games.toepen.options import Options
from tutor.records import RecordError, RecordWriter, ScriptedChance, verify


def _decision(event: Event, state: State) -> Action | None:
    kind = event["event"]
    if kind == "play":
        card = card_from_code(str(event["card"]))
        if card is None:
            raise RecordError("record_illegal", line=event["_line"])
        return Play(card, int(event["player"]))
    action = DECISION_EVENTS.get(kind)
    if action is None:
        return None
    return action(int(event["player"]))


def start(header: dict[str, Any], events: list[Event]) -> State:
    """The state at the start of the recorded rubber, its chance scripted from the record."""
    try:
        players = len(header["players"])
        options = Options.from_record(header.get("options", {}))
        first = next(e for e in events if e["event"] == "deal")
        orders = [(e["stock"], e["_line"]) for e in events if e["event"] == "deal"]
        chance = ScriptedChance(int(first["dealer"]), orders)
        return State(players, options, chance)
    except (KeyError, TypeError, ValueError, StopIteration, OptionError):
        raise RecordError("record_no_header", file="") from None


def replay(header: dict[str, Any], events: list[Event]) -> Iterator[tuple[Event, State]]:
    """Yields each recorded event with the state after it, verifying as it goes."""
    state = start(header, events)
    yield from verify(state, events, _decision)


def record_rubber(path: Path, seed: int, levels: Sequence[str], options: Options | None = None) -> State:
    """Plays a seeded rubber of bots (`levels[seat]`) and writes its record to `path`.

    The shuffles draw from `random.Random(seed)`, as do the bots; the header is the one
    `tutor play --auto --record` writes. Used for the example in docs/examples and by tests.
    """
    from tutor import __version__
    from tutor.games.toepen import bots

    options = options or Options(two=len(levels) == 2)
    rng = random.Random(seed)
    state = State(len(levels), options, Chance(rng))
    header = {
        "game": "toepen",
        "seed": seed,
        "players": [f"bot:{level}" for level in levels],
        "options": options.to_record(len(levels)),
        "tutor": __version__,
    }
    writer = RecordWriter(path, header)
    try:
        writer.write(state.opening)
        while not state.is_over:
            _, _, events = bots.play_step(state, levels, rng)
            writer.write(events)
    finally:
        writer.close()
    return state
