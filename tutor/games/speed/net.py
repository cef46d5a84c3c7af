"""3-13 Speed at a network table: the host's half (see tutor.net.game).

The host runs the engine; each seat gets its view and the events as data, redacted to what
that seat could see at a real table:

- the shuffles (the middle's order, and a rebuilt middle's order, SPD.10) stay with the caller;
- the deal shows a seat its own hand and every pile's first card, face up (SPD.3);
- choices are made face down (SPD.6): nothing of a choice reaches anyone until the caller
  reveals the cycle (the engine reports nothing until every choice is in), and then a draw
  from the middle is seen by the drawer alone, a draw from a pile and every discard by all;
- a match shows the caller's sets (SPD.7), and a hand's end every hand's scoring (SPD.8).

Action data are the decisions a client sends, shaped as record lines without "player":
`{"event": "draw", "from": "middle"}`, `{"event": "discard", "card": "10H"}`,
`{"event": "match"}`, `{"event": "pass"}`. A discard names its card by code; the engine
takes the copy the seat holds (SPD.1's decks are alike).

View, action and verdict converters here are pure functions; the client session
(tutor.games.speed.remote) turns the data back into the engine's `View` and the coach's
verdicts and renders them with the local session's own code.
"""

from __future__ import annotations

import random
from collections.abc import Collection
from dataclasses import fields
from typing import Any

from tutor.cards import Card, codes, parse_code
from tutor.games.base import Event, IllegalAction
from tutor.games.remark import Remark
from tutor.games.speed import bots, coach
from tutor.games.speed.engine import SOURCES, Action, Discard, Draw, Match, Pass, Phase, State, View
from tutor.net.checks import exact, flag, listing, whole
from tutor.net.game import NetGame

# ----------------------------------------------------------------------------- cards


def card_of(code: Any) -> Card:
    """The card a code names, in the universal notation only (`10H`, `AS`); ValueError otherwise."""
    if not isinstance(code, str):
        raise ValueError(f"not a card code: {code!r}")
    parsed = parse_code(code)
    if parsed is None or Card(*parsed).code != code:
        raise ValueError(f"not a card code: {code!r}")
    return Card(*parsed)


def _maybe_card(code: Any) -> Card | None:
    return None if code is None else card_of(code)


# ----------------------------------------------------------------------------- actions


def action_data(action: Action) -> dict[str, Any]:
    """An engine action as data: a record line without the seat."""
    if isinstance(action, Draw):
        return {"event": "draw", "from": action.source}
    if isinstance(action, Discard):
        return {"event": "discard", "card": action.card.code}
    if isinstance(action, Match):
        return {"event": "match"}
    if isinstance(action, Pass):
        return {"event": "pass"}
    raise ValueError(f"not a 3-13 Speed action: {action!r}")


def action(data: Any, seat: int) -> Action:
    """Action data from a client for `seat` as an engine action; ValueError on anything malformed.
    Whether it is legal now is the engine's to say."""
    kind = data.get("event") if isinstance(data, dict) else None
    if kind == "draw":
        source = exact(data, {"event", "from"})["from"]
        if source not in SOURCES:
            raise ValueError(f"not a source: {source!r}")
        return Draw(seat, source)
    if kind == "discard":
        return Discard(seat, card_of(exact(data, {"event", "card"})["card"]))
    if kind == "match":
        exact(data, {"event"})
        return Match(seat)
    if kind == "pass":
        exact(data, {"event"})
        return Pass(seat)
    raise ValueError(f"not a 3-13 Speed action: {data!r}")


# ----------------------------------------------------------------------------- views

_VIEW_KEYS = {"player", "players", "hand_number", "wild", "phase", "hand", "tops", "pile_sizes", "middle_size",
              "matched", "last_cycle", "cycle", "chosen", "totals"}
_EXTRA_KEYS = {"legal", "waiting", "drew"}


def view_data(v: View) -> dict[str, Any]:
    """The engine's view of one seat as data (cards as codes)."""
    return {
        "player": v.player,
        "players": v.players,
        "hand_number": v.hand_number,
        "wild": v.wild,
        "phase": v.phase,
        "hand": codes(v.hand),
        "tops": [c.code if c else None for c in v.tops],
        "pile_sizes": list(v.pile_sizes),
        "middle_size": v.middle_size,
        "matched": list(v.matched),
        "last_cycle": v.last_cycle,
        "cycle": v.cycle,
        "chosen": v.chosen,
        "totals": list(v.totals),
    }


