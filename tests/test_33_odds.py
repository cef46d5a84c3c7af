"""The 33 coach's figures against values this file works out on its own, with the real engine.

`risk` is the chance the player to move is stuck (33.8) at their next turn or the one after,
everyone playing on as `normal_play` does. Here it is computed by brute force: every order of
the cards the player cannot see is dealt into the others' hands and the stock, each world is
played on through `State.apply` (which draws, and turns the pile over when the stock runs out,
33.9), and the worlds the player loses in are counted. No code of the coach's figures is used.
"""

from __future__ import annotations

import math
import random
import re
from collections import Counter
from fractions import Fraction

import pytest

from tutor.games.thirty_three import coach, odds
from tutor.games.thirty_three.bots import normal_play
from tutor.games.thirty_three.deck import LOWEST, Options
from tutor.games.thirty_three.engine import Chance, Phase, Play, State
from tutor.games.thirty_three.narrate import verdict_lines

# A deck small enough to deal every world of, and that can still end a game (33.8).
SMALL = {"+5": 3, "+8": 3, "+9": 3, "+10": 2, "-3": 2, "-6": 1, "0": 1, "+-10": 1}


def table(players, hands, total, pile, stock, *, me=0, deck=SMALL, public=False, shuffle=False):
    """A position with `me` to play; `stock` lists the top card LAST."""
    state = State(players, Options(deck=dict(deck), shuffle_recycle=shuffle), Chance(random.Random(7)))
    state.hands = [list(h) for h in hands]
    state.total = total
    state.pile = list(pile)
    state.stock = list(stock)
    state.stock_public = public  # as after a flip-over (33.9); nobody has drawn from it yet
    state.shown = [[] for _ in range(players)]
    state.current = me
    state.phase = Phase.PLAY
    used = Counter(c for h in hands for c in h) + Counter(pile) + Counter(stock)
    assert used == Counter(deck), "the position must hold the whole deck"
    return state


def compares_alike(line):
    """A line quoting two percentages that print the same ("about 0% ... against 0%")."""
    found = re.findall(r"(\d+)\s?%", line)
    return len(found) >= 2 and len(set(found)) == 1


def multiset_orders(cards):
    """Every distinct order of `cards` (equally likely when the cards are shuffled)."""
    counts = Counter(cards)
    out = []

    def walk(prefix, left):
        if left == 0:
            out.append(list(prefix))
            return
        for c in sorted(counts):
            if counts[c]:
                counts[c] -= 1
                prefix.append(c)
                walk(prefix, left - 1)
                prefix.pop()
                counts[c] += 1

    walk([], len(cards))
    return out


def brute_risk(state, play):
    """The exact figure for `play`: every world the player cannot tell apart, played on."""
    me, n = state.current, state.players
    hidden = [q for q in range(n) if q != me]
    slots = [(q, i) for q in hidden for i in range(len(state.hands[q]))]
    stock_slots = 0 if state.stock_public else len(state.stock)
    pool = [c for q in hidden for c in state.hands[q]] + ([] if state.stock_public else list(state.stock))
    lost = total = 0
    for order in multiset_orders(pool):
        world = State(n, state.options, Chance(random.Random(1)))
        world.hands = [list(h) for h in state.hands]
        for (q, i), card in zip(slots, order):
            world.hands[q][i] = card
        world.stock = list(state.stock) if state.stock_public else order[len(slots):len(slots) + stock_slots]
        world.pile = list(state.pile)
        world.total = state.total
        lost += stuck_soon(world, me, play)
        total += 1
    return Fraction(lost, total)


def stuck_soon(world, me, play):
    """`me` plays `play`, everyone plays on as `normal_play` through the engine: is `me` stuck
    (33.8) at their next turn or the one after?"""
    world.current = me
    world.phase = Phase.PLAY
    world.apply(play)
    turns = 0
    while not world.is_over:
        if world.current == me:
            turns += 1
            if turns == 2:
                break
        world.apply(normal_play(world.hands[world.current], world.total)[0])
    return world.loser == me


POSITIONS = [
    # Two players; the stock runs out within the two rounds and the pile is turned over (33.9).
    dict(players=2, hands=[["+9", "+5", "-3"], ["+8", "+10", "+5"]], total=14,
         pile=["+9", "+8", "0", "+-10", "-6", "+10", "-3", "+9"], stock=["+5", "+8"]),
    # Three players, the stock public after a flip-over: only the others' hands are unknown.
    dict(players=3, hands=[["+9", "+5", "-3"], ["+8", "+10", "+5"], ["+9", "0", "+8"]], total=19,
         pile=["+10", "-6", "+-10", "+9", "-3"], stock=["+5", "+8"], public=True),
    # Three players, a small unknown stock and the pile turned over within the two rounds.
    dict(players=3, hands=[["+9", "+8", "-3"], ["+5", "+10", "+5"], ["+9", "+8", "0"]], total=12,
         pile=["+10", "-6", "+-10", "+9", "-3", "+5"], stock=["+8"]),
]


