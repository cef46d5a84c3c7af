"""Bots for Toepen at three levels: a private reason for each choice, and a public remark.

`choose(level, state, rng)` decides for the player to act; `knock_choice(level, state, rng,
seat)` is asked of a bot at a moment a card is about to be played when it is not its turn,
and answers a Knock or None (TOE.7). `play_step` runs one such moment at a table of bots.

- easy: legal but careless. Random cards; throws in, challenges and knocks now and then at
  random; answers a knock by a coin toss.
- normal: judges its hand by a heuristic value of the card it keeps for the last trick
  (`hand_value`: the rank of its best card, whether it leads, how many are still in). It
  keeps that card to the end, leads a 9 or 10 it can spare (to keep the lead), wins a trick
  cheaply when it can, otherwise plays or dumps its lowest card; knocks on a strong value, stays or folds by the value against the stake and
  its distance to the limit; throws in only an honest hand (A K Q J only); challenges only
  when the odds of a bluff are good against a thrower's assumed habits.
- hard: estimates its chance of winning the hand (`last_trick_chance`) by dealing the cards
  it cannot see at random, consistent with what it saw (a player who did not follow a suit
  has none of it), weighting each deal by how well it fits the knocks and stays of the
  hand, and playing every deal out; it plays the card with the best chance, and knocks,
  stays or folds by that chance against the stake, the points each way and the limit. It
  bluffs: a knock on a weak hand (BLUFF_KNOCK of the chances it gets), a weak hand thrown in
  as dirty laundry (BLUFF_THROW). It challenges when the chance that the thrown hand holds a
  7-10 (from the cards it cannot see and how often that player has thrown in this rubber)
  makes a challenge pay. Each decision stays within a time budget (BUDGET seconds).

Reason codes are listed in REASONS; details (`detail`) are `card` (a code), `chance` (a
percentage, 0-100), `stake`, `points`, `value` (normal's hand value as a percentage). They are
the bot's own reckoning, for tests and tuning: they tell its hand's strength and its bluffs,
so they never reach the table. What a bot says there is `remark`, from public information only.
"""

from __future__ import annotations

import random
import time
from collections.abc import Sequence
from dataclasses import dataclass
from math import comb

from tutor.cards import SUITS, Card
from tutor.games.base import Event
from tutor.games.remark import Remark
from tutor.games.toepen.engine import (
    DECK,
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
    power,
)

LEVELS = ("easy", "normal", "hard")

#: Every reason code a Choice may carry.
REASONS: tuple[str, ...] = (
    # easy
    "random_card",  # card
    "random_knock",
    "random_stay",
    "random_fold",
    "random_throw",
    "random_keep",
    "random_challenge",
    "random_pass",
    # normal and hard: card play
    "only_card",  # card: the last card, or the only one that follows suit
    "keep_winner",  # card: plays another card to keep its best for the last trick
    "win_cheap",  # card: wins the trick with a card it can spare, to lead the next
    "follow_low",  # card: follows suit with its lowest card
    "dump_low",  # card: cannot follow, throws away its lowest card
    "lead_low",  # card: leads its lowest card
    "lead_high",  # card: leads a strong card to keep the lead
    "best_chance",  # card, chance: hard, the card with the best chance of winning the hand
    # knocking and answering
    "knock_strong",  # chance or value, stake: knocks on a strong hand
    "bluff_knock",  # chance, stake: knocks on a weak hand
    "stay_strong",  # chance or value, stake: stays in after a knock
    "fold_weak",  # chance or value, stake, points: folds, taking the stake before the knock
    "fold_danger",  # chance or value, stake, points: folds, since losing would reach the limit
    "stay_poverty",  # chance or value: plays the poor player's hand for 2
    "fold_poverty",  # chance or value: leaves the poor player's hand for 1 point
    # dirty laundry
    "honest_throw",  # throws in a hand of only A K Q J
    "bluff_throw",  # chance: throws in a weak hand that holds a 7-10
    "keep_hand",
    "challenge_odds",  # chance: the chance that the thrown hand holds a 7-10
    "pass_odds",  # chance
)

