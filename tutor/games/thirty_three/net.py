"""33 at a network table: what the host tells each seat, and how a seat's decision comes back.

The host runs the engine (tutor.net.host); this module is the game's half of it (`NET`):

- `table_view(state, seat)` is what a seat sees at a real table: its own hand, the total, the
  discard pile (every play is made face up), how many cards each player holds, whose turn it is,
  who still has to draw (33.10), the forfeit picks made in view of all (33.12), and the seat's
  legal decisions now. `view_data` / `view_from_data` turn it into JSON and back.
- `redact(event, seat)`: the stock's order (a shuffle's, and a flip-over's too, 33.9), the other
  hands dealt, another player's drawn card, the loser's hand and the face-down mix of forfeit
  cards (33.12) never leave the host.
- `action` / `action_data`: a decision as data is the record's decision event without
  "player" (`{"event": "play", "card": "1/11", "value": 11}`); anything else raises ValueError.
- `judge` makes the coach's call of the local session on a play (`coach.judge`), and keeps only
  a weaker verdict; `refusal` adds the coach's best play to a play refused for going over 33
  (33.7), as the local session does. `verdict_data` / `verdict_from_data` carry a verdict.
- `bots` and `remark`: the local session's bot turn and the bots' public remarks.

Nothing here prints or translates: the client (`remote.py`) renders it in its own language.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from tutor.games.base import Event, IllegalAction
from tutor.games.thirty_three import bots as bot_levels
from tutor.games.thirty_three.deck import FACES, VALUES
from tutor.games.thirty_three.engine import (
    Action,
    Draw,
    EndTurn,
    Phase,
    Pick,
    Play,
    Say,
    SkipForfeit,
    State,
    View,
)
from tutor.net.checks import listing, whole
from tutor.net.game import NetGame

#: Seconds a human who still has to draw (33.10) gets before a bot's draw makes them lose.
LATE_DRAW_PACE = 4.0

#: A said total beyond this is no total at all (the record's shape allows the same).
SAID_LIMIT = 10**9

_PHASES = {phase.value: phase for phase in Phase}


# ----------------------------------------------------------------- the seat's view


@dataclass(frozen=True)
class TableView:
    """What one seat sees of a game of 33 now, and what it may decide."""

    seat: int
    hand: tuple[str, ...]
    total: int
    pile: tuple[str, ...]  # bottom first, every card played face up
    stock_size: int
    hand_sizes: tuple[int, ...]
    current: int | None  # whose turn (None once the game is over)
    players: int
    phase: Phase
    plays: int
    pending: tuple[int, ...] = ()  # who ended a turn without drawing (33.10)
    picks: tuple[str | None, ...] = ()  # each seat's forfeit card, once picked (33.12)
    loser: int | None = None
    manual: bool = False  # manual-draw mode (33.10, 33.11)
    legal: tuple[Action, ...] = ()  # this seat's legal decisions now
    waiting: bool = False  # the table waits for this seat's decision

    @property
    def top(self) -> str | None:
        return self.pile[-1] if self.pile else None

    def legal_plays(self) -> list[Play]:
        return [a for a in self.legal if isinstance(a, Play)]

    def free_faces(self) -> list[str]:
        """The faces still free for the forfeit draw, in the rulebook's order (33.12)."""
        free = {a.card for a in self.legal if isinstance(a, Pick)}
        return [f for f in FACES if f in free]

    def engine_view(self) -> View:
        """The engine's View of the same seat (what a bot's remark is made from)."""
        return View(player=self.seat, hand=self.hand, total=self.total, pile=self.pile,
                    stock_size=self.stock_size, hand_sizes=self.hand_sizes, current=self.current,
                    players=self.players, deck={})


