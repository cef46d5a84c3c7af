"""The Toepen coach's numbers (issue 16): exact on small positions, precise where sampled, the same
wherever a position is judged, and verdicts that follow them.

The exact values come from tests/toepen_exact.py, which deals every fitting hand itself and plays
each deal out on the engine: nothing of the coach's sampler or playouts is used there.
"""

from __future__ import annotations

import random
from fractions import Fraction

import pytest
from toepen_exact import every_deal, exact

from tutor.cards import SUITS
from tutor.games.toepen import bots, coach
from tutor.games.toepen.bots import sampling
from tutor.games.toepen.engine import Chance, Fold, Knock, Options, Phase, State, Stay, card_from_code
from tutor.games.toepen.lesson.positions import build
from tutor.games.toepen.narrate import answer_verdict_line, knock_verdict_line

C = card_from_code

# Both opponents showed they hold no club and no diamond: they hold hearts and spades only.
VOIDS = [[(0, "7C"), (1, "JH"), (2, "JS")], [(0, "8D"), (1, "QS"), (2, "QH")]]


def voids(leader=0):
    return State.from_position(["9H 7S", "AH KH", "AS KS"], dealer=2, tricks=VOIDS, leader=leader)


def folded_leader():
    """Trick 3 was led by seat 3, who then folded: its 10 of spades takes the trick, and the lead
    passes to the next player still in, on its left (TOE.10)."""
    tricks = [[(0, "7C"), (1, "JH"), (2, "JS"), (3, "8C")], [(3, "9D"), (0, "8D"), (1, "QS"), (2, "QH")]]
    return State.from_position(["9H 7H", "AH KS", "AS KH", "JD"], dealer=3, tricks=tricks, trick=[(3, "10S")],
                               folded=[3], stake=2, last_knocker=1)


def last_trick_folded_card():
    """The last trick, led by a player who then folded: only players still in count (TOE.10)."""
    return State.from_position(["8S", "KH", "7D", ""], dealer=2, tricks_done=3, trick=[(3, "10S")], folded=[3],
                               stake=2, last_knocker=1)


def folded_last_to_play():
    """Seat 3 was the last to play to the trick, and folded at seat 1's knock: the trick is
    complete among those still in; the learner answers the knock."""
    state = State.from_position(["9S", "AC", "7D", "10C 8C"], dealer=0, tricks_done=2,
                                trick=[(1, "9H"), (2, "KH"), (0, "8H")])
    state.apply(Knock(1))
    state.apply(Stay(2))
    state.apply(Fold(3))
    assert state.phase is Phase.ANSWER and state.current == 0
    return state


EXACT_POSITIONS = {
    "the trick complete after a fold": folded_last_to_play,
    "learner leads, voids": lambda: voids(0),
    "others lead first, voids": lambda: voids(1),
    "a folded player led the trick": folded_leader,
    "the last trick, a folded player's card": last_trick_folded_card,
}


@pytest.mark.parametrize("name", sorted(EXACT_POSITIONS))
def test_small_positions_get_exact_values(name):
    state = EXACT_POSITIONS[name]()
    value, after, best, deals = exact(state, 0)
    found = bots.estimate(state, 0)
    assert found.exact and found.deals == deals and found.error == 0
    assert Fraction(found.value).limit_denominator(deals) == value
    assert {c: Fraction(v).limit_denominator(deals) for c, v in found.after.items()} == after
    assert found.best == best


def test_the_last_trick_counts_only_players_still_in():
    # The folded player's 10 of spades does not count: the 8 wins unless someone still in holds the 9.
    state = last_trick_folded_card()
    deals = every_deal(state, 0)
    clear = sum(all(c != C("9S") for hand in d.values() for c in hand) for d in deals)
    assert bots.estimate(state, 0).value == pytest.approx(clear / len(deals))


def test_sampled_figures_are_within_their_error_of_the_exact_value():
    # Fewer samples than deals: drawn, and the 95% error covers the exact value.
    for leader in (0, 1):
        state = voids(leader)
        value, after, _, deals = exact(state, 0)
        found = bots.estimate(state, 0, samples=300)
        assert not found.exact and found.deals == 300 < deals
        assert 0 < found.error < 0.06
        assert abs(found.value - float(value)) <= found.error
        for card, chance in after.items():
            assert abs(found.after[card] - float(chance)) <= found.error + 0.01
    # The coach's own sample size keeps every figure's 95% error under one point.
    assert 1.96 * 0.5 / bots.COACH_SAMPLES ** 0.5 < 0.01