def view_of(data: Any) -> View:
    """A view's data back as the engine's `View` (each card as copy 0); ValueError if malformed."""
    d = exact(data, _VIEW_KEYS, _EXTRA_KEYS)
    phase = d["phase"]
    if phase not in {p.value for p in Phase}:
        raise ValueError(f"not a phase: {phase!r}")
    return View(
        player=whole(d["player"]),
        players=whole(d["players"]),
        hand_number=whole(d["hand_number"]),
        wild=whole(d["wild"]),
        phase=phase,
        hand=tuple(card_of(c) for c in listing(d["hand"])),
        tops=tuple(_maybe_card(c) for c in listing(d["tops"])),
        pile_sizes=tuple(whole(n) for n in listing(d["pile_sizes"])),
        middle_size=whole(d["middle_size"]),
        matched=tuple(whole(p) for p in listing(d["matched"])),
        last_cycle=flag(d["last_cycle"]),
        cycle=whole(d["cycle"]),
        chosen=flag(d["chosen"]),
        totals=tuple(whole(t) for t in listing(d["totals"])),
    )


def drew(state: State, seat: int) -> dict[str, str] | None:
    """The card `seat` took this cycle and where from, while it chooses its discard (only it
    saw a card from the middle); None at other calls."""
    if state.phase is not Phase.DISCARD or seat not in state.playing:
        return None
    card = state.drawn[seat]
    if card is None:
        return None
    took = any(c is card for c in state.took[seat])
    return {"from": "pile" if took else "middle", "card": card.code}


def view(state: State, seat: int) -> dict[str, Any]:
    """Everything `seat` sees now: its view, the decisions open to it (`legal`), whether the
    caller waits for it (`waiting`), and the card it just drew (`drew`)."""
    data = view_data(state.view(seat))
    data["legal"] = [action_data(a) for a in state.legal_actions(seat)]
    data["waiting"] = seat in state.to_act
    data["drew"] = drew(state, seat)
    return data


def drawn_card(v: View, drew_data: dict[str, Any] | None) -> Card | None:
    """The card of `v.hand` that was just drawn (the last copy of its code: a draw is put last)."""
    if not drew_data:
        return None
    code = drew_data.get("card")
    return next((c for c in reversed(v.hand) if c.code == code), None)


# ----------------------------------------------------------------------------- events


def redact(event: Event, seat: int) -> Event | None:
    """The event as `seat` may see it, or None (a shuffle: the middle's order is the caller's)."""
    kind = event.get("event")
    if kind in ("hand_start", "match", "hand_end", "game_over"):
        return dict(event)  # public: the hand's size, the matchers' sets (SPD.7), the scoring (SPD.8)
    if kind == "deal":
        return {"event": "deal", "hands": [list(h) if q == seat else None for q, h in enumerate(event["hands"])],
                "piles": [list(p) for p in event["piles"]]}
    if kind == "cycle":
        draws = []
        for draw in event["draws"]:
            shown = {"player": draw["player"], "from": draw["from"]}
            if draw["from"] == "pile" or draw["player"] == seat:  # a middle card is seen by its drawer alone
                shown["card"] = draw["card"]
            draws.append(shown)
        out: Event = {"event": "cycle", "hand": event["hand"], "cycle": event["cycle"], "draws": draws,
                      "discards": list(event["discards"])}
        if event.get("rebuilt"):
            out["rebuilt"] = [len(order) for order in event["rebuilt"]]  # how many, never the order (SPD.10)
        return out
    return None


# ----------------------------------------------------------------------------- verdicts

#: kind -> (verdict class, its card fields, its card-list fields, its code-list fields)
_VERDICTS: dict[str, tuple[type, frozenset[str], frozenset[str], frozenset[str]]] = {
    "draw": (coach.DrawVerdict, frozenset({"card"}), frozenset(), frozenset({"meld"})),
    "discard": (coach.DiscardVerdict, frozenset({"card", "best", "took", "drawn"}), frozenset(),
                frozenset({"meld"})),
    "window": (coach.WindowVerdict, frozenset(), frozenset({"deadwood"}), frozenset()),
}


def verdict_data(verdict: Any) -> dict[str, Any]:
    """A coach verdict as data: `kind` names its class, `verdict` holds its own kind ("weaker"...)."""
    kind = next(k for k, (cls, *_) in _VERDICTS.items() if isinstance(verdict, cls))
    _cls, cards, lists, code_lists = _VERDICTS[kind]
    out: dict[str, Any] = {"kind": kind}
    for f in fields(verdict):
        value = getattr(verdict, f.name)
        key = "verdict" if f.name == "kind" else f.name
        if f.name in cards:
            value = value.code if value is not None else None
        elif f.name in lists:
            value = codes(value)
        elif f.name in code_lists:
            value = list(value)
        out[key] = value
    return out