def legal_for(state: State, seat: int) -> list[Action]:
    """The seat's legal decisions now: on its turn, the engine's; out of turn, the late draw of
    a player who ended a turn without drawing, while it is still allowed (33.10)."""
    if state.is_over:
        return []
    if state.current == seat:
        legal = state.legal_actions()
        return [Draw(seat) if isinstance(a, Draw) and a.player is None else a for a in legal]
    if seat in state.pending and state.can(Draw(seat)):
        return [Draw(seat)]
    return []


def table_view(state: State, seat: int) -> TableView:
    """The engine's view of the seat (what it may see is decided there), with what it may decide."""
    seen = state.view(seat)
    return TableView(
        seat=seat,
        hand=seen.hand,
        total=seen.total,
        pile=seen.pile,
        stock_size=seen.stock_size,
        hand_sizes=seen.hand_sizes,
        current=seen.current,
        players=seen.players,
        phase=state.phase,
        plays=state.plays,
        pending=tuple(state.pending),
        picks=tuple(state.picks.get(q) for q in range(state.players)),
        loser=state.loser,
        manual=state.options.manual_draw,
        legal=tuple(legal_for(state, seat)),
        waiting=seat in to_act(state),
    )


def view_data(view: TableView) -> dict[str, Any]:
    return {
        "seat": view.seat,
        "hand": list(view.hand),
        "total": view.total,
        "pile": list(view.pile),
        "stock": view.stock_size,
        "hands": list(view.hand_sizes),
        "current": view.current,
        "players": view.players,
        "phase": view.phase.value,
        "plays": view.plays,
        "pending": list(view.pending),
        "picks": list(view.picks),
        "loser": view.loser,
        "manual": view.manual,
        "legal": [action_data(a) for a in view.legal],
        "waiting": view.waiting,
    }


def _int(value: Any, low: int = 0, high: int = 10**9) -> int:
    return whole(value, low, high)  # type: ignore[no-any-return]


def _seat(value: Any, players: int) -> int:
    return _int(value, 0, players - 1)


def _face(value: Any) -> str:
    if not isinstance(value, str) or value not in VALUES:
        raise ValueError(value)
    return value


def _faces(value: Any, limit: int = 1000) -> tuple[str, ...]:
    if not isinstance(value, list) or len(value) > limit:
        raise ValueError(value)
    return tuple(_face(v) for v in value)


VIEW_KEYS = frozenset({"seat", "hand", "total", "pile", "stock", "hands", "current", "players", "phase",
                       "plays", "pending", "picks", "loser", "manual", "legal", "waiting"})


def view_from_data(data: Any) -> TableView:
    """A view sent by the host, checked field by field (ValueError on anything else)."""
    if not isinstance(data, dict) or set(data) != VIEW_KEYS:
        raise ValueError("view")
    players = _int(data["players"], 2, 8)
    seat = _seat(data["seat"], players)
    phase = _PHASES.get(data["phase"]) if isinstance(data["phase"], str) else None
    if phase is None or not isinstance(data["manual"], bool) or not isinstance(data["waiting"], bool):
        raise ValueError("view")
    sizes = tuple(_int(n, 0, 1000) for n in listing(data["hands"], players))
    picks = listing(data["picks"], players)
    if len(sizes) != players or len(picks) != players:
        raise ValueError("view")
    return TableView(
        seat=seat,
        hand=_faces(data["hand"], 1000),
        total=_int(data["total"], -(10**6), 10**6),
        pile=_faces(data["pile"]),
        stock_size=_int(data["stock"], 0, 1000),
        hand_sizes=sizes,
        current=None if data["current"] is None else _seat(data["current"], players),
        players=players,
        phase=phase,
        plays=_int(data["plays"]),
        pending=tuple(_seat(q, players) for q in listing(data["pending"], players)),
        picks=tuple(None if c is None else _face(c) for c in picks),
        loser=None if data["loser"] is None else _seat(data["loser"], players),
        manual=data["manual"],
        legal=tuple(action(a, seat) for a in listing(data["legal"], 100)),
        waiting=data["waiting"],
    )


# ------------------------------------------------------------------ events


