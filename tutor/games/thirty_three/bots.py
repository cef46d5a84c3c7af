"""Bots for 33 at three levels, each able to say why it chose (a reason code).

- easy: any legal play, values chosen at random.
- normal: keeps its safe cards (minus cards, 0, +-10) for when the total is high, and
  otherwise plays the card that pushes the total highest, to squeeze the next player.
- hard: for each candidate play, deals the cards it cannot see (the rest of the deck
  less its hand and the discard pile) into many possible worlds, plays each world on
  with `normal` players until it comes back round, and picks the play that it loses
  with least often; the same worlds serve every candidate so the comparison is fair.
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

LEVELS = ("easy", "normal", "hard")


@dataclass(frozen=True)
class Choice:
    action: Action
    reason: str  # a reason code the narrator translates
    detail: dict[str, int | str] | None = None


def _non_play(state: State, rng: random.Random) -> Choice | None:
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


def normal_play(hand: list[str] | tuple[str, ...], total: int) -> tuple[Play, str]:
    """The `normal` heuristic, on a bare hand and total (also used inside `hard`'s playouts)."""
    best: tuple[int, int, Play] | None = None
    for card in dict.fromkeys(hand):
        for value in VALUES[card]:
            new = total + value
            if new > LIMIT:
                continue
            if value > 0:
                # Positive plays rank above all safe ones; among them, the highest total wins.
                key = (2, new)
            elif value == 0:
                key = (1, 0)  # the 0 holds the total where it is: a cheap escape
            else:
                key = (0, value)  # the smallest step down keeps the pressure on
            if best is None or key > best[:2]:
                best = (key[0], key[1], Play(card, value))
    assert best is not None
    reason = "push_total" if best[0] == 2 else "save_turn"
    return best[2], reason


def choose_easy(state: State, rng: random.Random) -> Choice:
    other = _non_play(state, rng)
    if other:
        return other
    return Choice(rng.choice(state.legal_plays()), "random")


def choose_normal(state: State, rng: random.Random) -> Choice:
    other = _non_play(state, rng)
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


def _playout(
    hands: list[list[str]], stock: list[str], total: int, me: int, start: int, players: int, horizon: int
) -> bool:
    """Plays a world on with `normal` players; True if `me` is the one who gets stuck."""
    p = start
    for _ in range(horizon):
        hand = hands[p]
        if not any(total + LOWEST[c] <= LIMIT for c in hand):
            return p == me
        play, _ = normal_play(hand, total)
        hand.remove(play.card)
        total += play.value
        if stock:
            hand.append(stock.pop())
        p = (p + 1) % players
    return False


def choose_hard(state: State, rng: random.Random, worlds: int = 48) -> Choice:
    other = _non_play(state, rng)
    if other:
        return other
    plays = state.legal_plays()
    if len(plays) == 1:
        return Choice(plays[0], "only_play")
    me, n = state.current, state.players
    unseen = unseen_cards(state, me)
    sizes = [len(h) for h in state.hands]
    samples = []
    for _ in range(worlds):
        rng.shuffle(unseen)
        samples.append(list(unseen))
    horizon = 2 * n + 1
    best: tuple[float, int, Play] | None = None
    for play in plays:
        losses = 0
        for deal in samples:
            cards = list(deal)
            hands = []
            for q in range(n):
                if q == me:
                    mine = list(state.hands[me])
                    mine.remove(play.card)
                    hands.append(mine)
                else:
                    hands.append([cards.pop() for _ in range(sizes[q])])
            stock = cards
            if stock:
                hands[me].append(stock.pop())
            if _playout(hands, stock, state.total + play.value, me, (me + 1) % n, n, horizon):
                losses += 1
        key = (losses / worlds, -(state.total + play.value))
        if best is None or key < best[:2]:
            best = (key[0], key[1], play)
    assert best is not None
    risk = round(best[0] * 100)
    return Choice(best[2], "least_risk", {"percent": risk})


CHOOSERS = {"easy": choose_easy, "normal": choose_normal, "hard": choose_hard}


def choose(level: str, state: State, rng: random.Random) -> Choice:
    return CHOOSERS[level](state, rng)
