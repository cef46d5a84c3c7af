"""Bots for Three Thirteen at three levels: a private reason for each choice, and a public remark.

- easy: legal but careless. It draws from a random source and throws a random card that
  lies outside its melds (any card, if all are melded); it does go out when it can, or
  its rounds would never end.
- normal: takes the top discard only if that lowers its best penalty, otherwise draws
  from the stock; discards the card whose removal leaves the fewest penalty points
  (`solver.discards`); goes out whenever it can.
- hard: `normal`, plus memory of the public play of the round: which cards each player
  took from the discard pile (and still holds), which tops they passed by, and which
  cards it has not seen (the deck less its hand, the pile and those known holdings). It
  draws by expected improvement: the top discard against the average over every card a
  stock draw may bring (`stock_pool`, as the coach counts them) of what it would leave.
  Among discards within a few points of the best it weighs what the next draw may bring
  (the same average over a sample of those cards, for the hand each discard leaves) and
  avoids cards the next player seems to want (a wild, their rank or a suit neighbour of
  cards they picked up; less so ranks they passed by). In its last turn,
  after someone went out, only the points left count.
- normal and hard, in a round that drags on (STALL_TURNS turns each and nobody out): they
  discard for their outs, the cards that would let them go out next turn, rather than
  for their points (a hard bot leaves out the cards it knows others hold). Playing for
  points alone, two bots can hold each other's last cards for ever.

Reason codes (the narrator translates them): `random_draw`, `random_discard`, `go_out`,
`take_discard`, `draw_stock`, `least_penalty`, `only_choice`, `expected_draw`,
`avoid_feeding`, `keep_chances`, `play_for_outs`. Details: `card`, `penalty`, `before`,
`after`, `expected` (a decimal string), `kept` (the card a cheaper-looking discard would
have been), `outs` (how many cards would let it go out). They are the bot's own reckoning on
its hidden hand and never reach the table: what a bot says there is `remark`, from public
information only.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field

from tutor.cards import Card, parse_code
from tutor.games.remark import Remark
from tutor.games.three_thirteen import solver
from tutor.games.three_thirteen.engine import (
    Action,
    Discard,
    Draw,
    GoOut,
    Phase,
    State,
    View,
)

LEVELS = ("easy", "normal", "hard")

#: hard: how many unseen cards it tries when weighing a stock draw, by hand size.
STOCK_SAMPLES = 24
#: hard: penalty points it will give up to avoid feeding the next player.
FEED_MARGIN = 3
#: hard: the weight (in penalty points) of one unit of "the next player wants this".
FEED_WEIGHT = 2.5
#: hard: discards it weighs by what the next draw may bring (within LOOK_MARGIN points of the best).
LOOKAHEAD = True
LOOK_CARDS = 4
LOOK_MARGIN = 8
LOOK_WEIGHT = 1.0
#: normal and hard: turns each in one round after which a bot plays for its outs. Bots'
#: rounds end within 25 turns each; past 40 they are stuck: in round 3 (fives wild, five
#: cards: only one meld of five goes out), K K 5 5 2 against K K 5 5 2 keeps 2 points and
#: waits for the other player's kings and fives for ever.
STALL_TURNS = 40


@dataclass(frozen=True)
class Choice:
    action: Action
    reason: str  # a reason code the narrator translates
    detail: dict[str, int | str] | None = None


# --------------------------------------------------------------------------- shared


def _best_discard(state: State, hand: Sequence[Card], taken: Card | None) -> tuple[Card, solver.Arrangement]:
    """The discard leaving the fewest penalty points, never the card just taken (TT.5)."""
    for card, arrangement in solver.discards(hand, state.wild, state.rules):
        physical = _physical(hand, card, taken)
        if physical is not None:
            return physical, arrangement
    raise AssertionError("a hand after drawing always has a card it may discard")


def _physical(hand: Sequence[Card], card: Card, taken: Card | None) -> Card | None:
    """The card in `hand` the solver meant (same rank and suit), other than `taken`."""
    if card in hand and card != taken:
        return card
    for c in hand:
        if c.rank == card.rank and c.suit == card.suit and c != taken:
            return c
    return None


def legal_ranked(
    hand: Sequence[Card], ranked: list[tuple[Card, solver.Arrangement]], taken: Card | None
) -> list[tuple[Card, int]]:
    """`solver.discards` as the physical cards that may be discarded now, with their penalties."""
    out = []
    for card, arrangement in ranked:
        physical = _physical(hand, card, taken)
        if physical is not None:
            out.append((physical, arrangement.penalty))
    return out


def _after_taking(state: State, hand: Sequence[Card], card: Card) -> int:
    """The best penalty after adding `card` and discarding something else."""
    cards = list(hand) + [card]
    return _best_discard(state, cards, card)[1].penalty


def _go_out(state: State, ranked: list[tuple[Card, solver.Arrangement]] | None = None) -> Choice | None:
    """Going out, with the highest card that leaves every other card melded, if the rules allow."""
    hand = state.hands[state.current]
    if ranked is None:
        ranked = solver.discards(hand, state.wild, state.rules)
    outs = [c for c in (_physical(hand, card, state.taken) for card, a in ranked if a.penalty == 0) if c is not None]
    outs = [c for c in outs if state.can(GoOut(c))]
    if not outs:
        return None
    best = max(outs, key=lambda c: (solver.card_points(c, state.rules), c))
    return Choice(GoOut(best), "go_out", {"card": best.code})


# --------------------------------------------------------------------------- easy


def choose_easy(state: State, rng: random.Random) -> Choice:
    legal = state.legal_actions()
    if state.phase is Phase.DRAW:
        return Choice(rng.choice(legal), "random_draw")
    out = _go_out(state)
    if out:
        return out
    hand = state.hands[state.current]
    loose = solver.solve(hand, state.wild, state.rules).deadwood
    pool = [c for c in (_physical(hand, d, state.taken) for d in loose) if c is not None]
    if not pool:
        pool = [a.card for a in legal if isinstance(a, Discard)]
    card = rng.choice(pool)
    return Choice(Discard(card), "random_discard", {"card": card.code})


# --------------------------------------------------------------------------- normal


def choose_normal(state: State, rng: random.Random) -> Choice:
    hand = state.hands[state.current]
    if state.phase is Phase.DRAW:
        top = state.top_discard
        if top is not None:
            before = solver.solve(hand, state.wild, state.rules).penalty
            after = _after_taking(state, hand, top)
            if after < before or not state.stock_drawable():
                return Choice(Draw("discard"), "take_discard", {"card": top.code, "before": before, "after": after})
        return Choice(Draw("stock"), "draw_stock")
    ranked = solver.discards(hand, state.wild, state.rules)
    out = _go_out(state, ranked)
    if out:
        return out
    options = legal_ranked(hand, ranked, state.taken)
    if _stalled(state):
        found = _for_outs(state, hand, options)
        if found:
            return found
    card, penalty = options[0]
    return Choice(Discard(card), "least_penalty", {"card": card.code, "penalty": penalty})


def _stalled(state: State) -> bool:
    return state.out is None and state.turn > STALL_TURNS * state.players


def _for_outs(state: State, hand: Sequence[Card], options: list[tuple[Card, int]],
              known: Counter[str] | None = None) -> Choice | None:
    """The discard that leaves the most outs: cards (not in `hand`, nor `known` to be held by
    others) that would let the bot go out next turn; fewer points on a tie. None if no
    discard leaves one."""
    pool = Counter(c.code for c in state.deck)
    pool.subtract(c.code for c in hand)
    if known:
        pool.subtract(known)
    draws = [(_code_card(code), n) for code, n in pool.items() if n > 0]
    best: tuple[tuple[int, int], Card, int, int] | None = None
    for card, penalty in options:
        rest = list(hand)
        rest.remove(card)
        outs = sum(n for c, n in draws if solver.can_go_out(rest + [c], state.wild, state.rules))
        if outs and (best is None or (outs, -penalty) > best[0]):
            best = ((outs, -penalty), card, penalty, outs)
    if best is None:
        return None
    _, card, penalty, outs = best
    return Choice(Discard(card), "play_for_outs", {"card": card.code, "penalty": penalty, "outs": outs})


# --------------------------------------------------------------------------- hard


@dataclass
class Memory:
    """What a player has seen this round: the pile, and what others took and passed by."""

    pile: list[str] = field(default_factory=list)
    held: dict[int, Counter[str]] = field(default_factory=dict)  # taken from the pile, not yet thrown
    picked: dict[int, list[str]] = field(default_factory=dict)
    passed: dict[int, list[str]] = field(default_factory=dict)
    shown: Counter[str] = field(default_factory=Counter)  # the melds of whoever went out (TT.8)
    recycled: Counter[str] | None = None  # the cards of the last refilled stock (TT.12)
    mine: Counter[str] = field(default_factory=Counter)  # cards `me` drew from that stock


def remember(state: State, me: int) -> Memory:
    """Replays the round's public events (never another player's stock draw or hand)."""
    memory = Memory()
    for q in range(state.players):
        memory.held[q] = Counter()
        memory.picked[q] = []
        memory.passed[q] = []
    for event in state.log:
        kind = event["event"]
        if kind == "deal":
            memory.pile = [event["up"]]
        elif kind == "draw":
            q = event["player"]
            if event["from"] == "discard":
                # A position set up mid-round (a lesson, a test) has no deal event: the pile it
                # began with is not in the log, but a card taken from it is public all the same.
                code = memory.pile.pop() if memory.pile else event.get("card")
                if code is None:
                    continue
                memory.picked[q].append(code)
                memory.held[q][code] += 1
            else:
                if memory.pile:
                    memory.passed[q].append(memory.pile[-1])
                if q == me and memory.recycled is not None:
                    memory.mine[event["card"]] += 1
        elif kind in ("discard", "go_out"):
            q = event["player"]
            code = event["card"]
            memory.pile.append(code)
            if memory.held[q][code] > 0:
                memory.held[q][code] -= 1
            if kind == "go_out" and q != me:
                memory.shown.update(c for meld in event["melds"] for c in meld)
                memory.held[q].clear()  # every card they hold is in those melds
        elif kind == "recycle":
            memory.recycled = Counter(memory.pile[:-1])
            memory.mine = Counter()
            memory.pile = [event["top"]]
    return memory


def unseen(state: State, me: int, memory: Memory) -> Counter[str]:
    """Cards (by code) `me` has not seen: the deck less its hand, the pile and known holdings
    (cards others took from the pile, the melds of whoever went out)."""
    left = Counter(c.code for c in state.deck)
    left.subtract(c.code for c in state.hands[me])
    # The pile as the round's events left it, and as it lies in view (the same in play; a
    # position laid out by hand may have only one of them).
    left.subtract(Counter(memory.pile) | Counter(c.code for c in state.discard))
    for q, held in memory.held.items():
        if q != me:
            left.subtract(held)
    left.subtract(memory.shown)
    return +left


def stock_pool(state: State, me: int, memory: Memory | None = None) -> Counter[str]:
    """The cards (by code, counted by copies) a draw from the stock may bring, as `me` knows:
    any card it has not seen; after a refill (TT.12), the refilled cards it has not drawn
    itself; from an empty stock, the pile less its top card, which is about to be shuffled."""
    if not state.stock:
        return Counter(c.code for c in state.discard[:-1])
    if memory is None:
        memory = remember(state, me)
    if memory.recycled is not None:
        return +(memory.recycled - memory.mine)
    return unseen(state, me, memory)


def _code_card(code: str) -> Card:
    parsed = parse_code(code)
    assert parsed is not None
    return Card(parsed[0], parsed[1], 99)  # a copy no real deck holds: never equal to a card in hand


def _estimate(state: State, hand: Sequence[Card], card: Card, taken: bool = False) -> int:
    """The penalty after adding `card` and throwing the highest unmatched card: one solve.

    An upper bound on the best discard's penalty, and usually equal to it; exact enough to
    compare draws at a fraction of the cost of trying every discard. When nothing is left
    unmatched but `card` (if it was taken from the pile, it may not go back: TT.5), or
    nothing at all, every discard breaks a meld, and all of them are tried.
    """
    cards = list(hand) + [card]
    best = solver.solve(cards, state.wild, state.rules)
    loose = [c for c in best.deadwood if not (taken and c == card)]
    if loose:
        return best.penalty - max(solver.card_points(c, state.rules) for c in loose)
    return _best_discard(state, cards, card if taken else None)[1].penalty


def _could_meld(state: State, hand: Sequence[Card], card: Card) -> bool:
    """Whether `card` could sit in a meld with cards of `hand` (else it is deadwood for sure).

    With at most one wild in hand, a meld holding `card` holds another natural card of its
    rank, or of its suit within two ranks of it; with two wilds anything can meld.
    """
    wild = state.wild
    if card.rank == wild or sum(1 for c in hand if c.rank == wild) >= 2:
        return True
    high = state.rules.aces == "both"
    for c in hand:
        if c.rank == wild:
            continue
        if c.rank == card.rank:
            return True
        if c.suit == card.suit:
            gap = abs(c.rank - card.rank)
            if gap <= 2 or (high and 1 in (c.rank, card.rank) and 14 - max(c.rank, card.rank) <= 2):
                return True
    return False


def _sample_codes(pool: Counter[str], rng: random.Random) -> list[str]:
    """The unseen codes to try: all of them, or a sample weighted by copies unseen."""
    codes = sorted(pool)
    if len(codes) > STOCK_SAMPLES:
        codes = sorted(set(rng.sample(codes, STOCK_SAMPLES, counts=[pool[c] for c in codes])))
    return codes


def _expected_stock(state: State, hand: Sequence[Card], pool: Counter[str], codes: list[str]) -> float:
    """The average estimated penalty after drawing one of `codes`, weighted by copies unseen.

    A card that cannot meld with the hand needs no solve: it joins the deadwood, and the
    highest unmatched card goes.
    """
    base = solver.solve(hand, state.wild, state.rules)
    if not codes:
        return float(base.penalty)
    high_dead = max((solver.card_points(c, state.rules) for c in base.deadwood), default=0)
    total = weight = 0.0
    for code in codes:
        w = pool[code]
        card = _code_card(code)
        if _could_meld(state, hand, card):
            value = _estimate(state, hand, card)
        else:
            points = solver.card_points(card, state.rules)
            value = base.penalty + points - max(high_dead, points)
        total += w * value
        weight += w
    return total / weight


def _wanted(state: State, card: Card, player: int, memory: Memory) -> float:
    """How much `player` seems to want `card`, from the cards they took and passed by."""
    if card.rank == state.wild:
        return 3.0
    score = 0.0
    for code in memory.picked[player]:
        other = _code_card(code)
        if other.rank == state.wild:
            continue
        if other.rank == card.rank:
            score += 1.0
        elif other.suit == card.suit and abs(other.rank - card.rank) <= 2:
            score += 0.7
    for code in memory.passed[player]:
        other = _code_card(code)
        if other.rank == card.rank:
            score -= 0.4
    return max(score, 0.0)


def _next_turn_taker(state: State, me: int) -> int | None:
    """The player who may take `me`'s discard, if they still have a turn this round."""
    nxt = (me + 1) % state.players
    if state.out is not None:
        if nxt == state.out or state.last_turns <= 1:
            return None
    return nxt