def redact(event: Event, seat: int) -> Event | None:
    """The event as `seat` sees it at a real table."""
    kind = event["event"]
    if kind == "shuffle":
        return {"event": "shuffle", "size": len(event["stock"])}
    if kind == "deal":
        hands = [list(h) if q == seat else None for q, h in enumerate(event["hands"])]
        return {"event": "deal", "dealer": event["dealer"], "hands": hands,
                "sizes": [len(h) for h in event["hands"]]}
    if kind == "recycle":
        return {"event": "recycle", "shuffled": event["shuffled"], "size": len(event["stock"]),
                "total": event["total"]}
    if kind == "draw" and event["player"] != seat:
        return {k: v for k, v in event.items() if k != "card"}
    if kind == "lose" and event["player"] != seat:
        return {k: v for k, v in event.items() if k != "hand"}
    if kind == "forfeit_draw":
        return {k: v for k, v in event.items() if k != "cards"}
    return dict(event)


# ------------------------------------------------------------------ actions


def action(data: Any, seat: int) -> Action:
    """An engine action from a seat's decision data; ValueError on anything malformed."""
    if not isinstance(data, dict) or not isinstance(data.get("event"), str):
        raise ValueError("action")
    kind = data["event"]
    keys = set(data) - {"event"}
    if kind == "play" and keys == {"card", "value"}:
        card = _face(data["card"])
        value = _int(data["value"], -10, 11)
        return Play(card, value)
    if kind == "say" and keys == {"said"}:
        return Say(_int(data["said"], -SAID_LIMIT, SAID_LIMIT))
    if kind == "draw" and not keys:
        return Draw(seat)
    if kind == "end_turn" and not keys:
        return EndTurn()
    if kind == "forfeit_pick" and keys == {"card"}:
        return Pick(_face(data["card"]))
    if kind == "forfeit_skip" and not keys:
        return SkipForfeit()
    raise ValueError("action")


def action_data(act: Action) -> dict[str, Any]:
    if isinstance(act, Play):
        return {"event": "play", "card": act.card, "value": act.value}
    if isinstance(act, Say):
        return {"event": "say", "said": act.total}
    if isinstance(act, Draw):
        return {"event": "draw"}
    if isinstance(act, EndTurn):
        return {"event": "end_turn"}
    if isinstance(act, Pick):
        return {"event": "forfeit_pick", "card": act.card}
    if isinstance(act, SkipForfeit):
        return {"event": "forfeit_skip"}
    raise ValueError(act)


def to_act(state: State) -> set[int]:
    return set() if state.is_over else {state.current}


# ------------------------------------------------------------------ bots


def bots_step(state: State, rng: random.Random, level: str, seats: set[int]) -> list[tuple[int, Any]]:
    """The bot to act, if the table waits for one: its decision, as the local session's bot turn."""
    if state.is_over or state.current not in seats:
        return []
    return [(state.current, bot_levels.choose(level, state, rng).action)]


def pause(state: State, humans: set[int]) -> float:
    """Before a bot draws in manual-draw mode, a human who ended a turn without drawing gets a
    moment to draw late (33.10), as the local session asks its learner then."""
    if state.is_over or state.phase is not Phase.DRAW or state.current in humans:
        return 0.0
    return LATE_DRAW_PACE if any(q in state.pending for q in humans) else 0.0


def remark(level: str, seat: int, act: Any, view: View) -> dict[str, Any] | None:
    said = bot_levels.remark(level, act, seat, view)
    return None if said is None else {"code": said.code, "detail": dict(said.detail)}


# ------------------------------------------------------------------ the coach


def _play_data(play: Play) -> dict[str, Any]:
    return {"card": play.card, "value": play.value}


def _play(data: Any) -> Play:
    if not isinstance(data, dict) or set(data) != {"card", "value"}:
        raise ValueError("play")
    return Play(_face(data["card"]), _int(data["value"], -10, 11))


def _number(value: Any) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not 0 <= value <= 1:
        raise ValueError(value)
    return float(value)


