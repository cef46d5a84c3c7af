"""Replays a record of Three Thirteen on the engine, checking every event against the rules.

The record's shuffles (one per round, and one per refilled stock) and its first dealer
feed a scripted `Chance`; each decision in it (a draw, a discard, going out) is applied to
the engine, and what the engine reports must equal what the record says, line by line.
Every field read here is first checked against `SHAPE`.

Records name cards by code only (`7H`), and with several decks two physical cards share a
code. They are interchangeable for the rules, so the replay picks the physical card: in a
shuffle, copies of one code are laid out in the order the engine handed them over; in a
discard, the first card of that code in the hand that may be discarded now.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from tutor.cards import codes, make_decks
from tutor.games.base import Event, OptionError
from tutor.games.three_thirteen.engine import Action, Discard, Draw, GoOut, State
from tutor.games.three_thirteen.options import (
    ACES,
    DECK_SIZE,
    FACE_POINTS,
    MAX_DECKS,
    MAX_PLAYERS,
    ROUNDS,
    Options,
)
from tutor.records import (
    RecordError,
    RecordShape,
    ScriptedChance,
    card,
    fields,
    flag,
    listing,
    nullable,
    one_of,
    seat,
    verify,
    whole,
)

_card = card(frozenset(codes(make_decks(1))))

SHAPE = RecordShape(
    max_players=MAX_PLAYERS,
    options=fields(optional={
        "decks": nullable(whole(1, MAX_DECKS)),
        "aces": one_of(*ACES),
        "natural_required": flag,
        "max_one_wild": flag,
        "face_points": one_of(*FACE_POINTS),
        "no_early_out": flag,
    }),
    events={
        "round_start": fields({"round": whole(1, ROUNDS), "dealer": seat}),
        "shuffle": fields({"stock": listing(_card, 1, MAX_DECKS * DECK_SIZE)}),
        "deal": fields(),
        "draw": fields({"from": one_of("stock", "discard")}),
        "discard": fields({"card": _card}),
        "go_out": fields({"card": _card}),
        "recycle": fields({"stock": listing(_card, 0, MAX_DECKS * DECK_SIZE)}),
        "round_end": fields(),
        "game_over": fields(),
    },
)


def _decision(event: Event, state: State) -> Action | None:
    kind = event["event"]
    if kind == "draw":
        return Draw(event["from"])
    if kind in ("discard", "go_out"):
        found = state.find_card(event["card"])
        if found is None:
            raise RecordError("record_illegal", line=event["_line"])
        return GoOut(found) if kind == "go_out" else Discard(found)
    return None


def start(header: dict[str, Any], events: list[Event]) -> State:
    """The state at the start of the recorded game, its chance scripted from the record."""
    SHAPE.check(header, events)
    first = next((e for e in events if e["event"] == "round_start"), None)
    if first is None:
        raise RecordError("record_truncated", line=events[-1]["_line"])
    orders = [(e["stock"], e["_line"]) for e in events if e["event"] in ("shuffle", "recycle")]
    try:
        options = Options.from_record(header.get("options", {}))
        return State(len(header["players"]), options, ScriptedChance(first["dealer"], orders), first["round"])
    except OptionError as err:
        raise RecordError("record_options", line=header["_line"], error=err) from None


def replay(header: dict[str, Any], events: list[Event]) -> Iterator[tuple[Event, State]]:
    """Each recorded event with the state after it, verified as it goes; the record is checked
    and the game set up at the call (a RecordError says what is wrong)."""
    state = start(header, events)
    return verify(state, events, _decision)
