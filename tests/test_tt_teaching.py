"""The Three Thirteen coach and drills: draws, discards, going out and arrangements."""

from __future__ import annotations

import random

import pytest

from tutor.cards import Card
from tutor.games.three_thirteen import coach, solver
from tutor.games.three_thirteen.drills import SKILLS, ask, exercise
from tutor.games.three_thirteen.engine import Chance, Phase, State
from tutor.lessons import playon
from helpers import Script, walk_lesson


def card(code, copy=0):
    from tutor.cards import parse_code

    rank, suit = parse_code(code)
    return Card(rank, suit, copy)


def discard_position(hand, wild_round=1):
    state = State(2, None, Chance(random.Random(1)), first_round=wild_round)
    state.hands[state.current] = [card(c) for c in hand]
    state.phase = Phase.DISCARD
    state.taken = None
    return state


def test_tt_8_a_missed_go_out_is_weaker():
    # Round 1: threes are wild. A-A-3 is a set; discarding K goes out.
    state = discard_position(["AS", "AH", "3D", "KC"])
    verdict = coach.judge_discard(state, state.hands[state.current][0])
    assert verdict.kind == "weaker" and verdict.outs and verdict.outs[0].code == "KC"
    out = coach.judge_discard(state, state.hands[state.current][3], going_out=True)
    assert out.kind == "right" and out.going_out
    from tutor.games.three_thirteen.narrate import discard_verdict_lines

    assert discard_verdict_lines(out, ascii_only=True) == [
        "Right: you go out by discarding KC; every other card is in a meld (TT.8)."]


def test_tt_9_in_the_last_turns_the_discard_that_melds_all_is_right_without_going_out():
    # Someone went out; this is the learner's last turn. Discarding K melds the rest: 0 points
    # either way (TT.9, TT.10), so not saying "out" misses nothing.
    state = discard_position(["AS", "AH", "3D", "KC"])
    state.out, state.last_turns = 1 - state.current, 1
    verdict = coach.judge_discard(state, state.hands[state.current][3])
    assert verdict.kind == "right" and verdict.left == 0
    assert coach.judge_discard(state, state.hands[state.current][0]).kind == "weaker"


def test_a_discard_names_the_unseen_cards_that_would_then_complete_a_meld():
    # Round 3: fives are wild. After K♦ goes, 7♠ 7♥ wait for a third 7, 9♣ 10♣ for 8♣ or J♣.
    state = discard_position(["7S", "7H", "9C", "10C", "KD", "2H"], wild_round=3)
    hand = state.hands[state.current]
    verdict = coach.judge_discard(state, hand[4])
    assert verdict.kind == "right" and verdict.makers == ("7C", "7D", "8C", "JC")
    from tutor.games.three_thirteen.narrate import discard_verdict_lines

    assert discard_verdict_lines(verdict, ascii_only=True) == [
        "Good discard: KD leaves 35 points in your hand.", "Cards that would now complete a meld: 7C 7D 8C JC."]
    # Without 7♠ there is no pair of sevens left to complete; a card seen on the pile is no hope.
    assert coach.judge_discard(state, hand[0]).makers == ("8C", "JC")
    state.discard.append(card("8C"))
    assert coach.judge_discard(state, hand[0]).makers == ("JC",)
    # In a last turn no draw comes: nothing to hope for.
    state.out, state.last_turns = 1 - state.current, 1
    assert coach.judge_discard(state, hand[4]).makers == ()


def test_many_cards_that_complete_a_meld_are_counted():
    from tutor.games.three_thirteen.narrate import makers_line

    assert makers_line(["AC", "2C"], ascii_only=True) == "Cards that would now complete a meld: AC 2C."
    assert makers_line(["AC"], ascii_only=True) == "Card that would now complete a meld: AC."
    assert makers_line([f"{r}H" for r in "A23456789"]) == "9 different cards would now complete a meld."


def test_tt_10_the_discard_that_keeps_the_fewest_points_is_right():
    state = discard_position(["2S", "2H", "2D", "9C", "KC"], wild_round=2)
    hand = state.hands[state.current]
    assert coach.judge_discard(state, hand[4]).kind in ("right", "weaker")
    best = coach.judge_discard(state, hand[4])
    assert best.best.code == "KC" and best.kind == "right"
    worse = coach.judge_discard(state, hand[0])
    assert worse.kind == "weaker" and worse.left > worse.best_left


def test_tt_5_another_copy_of_the_card_just_taken_may_be_judged():
    """Two decks: the learner took 9H (copy 0) from the pile and discards the 9H they held
    (copy 1). That is allowed, and the coach judges it (it used to find no entry for it: the
    solver names the lowest copy, the one just taken)."""
    state = discard_position(["9H", "2C", "KS", "QD"], wild_round=2)  # fours are wild
    state.hands[state.current][0] = card("9H", copy=1)
    taken = card("9H", copy=0)
    state.hands[state.current].append(taken)
    state.taken = taken
    held = state.hands[state.current][0]
    verdict = coach.judge_discard(state, held)
    assert verdict.kind == "weaker" and verdict.left == 31 and verdict.best_left == 30
    assert verdict.best.code in ("KS", "QD")
    pair = discard_position(["9H", "9S", "2C", "KS"], wild_round=2)
    pair.hands[pair.current][0] = card("9H", copy=1)
    pair.hands[pair.current].append(taken)
    pair.taken = taken
    best = coach.judge_discard(pair, pair.hands[pair.current][3])  # KS: the pair of nines stays
    assert best.kind == "right" and best.best.code == "KS"


