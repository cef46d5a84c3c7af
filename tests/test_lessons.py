"""Lessons: the checker finds each kind of error with its place; lessons run and are scored."""

from __future__ import annotations

import textwrap

import pytest

from tutor.cli.main import run
from tutor.lessons.check import check_path, load_game_lessons
from tutor.lessons.extract import extract_lessons
from tutor.lessons.model import LessonError, load_lesson
from tutor.lessons.runner import LessonRunner, stars_for
from tutor.progress import Progress
from helpers import Script, answers_for

GOOD = textwrap.dedent("""\
    lesson: 1
    id: sample
    game: thirty-three
    order: 1
    title: A sample lesson
    steps:
      - say: The total may reach 33 exactly.
        clause: "33.7"
      - position:
          players: 3
          total: 27
          hands: [["+9", "+6", "-4"], ["+5", "+2", "+8"], ["-3", "1/11", "+7"]]
      - decide:
          prompt: Which card?
          expect: "+6"
          clause: "33.7"
      - quiz:
          question: Can the total reach 33 exactly?
          choices: ["Yes", "No"]
          answer: 1
          explain: Exactly 33 is allowed.
          clause: "33.7"
    """)


def write(tmp_path, text, name="lesson.yaml"):
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def problems(tmp_path, text, translations=False):
    # The sample's coach cites 33.8, which it does not teach: test_teaching_order holds the coach.
    _, found = check_path(write(tmp_path, text), translations, coach=False)
    return found


def test_a_good_lesson_has_no_problems(tmp_path):
    assert problems(tmp_path, GOOD) == []


def test_unparseable_yaml_is_reported_with_line_and_column(tmp_path):
    [err] = problems(tmp_path, GOOD.replace('hands: [["+9"', 'hands: [["+9" ]]'))
    assert err.message == "lesson_yaml" and err.line == 12


def test_an_unknown_step_kind_is_an_error(tmp_path):
    [err] = problems(tmp_path, GOOD.replace("  - say: The total", "  - shout: The total"))
    assert err.message == "lesson_step_kind" and err.line == 7


def test_an_illegal_expected_answer_is_an_error_with_the_clause(tmp_path):
    [err] = problems(tmp_path, GOOD.replace('expect: "+6"', 'expect: "+9"'))
    assert err.message == "expect_illegal" and err.params["clause"] == "33.7" and err.line == 15


def test_an_impossible_position_is_an_error(tmp_path):
    text = GOOD.replace('["+5", "+2", "+8"]', '["+9", "+9", "+9"]').replace('"+9", "+6"', '"+9", "+9"')
    [err] = problems(tmp_path, text)
    assert err.message == "position_too_many" and err.params["card"] == "+9"


def test_an_object_building_tag_is_an_error_and_runs_nothing(tmp_path):
    marker = tmp_path / "ran"
    text = GOOD.replace("title: A sample lesson", f'title: !!python/object/apply:os.system ["touch {marker}"]')
    [err] = problems(tmp_path, text)
    assert err.message == "lesson_bad_tag" and err.line == 5
    assert not marker.exists()


def test_an_alias_bomb_is_refused(tmp_path):
    bomb = "a: &a [x, x, x, x, x, x, x, x, x]\n"
    for i in range(1, 9):
        bomb += f"{chr(97 + i)}: &{chr(97 + i)} [*{chr(96 + i)}, *{chr(96 + i)}, *{chr(96 + i)}, *{chr(96 + i)}]\n"
    with pytest.raises(LessonError) as err:
        load_lesson(write(tmp_path, bomb))
    assert err.value.message == "lesson_too_big"


def test_a_missing_translation_is_reported_per_language(tmp_path):
    found = problems(tmp_path, GOOD, translations=True)
    assert found and all(err.message == "lesson_untranslated" for err in found)
    assert {err.params["lang"] for err in found} == {"en", "lt", "de", "fr", "es", "ru", "cs", "nb"}


def test_tutor_check_exits_1_with_file_line_column(tmp_path, capsys):
    path = write(tmp_path, GOOD.replace('expect: "+6"', 'expect: "+9"'))
    assert run(["check", "--no-translations", str(path)]) == 1
    out = capsys.readouterr().out
    assert f"{path}:15:" in out and "33.7" in out


def test_shipped_lessons_pass_tutor_check(capsys):
    assert run(["check"]) == 0, capsys.readouterr().out


def test_shipped_lessons_cover_every_clause_of_33():
    lessons, skipped = load_game_lessons("thirty-three")
    assert not skipped
    covered = {c for lesson in lessons for c in lesson.clauses}
    covered |= {s.data.get("clause") for lesson in lessons for s in lesson.steps}
    assert {f"33.{n}" for n in range(1, 13)} <= covered
    assert len(lessons) >= 6
    for lesson in lessons:
        assert any(step.kind == "decide" for step in lesson.steps), lesson.id


