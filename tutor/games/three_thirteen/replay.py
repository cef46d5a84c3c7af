"""Replays a record of Three Thirteen on the engine, checking every event against the rules.

The record's shuffles (one per round, and one per refilled stock) and its first dealer
feed a scripted `Chance`; each decision in it (a draw, a discard, going out) is applied to
the engine, and what the engine reports must equal what the record says, line by line.

Records name cards by code only (`7H`), and with several decks two physical cards share a
code. They are interchangeable for the rules, so the replay picks the physical card: in a
shuffle, copies of one code are laid out in the order the engine handed them over; in a
discard, the first card of that code in the hand that may be discarded now.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from tutor.games.base import Event, OptionError
from tutor.games.three_thirteen.engine import Action, Discard, Draw, GoOut, State
from tutor.games.three_thirteen.options import Options
from tutor.records import RecordError, ScriptedChance, verify


def _decision(event: Event, state: State) -> Action | None:
    kind = event["event"]
    if kind == "draw":
        return Draw(str(event["from"]))
    if kind in ("discard", "go_out"):
        code = str(event["card"])
        card = state.find_card(code)
        if card is None:
            raise RecordError("record_illegal", line=event["_line"])
        return GoOut(card) if kind == "go_out" else Discard(card)
    return None


def start(header: dict[str, Any], events: list[Event]) -> State:
    """The state at the start of the recorded game, its chance scripted from the record."""
    try:
        players = len(header["players"])
        options = Options.from_record(header.get("options", {}))
        first = next(e for e in events if e["event"] == "round_start")
        orders = [(e["stock"], e["_line"]) for e in events if e["event"] in ("shuffle", "recycle")]
        chance = ScriptedChance(int(first["dealer"]), orders)
        first_round = int(first["round"])
    except (KeyError, TypeError, ValueError, StopIteration, OptionError):
        raise RecordError("record_no_header", file="") from None
    try:
        return State(players, options, chance, first_round)
    except OptionError:
        raise RecordError("record_no_header", file="") from None


def replay(header: dict[str, Any], events: list[Event]) -> Iterator[tuple[Event, State]]:
    """Yields each recorded event with the state after it, verifying as it goes."""
    state = start(header, events)
    yield from verify(state, events, _decision)