def test_a_void_suit_goes_to_the_others_exactly_as_often_as_the_deals_say():
    # Seat 1 showed no heart and no spade; seat 2 showed nothing. Counted over every deal that fits,
    # against deals drawn by the coach's sampler.
    tricks = [[(0, "7H"), (1, "8C"), (2, "9H")], [(0, "7S"), (1, "9D"), (2, "8S")]]
    state = State.from_position(["10H 10S", "JC QC", "JD QD"], dealer=2, tricks=tricks, leader=0)
    deals = every_deal(state, 0)

    def hearts(hand):
        return sum(c.suit == "H" for c in hand)

    expected = sum(hearts(d[2]) for d in deals) / len(deals)
    from tutor.games.toepen.bots import worlds
    import numpy as np

    pos = sampling.position(state, 0)
    drawn, complete = worlds.deals(pos, 4000, np.random.default_rng(5), exact=0)
    assert not complete
    seat1 = drawn[:, 1, :2]
    assert not ((seat1 >> 3 == SUITS.index("H")) | (seat1 >> 3 == SUITS.index("S"))).any()
    seat2 = drawn[:, 2, :2]
    got = (seat2 >> 3 == SUITS.index("H")).sum(axis=1)
    spread = got.std() / len(got) ** 0.5
    assert abs(got.mean() - expected) < 4 * spread
    # Each hand seat 1 may hold is drawn about as often as the deals that fit say.
    counts: dict = {}
    for d in deals:
        key = frozenset(d[1])
        counts[key] = counts.get(key, 0) + 1
    worst = max(counts, key=counts.get)
    codes = {sampling.CARD_INT[c] for c in worst}
    share = np.mean([set(row) == codes for row in seat1.tolist()])
    assert abs(share - counts[worst] / len(deals)) < 4 * (share * (1 - share) / len(seat1)) ** 0.5 + 1e-3


def _rotated(hands, k, shuffle, **kw):
    n = len(hands)
    rng = random.Random(k)

    def seat(s):
        return (s + k) % n

    new_hands = [None] * n
    for s, h in enumerate(hands):
        cards = h.split()
        if shuffle:
            rng.shuffle(cards)
        new_hands[seat(s)] = " ".join(cards)
    out = dict(kw)
    for name in ("dealer", "leader", "last_knocker"):
        if name in out:
            out[name] = seat(out[name])
    if "folded" in out:
        out["folded"] = [seat(s) for s in out["folded"]]
    for name in ("tricks",):
        if name in out:
            out[name] = [[(seat(s), c) for s, c in t] for t in out[name]]
    if "trick" in out:
        out["trick"] = [(seat(s), c) for s, c in out["trick"]]
    return State.from_position(new_hands, **out), seat(0)


@pytest.mark.parametrize("spec", [
    # Trick 1 at four players: millions of deals, so sampled (seeded by the position itself).
    dict(hands=["10H 9C 7S KD", "7H 8C 8S AD", "KH QC JS 9D", "AH AC AS QD"], dealer=3, leader=0),
    # Trick 2 with a void, someone else to play first (the best card chosen per what is seen).
    dict(hands=["10H 9C 7S", "7H 8C QD", "KH QC JS", "AH AC AS"], dealer=3,
         tricks=[[(0, "8D"), (1, "9D"), (2, "8H"), (3, "JD")]], leader=1),
])
def test_the_same_table_gets_the_same_numbers_whatever_the_seat_numbers_and_card_order(spec):
    hands = spec.pop("hands")
    first, seat = _rotated(hands, 0, False, **spec)
    reference = bots.estimate(first, seat)
    assert not reference.exact
    for k in range(1, 4):
        state, seat = _rotated(hands, k, True, **spec)
        found = bots.estimate(state, seat)
        assert (found.value, found.after, found.best, found.error) == (
            reference.value, reference.after, reference.best, reference.error)


def _spec_of(state: State) -> dict:
    """A lesson position (the YAML fields) for a table met in play, at a card about to be played."""
    return {
        "players": state.players,
        "seat": 0,
        "hands": [[c.code for c in h] for h in state.hands],
        "dealer": state.dealer,
        "points": list(state.points),
        "stake": state.stake,
        "last_knocker": state.last_knocker,
        "folded": [s for s in range(state.players) if not state.in_hand[s]],
        "tricks": [[[s, c.code] for s, c in t] for t in state.tricks],
        "trick": [[s, c.code] for s, c in state.trick],
        "leader": state.leader,
        "thrown": [{"seat": s, "cards": [c.code for c in h], "shown": state.shown[s]}
                   for s, h in enumerate(state.thrown) if h],
    }