#: hard: rollouts per decision, and the wall-time budget of one decision (seconds).
SAMPLES = 160
KNOCK_SAMPLES = 80  # when asked whether to knock out of turn
BUDGET = 0.12
#: hard: how much a knock must be worth (expected, in penalty points) before it knocks on its chance.
KNOCK_MARGIN = 0.15
#: hard: how often it knocks on a weak hand when it may, and throws in a weak hand.
BLUFF_KNOCK = 0.10
BLUFF_THROW = 0.35
#: How much another player's penalty point is worth to a bot, against one of its own (spread over them).
RIVALRY = 0.5
#: The cost of reaching the limit (losing the rubber), in penalty points, on top of the points,
#: and how much dearer a point grows near the limit (a point at p costs 1 + 2 * DANGER * p / limit).
CLIFF = 12.0
DANGER = 0.6

_SUIT_INDEX = {s: i for i, s in enumerate(SUITS)}
#: A card as a small int: suit * 8 + power, so cards of one suit compare by power.
_INT: dict[Card, int] = {c: _SUIT_INDEX[c.suit] * 8 + power(c) for c in DECK}
_CARD: dict[int, Card] = {v: c for c, v in _INT.items()}
_ALL_INTS = sorted(_INT.values())


@dataclass(frozen=True)
class Choice:
    action: Action
    reason: str  # a reason code the narrator translates
    detail: dict[str, int | str] | None = None


def _pct(x: float) -> int:
    return int(round(100 * x))


# --------------------------------------------------------------------------- the table


def choose(level: str, state: State, rng: random.Random) -> Choice:
    """The decision of the bot at `level` for the player to act."""
    return CHOOSERS[level](state, rng)


def knock_choice(level: str, state: State, rng: random.Random, seat: int) -> Choice | None:
    """Asked at a moment a card is about to be played, of a bot whose turn it is not: a Knock, or None."""
    if not state.may_knock(seat):
        return None
    return KNOCKERS[level](state, rng, seat)


def play_step(state: State, levels: Sequence[str], rng: random.Random) -> tuple[int, Choice, list[Event]]:
    """One decision at a table of bots (`levels[seat]`): returns who acted, their choice and the events.

    While a card is about to be played, the bots that may knock are asked first, in turn from
    the player to act's left (TOE.7: any of them may knock); then the player to act decides.
    """
    p = state.current
    if state.phase is Phase.PLAY:
        for seat in state.seats_from(p):
            if seat != p and state.may_knock(seat):
                choice = knock_choice(levels[seat], state, rng, seat)
                if choice is not None:
                    return seat, choice, state.apply(choice.action)
    choice = choose(levels[p], state, rng)
    return p, choice, state.apply(choice.action)


# --------------------------------------------------------------------------- easy


def choose_easy(state: State, rng: random.Random) -> Choice:
    p = state.current
    phase = state.phase
    if phase is Phase.LAUNDRY:
        if rng.random() < 0.15:
            return Choice(Throw(p), "random_throw")
        return Choice(Keep(p), "random_keep")
    if phase is Phase.CHALLENGE:
        if rng.random() < 0.15:
            return Choice(Challenge(p), "random_challenge")
        return Choice(Pass(p), "random_pass")
    if phase is Phase.ANSWER or phase is Phase.POVERTY:
        if rng.random() < 0.4:
            return Choice(Fold(p), "random_fold")
        return Choice(Stay(p), "random_stay")
    if state.may_knock(p) and rng.random() < 0.04:
        return Choice(Knock(p), "random_knock")
    card = rng.choice(state.playable(p))
    return Choice(Play(card, p), "random_card", {"card": card.code})


def knock_easy(state: State, rng: random.Random, seat: int) -> Choice | None:
    if rng.random() < 0.01:
        return Choice(Knock(seat), "random_knock")
    return None


# --------------------------------------------------------------------------- shared judgement


def _keeper(hand: Sequence[Card]) -> Card:
    """The card kept for the last trick: the strongest."""
    return max(hand, key=power)


def _lowest(cards: Sequence[Card]) -> Card:
    return min(cards, key=power)


