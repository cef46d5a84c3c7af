"""The coach of Three Thirteen: draws, discards, going out and arrangements, judged by the solver.

Judgements use only what the player can see: their hand, the discard pile, and what the
round showed (`bots.stock_pool`): cards others took from the pile and still hold, the
melds of whoever went out, the cards of a refilled stock (TT.12).

- A draw is weighed by the best penalty it leads to: taking the top discard (then the best
  discard of the rest: never the card just taken, though another copy of it may go, TT.5)
  against the exact average over the cards a stock draw may bring. The stock is better
  only by `DRAW_MARGIN` points or more; a smaller gap, either way, is "about as good".
- A discard is compared with the best discard (the fewest points left); a chance to go
  out that was missed is always weaker (TT.8). The unseen cards that would then complete a
  meld are named.
- An arrangement the learner proposes is checked meld by meld, and its points compared
  with the solver's fewest (TT.10).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from tutor.cards import Card, parse_code
from tutor.games.base import IllegalAction
from tutor.games.three_thirteen import bots, solver
from tutor.games.three_thirteen.bots import legal_ranked, stock_pool
from tutor.games.three_thirteen.engine import Discard, Draw, GoOut, State

#: A draw is weaker when it expects this many more points than the better source.
DRAW_MARGIN = 1.0


@dataclass(frozen=True)
class DrawVerdict:
    kind: str  # "right", "weaker" or "illegal"
    source: str
    pile: float | None = None  # best penalty after taking the top discard
    stock: float | None = None  # expected best penalty after drawing from the stock
    clause: str | None = None
    message: str | None = None
    # What the top discard would do, for the reason in words: the card, whether it is wild, the
    # other cards of the meld it would join, and the card taking it lets the player throw away.
    card: Card | None = None
    wild: bool = False
    meld: tuple[str, ...] = ()
    throw: str | None = None
    wild_rank: int | None = None  # the round's wild rank, to mark wild cards where they are named
    even: bool = False  # right, but the other source was about as good (the figures lean its way or tie)


@dataclass(frozen=True)
class DiscardVerdict:
    kind: str  # "right", "weaker" or "illegal"
    card: Card
    left: int | None = None  # points left after this discard
    best: Card | None = None
    best_left: int | None = None
    outs: tuple[Card, ...] = ()  # the discards that go out (TT.8)
    feeds: str | None = None  # a card the next player took from the pile that this discard may suit
    clause: str | None = None
    message: str | None = None
    params: dict[str, object] | None = None
    going_out: bool = False  # the learner went out with this discard (TT.8)
    makers: tuple[str, ...] = ()  # unseen cards that would then complete a meld (codes, low first)
    # For the reason in words: the other cards of the meld this card belongs to when the best
    # card goes instead (none: it is left over), the points of both cards, and the card just
    # taken from the discard pile when TT.5 keeps it in hand although it would be the best to go.
    meld: tuple[str, ...] = ()
    points: int = 0
    best_points: int = 0
    kept: str | None = None
    wild_rank: int | None = None  # the round's wild rank, to mark wild cards where they are named


@dataclass(frozen=True)
class ArrangementVerdict:
    kind: str  # "right", "weaker" or "illegal"
    penalty: int | None  # the learner's arrangement's points
    best: solver.Arrangement
    bad_meld: tuple[Card, ...] | None = None  # a group that is not a meld (TT.6, TT.7)


def unseen(state: State, player: int) -> Counter[str]:
    """Card codes the player has not seen this round, counted by copies: not in their hand,
    nor on the pile, nor known to be held by another (taken from the pile, shown going out)."""
    return bots.unseen(state, player, bots.remember(state, player))


def best_after(hand: Sequence[Card], extra: Card, wild: int, rules: solver.MeldRules,
               keep: Card | None = None) -> int:
    """The fewest points after adding `extra` and discarding the best card: never the card
    `keep` itself, though another copy of it may go (TT.5)."""
    cards = list(hand) + [extra]
    return legal_ranked(cards, solver.discards(cards, wild, rules), keep)[0][1]


def meld_makers(state: State, hand: Sequence[Card]) -> tuple[str, ...]:
    """The unseen natural cards that would complete a meld with cards `hand` leaves out of its
    melds, so that its points drop (TT.10): what the current player hopes to draw next.
    Cards of the wild rank, which join any meld, are left out."""
    wild, rules = state.wild, state.rules
    now = solver.solve(hand, wild, rules).penalty
    found = []
    for code in unseen(state, state.current):
        rank, suit = parse_code(code)  # type: ignore[misc]
        if rank != wild and solver.solve([*hand, Card(rank, suit, 99)], wild, rules).penalty < now:
            found.append(Card(rank, suit))
    return tuple(c.code for c in sorted(found))


def judge_draw(state: State, source: str) -> DrawVerdict:
    try:
        state.verify(Draw(source))
    except IllegalAction as err:
        return DrawVerdict("illegal", source, clause=err.clause, message=err.message)
    me = state.current
    hand = state.hands[me]
    wild, rules = state.wild, state.rules
    pile = None
    if state.discard:
        top = state.discard[-1]
        pile = float(best_after(hand, top, wild, rules, keep=top))
    stock = None
    if state.stock_drawable():
        pool = stock_pool(state, me)
        weight = sum(pool.values())
        total = 0.0
        for code, n in pool.items():
            rank, suit = parse_code(code)  # type: ignore[misc]
            card = Card(rank, suit, 99)  # a copy no deck holds: never equal to a card in hand
            total += n * best_after(hand, card, wild, rules)
        stock = total / weight if weight else None
    mine, other = (pile, stock) if source == "discard" else (stock, pile)
    even = False
    if mine is None or other is None:
        kind = "right"
    elif mine - other >= DRAW_MARGIN:
        kind = "weaker"
    else:
        # As printed (to a tenth of a point), the other source is no worse: "about as good".
        kind, even = "right", round(mine, 1) >= round(other, 1)
    if not state.discard:
        return DrawVerdict(kind, source, pile, stock, even=even)
    top = state.discard[-1]
    throw, arrangement = next((c, a) for c, a in solver.discards([*hand, top], wild, rules)
                              if bots._physical([*hand, top], c, top) is not None)
    meld = next((m for m in arrangement.melds if top in m), ())
    # The card taking the top discard lets go: named only when it counts more than the top discard.
    heavier = not meld and solver.card_points(throw, rules) > solver.card_points(top, rules)
    return DrawVerdict(kind, source, pile, stock, card=top, wild=top.rank == wild,
                       meld=tuple(c.code for c in meld if c != top), throw=throw.code if heavier else None,
                       wild_rank=wild, even=even)


def judge_discard(state: State, card: Card, going_out: bool = False) -> DiscardVerdict:
    action = GoOut(card) if going_out else Discard(card)
    try:
        state.verify(action)
    except IllegalAction as err:
        return DiscardVerdict("illegal", card, clause=err.clause, message=err.message, params=dict(err.params))
    hand = state.hands[state.current]
    ranked = solver.discards(hand, state.wild, state.rules)
    left = next(a.penalty for c, a in ranked if c.code == card.code)  # identical copies leave the same
    # The best card that may go now: not the one just taken from the pile, but another copy may (TT.5).
    best_card, best = legal_ranked(hand, ranked, state.taken)[0]
    outs = tuple(state.out_cards())
    feeds = next_player_wants(state, card)
    if outs and not going_out and state.out is None:
        # In the last turns after someone went out (TT.9), a hand with every card melded
        # scores 0 with or without showing it: only the points left are judged.
        return DiscardVerdict("weaker", card, left, outs[0], 0, outs, feeds)
    kind = "weaker" if left > best else "right"
    # What the hand left hopes for, unless no draw comes (going out, or a last turn, TT.9).
    makers = () if going_out or state.out is not None else meld_makers(state, [c for c in hand if c is not card])
    without_best = solver.solve([c for c in hand if c != best_card], state.wild, state.rules)
    meld = next((m for m in without_best.melds if card in m), ())
    top = ranked[0][0]
    kept = None
    if state.taken is not None and (top.rank, top.suit) == (state.taken.rank, state.taken.suit) and \
            (best_card.rank, best_card.suit) != (top.rank, top.suit):
        kept = state.taken.code  # the best card to go is the one just taken, which must stay (TT.5)
    return DiscardVerdict(kind, card, left, best_card, best, outs, feeds, going_out=going_out, makers=makers,
                          meld=tuple(c.code for c in meld if c != card),
                          points=solver.card_points(card, state.rules),
                          best_points=solver.card_points(best_card, state.rules), kept=kept,
                          wild_rank=state.wild)


def best_discard(state: State) -> tuple[Card, int]:
    """The card the player to move may discard now that leaves the fewest points, and those points."""
    hand = state.hands[state.current]
    ranked = solver.discards(hand, state.wild, state.rules)
    return legal_ranked(hand, ranked, state.taken)[0]


def next_player_wants(state: State, card: Card) -> str | None:
    """The card the next player took from the discard pile this round that `card` would
    suit (same rank, or same suit within two ranks), if any: what the discard may hand them."""
    nxt = (state.current + 1) % state.players
    for event in reversed(state.log):
        if event.get("event") == "draw" and event.get("player") == nxt and event.get("from") == "discard":
            taken = parse_code(event["card"])
            if taken is None or taken[0] == state.wild:
                continue
            if taken[0] == card.rank or (taken[1] == card.suit and abs(taken[0] - card.rank) <= 2):
                return event["card"]
    return None


def judge_arrangement(hand: Sequence[Card], wild: int, rules: solver.MeldRules,
                      melds: Sequence[Sequence[Card]]) -> ArrangementVerdict:
    """The learner's melds (every other card is left over) against the fewest points."""
    best = solver.solve(hand, wild, rules)
    used = [c for meld in melds for c in meld]
    if len(used) != len(set(used)) or any(c not in hand for c in used):
        return ArrangementVerdict("illegal", None, best, tuple(used))
    for meld in melds:
        if not solver.is_meld(meld, wild, rules):
            return ArrangementVerdict("illegal", None, best, tuple(meld))
    left = [c for c in hand if c not in used]
    penalty = sum(solver.card_points(c, rules) for c in left)
    return ArrangementVerdict("right" if penalty == best.penalty else "weaker", penalty, best)