def test_tt_5_a_card_just_taken_cannot_be_discarded():
    state = discard_position(["2S", "2H", "2D", "9C", "KC"], wild_round=2)
    state.taken = state.hands[state.current][4]
    verdict = coach.judge_discard(state, state.taken)
    assert verdict.kind == "illegal" and verdict.clause == "TT.5"


def test_tt_6_an_arrangement_is_checked_against_the_fewest_points():
    hand = [card(c) for c in ["3H", "4H", "5H", "7S", "7D", "7C", "KD"]]
    right = coach.judge_arrangement(hand, 9, solver.MeldRules(), [hand[:3], hand[3:6]])
    assert right.kind == "right" and right.penalty == 10  # nines wild: the king is left over
    # With kings wild the king joins a meld, so leaving it over is weaker (a leftover wild counts 10).
    assert coach.judge_arrangement(hand, 13, solver.MeldRules(), [hand[:3], hand[3:6]]).kind == "weaker"
    wrong = coach.judge_arrangement(hand, 9, solver.MeldRules(), [hand[:3]])
    assert wrong.kind == "weaker" and wrong.penalty > wrong.best.penalty
    bad = coach.judge_arrangement(hand, 9, solver.MeldRules(), [[hand[0], hand[3], hand[6]]])
    assert bad.kind == "illegal"


@pytest.mark.parametrize("skill", SKILLS, ids=lambda s: s.id)
def test_each_skill_deals_a_position_and_judges_the_best_answer_right(skill):
    state, seat, _ = exercise(skill, 5000)
    if skill.id == "arrange":
        best = solver.solve(state.hands[seat], state.wild, state.rules)
        answer = " | ".join(" ".join(c.code for c in meld) for meld in best.melds)
    elif skill.id == "stock-or-discard":
        verdict = coach.judge_draw(state, "stock")
        answer = "stock" if verdict.kind == "right" else "pile"
    elif skill.id == "spot-go-out":
        answer = "out " + state.out_cards()[0].code
    else:
        answer = solver.discards(state.hands[seat], state.wild, state.rules)[0][0].code
    assert ask(Script([answer]), skill, state, seat, random.Random(1), False) == "right"


def test_drills_never_repeat_a_position():
    seed, seen = 1, set()
    for _ in range(4):
        state, seat, seed = exercise(SKILLS[0], seed)
        key = (state.round, tuple(sorted(c.code for c in state.hands[seat])))
        assert key not in seen
        seen.add(key)


def tt_answers_for(lesson):
    """The lines that walk a Three Thirteen lesson right through (expected or best answers)."""
    from tutor.games.three_thirteen import bots, lesson as adapter

    def decide(state, seat, data):
        expected = adapter.parse_expect(data["expect"], state)
        if expected is not None and expected.kind == "arrange":
            best = solver.solve(state.hands[state.current], state.wild, state.rules)
            return [" | ".join(" ".join(c.code for c in m) for m in best.melds) or "-"]
        if expected is None:
            expected = adapter.stronger(adapter.judge(state, adapter._best_probe(state), None), None)
        line = {"draw": lambda a: "stock" if a.source == "stock" else "pile",
                "discard": lambda a: a.card.code,
                "out": lambda a: "out " + a.card.code}[expected.kind](expected)
        adapter.apply_quietly(state, expected)
        return [line]

    def play_on(state, seat, data):
        lines = []
        rng = random.Random(0)
        level = data.get("level", "normal")

        def learner_turn():
            action = bots.choose("normal", state, rng).action
            lines.append(("out " if type(action).__name__ == "GoOut" else "") + action.card.code)
            state.apply(action)

        playon.loop(state, seat, data, adapter.mid_turn, lambda: state.apply(bots.choose(level, state, rng).action),
                    learner_turn)
        return lines

    return walk_lesson(lesson, adapter.build, decide, play_on)


def test_every_three_thirteen_lesson_can_be_walked_to_three_stars(tmp_path):
    from tutor.games.three_thirteen import lesson as adapter
    from tutor.lessons.check import load_game_lessons
    from tutor.lessons.runner import LessonRunner
    from tutor.progress import Progress

    lessons, skipped = load_game_lessons("three-thirteen")
    assert not skipped and len(lessons) >= 6
    covered = {c for lesson in lessons for c in lesson.clauses}
    assert {f"TT.{n}" for n in range(1, 15)} <= covered
    assert any(s.kind == "decide" and s.data["expect"] == "arrange" for lesson in lessons for s in lesson.steps)
    for lesson in lessons:
        console = Script(tt_answers_for(lesson))
        assert LessonRunner(console, lesson, adapter, Progress(tmp_path)).run() == 3, lesson.id


def test_the_coach_warns_when_a_discard_suits_what_the_next_player_took():
    state = discard_position(["9C", "9D", "QS", "2H", "7D"], wild_round=2)
    state.log.append({"event": "draw", "player": (state.current + 1) % state.players, "from": "discard",
                      "card": "QH"})
    queen = state.hands[state.current][2]
    assert coach.judge_discard(state, queen).feeds == "QH"
    assert coach.judge_discard(state, state.hands[state.current][3]).feeds is None  # 2H: no queen, no heart run