def _winning(state: State) -> tuple[int, Card] | None:
    """The (seat, card) winning the current trick so far (the fourth: among the players still in)."""
    led = state.led_suit
    best = None
    last = state.tricks_done == 3
    for seat, card in state.trick:
        if card.suit == led and (not last or state.in_hand[seat]):
            if best is None or power(card) > power(best[1]):
                best = (seat, card)
    if best is None and last:
        best = next(((s, c) for s, c in state.trick if state.in_hand[s]), None)
    return best


def _to_play_after(state: State, seat: int) -> int:
    """How many players still in will play to the current trick after `seat`."""
    played = {s for s, _ in state.trick}
    return sum(1 for s in range(state.players) if state.in_hand[s] and s not in played and s != seat)


def _utility(points: int, limit: int) -> float:
    """The cost of standing at `points`: each point costs more near the limit, and reaching it most."""
    if points >= limit:
        return points + CLIFF + DANGER * limit
    return points + DANGER * points * points / limit


def _stay_value(state: State, seat: int, chance: float) -> tuple[float, float]:
    """(staying, folding) in expected cost terms after a knock (or a poverty); higher is better."""
    stake = state.stake
    pts = state.points[seat]
    limit = state.limit
    others = max(1, sum(state.active) - 1)
    rivals = sum(1 for s in range(state.players) if state.in_hand[s] and s != seat)
    base = _utility(pts, limit)
    fold = -(_utility(pts + stake - 1, limit) - base)
    lose = -(_utility(pts + stake, limit) - base) + RIVALRY * stake * (rivals - 1) / others
    win = RIVALRY * stake * rivals / others
    return chance * win + (1 - chance) * lose, fold


def _knock_gain(state: State, seat: int, chance: float, fold_equity: float) -> float:
    """What knocking now is worth (expected, in cost terms) against not knocking."""
    stake = state.stake
    pts = state.points[seat]
    limit = state.limit
    others = max(1, sum(state.active) - 1)
    rivals = sum(1 for s in range(state.players) if state.in_hand[s] and s != seat)
    extra_loss = _utility(pts + stake + 1, limit) - _utility(pts + stake, limit)
    gain = chance * RIVALRY * rivals / others
    gain -= (1 - chance) * (extra_loss - RIVALRY * (rivals - 1) / others)
    gain += fold_equity * RIVALRY * stake * rivals / others  # some fold and pay the stake now
    return gain


#: The bluff rates (share of hands with a 7-10 that a player throws in) a bot weighs, and its prior belief.
_RATES = [i / 40 for i in range(41)]
_PRIOR = [(1 - r) ** 8 for r in _RATES]  # about Beta(1, 9): most players bluff rarely
_ALL_FACES = comb(16, 4) / comb(32, 4)  # a dealt hand is A K Q J only this often (5%)


def bluff_chance(state: State, seat: int, thrower: int, habits: bool) -> float:
    """The chance that the hand `thrower` just threw in holds a 7, 8, 9 or 10, as `seat` sees it.

    A hand dealt from the cards `seat` cannot see is all A K Q J with chance h = C(F,4)/C(U,4)
    (F of the U unseen cards are faces). An honest hand is always thrown; a hand with a 7-10
    is thrown at the thrower's bluff rate b, so the chance is (1-h)b / ((1-h)b + h). Without
    `habits` b is 10%; with them, b is weighed over its possible values by how often the
    thrower threw in before in this rubber and what their shown hands held.
    """
    seen = set(state.hands[seat]) | set(state.thrown[seat])
    for s in range(state.players):
        if state.shown[s]:
            seen |= set(state.thrown[s])
    unseen = [c for c in DECK if c not in seen]
    faces = sum(1 for c in unseen if c.rank not in (7, 8, 9, 10))
    honest = comb(faces, 4) / comb(len(unseen), 4) if len(unseen) >= 4 else 0.0
    if honest >= 1:
        return 0.0
    if not habits:
        rate = 0.10
        return (1 - honest) * rate / ((1 - honest) * rate + honest)
    dealt = max(0, state.dealt[thrower] - 1)  # before this hand
    threw = max(0, state.exchanges[thrower] - 1)
    bluffs, honests = state.bluffs_shown[thrower], state.honest_shown[thrower]
    h0 = _ALL_FACES
    weights = []
    for rate, prior in zip(_RATES, _PRIOR):
        t = h0 + (1 - h0) * rate  # the chance of a throw in a hand
        q = (1 - h0) * rate / t  # the share of throws that are bluffs
        w = prior * t**threw * (1 - t) ** (dealt - threw) * q**bluffs * (1 - q) ** honests
        weights.append(w)
    total = sum(weights)
    if total <= 0:
        return 0.5
    return sum(w * (1 - honest) * r / ((1 - honest) * r + honest) for w, r in zip(weights, _RATES)) / total


