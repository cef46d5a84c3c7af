"""Replays a record of 3-13 Speed on the engine, checking every event against the rules.

A `cycle` line holds a whole cycle: everyone's draw and everyone's revealed discard (and a
rebuilt middle's order). Replaying it passes the match window before it for every seat that
had one, then applies each seat's draw and discard; a `match` line is a window in which
the listed seats called. Shuffles come from the record through a scripted `Chance`, copies
of one code in the order the engine handed them over. Every field read here is first
checked against `SHAPE`.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from tutor.cards import codes, make_decks
from tutor.games.base import Event, OptionError
from tutor.games.speed.engine import (
    DECKS,
    HANDS,
    MAX_PLAYERS,
    SOURCES,
    Discard,
    Draw,
    Match,
    Pass,
    Phase,
    State,
)
from tutor.records import (
    RecordError,
    RecordShape,
    ScriptedChance,
    card,
    fields,
    listing,
    nullable,
    one_of,
    players,
    seat,
    verify,
    whole,
)

_card = card(frozenset(codes(make_decks(1))))
_middle = listing(_card, 0, DECKS * 52)

SHAPE = RecordShape(
    max_players=MAX_PLAYERS,
    options=fields(optional={"decks": whole(DECKS, DECKS)}),  # no options; the header says the four decks
    events={
        "hand_start": fields({"hand": whole(1, HANDS)}),
        "shuffle": fields({"middle": _middle}),
        "deal": fields(),
        "cycle": fields(
            {
                "draws": listing(fields({"player": seat, "from": one_of(*SOURCES)}), 0, players),
                "discards": listing(nullable(_card), players, players),
            },
            {"rebuilt": listing(_middle, 0, 100)},
        ),
        "match": fields({"players": listing(seat, 0, players)}),
        "hand_end": fields(),
        "game_over": fields(),
    },
)


class Batch:
    """Several seats' choices applied in order, as one recorded line."""

    def __init__(self, actions: list[Any]) -> None:
        self.actions = actions


def _decision(event: Event, state: State) -> Batch | None:
    kind = event["event"]
    line = event["_line"]
    if kind == "match":
        callers = set(event["players"])
        return Batch([Match(p) if p in callers else Pass(p) for p in state.to_act])
    if kind != "cycle":
        return None
    actions: list[Any] = []
    if state.phase is Phase.MATCH:
        actions += [Pass(p) for p in state.to_act]
    for draw in event["draws"]:
        actions.append(Draw(draw["player"], draw["from"]))
    for p, code in enumerate(event["discards"]):
        if code is None:
            continue
        actions.append(_LateDiscard(p, code, line))
    return Batch(actions)


class _LateDiscard:
    """A discard named by code, matched to a physical card once the draws have been revealed."""

    def __init__(self, player: int, code: str, line: int) -> None:
        self.player = player
        self.code = code
        self.line = line


class _Replay(State):
    def apply(self, action: Any) -> list[Event]:  # type: ignore[override]
        if isinstance(action, Batch):
            events: list[Event] = []
            for item in action.actions:
                if isinstance(item, _LateDiscard):
                    found = self.find_card(item.code, item.player)
                    if found is None:
                        raise RecordError("record_illegal", line=item.line)
                    item = Discard(item.player, found)
                events += State.apply(self, item)
            return events
        return State.apply(self, action)


def start(header: dict[str, Any], events: list[Event]) -> State:
    """The state at the start of the recorded game, its chance scripted from the record."""
    SHAPE.check(header, events)
    first = next((e for e in events if e["event"] == "hand_start"), None)
    if first is None:
        raise RecordError("record_truncated", line=events[-1]["_line"])
    orders = []
    for e in events:
        if e["event"] == "shuffle":
            orders.append((e["middle"], e["_line"]))
        elif e["event"] == "cycle":
            orders += [(order, e["_line"]) for order in e.get("rebuilt", [])]
    try:
        return _Replay(len(header["players"]), ScriptedChance(0, orders), first["hand"])
    except OptionError as err:
        raise RecordError("record_options", line=header["_line"], error=err) from None


def replay(header: dict[str, Any], events: list[Event]) -> Iterator[tuple[Event, State]]:
    """Each recorded event with the state after it, verified as it goes; the record is checked
    and the game set up at the call (a RecordError says what is wrong)."""
    state = start(header, events)
    return verify(state, events, _decision)
