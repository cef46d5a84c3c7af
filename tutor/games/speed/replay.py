"""Replays a record of 3-13 Speed on the engine, checking every event against the rules.

A `cycle` line holds a whole cycle: everyone's draw and everyone's revealed discard (and a
rebuilt middle's order). Replaying it passes the match window before it for every seat that
had one, then applies each seat's draw and discard; a `match` line is a window in which
the listed seats called. Shuffles come from the record through a scripted `Chance`, copies
of one code in the order the engine handed them over.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from tutor.games.base import Event, OptionError
from tutor.games.speed.engine import Discard, Draw, Match, Pass, Phase, State
from tutor.records import RecordError, ScriptedChance, verify


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
        actions.append(Draw(int(draw["player"]), str(draw["from"])))
    for p, code in enumerate(event["discards"]):
        if code is None:
            continue
        actions.append(_LateDiscard(p, str(code), line))
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
                    card = self.find_card(item.code, item.player)
                    if card is None:
                        raise RecordError("record_illegal", line=item.line)
                    item = Discard(item.player, card)
                events += State.apply(self, item)
            return events
        return State.apply(self, action)


def start(header: dict[str, Any], events: list[Event]) -> State:
    try:
        players = len(header["players"])
        first = next(e for e in events if e["event"] == "hand_start")
        orders = []
        for e in events:
            if e["event"] == "shuffle":
                orders.append((e["middle"], e["_line"]))
            elif e["event"] == "cycle":
                orders += [(order, e["_line"]) for order in e.get("rebuilt", [])]
        chance = ScriptedChance(0, orders)
        return _Replay(players, chance, int(first["hand"]))
    except (KeyError, TypeError, ValueError, StopIteration, OptionError):
        raise RecordError("record_no_header", file="") from None


def replay(header: dict[str, Any], events: list[Event]) -> Iterator[tuple[Event, State]]:
    """Yields each recorded event with the state after it, verifying as it goes."""
    state = start(header, events)
    yield from verify(state, events, _decision)

