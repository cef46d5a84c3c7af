"""Toepen at a network table: the host's half (`NET`, see tutor/net/game.py), and the converters
between the engine's objects and the data on the wire (views, actions, verdicts, remarks).

What a seat may see (RULEBOOK TOE.3, TOE.4): its own hand and thrown hand, the table (points,
stake, knocks, tricks), how many cards the others hold, and a thrown hand once a challenge
showed it. Never the stock's order, another seat's hand, the cards another seat threw in or
took from the stock (face down unless challenged), a bot's reason or another seat's verdict.

Bots knock as at the trainer (`ToepenSession.bot_turn`): at every moment a card is about to be
played the bots that may knock are asked once, in turn from the player to act's left (TOE.7);
then the player to act decides. Before a bot's card a human who may knock gets KNOCK_PACE
seconds to do so. The coach judges each decision with the same calls as the trainer's session
(`coach_verdicts`), and a card that does not follow suit is refused with a card of the suit led
named (TOE.5, `refusal_verdicts`).

Nothing here translates or prints: the client (remote.py) renders every view, event, verdict
and remark in its own language.
"""

from __future__ import annotations

import dataclasses
import random
import typing
import weakref
from typing import Any

from tutor.cards import Card
from tutor.games.base import Event, IllegalAction
from tutor.games.toepen import bots, coach
from tutor.games.toepen.engine import (
    DECISION_EVENTS,
    Action,
    Challenge,
    Fold,
    Keep,
    Knock,
    Pass,
    Phase,
    Play,
    State,
    Stay,
    Throw,
    View,
    card_from_code,
)
from tutor.net.checks import flag, listing, whole
from tutor.net.game import NetGame

#: Seconds a human who may knock gets before a bot's card; then the bot plays (TOE.7: at any moment).
KNOCK_PACE = 2.5

#: The record event of each move that names only its player (the action data's "event").
_EVENT_OF: dict[type, str] = {cls: name for name, cls in DECISION_EVENTS.items()}


# ----------------------------------------------------------------------------- cards


def _card(code: Any) -> Card:
    """The Toepen card an exact code names ("10H", "QS"); ValueError otherwise."""
    card = card_from_code(code) if isinstance(code, str) else None
    if card is None or card.code != code:
        raise ValueError(f"not a Toepen card code: {code!r}")
    return card


def _codes(cards: Any) -> list[str]:
    return [c.code for c in cards]


def _cards(codes: Any) -> tuple[Card, ...]:
    if not isinstance(codes, list):
        raise ValueError(f"not a list of card codes: {codes!r}")
    return tuple(_card(c) for c in codes)


# ----------------------------------------------------------------------------- moments


def moment(state: State) -> tuple[Any, ...]:
    """A moment of the hand: knocks are asked for (and offered) once per moment (TOE.7)."""
    s = state
    return (s.hand_number, s.phase, s.tricks_done, len(s.trick), s.stake, s.current_player, tuple(s.in_hand))


# ----------------------------------------------------------------------------- actions


def action_data(action: Action) -> dict[str, Any]:
    """An engine action as data: the record's decision event without "player"."""
    if isinstance(action, Play):
        return {"event": "play", "card": action.card.code}
    return {"event": _EVENT_OF[type(action)]}


def action_from_data(data: Any, seat: int) -> Action:
    """A client's action data as the engine action of its seat; ValueError on anything malformed
    (not an object, an unknown event, a card that is no Toepen card, a missing or extra key)."""
    if not isinstance(data, dict) or not isinstance(seat, int) or isinstance(seat, bool):
        raise ValueError("an action is an object")
    kind = data.get("event")
    if kind == "play":
        if set(data) != {"event", "card"}:
            raise ValueError("a play holds its card only")
        return Play(_card(data["card"]), seat)
    cls = DECISION_EVENTS.get(kind) if isinstance(kind, str) else None
    if cls is None:
        raise ValueError(f"not a Toepen move: {kind!r}")
    if set(data) != {"event"}:
        raise ValueError("this move holds nothing but its name")
    return cls(seat)