def test_a_lesson_position_gets_the_numbers_play_gives():
    # Tables met in seeded rubbers (knocks, folds, thrown hands and voids included), rebuilt as
    # lesson positions: the coach's numbers and verdicts are the same.
    checked = thrown = knocked = 0
    for seed in range(30):
        rng = random.Random(seed)
        players = rng.randint(3, 5)
        levels = ["normal"] + [rng.choice(("easy", "normal")) for _ in range(players - 1)]
        state = State(players, Options(), Chance(rng))
        while not state.is_over and state.hand_number <= 3:
            if (state.phase is Phase.PLAY and state.in_hand[0] and state.poor is None
                    and (state.current == 0 or state.may_knock(0)) and rng.random() < 0.3):
                lesson, seat = build(_spec_of(state))
                assert seat == 0
                assert coach.estimate(lesson, 0) == coach.estimate(state, 0)
                if state.current == 0:
                    for card in state.playable(0):
                        assert coach.judge_card(lesson, 0, card) == coach.judge_card(state, 0, card)
                assert coach.judge_knock(lesson, 0, True) == coach.judge_knock(state, 0, True)
                checked += 1
                thrown += any(state.thrown)
                knocked += state.stake > 1
            bots.play_step(state, levels, rng)
    assert checked >= 30 and thrown and knocked


def test_one_position_one_chance_on_every_screen():
    # The learner leads trick 2. The card screen, a knock offer and the stay/fold screen after
    # another player's knock all quote the same chance, and say which card it counts on.
    state = State.from_position(["10H 9C 7S", "7H 8C 8S", "KH QC JS", "AH AC AS"], dealer=3, tricks_done=1,
                                leader=0, stake=1)
    card_screen = coach.judge_knock(state, 0, False)
    best = coach.judge_card(state, 0, C("7S"))
    assert card_screen.chance == best.best_chance and card_screen.assumes == best.best
    state.apply(Knock(3))
    assert state.phase is Phase.ANSWER and state.current == 0
    answer = coach.judge_answer(state, 0, True)
    assert answer.chance == card_screen.chance and answer.assumes == best.best
    line = answer_verdict_line(answer, ascii_only=True)
    assert best.best.code in line
    state.apply(Stay(0))
    for s in (1, 2):
        state.apply(Stay(s))
    assert coach.judge_knock(state, 0, True).chance == card_screen.chance
    # Before another player's card, the learner's next card is not known yet: the text says so.
    offer = State.from_position(["10H 9C 7S", "7H 8C 8S", "KH QC JS", "AH AC AS"], dealer=2, tricks_done=1,
                                leader=1)
    verdict = coach.judge_knock(offer, 0, True)
    assert verdict.assumes is None and "best card when your turn comes" in knock_verdict_line(verdict)
    offer.apply(Knock(2))
    offer.apply(Stay(3))
    assert offer.current == 0 and coach.judge_answer(offer, 0, True).chance == verdict.chance


def _fixed(monkeypatch, **fields):
    found = sampling.Estimate(**fields)
    monkeypatch.setattr(coach, "estimate", lambda state, seat: found)


def test_a_card_is_weaker_only_by_more_than_the_margin_and_the_error(monkeypatch):
    state = State.from_position(["10H 9C 7S", "7H 8C 8S", "KH QC JS", "AH AC AS"], dealer=3, tricks_done=1,
                                leader=0)
    a, b, c = C("7S"), C("9C"), C("10H")
    _fixed(monkeypatch, value=0.5, after={a: 0.5, b: 0.44, c: 0.2}, best=a, error=0.008, exact=False,
           diff_errors={(a, b): 0.01, (a, c): 0.01})
    assert coach.judge_card(state, 0, b).kind == "right"  # 6 points: within the margin
    assert coach.judge_card(state, 0, c).kind == "weaker"
    _fixed(monkeypatch, value=0.5, after={a: 0.5, b: 0.4, c: 0.2}, best=a, error=0.05, exact=False,
           diff_errors={(a, b): 0.12, (a, c): 0.12})
    assert coach.judge_card(state, 0, b).kind == "right"  # 10 points, but the error is 12
    assert coach.judge_card(state, 0, c).kind == "weaker"


def test_no_card_is_weaker_when_the_figures_are_the_same(monkeypatch):
    # Both opponents hold only hearts and spades: either club or diamond takes both last tricks.
    state = State.from_position(["JC JD", "AH KH", "AS KS"], dealer=2, tricks=VOIDS, leader=0)
    found = bots.estimate(state, 0)
    assert found.exact and set(found.after.values()) == {1.0}
    for card in state.playable(0):
        assert coach.judge_card(state, 0, card).kind == "right"
    # 0% against 0% (each rounded) is no reason either, whatever the estimate's error.
    a, b = C("JC"), C("JD")
    _fixed(monkeypatch, value=0.004, after={a: 0.004, b: 0.0}, best=a, error=0.0, exact=True)
    assert coach.judge_card(state, 0, b).kind == "right"


