"""One position, one answer (issue 16): a lesson judges an answer as a game judges it.

For every decision of every shipped 33, Three Thirteen and 3-13 Speed lesson, every answer
the learner can give is judged twice: as the lesson judges it (with its expected answer) and
as the coach judges it in a game (without). The two agree on right or not; the lesson never
calls weaker what the coach's figures call as good, nor says both in one reply; and a weaker
answer is answered with the lesson's own answer. `tutor check` refuses an expected answer
the coach judges weaker.
"""

from __future__ import annotations

import copy
import re

import pytest
import yaml

from tutor import i18n
from tutor.lessons.check import adapter_for, check_path, lesson_files
from tutor.lessons.model import load_lesson
from tutor.lessons.positions import PositionError
from tutor.lessons.runner import LessonRunner
from tutor.locate import data_dir
from tutor.progress import Progress

from helpers import Script, answers_for

GAMES = ("thirty-three", "three-thirteen", "three-thirteen-speed")

#: What the coaches' English lines say of a weaker answer, and of one as good as the best.
WEAKER = re.compile(r"\bstronger\b|\bBetter\b|\bwould leave\b|\bcould have gone out\b|\binstead\b")
AS_GOOD = re.compile(r"\bas good\b|\beither way\b")


def decisions(game: str):
    """(where, adapter, state, seat, expected) at every decision of the game's shipped lessons,
    each lesson going on from its expected (or best) answer as `tutor check` does."""
    for path in lesson_files(data_dir("lessons") / game):
        lesson = load_lesson(path)
        adapter = adapter_for(lesson.game)
        state = seat = None
        for step in lesson.steps:
            if step.kind == "position":
                state, seat = adapter.build(step.data)
            elif step.kind == "play_on":
                adapter.play_on_quietly(state, seat, step.data)
            elif step.kind == "decide":
                assert adapter.ready_for_decision(state, seat), (path.name, step.index)
                expected = adapter.parse_expect(step.data["expect"], copy.deepcopy(state))
                yield f"{path.name} step {step.index}", adapter, copy.deepcopy(state), seat, expected
                adapter.check_decision(state, seat, step.data)


@pytest.fixture
def english():
    before = i18n.current()
    i18n.use("en")
    yield
    i18n.use(before)


@pytest.mark.timeout(300)
@pytest.mark.parametrize("game", GAMES)
def test_a_lesson_judges_every_answer_as_a_game_does(game, english):
    judged = 0
    for where, adapter, state, seat, expected in decisions(game):
        written = adapter.answer_expect
        for answer in adapter.answers(state, seat, expected):
            name = f"{where}: {written(answer)}"
            lesson = adapter.judge(copy.deepcopy(state), answer, expected)
            in_play = adapter.judge(copy.deepcopy(state), answer, None)
            assert (lesson.kind == "right") == (in_play.kind == "right"), (name, lesson.kind, in_play.kind)
            text = " ".join(adapter.verdict_lines(lesson, True))
            if lesson.kind == "right":
                assert not WEAKER.search(text), (name, text)
            else:
                assert not AS_GOOD.search(text), (name, text)
            if lesson.kind != "right" and expected is not None and written(expected):
                # The lesson goes on with its own answer, the one the coach's lines name.
                assert written(adapter.stronger(lesson, expected)) == written(expected), name
            judged += 1
    assert judged > 20


def test_an_expected_answer_the_coach_judges_weaker_is_refused():
    """For each game, a decision with a weaker answer: made the expected one, check refuses it."""
    for game in GAMES:
        found = False
        for where, adapter, state, seat, expected in decisions(game):
            if expected is None:
                continue
            weaker = [a for a in adapter.answers(state, seat, expected)
                      if adapter.judge(copy.deepcopy(state), a, None).kind not in ("right", "illegal")]
            if not weaker:
                continue
            with pytest.raises(PositionError) as err:
                adapter.check_decision(copy.deepcopy(state), seat, {"expect": adapter.answer_expect(weaker[0])})
            assert err.value.message == "expect_coach_weaker", where
            found = True
            break
        assert found, game


def one_decision(total, hand, pile, expect):
    """A 33 lesson of one position (three players; the learner holds `hand`) and one decision."""
    return yaml.safe_dump({
        "lesson": 1, "id": "as-good", "game": "thirty-three", "order": 1, "title": "A sample lesson",
        "steps": [
            {"position": {"players": 3, "total": total, "hands": [hand, ["+6", "+2", "-3"], ["+5", "-6", "+7"]],
                          "pile": pile}},
            {"decide": {"prompt": "Which card?", "expect": expect, "clause": "33.7",
                        "explain": "The lesson's reason."}},
        ]}, sort_keys=False)


