"""Three Thirteen at a network table: the host's half (see `tutor.net.game`).

The host runs the engine; each seat gets, as data, what a player at a real table sees:

- its view (`view`): its own hand, the discard pile (every card in it was thrown face up),
  the size of the stock and of every hand, the scores, whose turn it is, and its legal
  decisions (`"legal"`, one entry per card code: a client names cards by code);
- the events (`redact`): the shuffles' orders never; the deal with its own hand only; a
  draw from the stock shows the card to the drawer alone, one from the discard pile to all;
  a discard and going out (with its melds, TT.8) to all; a refilled stock without its order
  (TT.12); at the end of a round every hand's scoring (TT.10), as the hands are laid down.

Cards travel as codes (`"10H"`). With several decks two cards share a code, so an action a
client sends names its card with `ANY_COPY` and the engine picks the physical card
(`State.physical`). The coach's verdicts go to the seat that decided only (the host's
choice), as data with `"kind"` naming the verdict class and `"verdict"` its grade.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, fields
from typing import Any

from tutor.cards import Card, codes, make_decks, parse_code
from tutor.games.base import Event, IllegalAction
from tutor.games.three_thirteen import bots, coach
from tutor.games.three_thirteen.coach import DiscardVerdict, DrawVerdict
from tutor.games.three_thirteen.engine import ANY_COPY, SOURCES, Action, Discard, Draw, GoOut, Phase, State, View
from tutor.net.game import NetGame

#: Every card code a client may name (`AS` ... `KD`).
CODES = frozenset(codes(make_decks(1)))


@dataclass(frozen=True)
class Instead:
    """After a refused discard: the card the coach would discard, and the points it leaves (TT.10)."""

    card: str
    points: int
    kind: str = "instead"


# --------------------------------------------------------------------------- actions


def action_data(action: Action) -> dict[str, Any]:
    """An engine action as data: the record's decision event without its player."""
    if isinstance(action, Draw):
        return {"event": "draw", "from": action.source}
    if isinstance(action, GoOut):
        return {"event": "go_out", "card": action.card.code}
    if isinstance(action, Discard):
        return {"event": "discard", "card": action.card.code}
    raise ValueError(f"not a Three Thirteen action: {action!r}")


def _card_of(code: Any) -> Card:
    """The card a code names, any copy; ValueError unless `code` is a code as the host writes it."""
    if not isinstance(code, str) or code not in CODES:
        raise ValueError(f"not a card code: {code!r}")
    rank, suit = parse_code(code)  # type: ignore[misc]
    return Card(rank, suit, ANY_COPY)


def action_of(data: Any, seat: int) -> Action:
    """The engine action a client's data names, for `seat`; ValueError on anything malformed."""
    if not isinstance(data, dict):
        raise ValueError("an action is an object")
    kind = data.get("event")
    if kind == "draw":
        if set(data) != {"event", "from"} or data["from"] not in SOURCES:
            raise ValueError(f"a draw is {{event, from: stock|discard}}: {data!r}")
        return Draw(data["from"], player=seat)
    if kind in ("discard", "go_out"):
        if set(data) != {"event", "card"}:
            raise ValueError(f"a discard is {{event, card}}: {data!r}")
        card = _card_of(data["card"])
        return GoOut(card, player=seat) if kind == "go_out" else Discard(card, player=seat)
    raise ValueError(f"not a Three Thirteen action: {kind!r}")


# --------------------------------------------------------------------------- views


def legal_data(state: State, seat: int) -> list[dict[str, Any]]:
    """The decisions `seat` may make now, one per source or card code ([] when it is not its turn)."""
    if state.current_player != seat:
        return []
    found = [action_data(a) for a in state.legal_actions()]
    return [dict(t) for t in dict.fromkeys(tuple(d.items()) for d in found)]


def view_fields(view: View) -> dict[str, Any]:
    """An engine View as data (cards as codes; the hand in the engine's order, the card just
    drawn last)."""
    return {
        "player": view.player,
        "players": view.players,
        "round": view.round,
        "wild": view.wild,
        "dealer": view.dealer,
        "hand": codes(view.hand),
        "discard": codes(view.discard),
        "stock": view.stock_size,
        "hand_sizes": list(view.hand_sizes),
        "current": view.current,
        "phase": view.phase,
        "taken": view.taken.code if view.taken is not None else None,
        "out": view.out,
        "last_turn": view.last_turn,
        "totals": list(view.totals),
    }


def view_data(state: State, seat: int) -> dict[str, Any]:
    """Everything `seat` sees now, with the turn's number in the round, its legal decisions and
    whether the table waits for it."""
    legal = legal_data(state, seat)
    return {**view_fields(state.view(seat)), "turn": state.turn, "legal": legal, "waiting": bool(legal)}


def _cards(codes_: list[str]) -> tuple[Card, ...]:
    """Cards for codes, the copies of one code numbered in order (a client knows no decks)."""
    seen: Counter[str] = Counter()
    out = []
    for code in codes_:
        rank, suit = parse_code(code)  # type: ignore[misc]
        out.append(Card(rank, suit, seen[code]))
        seen[code] += 1
    return tuple(out)


def view_of(data: dict[str, Any]) -> View:
    """The engine View that view data describes (the client draws its table from it)."""
    hand = _cards(data["hand"])
    taken = data.get("taken")
    # The card just taken from the pile is the last card of its code in the hand.
    taken_card = next((c for c in reversed(hand) if c.code == taken), None) if taken else None
    return View(
        player=data["player"],
        players=data["players"],
        round=data["round"],
        wild=data["wild"],
        dealer=data["dealer"],
        hand=hand,
        discard=_cards(data["discard"]),
        stock_size=data["stock"],
        hand_sizes=tuple(data["hand_sizes"]),
        current=data["current"],
        phase=data["phase"],
        taken=taken_card,
        out=data["out"],
        last_turn=data["last_turn"],
        totals=tuple(data["totals"]),
    )