def legal_data(state: State, seat: int) -> list[dict[str, Any]]:
    """The seat's legal decisions now: its moves when it is to act; a knock out of turn when it
    may knock (TOE.7); [] otherwise."""
    if state.is_over:
        return []
    if state.current_player == seat:
        return [action_data(a) for a in state.legal_actions()]
    if state.may_knock(seat):
        return [{"event": "knock"}]
    return []


# ----------------------------------------------------------------------------- views


def view_data(state: State, seat: int) -> dict[str, Any]:
    """Everything `seat` sees now, as data (the engine's `View` of it, and who threw in the hand
    that is to be challenged), with its legal decisions and whether the table waits for them."""
    v = state.view(seat)
    return {
        "seat": seat,
        "players": v.players,
        "hand_number": v.hand_number,
        "dealer": v.dealer,
        "phase": v.phase.value,
        "current": v.current,
        "hand": _codes(v.hand),
        "hand_sizes": list(v.hand_sizes),
        "stock_size": v.stock_size,
        "threw": list(v.threw),
        "thrown": [None if t is None else _codes(t) for t in v.thrown],
        "points": list(v.points),
        "limit": v.limit,
        "active": list(v.active),
        "in_hand": list(v.in_hand),
        "stake": v.stake,
        "last_knocker": v.last_knocker,
        "poor": v.poor,
        "pending": list(v.pending),
        "knockers": list(v.knockers),
        "leader": v.leader,
        "led_suit": v.led_suit,
        "trick": [[q, c.code] for q, c in v.trick],
        "tricks": [[[q, c.code] for q, c in t] for t in v.tricks],
        "trick_winners": list(v.trick_winners),
        "thrower": state.thrower,
        "legal": legal_data(state, seat),
        # The table waits for this seat's decision (a knock out of turn is legal, never waited for).
        "waiting": state.current_player == seat,
    }


def _ints(xs: Any) -> tuple[int, ...]:
    return tuple(whole(x) for x in listing(xs))


def _flags(xs: Any) -> tuple[bool, ...]:
    return tuple(flag(x) for x in listing(xs))


def _trick(pairs: Any) -> tuple[tuple[int, Card], ...]:
    if not isinstance(pairs, list) or not all(isinstance(p, list) and len(p) == 2 for p in pairs):
        raise ValueError(f"not a trick: {pairs!r}")
    return tuple((whole(q), _card(c)) for q, c in pairs)


def view_from_data(data: dict[str, Any]) -> View:
    """A seat's view data as the engine's `View` (what the trainer's table is drawn from);
    ValueError when it is malformed."""
    try:
        led = data["led_suit"]
        if led is not None and led not in ("C", "D", "H", "S"):
            raise ValueError(f"not a suit: {led!r}")
        thrown = data["thrown"]
        if not isinstance(thrown, list):
            raise ValueError("thrown is a list")
        tricks = data["tricks"]
        if not isinstance(tricks, list):
            raise ValueError("tricks is a list")
        return View(
            player=whole(data["seat"]),
            players=whole(data["players"]),
            hand_number=whole(data["hand_number"]),
            dealer=whole(data["dealer"]),
            phase=Phase(data["phase"]),
            current=whole(data["current"], none=True),
            hand=_cards(data["hand"]),
            hand_sizes=_ints(data["hand_sizes"]),
            stock_size=whole(data["stock_size"]),
            threw=_flags(data["threw"]),
            thrown=tuple(None if t is None else _cards(t) for t in thrown),
            points=_ints(data["points"]),
            limit=whole(data["limit"]),
            active=_flags(data["active"]),
            in_hand=_flags(data["in_hand"]),
            stake=whole(data["stake"]),
            last_knocker=whole(data["last_knocker"], none=True),
            poor=whole(data["poor"], none=True),
            pending=_ints(data["pending"]),
            knockers=_ints(data["knockers"]),
            leader=whole(data["leader"]),
            led_suit=led,
            trick=_trick(data["trick"]),
            tricks=tuple(_trick(t) for t in tricks),
            trick_winners=_ints(data["trick_winners"]),
        )
    except (KeyError, TypeError) as err:
        raise ValueError(f"malformed view: {err}") from None