def test_a_play_the_coach_finds_as_good_is_right_in_a_lesson(tmp_path, english):
    """The issue's case: -4 is as good as +-10 as +10 by the coach's figures (0% either way); the
    lesson says so, counts no mistake, and goes on with the learner's play."""
    from tutor.games.thirty_three import lesson as adapter

    path = tmp_path / "lesson.yaml"
    path.write_text(one_decision(23, ["+-10", "-4", "0"], ["+8", "+6", "-2", "+5", "+6"], "+-10 +10"),
                    encoding="utf-8")
    lesson = load_lesson(path)
    console = Script(["-4"])
    runner = LessonRunner(console, lesson, adapter, Progress(tmp_path / "home"))
    assert runner.run() == 3
    shown = "\n".join(console.shown)
    assert "Good: \u22124." in shown and "is as good as \u201c\u00b110 +10\u201d" in shown
    assert not WEAKER.search(shown) and "The right answer" not in shown
    assert runner.state.pile[-1] == "-4"


def test_tutor_check_reports_an_expected_answer_the_coach_judges_weaker(tmp_path):
    path = tmp_path / "lesson.yaml"
    path.write_text(one_decision(27, ["+9", "+6", "-4"], ["+10", "+10", "+7"], "-4"), encoding="utf-8")
    _, problems = check_path(path, translations=False, teaching=False)
    assert [p.message for p in problems] == ["expect_coach_weaker"]  # +6 keeps the -4 (42% against 8%)
    assert problems[0].params == {"card": "-4", "better": "+6"}
    path.write_text(one_decision(27, ["+9", "+6", "-4"], ["+10", "+10", "+7"], "+6"), encoding="utf-8")
    assert check_path(path, translations=False, teaching=False)[1] == []


#: Positions where two answers are as good by the coach's figures (two loose cards of 10
#: points each), for the lesson's adapter to judge: (game, position, expected, the other).
EQUAL = [
    ("three-thirteen", {"round": 2, "players": 2, "phase": "discard",
                        "hands": [["KD", "QS", "6H", "2C", "9D"], ["4D", "JC", "10H", "3C"]],
                        "discard": ["8C", "AS"]}, "KD", "QS"),
    ("three-thirteen-speed", {"hand": 2, "players": 2, "phase": "discard",
                              "hands": [["KD", "QS", "6H", "2C", "9D"], ["5D", "JC", "10H", "3C", "7S"]],
                              "piles": [["8C"], ["AS"]]}, "KD", "QS"),
]


@pytest.mark.parametrize("game, spec, expect, other", EQUAL)
def test_a_discard_as_good_as_the_lessons_is_right(game, spec, expect, other, english):
    adapter = adapter_for(game)
    state, seat = adapter.build(spec)
    expected = adapter.parse_expect(expect, copy.deepcopy(state))
    answer = next(a for a in adapter.answers(state, seat, expected) if adapter.answer_expect(a) == other)
    assert adapter.judge(copy.deepcopy(state), answer, None).kind == "right"
    verdict = adapter.judge(copy.deepcopy(state), answer, expected)
    assert verdict.kind == "right"
    assert not WEAKER.search(" ".join(adapter.verdict_lines(verdict, True)))
    adapter.check_decision(copy.deepcopy(state), seat, {"expect": expect})  # the lesson's answer is right too


def test_every_33_lesson_can_be_walked_with_the_plays_the_coach_finds_as_good(tmp_path, english):
    """Wherever a decision has a play other than the expected one that the coach judges right, the
    learner makes it: no mistake is counted, and the lesson goes on from it to the end."""
    from tutor.games.thirty_three import lesson as adapter
    from tutor.lessons.check import load_game_lessons

    def choose(state, seat, expected):
        others = [p for p in adapter.answers(state, seat, expected) if expected is not None and p != expected
                  and adapter.judge(copy.deepcopy(state), p, expected).kind == "right"]
        chosen.append(bool(others))
        return others[-1] if others else None

    lessons, _ = load_game_lessons("thirty-three")
    chosen: list[bool] = []
    for lesson in lessons:
        console = Script(answers_for(lesson, choose))
        assert LessonRunner(console, lesson, adapter, Progress(tmp_path)).run() == 3, lesson.id
        shown = "\n".join(console.shown)
        assert "This position has changed" not in shown and "The right answer" not in shown, lesson.id
    assert sum(chosen) >= 3  # the two-value and empty-stock lessons' plays as good as the expected