def _challenge_value(state: State, seat: int, thrower: int, bluff: float) -> float:
    """What challenging is worth against passing, in cost terms."""
    pts = state.points[seat]
    limit = state.limit
    others = max(1, sum(state.active) - 1)
    loss = _utility(pts + 1, limit) - _utility(pts, limit)
    gain = RIVALRY / others
    if state.points[thrower] + 1 >= limit:
        gain += CLIFF / 2  # the thrower would lose the rubber, not us
    return bluff * gain - (1 - bluff) * loss


def _challenge_choice(state: State, p: int, habits: bool) -> Choice:
    thrower = state.thrower
    assert thrower is not None
    bluff = bluff_chance(state, p, thrower, habits)
    if _challenge_value(state, p, thrower, bluff) > 0:
        return Choice(Challenge(p), "challenge_odds", {"chance": _pct(bluff)})
    return Choice(Pass(p), "pass_odds", {"chance": _pct(bluff)})


def _honest(hand: Sequence[Card]) -> bool:
    return all(c.rank not in (7, 8, 9, 10) for c in hand)


def _answer_choice(state: State, p: int, chance: float, key: str) -> Choice:
    """Stay or fold after a knock (or a poverty), by the expected costs."""
    stay, fold = _stay_value(state, p, chance)
    detail: dict[str, int | str] = {key: _pct(chance), "stake": state.stake, "points": state.points[p]}
    poverty = state.phase is Phase.POVERTY
    if stay >= fold:
        return Choice(Stay(p), "stay_poverty" if poverty else "stay_strong", detail)
    if poverty:
        return Choice(Fold(p), "fold_poverty", detail)
    danger = state.points[p] + state.stake >= state.limit
    return Choice(Fold(p), "fold_danger" if danger else "fold_weak", detail)


# --------------------------------------------------------------------------- normal

#: normal: the value of a hand by the strength (power) of the card kept for the last trick,
#: against one other player; J Q K A 7 8 9 10.
_VALUE = (0.04, 0.08, 0.14, 0.22, 0.32, 0.45, 0.6, 0.78)
_LEAD_VALUE = (0.12, 0.2, 0.3, 0.42, 0.55, 0.7, 0.85, 1.0)
NORMAL_KNOCK = 0.62
NORMAL_STAKE = 3  # normal knocks on a strong hand up to this stake, beyond only on a sure one


def hand_value(state: State, seat: int) -> float:
    """normal's heuristic chance of winning the hand: its best card, whether it leads, how many are in."""
    hand = state.hands[seat]
    rivals = sum(1 for s in range(state.players) if state.in_hand[s] and s != seat)
    if rivals == 0:
        return 1.0
    last = state.tricks_done == 3
    if last and state.trick:
        win = _winning(state)
        mine = next((c for s, c in state.trick if s == seat), None)
        if mine is not None:  # already played its last card
            if win is None or win[0] != seat:
                return 0.0
            behind = _to_play_after(state, seat)
            return _LEAD_VALUE[power(mine)] ** behind if behind else 1.0
        card = _keeper(hand)
        if win is not None and (card.suit != state.led_suit or power(card) < power(win[1])):
            return 0.0
        behind = _to_play_after(state, seat)
        return _LEAD_VALUE[power(card)] ** behind if behind else 1.0
    if not hand:
        return 0.0
    best = power(_keeper(hand))
    leads = (state.phase is Phase.PLAY and not state.trick and state.current == seat) or (
        state.phase is not Phase.PLAY and state.leader == seat
    )
    if last:  # one card left, nothing played to the last trick yet
        value = _LEAD_VALUE[best] if leads else _VALUE[best] * 0.4  # it wins only if its suit is led
        return value ** (0.6 + 0.4 * rivals)
    value = _VALUE[best]
    strong = sorted((power(c) for c in hand), reverse=True)
    if len(strong) > 1 and strong[1] >= 5:
        value = min(1.0, value + 0.08)  # a second strong card may win the lead for the last trick
    return value ** (0.6 + 0.4 * rivals)