def choose_hard(state: State, rng: random.Random, lookahead: bool | None = None) -> Choice:
    """`lookahead=False` skips weighing discards by the next draw (cheaper, a little weaker)."""
    if lookahead is None:
        lookahead = LOOKAHEAD
    me = state.current
    hand = state.hands[me]
    memory = remember(state, me)
    if state.phase is Phase.DRAW:
        top = state.top_discard
        if top is None or not state.stock_drawable():
            action = Draw("discard") if top is not None else Draw("stock")
            return Choice(action, "only_choice")
        with_top = _estimate(state, hand, top, taken=True)
        pool = stock_pool(state, me, memory)
        expected = _expected_stock(state, hand, pool, sorted(pool))  # every card the stock may bring
        detail: dict[str, int | str] = {"card": top.code, "after": with_top, "expected": f"{expected:.1f}"}
        if with_top < expected:
            return Choice(Draw("discard"), "take_discard", detail)
        return Choice(Draw("stock"), "expected_draw", detail)
    ranked = solver.discards(hand, state.wild, state.rules)
    out = _go_out(state, ranked)
    if out:
        return out
    options = legal_ranked(hand, ranked, state.taken)
    if _stalled(state):
        held: Counter[str] = Counter()
        for q, codes_held in memory.held.items():
            if q != me:
                held.update(codes_held)
        found = _for_outs(state, hand, options, held)
        if found:
            return found
    best_card, best_penalty = options[0]
    taker = _next_turn_taker(state, me)
    if len(options) == 1:
        return Choice(Discard(best_card), "least_penalty", {"card": best_card.code, "penalty": best_penalty})
    pool = stock_pool(state, me, memory)
    codes = _sample_codes(pool, rng) if state.out is None and lookahead else []
    margin = LOOK_MARGIN if codes else FEED_MARGIN
    close = [(c, p) for c, p in options if p <= best_penalty + margin][:LOOK_CARDS]
    scored = []
    for card, penalty in close:
        score = float(penalty)
        if codes:
            rest = list(hand)
            rest.remove(card)
            score = LOOK_WEIGHT * _expected_stock(state, rest, pool, codes) + (1 - LOOK_WEIGHT) * penalty
        if taker is not None:
            score += FEED_WEIGHT * _wanted(state, card, taker, memory)
        scored.append((score, penalty, card))
    _, penalty, card = min(scored, key=lambda t: (t[0], t[1], t[2]))
    if card == best_card:
        return Choice(Discard(card), "least_penalty", {"card": card.code, "penalty": penalty})
    if taker is not None and _wanted(state, best_card, taker, memory) > _wanted(state, card, taker, memory):
        return Choice(Discard(card), "avoid_feeding", {"card": card.code, "penalty": penalty, "kept": best_card.code})
    return Choice(Discard(card), "keep_chances", {"card": card.code, "penalty": penalty, "kept": best_card.code})


