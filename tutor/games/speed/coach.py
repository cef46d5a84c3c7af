"""The coach for 3-13 Speed: judges a draw, a discard and a match call, and says why.

- A draw: the points the hand can leave with the pile card, against the exact average over
  the cards a draw from the middle may bring (`bots.middle_pool`: every card the learner has
  not seen, a pile card buried under later discards counting as seen). One source is better
  only by `DRAW_MARGIN` points or more, or when the pile card makes a sure match (SPD.7);
  otherwise the two are "about as good" (a tie among them).
- A discard: the points it leaves against the best discard, and what it hands the left
  neighbour (a wild, or a card near what they took from the learner's pile).
- A match window: a missed match (SPD.7, SPD.9) and a false call (SPD.9).
"""

from __future__ import annotations

from dataclasses import dataclass

from tutor.cards import Card
from tutor.games.speed import bots
from tutor.games.speed.engine import RULES, Phase, State
from tutor.games.three_thirteen import solver


#: A source is better when the other leaves this many more points (or a sure match, SPD.7).
DRAW_MARGIN = 1.0


@dataclass(frozen=True)
class DrawVerdict:
    kind: str  # "right" or "weaker"
    source: str  # what the learner chose: "middle" or "pile"
    card: Card | None  # the pile card
    before: int  # points the hand leaves now
    pile: int | None  # points after taking the pile card and the best discard
    middle: float  # average points after a draw from the middle
    # What the pile card would do, for the reason in words: whether it is wild, the other cards of
    # the set it would join, and the card taking it lets the player throw away (when that counts more).
    wild: bool = False
    meld: tuple[str, ...] = ()
    throw: str | None = None
    wild_rank: int | None = None  # the hand's wild rank, to mark wild cards where they are named
    even: bool = False  # right, but the other source was about as good (the figures lean its way or tie)


@dataclass(frozen=True)
class DiscardVerdict:
    kind: str  # "right" or "weaker"
    card: Card
    left: int  # points the hand leaves after this discard
    best: Card
    best_left: int
    feeds: str | None  # "wild" or "took" when the card seems to help the left neighbour
    took: Card | None  # the card the left neighbour took that this one sits near
    last_cycle: bool
    # For the reason in words: the other cards of the set this card belongs to when the best card
    # goes instead (none: it is left over), the points of both cards, and the card just drawn.
    meld: tuple[str, ...] = ()
    points: int = 0
    best_points: int = 0
    drawn: Card | None = None
    wild_rank: int | None = None  # the hand's wild rank, to mark wild cards where they are named


@dataclass(frozen=True)
class WindowVerdict:
    kind: str  # "right", "missed" or "false"
    deadwood: tuple[Card, ...] = ()
    penalty: int = 0


def middle_average(state: State, seat: int) -> float:
    """The exact average fewest points after drawing from the middle, over the cards it may bring."""
    return bots.expected_middle(state, seat)


def judge_draw(state: State, seat: int, source: str) -> DrawVerdict:
    hand = state.hands[seat]
    top = state.right_top(seat)
    before = bots.penalty(hand, state.wild)
    pile = bots.after_taking(hand, top, state.wild) if top is not None else None
    middle = middle_average(state, seat)
    if pile is None:
        return DrawVerdict("right", source, top, before, pile, middle)
    shown_middle = round(middle, 1)  # as printed
    even = False
    if pile == 0 and shown_middle > 0 or middle - pile >= DRAW_MARGIN:
        better = "pile"
    elif pile - middle >= DRAW_MARGIN:
        better = "middle"
    else:
        # Within the margin: neither is better. The verdict says so unless the learner's
        # choice shows the lower figure.
        mine, other = (pile, shown_middle) if source == "pile" else (shown_middle, pile)
        better, even = source, mine >= other
    kind = "right" if source == better else "weaker"
    if top is None:
        return DrawVerdict(kind, source, top, before, pile, middle, even=even)
    cards = [*hand, top]
    throw, arrangement = solver.discards(cards, state.wild, RULES)[0]
    if (throw.rank, throw.suit) == (top.rank, top.suit):
        return DrawVerdict(kind, source, top, before, pile, middle, wild=top.rank == state.wild, wild_rank=state.wild,
                           even=even)
    meld = next((m for m in arrangement.melds if top in m), ())
    heavier = not meld and solver.card_points(throw, RULES) > solver.card_points(top, RULES)
    return DrawVerdict(kind, source, top, before, pile, middle, wild=top.rank == state.wild,
                       meld=tuple(c.code for c in meld if c != top), throw=throw.code if heavier else None,
                       wild_rank=state.wild, even=even)


def _feeds(state: State, seat: int, card: Card) -> tuple[str | None, Card | None]:
    if state.last_cycle:
        return None, None
    if card.rank == state.wild:
        return "wild", None
    for got in state.took[state.left(seat)]:
        if got.rank == card.rank or (got.suit == card.suit and abs(got.rank - card.rank) <= 2):
            return "took", got
    return None, None


def judge_discard(state: State, seat: int, card: Card) -> DiscardVerdict:
    options = bots.ranked(state.hands[seat], state.wild)
    left = next(p for c, p in options if c.rank == card.rank and c.suit == card.suit)
    best, best_left = bots.high_first(options)
    feeds, took = _feeds(state, seat, card)
    kind = "right" if left == best_left and feeds != "wild" else "weaker"
    if feeds == "wild" and left == best_left:
        # Even the best-scoring discard should not be a wild handed to the left neighbour.
        kind = "weaker"
    hand = state.hands[seat]
    without_best = solver.solve([c for c in hand if c != best], state.wild, RULES)
    meld = next((m for m in without_best.melds if card in m), ())
    return DiscardVerdict(kind, card, left, best, best_left, feeds, took, state.last_cycle,
                          meld=tuple(c.code for c in meld if c != card),
                          points=solver.card_points(card, RULES), best_points=solver.card_points(best, RULES),
                          drawn=state.drawn[seat], wild_rank=state.wild)


def judge_window(state: State, seat: int, called: bool) -> WindowVerdict:
    """A match call (`called`) or letting the window pass, judged."""
    assert state.phase is Phase.MATCH
    arrangement = solver.solve(state.hands[seat], state.wild, RULES)
    if called and arrangement.penalty:
        return WindowVerdict("false", tuple(arrangement.deadwood), arrangement.penalty)
    if not called and not arrangement.penalty:
        return WindowVerdict("missed")
    return WindowVerdict("right")