# ----------------------------------------------------------------------------- events


def redact(event: Event, seat: int) -> Event | None:
    """The event as `seat` may see it: a deal without the stock and with only its own hand
    (TOE.3); another seat's exchange without the cards thrown in or taken (TOE.4: face down).
    Everything else is seen by the whole table (a challenge shows the thrown hand)."""
    kind = event.get("event")
    if kind == "deal":
        return {"event": "deal", "hand": event["hand"], "dealer": event["dealer"],
                "hands": [list(h) if q == seat else None for q, h in enumerate(event["hands"])]}
    if kind == "exchange" and event.get("player") != seat:
        return {"event": "exchange", "player": event["player"]}
    return dict(event)


# ----------------------------------------------------------------------------- bots


#: The moment at which the bots of a table were last asked to knock (once per moment, TOE.7), and
#: the knock they chose then, if any (asked again at that moment, the table gets the same answer).
_asked: weakref.WeakKeyDictionary[State, tuple[tuple[Any, ...], tuple[int, Action] | None]] = (
    weakref.WeakKeyDictionary())


def bot_actions(state: State, rng: random.Random, level: str, seats: set[int]) -> list[tuple[int, Action]]:
    """What the bots at `seats` do now, as `ToepenSession.bot_turn` has them: while a card is about
    to be played, the bots that may knock are asked once per moment, in turn from the player to
    act's left (the player to act knocks by `choose`); then a bot to act decides. [] while the
    table waits for a human."""
    if state.is_over:
        return []
    p = state.current
    if state.phase is Phase.PLAY:
        now = moment(state)
        asked = _asked.get(state)
        if asked is None or asked[0] != now:
            knock = None
            for seat in state.seats_from(p):
                if seat == p or seat not in seats or not state.may_knock(seat):
                    continue
                choice = bots.knock_choice(level, state, rng, seat)
                if choice is not None:
                    knock = (seat, choice.action)
                    break
            asked = _asked[state] = (now, knock)
        knock = asked[1]
        if knock is not None and knock[0] in seats and state.can(knock[1]):
            return [knock]
    if p in seats:
        return [(p, bots.choose(level, state, rng).action)]
    return []


def pause(state: State, humans: set[int]) -> float:
    """Before a bot's card, KNOCK_PACE seconds for the humans who may knock (TOE.7); else none."""
    if state.phase is not Phase.PLAY or state.current in humans:
        return 0.0
    return KNOCK_PACE if any(state.may_knock(h) for h in humans) else 0.0


def remark_data(level: str, seat: int, action: Action, view: View) -> dict[str, Any] | None:
    """What the bot at `seat` says of `action` (bots.remark: public facts only), as data."""
    found = bots.remark(level, action, seat, view)
    return {"code": found.code, "detail": dict(found.detail)}




# ----------------------------------------------------------------------------- the coach


def coach_verdicts(state: State, seat: int, action: Action) -> list[Any]:
    """The coach's verdicts on a legal decision of `seat`, judged before it goes in: the same
    calls the trainer's session makes (a card: was a knock missed, then the card; a knock, stay
    or fold, throw or keep, challenge or pass), only the weaker ones."""
    kind = type(action)
    found: list[Any] = []
    if kind is Play:
        found = [coach.judge_knock(state, seat, False), coach.judge_card(state, seat, action.card)]  # type: ignore[union-attr]
    elif kind is Knock:
        found = [coach.judge_knock(state, seat, True)]
    elif kind is Stay or kind is Fold:
        found = [coach.judge_answer(state, seat, kind is Stay)]
    elif kind is Throw or kind is Keep:
        found = [coach.judge_laundry(state, seat, kind is Throw)]
    elif kind is Challenge or kind is Pass:
        found = [coach.judge_challenge(state, seat, kind is Challenge)]
    return [v for v in found if v is not None and v.kind == "weaker"]