@pytest.mark.parametrize("spec", POSITIONS, ids=["two-flip", "three-public", "three-small"])
def test_33_risk_is_exact_on_small_positions(spec):
    state = table(**spec)
    view = odds.seen(state)
    for play in state.legal_plays():
        want = float(brute_risk(state, play))
        assert odds.exact_risk(view, play) == pytest.approx(want, abs=1e-12), play
        found = next(a for a in coach.assess(state) if a.play == play)
        assert found.risk == pytest.approx(want, abs=1e-12) and found.error == 0.0


@pytest.mark.parametrize("spec", POSITIONS, ids=["two-flip", "three-public", "three-small"])
def test_33_sampled_risk_is_within_its_error(spec):
    """The sampler, forced on positions the brute force settles: within its stated 95% error
    (generously: three times it, as every play of every position is checked)."""
    state = table(**spec)
    view = odds.seen(state)
    plays = state.legal_plays()
    found = odds.risks(view, plays, quoted=plays, exact_leaves=0)
    for play in plays:
        estimate = found[play]
        assert not estimate.exact and estimate.error <= odds.TARGET
        assert abs(estimate.value - float(brute_risk(state, play))) <= 3 * estimate.error, play


def lesson_positions(name):
    """The positions a lesson file sets, as the lesson runner builds them."""
    from tutor.games.thirty_three import lesson
    from tutor.lessons.model import load_lesson
    from tutor.locate import data_dir

    steps = load_lesson(data_dir("lessons") / "thirty-three" / name).steps
    return [lesson.build(step.data)[0] for step in steps if step.kind == "position"]


def test_33_9_the_empty_stock_lesson_counts_the_pile_turned_over_exactly():
    state = lesson_positions("05-empty-stock.yaml")[0]
    assert not state.stock and not state.options.shuffle_recycle
    found = coach.assess(state)
    for a in found:
        # Every world is counted: the stock that comes is the pile turned over, known to all.
        assert a.error == 0.0, a
        assert a.risk == pytest.approx(float(brute_risk(state, a.play)), abs=1e-12), a
    # The next player holds three of the cards the learner cannot see, and is stuck at 33 when
    # all three are plus cards: C(plus, 3) / C(unseen, 3).
    me = state.current
    unseen = [c for q in range(state.players) if q != me for c in state.hands[q]]
    plus = sum(1 for c in unseen if LOWEST[c] > 0)
    for a in found:
        if a.total == 33:
            assert a.next_stuck == pytest.approx(math.comb(plus, 3) / math.comb(len(unseen), 3))
    for a in found:
        lines = verdict_lines(coach.judge(state, a.play, Play("+9", 9)))
        assert not any(compares_alike(line) for line in lines)


def test_33_9_with_the_shuffle_option_the_lesson_is_exact_or_sampled_to_its_target():
    state = lesson_positions("05-empty-stock.yaml")[1]
    assert not state.stock and state.options.shuffle_recycle
    plays = tuple(state.legal_plays())
    found = coach.assess(state, quoted=plays)
    assert all(a.error <= odds.TARGET for a in found) and any(a.error > 0 for a in found)
    flipped = {a.play: a.risk for a in coach.assess(lesson_positions("05-empty-stock.yaml")[0])}
    assert {a.play: a.risk for a in found} != flipped


def rotated(spec, shift):
    """The same table with every seat moved `shift` places (the learner too)."""
    n = spec["players"]
    hands = [None] * n
    for q, h in enumerate(spec["hands"]):
        hands[(q + shift) % n] = list(h)
    return dict(spec, hands=hands, me=shift % n)


def full_table(seed, players):
    """A position from a real game with the default deck: a seeded deal played on a little."""
    from tutor.games.thirty_three.bots import choose

    rng = random.Random(seed)
    state = State(players, Options(), Chance(rng))
    for _ in range(rng.randint(3, 12)):
        if state.is_over:
            break
        state.apply(choose("normal", state, rng).action)
    return state


def as_spec(state):
    return dict(players=state.players, hands=[list(h) for h in state.hands], total=state.total,
                pile=list(state.pile), stock=list(state.stock), deck=state.options.deck, me=state.current)


def with_choice(seed, players):
    """The first position from `seed` on with a choice of plays and a choice that matters."""
    while True:
        state = full_table(seed, players)
        if not state.is_over and len(state.legal_plays()) >= 2 and state.total >= 15:
            return state
        seed += 1