def verdict_of(data: Any) -> Any:
    """Verdict data back as the coach's verdict; ValueError if malformed."""
    if not isinstance(data, dict) or data.get("kind") not in _VERDICTS:
        raise ValueError(f"not a verdict: {data!r}")
    cls, cards, lists, code_lists = _VERDICTS[data["kind"]]
    names = {f.name for f in fields(cls)}
    keys = {"verdict" if n == "kind" else n for n in names}
    d = exact(data, {"kind"} | keys)
    values: dict[str, Any] = {}
    for name in names:
        value = d["verdict" if name == "kind" else name]
        if name in cards:
            value = _maybe_card(value)
        elif name in lists:
            value = tuple(card_of(c) for c in listing(value))
        elif name in code_lists:
            value = tuple(card_of(c).code for c in listing(value))
        values[name] = value
    return cls(**values)


# ----------------------------------------------------------------------------- the table


def to_act(state: State) -> set[int]:
    return set(state.to_act)


def bot_actions(state: State, rng: random.Random, level: str, seats: set[int]) -> list[tuple[int, Action]]:
    """Every bot the caller waits for chooses on the same view, before any choice goes in (SPD.6)."""
    waiting = [p for p in state.to_act if p in seats]
    return [(seat, choice.action) for seat, choice in bots.choose_all(level, state, rng, waiting)]


def pause(state: State, humans: set[int]) -> float:
    """Choices are face down until the caller reveals them: the bots need not wait for anyone."""
    return 0.0


def judge(state: State, seat: int, act: Action) -> list[dict[str, Any]]:
    """The coach's verdicts as the local session gives them: a window let pass with a match in
    hand; a weaker draw; a weaker discard. A call of match gets none (a false one is refused
    with its reason, SPD.9)."""
    if not state.can(act):
        return []
    if isinstance(act, Pass):
        window = coach.judge_window(state, seat, called=False)
        return [verdict_data(window)] if window.kind == "missed" else []
    if isinstance(act, Draw):
        drawn = coach.judge_draw(state, seat, act.source)
        return [verdict_data(drawn)] if drawn.kind == "weaker" else []
    if isinstance(act, Discard):
        card = state.find_card(act.card.code, seat)
        assert card is not None
        discard = coach.judge_discard(state, seat, card)
        return [verdict_data(discard)] if discard.kind == "weaker" else []
    return []


def refusal(state: State, seat: int, act: Any, err: IllegalAction) -> list[dict[str, Any]]:
    """A refusal carries its own reason (a false match names the cards outside sets, SPD.9)."""
    return []


def remark(level: str, seat: int, act: Action, seen: View) -> dict[str, Any] | None:
    """Nothing at the moment a bot chooses: its choice is face down until the caller reveals the
    cycle (SPD.6), and even a remark without a card would tell the table a match was called
    before the window closed. The client hears the bots at the reveal instead
    (`reveal_remarks`, from what the reveal shows)."""
    return None


def reveal_remarks(event: Event, level: str, bots_at: Collection[int],
                   seen: View | None) -> list[tuple[int, Remark]]:
    """What the bots at `bots_at` say of their choices when the caller reveals them: a match
    (SPD.7), or a cycle's draws and discards (SPD.6). `seen` is the listener's view while the
    draws were being chosen (the pile tops a draw is weighed against); without it the draws
    go unremarked. The same words `bots.remark` gives at `tutor play`, from the same public
    facts."""
    said: list[tuple[int, Remark | None]] = []
    if event.get("event") == "match":
        said = [(p, bots.remark(level, Match(p), p, seen)) for p in event["players"] if p in bots_at]  # type: ignore[arg-type]
    elif event.get("event") == "cycle":
        if seen is not None:
            said += [(d["player"], bots.remark(level, Draw(d["player"], d["from"]), d["player"], seen))
                     for d in event["draws"] if d["player"] in bots_at]
        said += [(p, bots.remark(level, Discard(p, card_of(code)), p, seen))  # type: ignore[arg-type]
                 for p, code in enumerate(event["discards"]) if code and p in bots_at]
    return [(p, r) for p, r in said if r is not None]


def timeout_action(state: State, seat: int) -> Action | None:
    """The caller's choice for a seat out of time: the window goes by, the draw is from the
    middle, the discard the card that counts the most (as at `tutor play --clock`)."""
    if seat not in state.to_act:
        return None
    if state.phase is Phase.MATCH:
        return Pass(seat)
    if state.phase is Phase.DRAW:
        return Draw(seat, "middle")
    return Discard(seat, bots.highest(state.hands[seat], state.wild))


NET = NetGame(
    view=view,
    redact=redact,
    action=action,
    action_data=action_data,
    to_act=to_act,
    bots=bot_actions,
    pause=pause,
    judge=judge,
    refusal=refusal,
    remark=remark,
    client="tutor.games.speed.remote:SpeedRemote",
    timeout_action=timeout_action,
)
