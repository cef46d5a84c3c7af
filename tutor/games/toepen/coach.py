"""The coach of Toepen: judges each of the learner's decisions and says the odds it used.

Chances come from `bots.estimate`, one definition on every screen: the learner's chance of
taking the last trick with their best continuation (the best card at their next turn, then
keeping the strongest card for the last trick), every deal of the cards they cannot see that
fits what the table showed equally likely; exact when those deals are few, else SAMPLES of
them (a 95% error under 1 point), seeded by the position itself. So the same position gets
the same numbers on the card screen, the stay/fold, knock and dirty-laundry screens, in play,
a drill or a lesson. A verdict calls one choice better only when the difference is more than
the estimate's error and shows in the figures it prints; otherwise both are right.

- A card (TOE.5): one that does not follow suit while the learner holds the suit led is
  illegal, and the coach names a card of that suit they hold. A legal card is compared with
  the best card by the chance of taking the last trick afterwards; keeping the strongest
  card for the last trick is what usually wins that comparison.
- A knock (TOE.7): right on a good chance, weaker on a poor one (a lost knock costs one more
  point); a card played without knocking on a very good chance is weaker too.
- Stay or fold (TOE.8, TOE.11): staying costs the stake times the chance of losing, folding
  costs the stake before the knock now; the cheaper one is right. When losing would reach
  the limit and folding would not, staying needs better than even odds.
- Dirty laundry (TOE.4): a hand of only A K Q J is thrown in for free; a bluff risks a point,
  and throwing away a 9 or 10 (a card that takes last tricks) is weaker.
- A challenge (TOE.4): it pays only when the thrown hand more likely holds a 7-10 than not.
"""

from __future__ import annotations

from dataclasses import dataclass

from tutor.cards import Card
from tutor.games.base import IllegalAction
from tutor.games.toepen import bots
from tutor.games.toepen.engine import Phase, Play, State, power
from tutor.games.toepen.engine.deck import DECK

SAMPLES = bots.COACH_SAMPLES
#: A card is weaker when the best card's chance is this much higher.
CARD_MARGIN = 0.08
#: A knock on less than this chance is weaker; not knocking on more than KNOCK_MISSED is weaker.
KNOCK_POOR = 0.35
KNOCK_MISSED = 0.8
#: Stay or fold: weaker when the other choice saves this many points on average.
ANSWER_MARGIN = 0.15
#: A challenge is right when the thrown hand holds a 7-10 at least this often; passing is weaker above PASS_MISSED.
CHALLENGE_EVEN = 0.5
PASS_MISSED = 0.7


@dataclass(frozen=True)
class CardVerdict:
    kind: str  # "right", "weaker" or "illegal"
    card: Card
    chance: float | None = None  # the learner's chance of taking the last trick after this card
    best: Card | None = None
    best_chance: float | None = None
    keeper: Card | None = None  # the strongest card in hand (the one usually kept for the last trick)
    must: Card | None = None  # illegal: a card of the suit led the learner holds
    clause: str | None = None
    message: str | None = None
    params: dict[str, object] | None = None
    # For the reason in words, facts that hold whichever card the verdict names as better: the
    # learner's cards that are the highest left in their suit, the highest card of the suit led in
    # the trick so far, and whether the learner plays last to this trick.
    masters: tuple[Card, ...] = ()
    trick_high: Card | None = None
    plays_last: bool = False


@dataclass(frozen=True)
class KnockVerdict:
    kind: str  # "right" or "weaker"
    knocked: bool
    chance: float
    stake: int  # the stake after the knock
    points: int
    strong: Card | None = None  # the learner's strongest card that is the highest left in its suit
    assumes: Card | None = None  # the learner's next card the chance counts on (None: not known yet)


@dataclass(frozen=True)
class AnswerVerdict:
    kind: str  # "right" or "weaker"
    stayed: bool
    chance: float
    stake: int
    stay_cost: float  # expected penalty points if the learner stays
    fold_cost: int  # penalty points folding costs now
    danger: bool  # losing would reach the limit, folding would not
    poverty: bool
    assumes: Card | None = None  # the learner's next card the chance counts on (None: not known yet)


@dataclass(frozen=True)
class LaundryVerdict:
    kind: str  # "right" or "weaker"
    threw: bool
    honest: bool  # only A K Q J
    chance: float  # the chance of taking the last trick with the hand as dealt
    strong: Card | None  # a 9 or 10 in the hand
    assumes: Card | None = None  # the learner's next card the chance counts on (None: not known yet)


@dataclass(frozen=True)
class ChallengeVerdict:
    kind: str  # "right" or "weaker"
    challenged: bool
    bluff: float  # the chance the thrown hand holds a 7, 8, 9 or 10
    thrower: int


def estimate(state: State, seat: int) -> bots.Estimate:
    """The seat's chances, with its best continuation (the same position always gets the same)."""
    return bots.estimate(state, seat, SAMPLES)


def masters(state: State, seat: int) -> tuple[Card, ...]:
    """The seat's cards that no card still unseen by it can beat in their suit (TOE.1): cards
    played this hand, in its own hand, or shown in a challenge cannot; any other card might."""
    gone = {card for trick in state.tricks for _, card in trick} | {card for _, card in state.trick}
    gone |= {card for q, cards in enumerate(state.thrown) if state.shown[q] or q == seat for card in cards}
    mine = state.hands[seat]
    live = [c for c in DECK if c not in gone and c not in mine]
    return tuple(sorted((c for c in mine if not any(o.suit == c.suit and power(o) > power(c) for o in live)),
                        key=power, reverse=True))


