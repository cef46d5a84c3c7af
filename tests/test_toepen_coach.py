"""The Toepen coach on built positions: following suit, the last-trick card, knocks, answers,
dirty laundry and challenges, each with the odds it used."""

from __future__ import annotations

from tutor.games.toepen import coach
from tutor.games.toepen.engine import Knock, State, Throw, card_from_code
from tutor.games.toepen.narrate import (
    answer_verdict_line,
    card_verdict_line,
    challenge_verdict_line,
    knock_verdict_line,
    laundry_verdict_line,
)
from tutor.trainer.table import Names

C = card_from_code
NAMES = Names(4, 0)


def test_not_following_suit_is_illegal_and_names_a_card_of_the_suit_led():
    state = State.from_position(["8H 9S 10S", "KH QC AD", "JH 7D 9D", "8D JC"], dealer=2,
                                trick=[(3, "KS")], tricks_done=1, leader=3)
    verdict = coach.judge_card(state, 0, C("8H"))
    assert verdict.kind == "illegal" and verdict.clause == "TOE.5" and verdict.message == "must_follow"
    assert verdict.must in (C("9S"), C("10S"))
    line = card_verdict_line(verdict, ascii_only=True)
    assert "TOE.5" in line and "9S" in line and "\n" not in line


def test_leading_away_the_last_trick_card_is_weaker_and_says_the_odds():
    # Three tricks left, the learner leads with the two top hearts and the 7 of clubs.
    state = State.from_position(["10H 9H 7C", "7H 8C 8S", "KH QC JS", "AH AC AS"], dealer=3, tricks_done=1,
                                leader=0)
    weaker = coach.judge_card(state, 0, C("10H"))
    right = coach.judge_card(state, 0, C("7C"))
    assert weaker.kind == "weaker" and weaker.best == C("7C")
    assert right.kind == "right" and right.chance > weaker.chance + 0.2
    line = card_verdict_line(weaker, ascii_only=True)
    assert "10H" in line and "7C" in line and "%" in line


def test_verdicts_are_stable():
    state = State.from_position(["10H 9C 7S", "7H 8C 8S", "KH QC JS", "AH AC AS"], dealer=3, tricks_done=1,
                                leader=0)
    first = coach.judge_card(state, 0, C("7S"))
    again = coach.judge_card(state, 0, C("7S"))
    assert first == again


def test_knocking_on_a_sure_hand_is_right_on_a_hopeless_one_weaker():
    sure = State.from_position(["10H", "7H", "KH", "AH"], dealer=3, tricks_done=3, leader=0)
    verdict = coach.judge_knock(sure, 0, True)
    assert verdict is not None and verdict.kind == "right" and verdict.chance > 0.95
    assert coach.judge_knock(sure, 0, False).kind == "weaker"
    # The last trick: seat 3 led the 10 of hearts, the top heart; the learner's jack cannot win.
    hopeless = State.from_position(["JH", "7H", "KH", ""], dealer=2, tricks_done=3, trick=[(3, "10H")])
    verdict = coach.judge_knock(hopeless, 0, True)
    assert verdict.kind == "weaker" and verdict.chance < 0.05 and verdict.stake == 2
    assert "%" in knock_verdict_line(verdict)


def test_no_knock_verdict_when_no_knock_is_allowed():
    state = State.from_position(["10H", "7H", "KH", "AH"], dealer=3, tricks_done=3, leader=0, points=[9, 0, 0, 0])
    assert coach.judge_knock(state, 0, True) is None


def test_stay_or_fold_by_the_expected_points():
    # Seat 0 answers seat 3's knock in the last trick, where seat 3 led the 10 of hearts:
    # the jack cannot win; folding costs 1, staying 2.
    state = _answering(["JH", "7H", "KH", ""], knocker=3, trick=[(3, "10H")])
    stay = coach.judge_answer(state, 0, True)
    fold = coach.judge_answer(state, 0, False)
    assert stay.kind == "weaker" and fold.kind == "right"
    assert stay.chance < 0.05 and stay.fold_cost == 1 and stay.stake == 2
    line = answer_verdict_line(stay)
    assert line.startswith("Folding was better:") and "%" in line and "1 point now" in line
    strong = _answering(["10H", "7H", "KH", "JH"], knocker=3)
    assert coach.judge_answer(strong, 0, True).kind == "right"
    assert coach.judge_answer(strong, 0, False).kind == "weaker"


def _answering(hands, knocker, trick=()):
    state = State.from_position(hands, dealer=2 if trick else 3, tricks_done=3, leader=0, trick=trick)
    state.apply(Knock(knocker))
    assert state.current == 0
    return state


def test_dirty_laundry_honest_hands_are_thrown_and_tens_kept():
    honest = State.from_position(["AH KS QC JD", "7H 7S 7C 7D", "8H 8S 8C 8D", "9H 9S 9C 9D"], dealer=3,
                                 laundry=True)
    assert honest.current == 0
    assert coach.judge_laundry(honest, 0, True).kind == "right"
    kept = coach.judge_laundry(honest, 0, False)
    assert kept.kind == "weaker" and "{A} {K} {Q} {J}" in laundry_verdict_line(kept)
    strong = State.from_position(["10H KS QC JD", "7H 7S 7C 7D", "8H 8S 8C 8D", "9H 9S 9C 9D"], dealer=3,
                                 laundry=True)
    bluff = coach.judge_laundry(strong, 0, True)
    assert bluff.kind == "weaker" and bluff.strong == C("10H")
    assert "10H" in laundry_verdict_line(bluff, ascii_only=True)
    assert coach.judge_laundry(strong, 0, False).kind == "right"


def test_a_challenge_pays_only_when_a_bluff_is_likely():
    # Seat 3 throws in; the learner holds every ace, king, queen and jack but four: a bluff is near certain.
    state = State.from_position(["AH AS AC AD", "KH KS KC KD", "QH QS QC QD", "JH JS 7C 7D"], dealer=2,
                                laundry=True)
    state.apply(Throw(3))
    assert state.current == 0
    verdict = coach.judge_challenge(state, 0, True)
    assert verdict.kind == "right" and verdict.bluff > 0.5 and verdict.thrower == 3
    passed = coach.judge_challenge(state, 0, False)
    line = challenge_verdict_line(passed, NAMES)
    assert "Bot 4" in line and "%" in line