def _normal_knock(state: State, seat: int) -> Choice | None:
    if not state.may_knock(seat):
        return None
    value = hand_value(state, seat)
    stake = state.stake + 1
    if state.points[seat] + stake >= state.limit:
        return None
    if (value >= NORMAL_KNOCK and stake <= NORMAL_STAKE) or value >= 0.9:
        return Choice(Knock(seat), "knock_strong", {"value": _pct(value), "stake": state.stake + 1})
    return None


def _normal_card(state: State, p: int) -> Choice:
    hand = state.hands[p]
    options = state.playable(p)
    if len(options) == 1:
        card = options[0]
        return Choice(Play(card, p), "only_card", {"card": card.code})
    keeper = _keeper(hand)
    spare = [c for c in options if c != keeper] or options
    if not state.trick:
        high = _keeper(spare)
        if power(high) >= 6:  # a 9 or 10 it can spare likely wins the trick and keeps the lead
            return Choice(Play(high, p), "lead_high", {"card": high.code})
        card = _lowest(spare)
        return Choice(Play(card, p), "lead_low", {"card": card.code})
    led = state.led_suit
    if options[0].suit == led:
        win = _winning(state)
        beat = [c for c in spare if win is None or power(c) > power(win[1])]
        if beat and _to_play_after(state, p) == 0:
            card = _lowest(beat)
            return Choice(Play(card, p), "win_cheap", {"card": card.code})
        card = _lowest(spare)
        return Choice(Play(card, p), "follow_low" if keeper in options else "keep_winner", {"card": card.code})
    card = _lowest(spare)
    return Choice(Play(card, p), "dump_low", {"card": card.code})


def choose_normal(state: State, rng: random.Random) -> Choice:
    p = state.current
    phase = state.phase
    if phase is Phase.LAUNDRY:
        if _honest(state.hands[p]):
            return Choice(Throw(p), "honest_throw")
        return Choice(Keep(p), "keep_hand")
    if phase is Phase.CHALLENGE:
        return _challenge_choice(state, p, habits=False)
    if phase is Phase.ANSWER or phase is Phase.POVERTY:
        return _answer_choice(state, p, hand_value(state, p), "value")
    knock = _normal_knock(state, p)
    if knock is not None:
        return knock
    return _normal_card(state, p)


def knock_normal(state: State, rng: random.Random, seat: int) -> Choice | None:
    return _normal_knock(state, seat)


# --------------------------------------------------------------------------- hard: sampling


@dataclass
class _Setup:
    """What a seat knows for sampling the cards it cannot see."""

    seat: int
    pool: list[int]  # the cards it cannot see
    opponents: list[int]  # still in, constrained ones first
    sizes: dict[int, int]
    voids: dict[int, set[int]]  # suits a player has shown they do not hold
    knocked: set[int]
    stayed: set[int]


def _setup(state: State, seat: int) -> _Setup:
    seen: set[Card] = set(state.hands[seat]) | set(state.thrown[seat])
    voids: dict[int, set[int]] = {s: set() for s in range(state.players)}
    for trick in [*state.tricks, state.trick]:
        if not trick:
            continue
        led = trick[0][1].suit
        for s, c in trick:
            seen.add(c)
            if c.suit != led:
                voids[s].add(_SUIT_INDEX[led])
    for s in range(state.players):
        if state.shown[s]:
            seen |= set(state.thrown[s])
    pool = [_INT[c] for c in DECK if c not in seen]
    opponents = [s for s in range(state.players) if s != seat and state.in_hand[s]]
    opponents.sort(key=lambda s: -len(voids[s]))
    knocked: set[int] = set()
    stayed: set[int] = set()
    for e in state.log:
        kind = e["event"]
        if kind == "knock":
            knocked.add(e["player"])
        elif kind == "stay":
            stayed.add(e["player"])
    return _Setup(seat, pool, opponents, {s: len(state.hands[s]) for s in opponents}, voids, knocked, stayed)