def _assessment_data(a: Any) -> dict[str, Any] | None:
    if a is None:
        return None
    return {"play": _play_data(a.play), "total": a.total, "next_stuck": a.next_stuck, "risk": a.risk,
            "keeps_safe": a.keeps_safe, "error": a.error}


def _assessment(data: Any) -> Any:
    from tutor.games.thirty_three.coach import Assessment

    if data is None:
        return None
    if not isinstance(data, dict) or set(data) != {"play", "total", "next_stuck", "risk", "keeps_safe", "error"}:
        raise ValueError("assessment")
    if not isinstance(data["keeps_safe"], bool):
        raise ValueError("assessment")
    return Assessment(play=_play(data["play"]), total=_int(data["total"], -(10**6), 10**6),
                      next_stuck=_number(data["next_stuck"]), risk=_number(data["risk"]),
                      keeps_safe=data["keeps_safe"], error=_number(data["error"]))


def verdict_data(verdict: Any) -> dict[str, Any]:
    """A coach's Verdict as data ("kind" names the class; "verdict" is its own kind)."""
    params = {k: v for k, v in verdict.params.items()}
    return {
        "kind": "Verdict",
        "verdict": verdict.kind,
        "play": _play_data(verdict.play),
        "clause": verdict.clause,
        "message": verdict.message,
        "params": params,
        "mine": _assessment_data(verdict.mine),
        "best": _assessment_data(verdict.best),
        "hand": list(verdict.hand),
        "total": verdict.total,
    }


VERDICT_KEYS = frozenset({"kind", "verdict", "play", "clause", "message", "params", "mine", "best", "hand", "total"})


def verdict_from_data(data: Any) -> Any:
    from tutor.games.thirty_three.coach import Verdict

    if not isinstance(data, dict) or set(data) != VERDICT_KEYS or data["kind"] != "Verdict":
        raise ValueError("verdict")
    if data["verdict"] not in ("right", "weaker", "illegal"):
        raise ValueError("verdict")
    for key in ("clause", "message"):
        if data[key] is not None and not isinstance(data[key], str):
            raise ValueError("verdict")
    params = data["params"]
    if not isinstance(params, dict) or not all(
            isinstance(k, str) and isinstance(v, (str, int)) and not isinstance(v, bool) for k, v in params.items()):
        raise ValueError("verdict")
    return Verdict(kind=data["verdict"], play=_play(data["play"]), clause=data["clause"], message=data["message"],
                   params=dict(params), mine=_assessment(data["mine"]), best=_assessment(data["best"]),
                   hand=_faces(data["hand"], 1000), total=_int(data["total"], -(10**6), 10**6))


def judge(state: State, seat: int, act: Any) -> list[dict[str, Any]]:
    """The coach on a legal decision, as the local session asks it: a play is judged
    (`coach.judge`); only a weaker play gets a verdict to show."""
    if not isinstance(act, Play) or state.phase is not Phase.PLAY or state.current != seat:
        return []
    from tutor.games.thirty_three.coach import judge as coach_judge

    verdict = coach_judge(state, act)
    return [verdict_data(verdict)] if verdict.kind == "weaker" else []


def refusal(state: State, seat: int, act: Any, err: IllegalAction) -> list[dict[str, Any]]:
    """With a play refused for taking the total over 33 (33.7), the coach's best legal play."""
    if not isinstance(act, Play) or err.message != "over_limit" or state.current != seat:
        return []
    from tutor.games.thirty_three.coach import best_legal

    best = best_legal(state)
    return [] if best is None else [verdict_data(best)]


NET = NetGame(
    view=lambda state, seat: view_data(table_view(state, seat)),
    redact=redact,
    action=action,
    action_data=action_data,
    to_act=to_act,
    bots=bots_step,
    pause=pause,
    judge=judge,
    refusal=refusal,
    remark=remark,
    client="tutor.games.thirty_three.remote:RemoteSession33",
)
