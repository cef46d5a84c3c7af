"""The easy and normal 33 bots, and what every level does between plays (33.5-33.8, 33.11, 33.12).

- easy: any legal play, values chosen at random (33.5, 33.7).
- normal: keeps its safe cards (minus cards, 0, +-10) for when the total is high, and
  otherwise plays the card that pushes the total highest, to squeeze the next player (33.6,
  33.7, 33.8). `normal_play` is the same judgement on a bare hand and total: the coach and the
  hard bot expect it of the other players.

Every level says the right total and draws (33.5, 33.11: bots never forget) and picks a
forfeit card at random (33.12): `non_play`. `unseen_cards` is what a player cannot see.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass

from tutor.games.thirty_three.deck import LIMIT, LOWEST, VALUES
from tutor.games.thirty_three.engine import (
    Action,
    Draw,
    Pick,
    Play,
    Say,
    SkipForfeit,
    State,
)


@dataclass(frozen=True)
class Choice:
    action: Action
    reason: str  # a reason code the narrator translates
    detail: dict[str, int | str] | None = None


def non_play(state: State, rng: random.Random) -> Choice | None:
    """Bots always say the right total and draw (they never forget), and pick a forfeit card."""
    legal = state.legal_actions()
    first = legal[0]
    if isinstance(first, Say):
        return Choice(first, "say")
    if isinstance(first, Draw) or any(isinstance(a, Draw) for a in legal):
        return Choice(next(a for a in legal if isinstance(a, Draw)), "draw")
    if isinstance(first, (Pick, SkipForfeit)):
        picks = [a for a in legal if isinstance(a, Pick)]
        return Choice(rng.choice(picks), "pick") if picks else Choice(SkipForfeit(), "pick")
    return None


def _is_safe_card(card: str) -> bool:
    """A card that can lower the total or hold it (minus cards, 0, +-10)."""
    return LOWEST[card] <= 0


def normal_rank(value: int, new: int) -> int:
    """How much `normal` likes a play: plus plays by the total they reach, above the 0, above
    steps down, the smallest step first. (A number, so `hard` can tabulate it.)"""
    if value > 0:
        return 1000 + new
    if value == 0:
        return 500  # the 0 holds the total where it is: a cheap escape
    return value  # the smallest step down keeps the pressure on


#: The cards with two values (33.1): worth more kept than a plain card of the same value.
FLEXIBLE = frozenset(("+-10", "1/11"))


def normal_key(card: str, value: int, new: int) -> int:
    """`normal_rank`, with equal plays told apart by the card: a plain card goes before a
    flexible one (+10 before +-10 played for 10), so no choice depends on a hand's order."""
    return 2 * normal_rank(value, new) + (card not in FLEXIBLE)


def normal_play(hand: list[str] | tuple[str, ...], total: int) -> tuple[Play, str]:
    """The `normal` heuristic, on a bare hand and total (also what `hard` expects of others)."""
    best: tuple[int, Play] | None = None
    for card in dict.fromkeys(hand):
        for value in VALUES[card]:
            new = total + value
            if new > LIMIT:
                continue
            key = normal_key(card, value, new)
            if best is None or key > best[0]:  # equal keys: the same card and value
                best = (key, Play(card, value))
    assert best is not None
    play = best[1]
    return play, "push_total" if play.value > 0 else "save_turn"


def choose_easy(state: State, rng: random.Random) -> Choice:
    other = non_play(state, rng)
    if other:
        return other
    return Choice(rng.choice(state.legal_plays()), "random")


def choose_normal(state: State, rng: random.Random) -> Choice:
    other = non_play(state, rng)
    if other:
        return other
    plays = state.legal_plays()
    if len(plays) == 1:
        return Choice(plays[0], "only_play")
    play, reason = normal_play(state.hands[state.current], state.total)
    return Choice(play, reason)


def unseen_cards(state: State, player: int) -> list[str]:
    """The cards `player` cannot see: the deck less their hand and the discard pile."""
    left = Counter(state.options.deck)
    left.subtract(state.hands[player])
    left.subtract(state.pile)
    return [c for c, n in left.items() for _ in range(max(n, 0))]
