"""The draw figures of Three Thirteen and 3-13 Speed against values this file works out itself.

Each figure is recomputed here by plain means: every physical card that may be discarded is
taken out in turn and the rest solved (`solver.solve`), and a draw's average is taken over a
pool of cards this file counts from what the table showed. The counting rules: with two or
more decks another copy of the card just taken from the pile may go (TT.5); the stock holds
no card the learner saw another player take, nor the melds of whoever went out; a Speed pile
card buried under later discards was seen face up.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest
from helpers import card, cards, tt_table

from tutor.cards import Card, make_decks, parse_code
from tutor.games.speed import bots as speed_bots
from tutor.games.speed import coach as speed_coach
from tutor.games.speed.engine import RULES as SPEED_RULES
from tutor.games.speed.engine import Chance as SpeedChance
from tutor.games.speed.engine import Draw as SpeedDraw
from tutor.games.speed.engine import Phase as SpeedPhase
from tutor.games.speed.engine import State as SpeedState
from tutor.games.speed.narrate import draw_verdict_lines as speed_lines
from tutor.games.three_thirteen import coach, solver
from tutor.games.three_thirteen.engine import Draw, Phase
from tutor.games.three_thirteen.narrate import draw_verdict_lines


c, cs = card, cards


def fewest_after(hand, extra, wild, rules, taken=None):
    """Fewest points after adding `extra` and throwing any physical card but `taken` itself."""
    cards = list(hand) + [extra]
    best = None
    for i, d in enumerate(cards):
        if taken is not None and d is taken:
            continue
        points = solver.solve(cards[:i] + cards[i + 1:], wild, rules).penalty
        best = points if best is None else min(best, points)
    return best


def average_over(pool, hand, wild, rules):
    total = sum(pool.values())
    return sum(n * fewest_after(hand, Card(*parse_code(code), copy=77), wild, rules)
               for code, n in pool.items()) / total


# --------------------------------------------------------------------------- Three Thirteen


tt_position = tt_table


def test_tt_5_with_two_decks_the_draw_judge_may_throw_another_copy_of_the_card_taken():
    # Three players: two decks. Round 1, threes wild. Taking the KD(0) from the pile, the
    # player may throw the KD(1) they already held (TT.5): 7H 7C KD = 24 points, not 27.
    hands = [[c("KD", 1), c("7H"), c("7C")], cs("2C 4D 9S"), cs("5C 6D 8S")]
    state = tt_position(hands, round=1, stock=cs("QS JH 10C 9H"), discard=[c("AS"), c("KD")])
    assert state.options.deck_count(3) == 2
    verdict = coach.judge_draw(state, "discard")
    want = fewest_after(state.hands[0], state.discard[-1], state.wild, state.rules, taken=state.discard[-1])
    assert want == 24 and verdict.pile == 24
    # The next screen, after taking it, says the same.
    state.apply(Draw("discard"))
    assert coach.judge_discard(state, state.hands[0][0]).best_left == 24


def test_tt_the_stock_holds_no_card_another_player_took_or_showed():
    hands = [cs("2C 5D 9H JS QH"), cs("4C 6C 8C JC QC")]
    state = tt_position(hands, round=3, stock=cs("3S 4S 8S 6H 7D 10S KH", 1), discard=cs("7H 8H"))
    # Seat 0 threw the 8H; seat 1 took it from the pile and threw the KS.
    state.log += [
        {"event": "discard", "player": 0, "card": "8H"},
        {"event": "draw", "player": 1, "from": "discard", "card": "8H"},
        {"event": "discard", "player": 1, "card": "KS"},
    ]
    state.discard = cs("7H KS")
    pool = coach.bots.stock_pool(state, 0)
    assert pool["8H"] == 0 and pool["KS"] == 0 and pool["7H"] == 0
    deck = Counter(x.code for x in make_decks(1))
    want = deck - Counter(x.code for x in state.hands[0]) - Counter(["7H", "KS", "8H"])
    assert +pool == +want
    verdict = coach.judge_draw(state, "stock")
    assert verdict.stock == pytest.approx(average_over(want, state.hands[0], state.wild, state.rules))
    # Going out shows the melds (TT.8): those cards are in no stock either.
    melds = [["4C", "6C", "8C", "JC"], ["8H", "5C", "5S"]]
    state.log += [{"event": "draw", "player": 1, "from": "stock", "card": "5C"},
                  {"event": "go_out", "player": 1, "card": "QC", "melds": melds}]
    state.discard = cs("7H KS QC")
    pool = coach.bots.stock_pool(state, 0)
    assert all(pool[code] == 0 for code in ("4C", "6C", "8C", "JC", "QC", "8H", "5C", "5S"))
    assert pool["9C"] == 1 and sum(pool.values()) == sum(want.values()) - 7  # six shown, the QC on the pile


def test_tt_12_after_a_refill_the_stock_holds_the_refilled_cards_less_the_learners_draws():
    hands = [cs("2C 5D 9H JS QH"), cs("4C 6C 8C JC QC")]
    state = tt_position(hands, round=3, stock=cs("3S 4S"), discard=cs("KD"))
    state.log += [
        {"event": "discard", "player": 1, "card": "9C"},
        {"event": "discard", "player": 0, "card": "AS"},
        {"event": "recycle", "stock": ["KD", "9C"], "top": "AS"},
        {"event": "draw", "player": 0, "from": "stock", "card": "9C"},
        {"event": "discard", "player": 0, "card": "9C"},
    ]
    state.discard = cs("AS 9C")
    assert +coach.bots.stock_pool(state, 0) == Counter({"KD": 1})


def random_tt_positions(count):
    """Draw positions from the drills' seeded deals (2-4 players: one or two decks)."""
    from tutor.games.three_thirteen import drills

    out, seed = [], 0
    while len(out) < count:
        dealt = drills.deal(seed, Phase.DRAW)
        seed += 1
        if dealt is not None and dealt[0].discard and dealt[0].stock_drawable():
            out.append(dealt[0])
    return out


