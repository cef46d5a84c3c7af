"""Replays a record of 33 on the engine, checking every event against the rules.

The record's shuffles and dealer feed a scripted `Chance`; each decision in it (a play,
a said total, a draw in manual mode, a forfeit pick) is applied to the engine, and what
the engine reports must equal what the record says, line by line. Every field read here
is first checked against `SHAPE`.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from tutor.games.base import Event, OptionError
from tutor.games.thirty_three.deck import FACES, MAX_DECK_SIZE, MAX_FACE_COUNT, Options
from tutor.games.thirty_three.engine import (
    Action,
    Draw,
    EndTurn,
    Pick,
    Play,
    Say,
    SkipForfeit,
    State,
)
from tutor.records import (
    Context,
    RecordError,
    RecordShape,
    ScriptedChance,
    ShapeError,
    card,
    fields,
    flag,
    listing,
    one_of,
    players,
    seat,
    verify,
    whole,
)

_face = card(frozenset(FACES))


def _deck(value: Any, ctx: Context, path: str) -> None:
    """The header's deck: known faces, each counted 0 to MAX_FACE_COUNT."""
    if not isinstance(value, dict) or not value:
        raise ShapeError(path, value)
    for face, count in value.items():
        _face(face, ctx, path)
        whole(0, MAX_FACE_COUNT)(count, ctx, f"{path}.{face}")


_cards = listing(_face, 1, MAX_DECK_SIZE)

SHAPE = RecordShape(
    max_players=8,
    options=fields(optional={
        "deck": _deck,
        "recycle": one_of("flip", "shuffle"),
        "draw": one_of("auto", "manual"),
        "forfeit": flag,
    }),
    events={
        "shuffle": fields({"stock": _cards}),
        "deal": fields({"dealer": seat}),
        "play": fields({"card": _face, "value": whole(-10, 11)}),
        "say": fields({"said": whole(-(10**9), 10**9)}),
        "recycle": fields({"stock": _cards}, {"shuffled": flag}),
        "draw": fields({"player": seat}),
        "end_turn": fields(),
        "lose": fields(),
        "forfeit_pick": fields({"card": _face}),
        "forfeit_draw": fields({"cards": listing(_face, 1, players)}),
        "forfeit_skip": fields(),
        "game_over": fields(),
    },
)


def _decision(event: Event) -> Action | None:
    kind = event["event"]
    if kind == "play":
        return Play(event["card"], event["value"])
    if kind == "say":
        return Say(event["said"])
    if kind == "draw":
        return Draw(event["player"])
    if kind == "end_turn":
        return EndTurn()
    if kind == "forfeit_pick":
        return Pick(event["card"])
    if kind == "forfeit_skip":
        return SkipForfeit()
    return None


def start(header: dict[str, Any], events: list[Event]) -> State:
    """The state at the start of the recorded game, its chance scripted from the record."""
    SHAPE.check(header, events)
    shuffle = next((e for e in events if e["event"] == "shuffle"), None)
    deal = next((e for e in events if e["event"] == "deal"), None)
    if shuffle is None or deal is None:
        raise RecordError("record_truncated", line=events[-1]["_line"])
    orders = [(shuffle["stock"], shuffle["_line"])]
    orders += [(e["stock"], e["_line"]) for e in events if e["event"] == "recycle" and e.get("shuffled")]
    orders += [(e["cards"], e["_line"]) for e in events if e["event"] == "forfeit_draw"]
    try:
        options = Options.from_record(header.get("options", {}))
        return State(len(header["players"]), options, ScriptedChance(deal["dealer"], orders))
    except OptionError as err:
        raise RecordError("record_options", line=header["_line"], error=err) from None


def replay(header: dict[str, Any], events: list[Event]) -> Iterator[tuple[Event, State]]:
    """Each recorded event with the state after it, verified as it goes. The header and the
    fields read are checked, and the game set up, at the call (a RecordError says what is
    wrong), so nothing is shown of a record that cannot be replayed."""
    state = start(header, events)
    return verify(state, events, lambda event, _state: _decision(event))