def outs_of(data: dict[str, Any]) -> list[str]:
    """The codes of the cards a view's player may go out with now (TT.8)."""
    return [a["card"] for a in data.get("legal", ()) if a.get("event") == "go_out"]


# --------------------------------------------------------------------------- events


def redact(event: Event, seat: int) -> Event | None:
    """An engine event as `seat` sees it at a real table, or None when it sees nothing of it."""
    kind = event.get("event")
    if kind in ("round_start", "discard", "go_out", "round_end", "game_over"):
        return dict(event)
    if kind == "deal":
        return {"event": "deal", "hands": [list(h) if q == seat else None for q, h in enumerate(event["hands"])],
                "up": event["up"]}
    if kind == "draw":
        if event["from"] == "discard" or event["player"] == seat:
            return dict(event)
        return {"event": "draw", "player": event["player"], "from": event["from"]}
    if kind == "recycle":
        return {"event": "recycle", "top": event["top"]}
    return None  # a shuffle's order, or anything unknown


# --------------------------------------------------------------------------- verdicts

_VERDICT_CLASSES: dict[str, type] = {"draw": DrawVerdict, "discard": DiscardVerdict, "instead": Instead}
_CARD_FIELDS = {"card", "best"}  # fields holding one Card (Instead's card is a code already)
_CARDS_FIELDS = {"outs"}  # fields holding a tuple of Cards
_TUPLE_FIELDS = {"meld", "makers"}  # fields holding a tuple of codes


def verdict_data(verdict: Any) -> dict[str, Any]:
    """A coach verdict as data: `kind` names its class, `verdict` its grade, cards as codes."""
    kind = next((k for k, cls in _VERDICT_CLASSES.items() if isinstance(verdict, cls)), None)
    if kind is None:
        raise ValueError(f"not a Three Thirteen verdict: {verdict!r}")
    data: dict[str, Any] = {"kind": kind}
    for f in fields(verdict):
        value = getattr(verdict, f.name)
        if f.name == "kind":
            if kind != "instead":
                data["verdict"] = value
        elif isinstance(value, Card):
            data[f.name] = value.code
        elif isinstance(value, tuple):
            data[f.name] = [c.code if isinstance(c, Card) else c for c in value]
        elif isinstance(value, dict):
            data[f.name] = dict(value)
        else:
            data[f.name] = value
    return data


def _code_card(code: str | None) -> Card | None:
    if code is None:
        return None
    rank, suit = parse_code(code)  # type: ignore[misc]
    return Card(rank, suit)


def verdict_of(data: dict[str, Any]) -> Any:
    """The coach verdict verdict data describes, for the narrator's `*_verdict_lines`."""
    cls = _VERDICT_CLASSES.get(data.get("kind"))  # type: ignore[arg-type]
    if cls is None:
        raise ValueError(f"not a Three Thirteen verdict: {data!r}")
    if cls is Instead:
        return Instead(data["card"], data["points"])
    values: dict[str, Any] = {"kind": data["verdict"]}
    for f in fields(cls):
        if f.name == "kind" or f.name not in data:
            continue
        value = data[f.name]
        if f.name in _CARD_FIELDS:
            value = _code_card(value)
        elif f.name in _CARDS_FIELDS:
            value = tuple(_code_card(c) for c in value)
        elif f.name in _TUPLE_FIELDS:
            value = tuple(value)
        values[f.name] = value
    return cls(**values)


def judge(state: State, seat: int, action: Action) -> list[dict[str, Any]]:
    """The coach's verdict on a legal decision of `seat`, judged before it goes in, as the local
    session asks for it: only a weaker draw or discard (or a missed chance to go out) is said."""
    if state.current_player != seat:
        return []
    action = state.physical(action)
    if isinstance(action, Draw):
        verdict: Any = coach.judge_draw(state, action.source)
    else:
        verdict = coach.judge_discard(state, action.card, isinstance(action, GoOut))
    return [verdict_data(verdict)] if verdict.kind == "weaker" else []


def refusal(state: State, seat: int, action: Action, err: IllegalAction) -> list[dict[str, Any]]:
    """After a refused discard or going out of a card the player holds: the card the coach
    would discard instead (the local session's coach says the same)."""
    if state.current_player != seat or state.phase is not Phase.DISCARD:
        return []
    if not isinstance(action, (Discard, GoOut)) or err.message == "not_in_hand":
        return []
    best, points = coach.best_discard(state)
    return [verdict_data(Instead(best.code, points))]


# --------------------------------------------------------------------------- bots


def to_act(state: State) -> set[int]:
    return set() if state.is_over else {state.current}


def bot_actions(state: State, rng: random.Random, level: str, seats: set[int]) -> list[tuple[int, Action]]:
    """The next bot decision (a draw, or a discard), as the local session's `bot_turn` makes it."""
    if state.is_over or state.current not in seats:
        return []
    return [(state.current, bots.choose(level, state, rng).action)]


def remark(level: str, seat: int, action: Action, view: View) -> dict[str, Any] | None:
    """What the bot at `seat` says of `action`, from another seat's view just before it."""
    said = bots.remark(level, action, seat, view)
    return {"code": said.code, "detail": dict(said.detail)}


NET = NetGame(
    view=view_data,
    redact=redact,
    action=action_of,
    action_data=action_data,
    to_act=to_act,
    bots=bot_actions,
    pause=lambda state, humans: 0.0,
    judge=judge,
    refusal=refusal,
    remark=remark,
    client="tutor.games.three_thirteen.remote:TTRemote",
)