def test_tt_draw_verdicts_follow_their_printed_figures():
    margin = coach.DRAW_MARGIN
    for state in random_tt_positions(40):
        top = state.discard[-1]
        pile = fewest_after(state.hands[state.current], top, state.wild, state.rules, taken=top)
        for source in ("discard", "stock"):
            verdict = coach.judge_draw(state, source)
            assert verdict.pile == pile
            mine, other = (verdict.pile, verdict.stock) if source == "discard" else (verdict.stock, verdict.pile)
            line = draw_verdict_lines(verdict)[0]
            if verdict.kind == "weaker":
                assert mine - other >= margin
            elif line.startswith("Good draw"):
                assert round(mine, 1) < round(other, 1), line  # never figures that favour the other
            else:
                assert verdict.even and round(mine, 1) >= round(other, 1) and mine - other < margin
                assert "about as good" in line


# --------------------------------------------------------------------------- 3-13 Speed


def speed_position(players, hand_number, hands, piles, seat=0, seed=0):
    state = SpeedState(players, SpeedChance(random.Random(seed)), first_hand=hand_number)
    used = Counter((x.rank, x.suit) for h in hands for x in h) + Counter((x.rank, x.suit) for p in piles for x in p)
    rest = [x for x in make_decks(4)]
    random.Random(seed).shuffle(rest)
    left = Counter(used)
    middle = []
    for x in rest:
        if left[(x.rank, x.suit)]:
            left[(x.rank, x.suit)] -= 1
        else:
            middle.append(x)
    state.hands = [list(h) for h in hands]
    state.piles = [list(p) for p in piles]
    state.middle = middle
    state.phase = SpeedPhase.DRAW
    state.pending = {}
    return state


def test_spd_buried_pile_cards_were_seen_and_are_not_in_the_middle():
    hands = [cs("2C 3C 9D"), cs("4H 5H 6S"), cs("8C 8D JS")]
    piles = [cs("KD 9C 10C"), cs("4C 7S"), cs("QH QS 5C")]  # bottom first: the KD, 9C, 4C, QH, QS lie buried
    state = speed_position(3, 1, hands, piles)
    pool = speed_bots.middle_pool(state, 0)
    for code in ("KD", "9C", "4C", "QH", "QS", "10C", "7S", "5C"):
        rank, suit = parse_code(code)
        assert pool[(rank, suit)] == 3, code  # four decks, one copy seen
    want = Counter({(r, s): 4 for r in range(1, 14) for s in "CDHS"})
    want.subtract((x.rank, x.suit) for x in hands[0] + [x for p in piles for x in p])
    assert +pool == +want
    wild = state.wild
    average = sum(n * fewest_after(hands[0], Card(r, s, 9), wild, SPEED_RULES) for (r, s), n in want.items())
    average /= sum(want.values())
    assert speed_coach.middle_average(state, 0) == pytest.approx(average)


