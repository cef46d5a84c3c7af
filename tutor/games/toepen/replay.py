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

from tutor.cards import codes
from tutor.games.base import Chance, Event, OptionError
from tutor.games.toepen.engine import (
    DECISION_EVENTS,
    DECK,
    Action,
    Play,
    State,
    card_from_code,
)
from tutor.games.toepen.options import ENDS, LIMITS, MAX_PLAYERS, Options
from tutor.records import (
    RecordError,
    RecordShape,
    RecordWriter,
    ScriptedChance,
    card,
    fields,
    flag,
    listing,
    one_of,
    seat,
    verify,
    whole,
)

_card = card(frozenset(codes(DECK)))
_decided = fields({"player": seat})

SHAPE = RecordShape(
    max_players=MAX_PLAYERS,
    options=fields(optional={
        "limit": whole(min(LIMITS), max(LIMITS)),
        "end": one_of(*ENDS),
        "customs": flag,
        "two": flag,
    }),
    events={
        "deal": fields({"dealer": seat, "stock": listing(_card, len(DECK), len(DECK))}),
        "custom": fields(),
        "poverty": fields(),
        **{kind: _decided for kind in DECISION_EVENTS},
        "play": fields({"player": seat, "card": _card}),
        "trick": fields(),
        "hand_end": fields(),
        "lose": fields(),
        "game_over": fields(),
    },
)


def _decision(event: Event, state: State) -> Action | None:
    kind = event["event"]
    if kind == "play":
        found = card_from_code(event["card"])
        if found is None:
            raise RecordError("record_illegal", line=event["_line"])
        return Play(found, event["player"])
    action = DECISION_EVENTS.get(kind)
    if action is None:
        return None
    return action(event["player"])


def start(header: dict[str, Any], events: list[Event]) -> State:
    """The state at the start of the recorded rubber, its chance scripted from the record."""
    SHAPE.check(header, events)
    first = next((e for e in events if e["event"] == "deal"), None)
    if first is None:
        raise RecordError("record_truncated", line=events[-1]["_line"])
    orders = [(e["stock"], e["_line"]) for e in events if e["event"] == "deal"]
    try:
        options = Options.from_record(header.get("options", {}))
        return State(len(header["players"]), options, ScriptedChance(first["dealer"], orders))
    except OptionError as err:
        raise RecordError("record_options", line=header["_line"], error=err) from None


def replay(header: dict[str, Any], events: list[Event]) -> Iterator[tuple[Event, State]]:
    """Each recorded event with the state after it, verified as it goes; the record is checked
    and the game set up at the call (a RecordError says what is wrong)."""
    state = start(header, events)
    return verify(state, events, _decision)


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