CHOOSERS = {"easy": choose_easy, "normal": choose_normal, "hard": choose_hard}


def choose(level: str, state: State, rng: random.Random) -> Choice:
    return CHOOSERS[level](state, rng)




# --------------------------------------------------------------------------- what a bot says

#: Every code a Remark may carry; its one detail, `card`, is a card the whole table saw.
REMARKS = ("random_draw", "random_discard", "only_choice", "took_discard", "took_wild", "drew_stock",
           "discarded", "go_out")
REMARK_DETAILS = frozenset({"card"})


def remark(level: str, action: Action, seat: int, view: View) -> Remark:
    """What the bot at `seat` says about `action`, from `view` (another seat's, just before it)
    and its level alone: where it drew from and what it threw, never what its hand holds. Going
    out shows the melds (TT.8), so then it may say that all its other cards were in melds."""
    if isinstance(action, GoOut):
        return Remark("go_out", {"card": action.card.code})
    if isinstance(action, Discard):
        return Remark("random_discard" if level == "easy" else "discarded", {"card": action.card.code})
    if level == "easy":
        return Remark("random_draw")
    top = view.discard[-1] if view.discard else None
    if top is None:
        return Remark("only_choice")
    if action.source == "stock":
        return Remark("drew_stock", {"card": top.code})
    return Remark("took_wild" if top.rank == view.wild else "took_discard", {"card": top.code})