@pytest.mark.parametrize("seed", [3, 40])
def test_33_figures_and_verdicts_do_not_depend_on_seats_or_the_order_of_hand_and_pile(seed):
    state = with_choice(seed, 4)
    spec = as_spec(state)
    me = spec["me"]
    base = dict(spec, hands=[spec["hands"][(me + q) % 4] for q in range(4)], me=0)
    first = table(**base)
    plays = first.legal_plays()
    want = {a.play: (a.risk, a.error, a.next_stuck) for a in coach.assess(first, quoted=tuple(plays))}
    verdicts = {p: coach.judge(first, p).kind for p in plays}
    for shift in (1, 2, 3):
        other = table(**rotated(base, shift))
        got = {a.play: (a.risk, a.error, a.next_stuck) for a in coach.assess(other, quoted=tuple(plays))}
        assert got == want
        assert {p: coach.judge(other, p).kind for p in plays} == verdicts
    # The learner's hand in another order, and the pile shuffled (the stock is far from empty).
    shuffled = dict(base, hands=[list(reversed(base["hands"][0]))] + base["hands"][1:],
                    pile=sorted(base["pile"], reverse=True))
    other = table(**shuffled)
    got = {a.play: (a.risk, a.error, a.next_stuck) for a in coach.assess(other, quoted=tuple(plays))}
    assert got == want


def test_33_a_lesson_position_gets_the_numbers_of_the_same_table_in_play():
    from tutor.games.thirty_three import lesson

    state = with_choice(5, 3)
    me = state.current
    spec = {"players": 3, "seat": me, "current": me, "total": state.total, "pile": list(state.pile),
            "hands": [list(h) for h in state.hands], "stock": list(reversed(state.stock))}
    built, seat = lesson.build(spec)
    assert seat == me and built.hands == state.hands and built.stock == state.stock
    plays = tuple(state.legal_plays())
    in_play = {a.play: (a.risk, a.next_stuck) for a in coach.assess(state, quoted=plays)}
    in_lesson = {a.play: (a.risk, a.next_stuck) for a in coach.assess(built, quoted=plays)}
    assert in_play == in_lesson
    for play in plays:
        assert lesson.judge(built, play, None).kind == coach.judge(state, play).kind


def test_33_no_line_compares_figures_that_print_alike():
    mine = coach.Assessment(Play("+2", 2), 30, 0.003, 0.20, False)
    best = coach.Assessment(Play("+3", 3), 31, 0.004, 0.10, True)
    lines = verdict_lines(coach.Verdict("weaker", mine.play, mine=mine, best=best))
    assert not any(compares_alike(line) for line in lines)
    assert any("20%" in line and "10%" in line for line in lines)
    # Plays whose figures print alike are never one weaker than the other (the coach's margin is
    # wider than a rounding), in a lesson as in a game: no reply says "stronger" with nothing to show.
    same = coach.Assessment(Play("+-10", 10), 30, 0.003, 0.101, False)
    assert not coach.clearly_weaker(same, coach.Assessment(Play("+10", 10), 30, 0.004, 0.098, False))


def test_33_weaker_only_beyond_the_tolerance_and_the_error():
    best = coach.Assessment(Play("+3", 3), 31, 0.0, 0.10, True, error=0.01)
    near = coach.Assessment(Play("+2", 2), 30, 0.0, 0.139, True, error=0.01)
    far = coach.Assessment(Play("-3", -3), 25, 0.0, 0.20, False, error=0.01)
    assert not coach.clearly_weaker(near, best)
    assert coach.clearly_weaker(far, best)
    noisy = coach.Assessment(Play("-3", -3), 25, 0.0, 0.16, False, error=0.05)
    assert not coach.clearly_weaker(noisy, best)


def test_33_next_stuck_counts_the_known_cards_of_the_next_player():
    state = table(3, [["+9", "+5", "-3"], ["+8", "+10", "+5"], ["+9", "0", "+8"]], 19,
                  ["+10", "-6", "+-10", "+9", "-3"], ["+5", "+8"], public=True)
    state.shown[1] = ["+8"]
    view = odds.seen(state)
    # At 33 the next player holds a known +8 and two of the five other unseen cards; of those,
    # +10 +5 +9 +8 are plus cards and 0 is not: C(4,2)/C(5,2) = 6/10.
    assert sorted(view.pool) == sorted(["+10", "+5", "+9", "0", "+8"])
    assert odds.next_stuck(view, 33) == pytest.approx(0.6)
    assert odds.next_stuck(view, 20) == 0.0  # the +8 fits
    assert all(LOWEST[c] for c in view.shown[1])


def test_33_9_shuffled_refills_agree_with_the_engine_playing_them_out():
    """With `recycle=shuffle` the engine's own shuffles decide the refilled stock: a seeded
    run of many worlds through the engine lands within a few standard errors of the figure."""
    spec = dict(POSITIONS[0], shuffle=True)
    state = table(**spec)
    view = odds.seen(state)
    me, n = state.current, state.players
    pool = list(state.hands[1]) + list(state.stock)
    rng = random.Random(2024)
    for play in state.legal_plays():
        want = odds.exact_risk(view, play)
        assert want is not None
        lost, worlds = 0, 3000
        for _ in range(worlds):
            order = pool[:]
            rng.shuffle(order)
            world = State(n, state.options, Chance(random.Random(rng.random())))
            world.hands = [list(state.hands[0]), order[:3]]
            world.stock = order[3:]
            world.pile = list(state.pile)
            world.total = state.total
            lost += stuck_soon(world, me, play)
        sd = (want * (1 - want) / worlds) ** 0.5
        assert abs(lost / worlds - want) <= 4 * sd + 1e-9, play
