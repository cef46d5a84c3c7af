"""Bots for 3-13 Speed at three levels: a private reason for each choice, and a public remark.

Every seat decides on what it can see before the cycle's choices are revealed: a bot reads
its own hand, the pile tops and the public picks from the piles, never another seat's
pending choice.

- easy: careless. It takes the pile card only when it is a wild, otherwise draws at random,
  throws a random card left out of its sets, and notices a match only two times in three
  (so its match comes late, SPD.9).
- normal: takes the pile card only if that lowers its best penalty, otherwise the middle;
  discards the card leaving the fewest points, the highest of equal choices (at a big table
  someone matches soon, so high cards are a risk); always calls a match it holds.
- hard: `normal`, drawing by expectation (the pile card against the average over a sample of
  the cards it has not seen) and, among discards within a few points of the best, keeping
  back what its left neighbour wants: a wild, or a rank or suit neighbour of the cards that
  neighbour took from its pile. In the last cycle only the points left count.

Reason codes (the narrator translates them): `match`, `take_pile`, `draw_middle`,
`expected_middle`, `least_penalty`, `avoid_feeding`, `random_draw`, `random_discard`,
`wild_on_pile`. Details: `card`, `before`, `after`, `penalty`, `expected` (a decimal
string), `kept`. They are the bot's own reckoning on its hidden hand and never reach the
table: what a bot says there is `remark`, from public information only.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from tutor.cards import Card
from tutor.games.remark import Remark
from tutor.games.speed.engine import (
    DECKS,
    RULES,
    Action,
    Discard,
    Draw,
    Match,
    Pass,
    Phase,
    State,
    View,
)
from tutor.games.three_thirteen import solver

LEVELS = ("easy", "normal", "hard")
REASONS = ("match", "take_pile", "draw_middle", "expected_middle", "least_penalty", "avoid_feeding",
           "random_draw", "random_discard", "wild_on_pile")

#: easy: the chance it notices a match it holds.
EASY_NOTICE = 2 / 3
#: hard: unseen cards it tries when weighing a draw from the middle.
MIDDLE_SAMPLES = 10
#: hard: points it will give up to keep a card its left neighbour wants.
FEED_MARGIN = 3
FEED_WEIGHT = 2.5


@dataclass(frozen=True)
class Choice:
    action: Action
    reason: str
    detail: dict[str, int | str] | None = None


def _key(hand: Sequence[Card]) -> tuple[tuple[int, str], ...]:
    return tuple(sorted((c.rank, c.suit) for c in hand))


@lru_cache(maxsize=4096)
def _ranked_key(key: tuple[tuple[int, str], ...], wild: int) -> tuple[tuple[int, str, int], ...]:
    hand = [Card(r, s, i) for i, (r, s) in enumerate(key)]
    return tuple((c.rank, c.suit, a.penalty) for c, a in solver.discards(hand, wild, RULES))


def ranked(hand: Sequence[Card], wild: int) -> list[tuple[Card, int]]:
    """Each distinct card of a hand after drawing, with the fewest points left without it, best first."""
    out = []
    for rank, suit, penalty in _ranked_key(_key(hand), wild):
        card = next(c for c in hand if c.rank == rank and c.suit == suit)
        out.append((card, penalty))
    return out


@lru_cache(maxsize=4096)
def _penalty_key(key: tuple[tuple[int, str], ...], wild: int) -> int:
    return solver.solve([Card(r, s, i) for i, (r, s) in enumerate(key)], wild, RULES).penalty


def penalty(hand: Sequence[Card], wild: int) -> int:
    """The fewest points the hand can leave (SPD.8)."""
    return _penalty_key(_key(hand), wild)


def after_taking(hand: Sequence[Card], card: Card, wild: int) -> int:
    """The fewest points left after adding `card` and discarding the best card."""
    return ranked(list(hand) + [card], wild)[0][1]


def unseen(state: State, seat: int) -> Counter[tuple[int, str]]:
    """Cards `seat` has not seen this hand: four decks less its hand, every card of every pile
    (each was face up once, even those buried since), the cards others took from a pile and
    still hold, and the sets of those who matched (SPD.7)."""
    pool: Counter[tuple[int, str]] = Counter({(r, s): DECKS for r in range(1, 14) for s in "CDHS"})
    seen = list(state.hands[seat]) + [c for pile in state.piles for c in pile]
    for q in range(state.players):
        if q != seat:
            seen += state.holding[q]
            if q in state.matched:
                seen += [c for c in state.hands[q] if c not in state.holding[q]]
    for c in seen:
        pool[(c.rank, c.suit)] -= 1
    return +pool


def middle_pool(state: State, seat: int) -> Counter[tuple[int, str]]:
    """The cards a draw from the middle may bring, as `seat` knows: those it has not seen; after
    the piles were gathered into the middle (SPD.10), those gathered cards it has not drawn
    itself; from an empty middle, every pile less its top card, about to be gathered."""
    if not state.middle:
        return Counter((c.rank, c.suit) for pile in state.piles for c in pile[:-1])
    if state.gathered is not None:
        pool = Counter((c.rank, c.suit) for c in state.gathered)
        pool.subtract((c.rank, c.suit) for c in state.since[seat])
        return +pool
    return unseen(state, seat)


def average_after(state: State, seat: int, pool: Counter[tuple[int, str]]) -> float:
    """The exact average of the fewest points left after drawing a card of `pool` (weighted by
    copies) and discarding the best card.

    A card that can sit in no set with the hand's cards needs no solve: it stays unmatched
    whatever is discarded, so the hand leaves either its points now (the new card thrown) or
    the card's points plus the fewest the hand leaves less one card.
    """
    hand = state.hands[seat]
    wild = state.wild
    total = sum(pool.values())
    now = penalty(hand, wild)
    if not total:
        return float(now)
    less_one = ranked(hand, wild)[0][1] if hand else 0
    wilds = sum(1 for c in hand if c.rank == wild)
    out = 0.0
    for (r, s), n in pool.items():
        card = Card(r, s, 9)
        if _alone(hand, card, wild, wilds):
            out += n * min(now, solver.card_points(card, RULES) + less_one)
        else:
            out += n * after_taking(hand, card, wild)
    return out / total


def _alone(hand: Sequence[Card], card: Card, wild: int, wilds: int) -> bool:
    """`card` can sit in no set with cards of `hand` (SPD.4): not wild, fewer than two wilds
    in hand, and no natural card of its rank or of its suit within two ranks of it."""
    if card.rank == wild or wilds >= 2:
        return False
    for c in hand:
        if c.rank == wild:
            continue
        if c.rank == card.rank or (c.suit == card.suit and abs(c.rank - card.rank) <= 2):
            return False
    return True


def expected_middle(state: State, seat: int, rng: random.Random | None = None) -> float:
    """The exact average fewest points after a draw from the middle (the coach's figure)."""
    return average_after(state, seat, middle_pool(state, seat))


def wanted_by(state: State, card: Card, seat: int) -> float:
    """How much the seat on `seat`'s left seems to want `card` (a wild, or near what it took)."""
    if card.rank == state.wild:
        return 3.0
    want = 0.0
    for got in state.took[state.left(seat)]:
        if got.rank == card.rank:
            want += 1.0
        elif got.suit == card.suit and abs(got.rank - card.rank) <= 2:
            want += 0.7
    return want


def high_first(options: list[tuple[Card, int]]) -> tuple[Card, int]:
    """Of the discards leaving the fewest points, the one that counts the most."""
    best = options[0][1]
    ties = [(c, p) for c, p in options if p == best]
    return max(ties, key=lambda cp: (solver.card_points(cp[0], RULES), cp[0].rank, cp[0].suit))


def highest(hand: Sequence[Card], wild: int) -> Card:
    """The card that counts the most, a wild least: what the caller discards for a seat out of time."""
    return max(hand, key=lambda c: (solver.card_points(c, RULES) if c.rank != wild else -1, c))


# --------------------------------------------------------------------------- levels


def _match(state: State, seat: int, rng: random.Random, notice: float = 1.0) -> Choice:
    if state.can_match(seat) and (notice >= 1.0 or rng.random() < notice):
        return Choice(Match(seat), "match")
    return Choice(Pass(seat), "")


def choose_easy(state: State, rng: random.Random, seat: int) -> Choice:
    if state.phase is Phase.MATCH:
        return _match(state, seat, rng, EASY_NOTICE)
    hand = state.hands[seat]
    if state.phase is Phase.DRAW:
        top = state.right_top(seat)
        if top is not None and top.rank == state.wild:
            return Choice(Draw(seat, "pile"), "wild_on_pile", {"card": top.code})
        action = rng.choice(state.legal_actions(seat))
        return Choice(action, "random_draw")
    loose = solver.solve(hand, state.wild, RULES).deadwood
    pool = [c for c in hand if any(c.rank == d.rank and c.suit == d.suit for d in loose)] or list(hand)
    card = rng.choice(pool)
    return Choice(Discard(seat, card), "random_discard", {"card": card.code})


def choose_normal(state: State, rng: random.Random, seat: int) -> Choice:
    if state.phase is Phase.MATCH:
        return _match(state, seat, rng)
    hand = state.hands[seat]
    if state.phase is Phase.DRAW:
        top = state.right_top(seat)
        if top is not None:
            before = penalty(hand, state.wild)
            after = after_taking(hand, top, state.wild)
            if after < before:
                return Choice(Draw(seat, "pile"), "take_pile", {"card": top.code, "before": before, "after": after})
        return Choice(Draw(seat, "middle"), "draw_middle")
    card, points = high_first(ranked(hand, state.wild))
    return Choice(Discard(seat, card), "least_penalty", {"card": card.code, "penalty": points})


def choose_hard(state: State, rng: random.Random, seat: int) -> Choice:
    if state.phase is Phase.MATCH:
        return _match(state, seat, rng)
    hand = state.hands[seat]
    if state.phase is Phase.DRAW:
        top = state.right_top(seat)
        if top is None:
            return Choice(Draw(seat, "middle"), "draw_middle")
        after = after_taking(hand, top, state.wild)
        if after == 0:
            return Choice(Draw(seat, "pile"), "take_pile",
                          {"card": top.code, "before": penalty(hand, state.wild), "after": 0})
        expected = expected_middle(state, seat, rng)
        if after < expected:
            return Choice(Draw(seat, "pile"), "take_pile",
                          {"card": top.code, "before": penalty(hand, state.wild), "after": after})
        return Choice(Draw(seat, "middle"), "expected_middle", {"expected": f"{expected:.1f}"})
    options = ranked(hand, state.wild)
    card, points = high_first(options)
    if state.last_cycle:
        return Choice(Discard(seat, card), "least_penalty", {"card": card.code, "penalty": points})
    best = points
    scored = [(p + FEED_WEIGHT * wanted_by(state, c, seat), -solver.card_points(c, RULES), c, p)
              for c, p in options if p <= best + FEED_MARGIN]
    _, _, choice, left = min(scored, key=lambda t: (t[0], t[1], t[2].rank, t[2].suit))
    if choice.rank == card.rank and choice.suit == card.suit:
        return Choice(Discard(seat, card), "least_penalty", {"card": card.code, "penalty": points})
    return Choice(Discard(seat, choice), "avoid_feeding", {"card": choice.code, "kept": card.code, "penalty": left})


_LEVELS = {"easy": choose_easy, "normal": choose_normal, "hard": choose_hard}


def choose(level: str, state: State, rng: random.Random, seat: int) -> Choice:
    """The bot's choice for `seat` in the current phase (the seat must be one the caller waits for)."""
    return _LEVELS[level](state, rng, seat)


def choose_all(level: str | Sequence[str], state: State, rng: random.Random,
               seats: Sequence[int]) -> list[tuple[int, Choice]]:
    """Every listed seat's choice, all made before any is handed to the engine (SPD.6)."""
    levels = [level] * state.players if isinstance(level, str) else list(level)
    return [(seat, choose(levels[seat], state, rng, seat)) for seat in seats]


# --------------------------------------------------------------------------- what a bot says

#: Every code a Remark may carry; its one detail, `card`, is a card the whole table saw.
REMARKS = ("match", "random_draw", "random_discard", "wild_on_pile", "took_pile", "drew_middle",
           "pile_empty", "discarded")
REMARK_DETAILS = frozenset({"card"})


def remark(level: str, action: Action, seat: int, view: View) -> Remark | None:
    """What the bot at `seat` says about `action`, from `view` (another seat's, just before it)
    and its level alone: where it drew from and what it threw, never what its hand holds or
    what the middle gave it. A match shows the sets (SPD.7), so then it may say all its cards
    were in sets. (Choices are made face down: the session keeps a remark until the reveal.)"""
    if isinstance(action, Match):
        return Remark("match")
    if isinstance(action, Pass):
        return None
    if isinstance(action, Discard):
        return Remark("random_discard" if level == "easy" else "discarded", {"card": action.card.code})
    top = view.tops[(seat - 1) % view.players]  # the pile on the bot's right (SPD.6)
    if action.source == "pile" and top is not None and top.rank == view.wild:
        return Remark("wild_on_pile", {"card": top.code})
    if level == "easy":
        return Remark("random_draw")
    if top is None:
        return Remark("pile_empty")
    return Remark("took_pile" if action.source == "pile" else "drew_middle", {"card": top.code})