def refusal_verdicts(state: State, seat: int, action: Action, err: IllegalAction) -> list[Any]:
    """What the coach adds to a refused move: for a card that does not follow suit, the coach's
    verdict that names a card of the suit led (TOE.5); nothing otherwise."""
    if err.message == "must_follow" and isinstance(action, Play):
        return [coach.judge_card(state, seat, action.card)]
    return []


# The coach's verdicts as data: {"kind": which verdict, "verdict": its own kind ("weaker",
# "illegal", ...), then its fields by name, cards as codes}. The fields are read from the
# dataclasses themselves, so a field the coach adds travels without a change here.
VERDICTS: dict[str, type] = {
    "card": coach.CardVerdict,
    "knock": coach.KnockVerdict,
    "answer": coach.AnswerVerdict,
    "laundry": coach.LaundryVerdict,
    "challenge": coach.ChallengeVerdict,
}
_VERDICT_NAMES = {cls: name for name, cls in VERDICTS.items()}


def _encode(value: Any) -> Any:
    if isinstance(value, Card):
        return value.code
    if isinstance(value, (tuple, list)):
        return [_encode(v) for v in value]
    if isinstance(value, dict):
        return {str(k): _encode(v) for k, v in value.items()}
    if value is None or isinstance(value, (bool, int, float, str)):
        return value
    raise TypeError(f"a verdict field the wire does not carry: {value!r}")


def _holds_card(hint: Any) -> bool:
    return hint is Card or any(_holds_card(a) for a in typing.get_args(hint))


def _decode(value: Any, hint: Any) -> Any:
    if value is None:
        return None
    if _holds_card(hint):
        return _card(value) if isinstance(value, str) else _cards(value)
    if isinstance(value, list):
        return tuple(value)
    return value


def verdict_data(verdict: Any) -> dict[str, Any]:
    """A coach verdict (coach.py's dataclasses) as data."""
    data: dict[str, Any] = {"kind": _VERDICT_NAMES[type(verdict)]}
    for f in dataclasses.fields(verdict):
        data["verdict" if f.name == "kind" else f.name] = _encode(getattr(verdict, f.name))
    return data


def verdict_from_data(data: Any) -> Any:
    """Verdict data as the coach's verdict again (for narrate's `*_verdict_line`); ValueError when
    malformed. Fields this side does not know are left out; those it knows but were not sent take
    their defaults."""
    if not isinstance(data, dict) or data.get("kind") not in VERDICTS:
        raise ValueError(f"not a verdict: {data!r}")
    cls = VERDICTS[data["kind"]]
    hints = typing.get_type_hints(cls)
    values = {}
    for f in dataclasses.fields(cls):
        key = "verdict" if f.name == "kind" else f.name
        if key in data:
            values[f.name] = _decode(data[key], hints[f.name])
    try:
        return cls(**values)
    except TypeError as err:
        raise ValueError(f"malformed verdict: {err}") from None


def judge_data(state: State, seat: int, action: Action) -> list[dict[str, Any]]:
    return [verdict_data(v) for v in coach_verdicts(state, seat, action)]


def refusal_data(state: State, seat: int, action: Action, err: IllegalAction) -> list[dict[str, Any]]:
    return [verdict_data(v) for v in refusal_verdicts(state, seat, action, err)]


def to_act(state: State) -> set[int]:
    """The seat whose decision the table waits for (a knock out of turn is never waited for)."""
    return set() if state.is_over else {state.current}


NET = NetGame(
    view=view_data,
    redact=redact,
    action=action_from_data,
    action_data=action_data,
    to_act=to_act,
    bots=bot_actions,
    pause=pause,
    judge=judge_data,
    refusal=refusal_data,
    remark=remark_data,
    client="tutor.games.toepen.remote:RemoteToepenSession",
)