def _sample(setup: _Setup, rng: random.Random) -> dict[int, list[int]] | None:
    """One deal of the unseen cards to the opponents still in, consistent with their voids."""
    cards = setup.pool[:]
    rng.shuffle(cards)
    hands: dict[int, list[int]] = {}
    for s in setup.opponents:
        need = setup.sizes[s]
        void = setup.voids[s]
        if not void:
            hands[s] = cards[:need]
            del cards[:need]
        else:
            got: list[int] = []
            rest: list[int] = []
            for c in cards:
                if len(got) < need and (c >> 3) not in void:
                    got.append(c)
                else:
                    rest.append(c)
            if len(got) < need:
                return None
            hands[s] = got
            cards = rest
    return hands


#: hard: how likely a player with this best card (power 0-7) was to knock, or to stay after a knock.
_KNOCK_FIT = (0.08, 0.1, 0.14, 0.2, 0.3, 0.5, 0.8, 1.0)
_STAY_FIT = (0.3, 0.35, 0.4, 0.5, 0.6, 0.75, 0.9, 1.0)


def _weight(setup: _Setup, hands: dict[int, list[int]]) -> float:
    w = 1.0
    for s in setup.opponents:
        hand = hands[s]
        if not hand:
            continue
        best = max(c & 7 for c in hand)
        if s in setup.knocked:
            w *= _KNOCK_FIT[best]
        elif s in setup.stayed:
            w *= _STAY_FIT[best]
    return w


def _policy(hand: list[int], trick: list[tuple[int, int]]) -> int:
    """The rollout policy: keep the strongest card for the last trick, win cheaply, dump low."""
    if len(hand) == 1:
        return hand[0]
    keeper = max(hand, key=lambda c: c & 7)
    spare = [c for c in hand if c != keeper]
    if not trick:
        high = max(spare, key=lambda c: c & 7)
        if len(hand) == 2 or (high & 7) >= 6:
            return high
        return min(spare, key=lambda c: c & 7)
    led = trick[0][1] >> 3
    follow = [c for c in hand if c >> 3 == led]
    if follow:
        if len(follow) == 1:
            return follow[0]
        top = max(c for _, c in trick if c >> 3 == led)
        beat = [c for c in follow if c > top and c != keeper]
        if beat:
            return min(beat)
        low = [c for c in follow if c != keeper]
        return min(low) if low else keeper
    return min(spare, key=lambda c: c & 7)


def _finish(
    n: int, in_hand: list[bool], hands: dict[int, list[int]], trick: list[tuple[int, int]], leader: int, done: int
) -> int:
    """Plays the hand out with the rollout policy (no more knocks); the winner of the fourth trick."""
    while True:
        start = (trick[-1][0] + 1) % n if trick else leader
        played = {s for s, _ in trick}
        for i in range(n):
            s = (start + i) % n
            if in_hand[s] and s not in played:
                hand = hands[s]
                card = _policy(hand, trick)
                hand.remove(card)
                trick.append((s, card))
        led = trick[0][1] >> 3
        done += 1
        if done == 4:
            best = -1
            winner = -1
            for s, c in trick:
                if in_hand[s] and c >> 3 == led and c > best:
                    best, winner = c, s
            if winner < 0:
                winner = next(s for s, _ in trick if in_hand[s])
            return winner
        best = -1
        winner = -1
        for s, c in trick:
            if c >> 3 == led and c > best:
                best, winner = c, s
        if not in_hand[winner]:
            for i in range(1, n + 1):
                if in_hand[(winner + i) % n]:
                    winner = (winner + i) % n
                    break
        leader = winner
        trick = []