def test_knock_and_answer_verdicts_need_a_clear_difference(monkeypatch):
    state = State.from_position(["10H 9C 7S", "7H 8C 8S", "KH QC JS", "AH AC AS"], dealer=3, tricks_done=1,
                                leader=0)
    _fixed(monkeypatch, value=0.3496, error=0.0)
    assert coach.judge_knock(state, 0, True).kind == "right"  # it reads 35%
    _fixed(monkeypatch, value=0.34, error=0.02)
    assert coach.judge_knock(state, 0, True).kind == "right"  # within the error of 35%
    _fixed(monkeypatch, value=0.30, error=0.01)
    assert coach.judge_knock(state, 0, True).kind == "weaker"
    _fixed(monkeypatch, value=0.79, error=0.0)
    assert coach.judge_knock(state, 0, False).kind == "right"
    _fixed(monkeypatch, value=0.805, error=0.008)
    assert coach.judge_knock(state, 0, False).kind == "right"
    _fixed(monkeypatch, value=0.85, error=0.008)
    assert coach.judge_knock(state, 0, False).kind == "weaker"
    state.apply(Knock(3))  # stake 2: folding costs 1, staying 2 times the chance of losing
    for p, error, stay, fold in ((0.5, 0.0, "right", "right"), (0.45, 0.05, "right", "right"),
                                 (0.3, 0.008, "weaker", "right"), (0.7, 0.008, "right", "weaker")):
        _fixed(monkeypatch, value=p, error=error)
        assert (coach.judge_answer(state, 0, True).kind, coach.judge_answer(state, 0, False).kind) == (stay, fold)
    danger = State.from_position(["10H 9C 7S", "7H 8C 8S", "KH QC JS", "AH AC AS"], dealer=3, tricks_done=1,
                                 leader=0, points=[8, 0, 0, 0])
    danger.apply(Knock(3))
    for p, error, stay, fold in ((0.495, 0.008, "right", "right"), (0.45, 0.008, "weaker", "right"),
                                 (0.56, 0.008, "right", "weaker")):
        _fixed(monkeypatch, value=p, error=error)
        assert (coach.judge_answer(danger, 0, True).kind, coach.judge_answer(danger, 0, False).kind) == (stay, fold)


def test_a_lesson_takes_a_card_as_good_as_the_one_it_expects():
    from tutor.games.toepen.lesson.answers import Answer, judge

    state = State.from_position(["JC JD", "AH KH", "AS KS"], dealer=2, tricks=VOIDS, leader=0)
    verdict = judge(state, Answer("card", card=C("JD")), Answer("card", card=C("JC")), 0)
    assert verdict.kind == "right"  # both take the last trick every time
    state = State.from_position(["10H 9C 7S", "7H 8C 8S", "KH QC JS", "AH AC AS"], dealer=3, tricks_done=1,
                                leader=0)
    verdict = judge(state, Answer("card", card=C("10H")), Answer("card", card=C("7S")), 0)
    assert verdict.kind == "weaker" and verdict.coach.best == C("7S")


def test_a_position_whose_voids_no_deal_fits_is_still_judged():
    # Built by hand: seat 1 showed it holds no heart, yet only hearts are left unseen.
    from tutor.games.toepen.bots import worlds

    pos = sampling.Position(players=3, mine=(8,), pool=(0, 1, 2, 3), opponents=((1, 1, 1), (2, 1, 0)),
                            in_hand=(True, True, True), trick=(), done=3, leader=0)
    assert sampling.count_deals(pos) == 0
    found = worlds.evaluate(pos, 100)
    assert found.exact and found.deals == 12 and 0.0 <= found.value <= 1.0


def test_every_quoted_chance_says_which_play_it_counts_on():
    from tutor.games.toepen.narrate import card_verdict_line, laundry_verdict_line

    state = State.from_position(["10H 9C 7S", "7H 8C 8S", "KH QC JS", "AH AC AS"], dealer=3, tricks_done=1,
                                leader=0)
    weaker = card_verdict_line(coach.judge_card(state, 0, C("10H")), ascii_only=True)
    assert "Both count on you keeping your strongest card for the last trick" in weaker
    right = card_verdict_line(coach.judge_card(state, 0, C("7S")), ascii_only=True)
    assert "This counts on you keeping your strongest card for the last trick" in right
    knock = knock_verdict_line(coach.judge_knock(state, 0, True), ascii_only=True)
    assert "playing 7S next" in knock
    dealt = State.from_position(["10H KS QC JD", "7H 7S 7C 7D", "8H 8S 8C 8D", "9H 9S 9C 9D"], dealer=3,
                                laundry=True)
    kept = coach.judge_laundry(dealt, 0, False)  # the learner leads the first trick: its card is known
    assert kept.assumes is not None and kept.assumes != C("10H")
    assert f"playing {kept.assumes.code} next" in laundry_verdict_line(kept, ascii_only=True)