def _trick_facts(state: State, seat: int) -> tuple[Card | None, bool]:
    """The highest card of the suit led in the trick so far, and whether `seat` plays last to it."""
    if not state.trick:
        return None, False
    led = state.trick[0][1].suit
    high = max((c for _, c in state.trick if c.suit == led), key=power)
    return high, len(state.trick) == sum(state.in_hand) - 1


def chance(state: State, seat: int) -> float:
    """The seat's chance of taking the last trick with its best continuation."""
    return estimate(state, seat).value


def chance_after(state: State, seat: int, card: Card) -> float:
    """The seat's chance of taking the last trick after playing `card` now (it is to play)."""
    return estimate(state, seat).after[card]


def _shown(x: float) -> int:
    """A chance as the whole percent the learner reads."""
    return int(round(100 * x))


def clearly_better(state: State, seat: int, card: Card, other: Card) -> bool:
    """`card` gives a better chance than `other` by more than the estimate's error, and the figures
    printed show it (the seat is to play; both are cards it may play)."""
    found = estimate(state, seat)
    a, b = found.after[card], found.after[other]
    return a - b > found.diff_error(card, other) and _shown(a) > _shown(b)


def judge_card(state: State, seat: int, card: Card) -> CardVerdict:
    """A card the learner plays: illegal (with a card of the suit led), or its chance against the best."""
    try:
        state.verify(Play(card, seat))
    except IllegalAction as err:
        must = None
        if err.message == "must_follow":
            follow = [c for c in state.hands[seat] if c.suit == state.led_suit]
            must = min(follow, key=power) if follow else None
        return CardVerdict("illegal", card, must=must, clause=err.clause, message=err.message,
                           params=dict(err.params))
    options = state.playable(seat)
    keeper = max(state.hands[seat], key=power)
    if len(options) == 1:
        return CardVerdict("right", card, keeper=keeper)
    found = estimate(state, seat)
    chances = found.after
    best = found.best
    assert best is not None
    gap = chances[best] - chances[card]
    # Weaker only when the best card is ahead by the margin, by more than the estimate's error,
    # and the printed figures show it.
    weaker = gap > CARD_MARGIN and clearly_better(state, seat, best, card)
    high, last = _trick_facts(state, seat)
    return CardVerdict("weaker" if weaker else "right", card, chances[card], best, chances[best], keeper,
                       masters=masters(state, seat), trick_high=high, plays_last=last)


def judge_knock(state: State, seat: int, knocked: bool, odds: float | None = None) -> KnockVerdict | None:
    """A knock, or a card played without one (None when there is nothing to say: no knock allowed)."""
    if not state.may_knock(seat):
        return None
    found = estimate(state, seat)
    p, error = (found.value, found.error) if odds is None else (odds, 0.0)
    stake = state.stake + 1
    if knocked:  # a risky knock: clearly under KNOCK_POOR, in the figure too
        weaker = p + error < KNOCK_POOR and _shown(p) < _shown(KNOCK_POOR)
    else:  # a knock missed: clearly over KNOCK_MISSED
        weaker = p - error >= KNOCK_MISSED and _shown(p) >= _shown(KNOCK_MISSED)
    top = masters(state, seat)
    return KnockVerdict("weaker" if weaker else "right", knocked, p, stake, state.points[seat],
                        top[0] if top else None, found.best)


def judge_answer(state: State, seat: int, stayed: bool) -> AnswerVerdict:
    """Stay or fold after a knock or a poverty, by expected penalty points.

    One is better only when it saves more than ANSWER_MARGIN points (and more than the stake
    times the chance's error); in danger (losing would reach the limit, folding would not),
    staying is better when the chance is clearly over even, folding when clearly under.
    """
    found = estimate(state, seat)
    p, error = found.value, found.error
    stake = state.stake
    stay_cost = (1 - p) * stake
    fold_cost = stake - 1
    points = state.points[seat]
    danger = points + stake >= state.limit > points + fold_cost
    if danger:
        stay_better = p - error > 0.5 and _shown(p) > 50
        fold_better = p + error < 0.5 and _shown(p) < 50
    else:
        margin = max(ANSWER_MARGIN, stake * error)
        stay_better = stay_cost < fold_cost - margin
        fold_better = stay_cost > fold_cost + margin
    weaker = fold_better if stayed else stay_better
    return AnswerVerdict("weaker" if weaker else "right", stayed, p, stake, stay_cost, fold_cost, danger,
                         state.phase is Phase.POVERTY, found.best)


def judge_laundry(state: State, seat: int, threw: bool) -> LaundryVerdict:
    """Throwing in (dirty laundry) or keeping the hand as dealt."""
    hand = state.hands[seat]
    honest = all(c.rank not in (7, 8, 9, 10) for c in hand)
    strong = max((c for c in hand if c.rank in (9, 10)), key=power, default=None)
    found = estimate(state, seat)
    if honest:
        kind = "right" if threw else "weaker"
    elif threw:
        kind = "weaker" if strong is not None else "right"
    else:
        kind = "right"
    return LaundryVerdict(kind, threw, honest, found.value, strong, found.best)


def judge_challenge(state: State, seat: int, challenged: bool) -> ChallengeVerdict:
    """Challenging a thrown hand or passing, by the chance it holds a 7-10."""
    thrower = state.thrower
    assert thrower is not None
    bluff = bots.bluff_chance(state, seat, thrower, True)
    if challenged:
        kind = "right" if bluff >= CHALLENGE_EVEN else "weaker"
    else:
        kind = "weaker" if bluff >= PASS_MISSED else "right"
    return ChallengeVerdict(kind, challenged, bluff, thrower)