def _evaluate(
    state: State,
    seat: int,
    rng: random.Random,
    candidates: Sequence[Card] | None,
    samples: int,
    budget: float | None,
) -> list[float]:
    """The chance of `seat` winning the hand after playing each candidate (or, with None, as it stands)."""
    setup = _setup(state, seat)
    n = state.players
    in_hand = list(state.in_hand)
    base_trick = [(s, _INT[c]) for s, c in state.trick]
    mine = [_INT[c] for c in state.hands[seat]]
    done = state.tricks_done
    leader = state.leader
    if state.phase is not Phase.PLAY and not in_hand[leader]:
        leader = next(s for s in state.seats_from(leader) if in_hand[s])
    options = [None] if candidates is None else [_INT[c] for c in candidates]
    wins = [0.0] * len(options)
    total = 0.0
    deadline = None if budget is None else time.perf_counter() + budget
    tries = 0
    drawn = 0
    while drawn < samples and tries < samples * 4:
        tries += 1
        hands = _sample(setup, rng)
        if hands is None:
            continue
        drawn += 1
        w = _weight(setup, hands)
        total += w
        for k, card in enumerate(options):
            world = {s: h[:] for s, h in hands.items()}
            world[seat] = mine[:]
            trick = base_trick[:]
            if card is not None:
                world[seat].remove(card)
                trick.append((seat, card))
            if _finish(n, in_hand, world, trick, leader, done) == seat:
                wins[k] += w
        if deadline is not None and drawn % 8 == 0 and time.perf_counter() > deadline:
            break
    if total <= 0:
        return [0.0] * len(options)
    return [x / total for x in wins]


def last_trick_chance(
    state: State, seat: int, rng: random.Random, samples: int = SAMPLES, budget: float | None = None
) -> float:
    """The chance that `seat` wins the hand (takes the last trick), if nobody else folds.

    Deals the cards `seat` cannot see at random among the players still in (a player who did
    not follow a suit gets none of it), weights each deal by how well it fits who knocked
    and who stayed this hand, and plays each out with a simple policy for everyone. When
    `seat` is to play a card, the chance is that of its best card. 0 for a seat out of the hand.
    """
    if state.is_over or not state.in_hand[seat]:
        return 0.0
    if sum(state.in_hand) == 1:
        return 1.0
    if state.phase is Phase.PLAY and state.current == seat:
        options = state.playable(seat)
        return max(_evaluate(state, seat, rng, options, samples, budget))
    return _evaluate(state, seat, rng, None, samples, budget)[0]


# --------------------------------------------------------------------------- hard: decisions

_cache: dict[tuple, float] = {}


def _cached_chance(state: State, seat: int, rng: random.Random, samples: int) -> float:
    """The chance at this very moment of the hand, computed once (knock offers repeat it)."""
    key = (id(state), state.hand_number, state.tricks_done, tuple(state.trick), state.stake,
           tuple(state.in_hand), seat, tuple(state.hands[seat]), len(state.log))
    value = _cache.get(key)
    if value is None:
        if len(_cache) > 256:
            _cache.clear()
        value = last_trick_chance(state, seat, rng, samples, BUDGET)
        _cache[key] = value
    return value


def _fold_equity(state: State, seat: int) -> float:
    """The share of the others still in that a knock may make fold: more when the stake is low."""
    return 0.3 if state.stake <= 2 else 0.2


def _hard_knock(state: State, rng: random.Random, seat: int, chance: float) -> Choice | None:
    if not state.may_knock(seat):
        return None
    gain = _knock_gain(state, seat, chance, _fold_equity(state, seat))
    detail: dict[str, int | str] = {"chance": _pct(chance), "stake": state.stake + 1}
    if gain > KNOCK_MARGIN:
        return Choice(Knock(seat), "knock_strong", detail)
    safe = state.points[seat] + state.stake + 2 < state.limit
    if safe and state.stake <= 2 and state.tricks_done <= 2 and chance < 0.3 and rng.random() < BLUFF_KNOCK:
        return Choice(Knock(seat), "bluff_knock", detail)
    return None


def _hard_laundry(state: State, rng: random.Random, p: int) -> Choice:
    hand = state.hands[p]
    if _honest(hand):
        return Choice(Throw(p), "honest_throw")
    best = max(power(c) for c in hand)
    safe = state.points[p] + 2 < state.limit
    if best <= 4 and safe and rng.random() < BLUFF_THROW:
        chance = last_trick_chance(state, p, rng, KNOCK_SAMPLES, BUDGET)
        return Choice(Throw(p), "bluff_throw", {"chance": _pct(chance)})
    return Choice(Keep(p), "keep_hand")