def test_a_malformed_lesson_is_skipped_and_the_rest_load(tmp_path, monkeypatch):
    folder = tmp_path / "lessons" / "thirty-three"
    folder.mkdir(parents=True)
    write(folder, GOOD, "01-good.yaml")
    write(folder, "lesson: 1\nid: [broken\n", "02-bad.yaml")
    monkeypatch.setattr("tutor.lessons.check.data_dir", lambda name: tmp_path / name)
    lessons, skipped = load_game_lessons("thirty-three")
    assert [lesson.id for lesson in lessons] == ["sample"]
    assert len(skipped) == 1 and skipped[0].path.endswith("02-bad.yaml")


def test_the_extractor_reports_real_lines_and_field_comments(tmp_path):
    path = write(tmp_path, GOOD)
    with path.open("rb") as fh:
        found = list(extract_lessons(fh, None, None, {}))
    by_text = {text: (line, comments) for line, _, text, comments in found}
    assert by_text["Which card?"][0] == 14
    assert by_text["Which card?"][1] == ["lesson thirty-three/sample: steps[2].prompt"]
    assert by_text["Yes"][1] == ["lesson thirty-three/sample: steps[3].choices[0]"]


def run_lesson(tmp_path, answers, start=0):
    from tutor.games.thirty_three import lesson as adapter

    lesson = load_lesson(write(tmp_path, GOOD))
    console = Script(answers)
    runner = LessonRunner(console, lesson, adapter, Progress(tmp_path / "home"))
    return runner, runner.run(start), console


def test_a_clean_lesson_earns_three_stars_and_is_saved(tmp_path):
    runner, stars, console = run_lesson(tmp_path, ["", "+6", "1"])
    assert stars == 3
    entry = Progress(tmp_path / "home").read()["lessons"]["thirty-three/sample"]
    assert entry["done"] and entry["stars"] == 3


def test_weaker_illegal_and_hint_cost_stars_and_are_explained(tmp_path):
    runner, stars, console = run_lesson(tmp_path, ["", "+9", "2"])
    assert stars == 2
    assert any("33.7" in line for line in console.shown)  # +9 is illegal
    runner, stars, console = run_lesson(tmp_path, ["", "-4", "1"])
    assert stars == 2 and any("stronger" in line for line in console.shown)  # -4 is legal but weaker
    runner, stars, console = run_lesson(tmp_path, ["", "hint", "+6", "1"])
    assert stars == 2


def test_back_returns_to_the_step_before(tmp_path):
    runner, stars, console = run_lesson(tmp_path, ["", "back", "", "+6", "1"])
    assert stars == 3
    assert sum("The total may reach 33 exactly." in line for line in console.shown) == 2


def test_leaving_saves_the_place_and_resuming_starts_there(tmp_path):
    from tutor.trainer.console import Leave

    with pytest.raises(Leave):
        run_lesson(tmp_path, ["", "quit"])
    entry = Progress(tmp_path / "home").read()["lessons"]["thirty-three/sample"]
    assert entry["step"] == 1 and not entry["done"]  # the position step before the decision
    runner, stars, console = run_lesson(tmp_path, ["+6", "1"], start=entry["step"])
    assert stars == 3


def test_stars():
    assert (stars_for(0, 0), stars_for(1, 0), stars_for(1, 1), stars_for(2, 1)) == (3, 2, 2, 1)


@pytest.mark.timeout(120)
@pytest.mark.parametrize("lang", ["en", "lt", "de"])
def test_a_whole_shipped_lesson_through_prompt_toolkit_pipe_input(tmp_path, lang):
    from prompt_toolkit.application import create_app_session
    from prompt_toolkit.input import create_pipe_input
    from prompt_toolkit.output import DummyOutput

    from tutor import i18n
    from tutor.games.thirty_three import lesson as adapter
    from tutor.trainer.console import PromptConsole

    i18n.use(lang)
    lessons, _ = load_game_lessons("thirty-three")
    lesson = next(lesson for lesson in lessons if lesson.id == "the-limit")
    lines = answers_for(lesson)
    shown = []
    with create_pipe_input() as pipe, create_app_session(input=pipe, output=DummyOutput()):
        pipe.send_text("".join(line + "\n" for line in lines))
        console = PromptConsole(color=False, input=pipe, output=DummyOutput())
        console.show = lambda f: shown.append(f if isinstance(f, str) else "".join(t for _, t in f))
        runner = LessonRunner(console, lesson, adapter, Progress(tmp_path))
        assert runner.run() == 3
    assert i18n.translate(lesson.title) in shown[0]
    if lang != "en":
        assert i18n.translate(lesson.title) != lesson.title  # the lesson really is in the learner's language
    assert Progress(tmp_path).read()["lessons"]["thirty-three/the-limit"]["stars"] == 3


def test_every_shipped_lesson_can_be_walked_to_three_stars(tmp_path):
    from tutor.games.thirty_three import lesson as adapter

    lessons, _ = load_game_lessons("thirty-three")
    for lesson in lessons:
        console = Script(answers_for(lesson))
        assert LessonRunner(console, lesson, adapter, Progress(tmp_path)).run() == 3, lesson.id
        assert not any("This position has changed" in line for line in console.shown), lesson.id
