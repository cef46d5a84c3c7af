"""The coach of 33 on built positions: right, legal but weaker, and illegal with the clause."""

from __future__ import annotations

import random

import pytest

from tutor.games.thirty_three import coach
from tutor.games.thirty_three.deck import Options
from tutor.games.thirty_three.engine import Chance, Play, State
from tutor.games.thirty_three.narrate import coach_lines, verdict_lines


def position(hand, total, players=3, others=None, pile=()):
    state = State(players, Options(), Chance(random.Random(1)))
    state.hands[0] = list(hand)
    if others:
        for seat, cards in enumerate(others, 1):
            state.hands[seat] = list(cards)
    state.total = total
    state.pile = list(pile)
    state.current = 0
    return state


def test_33_7_a_play_over_the_limit_is_illegal_with_its_clause():
    state = position(["+9", "0", "-3"], 30)
    verdict = coach.judge(state, Play("+9", 9))
    assert verdict.kind == "illegal" and verdict.clause == "33.7" and verdict.message == "over_limit"
    assert any("33.7" in line and "39" in line for line in verdict_lines(verdict))


def test_33_5_a_card_not_in_hand_is_illegal():
    verdict = coach.judge(position(["+9", "0", "-3"], 10), Play("+5", 5))
    assert verdict.kind == "illegal" and verdict.clause == "33.5"


def test_the_best_play_is_right_and_the_verdict_says_why():
    state = position(["+6", "-4", "+2"], 27)
    best = coach.best_of(coach.assess(state))
    verdict = coach.judge(state, best.play)
    assert verdict.kind == "right"
    assert verdict_lines(verdict)[0].startswith("Good")


def test_wasting_the_only_safe_card_at_a_high_total_is_weaker():
    # At 27 with +6, -4 and +2: playing -4 throws away the only card that can lower the total,
    # while +6 reaches exactly 33 and squeezes the next player.
    state = position(["+6", "-4", "+2"], 27)
    verdict = coach.judge(state, Play("-4", -4))
    assert verdict.kind == "weaker"
    assert verdict.best is not None and verdict.best.risk < verdict.mine.risk
    assert verdict.best.play != Play("-4", -4)
    lines = verdict_lines(verdict)
    assert "stronger" in lines[0] and any("%" in line for line in lines)
    assert coach_lines(verdict) == lines


def test_a_lesson_answer_overrides_the_best():
    state = position(["+6", "-4", "+2"], 27)
    verdict = coach.judge(state, Play("+2", 2), expected=Play("+6", 6))
    assert verdict.kind == "weaker" and verdict.best.play == Play("+6", 6)


def test_next_player_stuck_chance_is_exact():
    unseen = ["+10", "+9", "+8", "-2"]
    # At 33 only -2 is safe: 3 cards from 4 miss it in 1 of 4 hands.
    assert coach.next_stuck_chance(unseen, 33) == pytest.approx(0.25)
    assert coach.next_stuck_chance(unseen, 20) == 0.0


def test_verdicts_repeat_for_the_same_position():
    state = position(["+6", "-4", "+2"], 27)
    assert coach.assess(state) == coach.assess(state)