def choose_hard(state: State, rng: random.Random) -> Choice:
    p = state.current
    phase = state.phase
    if phase is Phase.LAUNDRY:
        return _hard_laundry(state, rng, p)
    if phase is Phase.CHALLENGE:
        return _challenge_choice(state, p, habits=True)
    if phase is Phase.ANSWER or phase is Phase.POVERTY:
        chance = last_trick_chance(state, p, rng, SAMPLES, BUDGET)
        return _answer_choice(state, p, chance, "chance")
    options = state.playable(p)
    if len(options) == 1 and not state.may_knock(p):
        card = options[0]
        return Choice(Play(card, p), "only_card", {"card": card.code})
    chances = _evaluate(state, p, rng, options, SAMPLES, BUDGET)
    best = max(range(len(options)), key=lambda k: (chances[k], -power(options[k])))
    knock = _hard_knock(state, rng, p, chances[best])
    if knock is not None:
        return knock
    card = options[best]
    if len(options) == 1:
        return Choice(Play(card, p), "only_card", {"card": card.code})
    return Choice(Play(card, p), "best_chance", {"card": card.code, "chance": _pct(chances[best])})


def knock_hard(state: State, rng: random.Random, seat: int) -> Choice | None:
    chance = _cached_chance(state, seat, rng, KNOCK_SAMPLES)
    return _hard_knock(state, rng, seat, chance)


CHOOSERS = {"easy": choose_easy, "normal": choose_normal, "hard": choose_hard}
KNOCKERS = {"easy": knock_easy, "normal": knock_normal, "hard": knock_hard}


# --------------------------------------------------------------------------- what a bot says

#: Every code a Remark may carry, and the details it may hold: all of it seen by the whole table.
REMARKS: tuple[str, ...] = (
    # easy: its decisions do not depend on its cards, so saying so gives nothing away
    "random_card", "random_knock", "random_stay", "random_fold", "random_throw", "random_keep",
    "random_challenge", "random_pass",
    # normal and hard
    "last_card",  # card: its last card
    "led",  # card
    "followed",  # card
    "followed_high",  # card: the highest of the suit led so far
    "could_not_follow",  # card: off suit, which the rules allow only then (TOE.5)
    "knocked",  # stake
    "stayed",  # stake, cost: what folding would have cost
    "folded",  # stake, cost
    "folded_danger",  # stake, points: losing at this stake would reach the limit
    "threw", "kept", "challenged", "passed",
)
REMARK_DETAILS = frozenset({"card", "stake", "cost", "points"})

_EASY_REMARKS = {Knock: "random_knock", Stay: "random_stay", Fold: "random_fold", Throw: "random_throw",
                 Keep: "random_keep", Challenge: "random_challenge", Pass: "random_pass"}
_PLAIN_REMARKS = {Throw: "threw", Keep: "kept", Challenge: "challenged", Pass: "passed"}


def remark(level: str, action: Action, seat: int, view: View) -> Remark:
    """What the bot at `seat` says about `action`, from `view` (another seat's view of the table,
    just before the action) and its level alone: never its hand, its odds or whether it bluffs.

    A knock says only the new stake, a thrown hand nothing of what it held; a card says what the
    table saw (led, followed, the highest so far, could not follow, the last card); a stay or a
    fold, what the other choice would have cost by the stake and the scores.
    """
    if isinstance(action, Play):
        card = {"card": action.card.code}
        if level == "easy":
            return Remark("random_card", card)
        if view.hand_sizes[seat] == 1:
            return Remark("last_card", card)
        if not view.trick:
            return Remark("led", card)
        if action.card.suit != view.led_suit:
            return Remark("could_not_follow", card)
        top = max(power(c) for _, c in view.trick if c.suit == view.led_suit)
        return Remark("followed_high" if power(action.card) > top else "followed", card)
    if level == "easy":
        return Remark(_EASY_REMARKS[type(action)])
    if isinstance(action, Knock):
        return Remark("knocked", {"stake": view.stake + 1})
    if isinstance(action, (Stay, Fold)):
        stake, points = view.stake, view.points[seat]
        if isinstance(action, Fold) and points + stake >= view.limit:
            return Remark("folded_danger", {"stake": stake, "points": points})
        return Remark("stayed" if isinstance(action, Stay) else "folded", {"stake": stake, "cost": stake - 1})
    return Remark(_PLAIN_REMARKS[type(action)])