def test_spd_the_middle_holds_no_card_another_seat_took_and_still_holds():
    state = SpeedState(4, SpeedChance(random.Random(3)), first_hand=2)
    state.apply(next(a for a in state.legal_actions(0)))  # the opening windows: everyone passes
    for p in range(1, 4):
        if state.phase is SpeedPhase.MATCH:
            state.apply(next(a for a in state.legal_actions(p)))
    assert state.phase is SpeedPhase.DRAW
    top = state.right_top(2)
    for p in range(4):
        state.apply(SpeedDraw(p, "pile" if p == 2 else "middle"))
    assert state.holding[2] == [top]
    seen_before = speed_bots.unseen(state, 0)
    # Seat 2 holds the card it took: seat 0 counts it as seen, like a card on a pile.
    full = Counter({(r, s): 4 for r in range(1, 14) for s in "CDHS"})
    full.subtract((x.rank, x.suit) for x in state.hands[0])
    full.subtract((x.rank, x.suit) for p in state.piles for x in p)
    full[(top.rank, top.suit)] -= 1
    assert +seen_before == +full


def test_spd_10_after_the_piles_are_gathered_the_middle_holds_those_cards_less_ones_own_draws():
    state = SpeedState(3, SpeedChance(random.Random(1)), first_hand=1)
    state.phase = SpeedPhase.DRAW
    state.piles = [cs("2C 3C 4C 8C"), cs("5D 6D"), cs("7H")]
    state.middle = []
    # Seat 2 takes the 6D from the pile on its right; seats 0 and 1 draw from the gathered middle.
    for p in range(3):
        state.apply(SpeedDraw(p, "pile" if p == 2 else "middle"))
    assert Counter(x.code for x in state.gathered) == Counter(["2C", "3C", "4C"])
    assert len(state.middle) == 1
    mine = state.since[0][0]
    want = Counter([(2, "C"), (3, "C"), (4, "C")])
    want[(mine.rank, mine.suit)] -= 1
    assert +speed_bots.middle_pool(state, 0) == +want


def random_speed_positions(count):
    """Draw positions of seat 0 from the drills' seeded deals (4-12 players)."""
    from tutor.games.speed import drills

    out, seed = [], 0
    while len(out) < count:
        dealt = drills.deal(seed, SpeedPhase.DRAW)
        seed += 1
        if dealt is not None and dealt[1] == 0 and dealt[0].right_top(0) is not None:
            out.append(dealt[0])
    return out


def test_spd_draw_verdicts_follow_their_printed_figures_and_a_tie_is_a_tie():
    margin = speed_coach.DRAW_MARGIN
    for state in random_speed_positions(40):
        for source in ("pile", "middle"):
            verdict = speed_coach.judge_draw(state, 0, source)
            middle = round(verdict.middle, 1)
            mine, other = (verdict.pile, middle) if source == "pile" else (middle, verdict.pile)
            line = speed_lines(verdict)[0]
            sure_match = verdict.pile == 0 and middle > 0
            if verdict.kind == "weaker":
                assert verdict.middle - verdict.pile >= margin or sure_match if source == "middle" \
                    else verdict.pile - verdict.middle >= margin
                assert line.startswith("Better") and "as good" not in line
            elif verdict.even:
                assert mine >= other and not sure_match and abs(verdict.pile - verdict.middle) < margin
                assert "about as good" in line
            else:
                assert "Good draw" in line
                assert mine < other or sure_match or source == "pile" and verdict.middle - verdict.pile >= margin


def test_spd_an_exact_tie_is_about_as_good_either_way():
    # Hand 1, threes wild: three wilds are a set, and whatever is drawn goes straight back, so
    # the pile card and the middle both leave exactly 0 points.
    hands = [cs("3C 3D 3H"), cs("4H 5H 6S"), cs("8C 8D JS")]
    state = speed_position(3, 1, hands, [cs("KD"), cs("4C"), cs("QH")])
    for source in ("pile", "middle"):
        verdict = speed_coach.judge_draw(state, 0, source)
        assert verdict.pile == 0 and verdict.middle == 0.0
        assert verdict.kind == "right" and verdict.even
        line = speed_lines(verdict)[0]
        assert "about as good" in line and "better" not in line
