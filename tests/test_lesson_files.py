"""Lesson files are untrusted: damaged or hostile ones are refused with file and line, in
bounded time and memory, and never stop `tutor check` or `tutor learn` with a traceback."""

from __future__ import annotations

import copy
import functools
import os
import shutil
import textwrap

import pytest

from tutor.cli.main import run
from tutor.lessons import playon
from tutor.lessons.check import adapter_for, check_path, load_game_lessons
from tutor.lessons.model import MAX_BYTES, MAX_DEPTH, LessonError, load_lesson
from tutor.lessons.positions import PositionError
from tutor.cli.check import lesson_error_line
from tutor.locate import data_dir

GOOD = textwrap.dedent("""\
    lesson: 1
    id: sample
    game: thirty-three
    order: 1
    title: A sample lesson
    steps:
      - position:
          players: 3
          total: 27
          hands: [["+9", "+6", "-4"], ["+5", "+2", "+8"], ["-3", "1/11", "+7"]]
      - decide:
          prompt: Which card?
          expect: "+6"
    """)
HUGE = "9" * 4301


def write(folder, text, name="lesson.yaml"):
    path = folder / name
    path.write_bytes(text if isinstance(text, bytes) else text.encode("utf-8"))
    return path


def problems(tmp_path, text):
    # These tests are about reading files; teaching order has tests of its own (test_teaching_order.py).
    _, found = check_path(write(tmp_path, text), translations=False, teaching=False)
    return found


def only_problem(tmp_path, text):
    found = problems(tmp_path, text)
    assert len(found) == 1, [lesson_error_line(err) for err in found]
    line = lesson_error_line(found[0])
    assert "\n" not in line and line.startswith(f"{tmp_path / 'lesson.yaml'}:{found[0].line}:")
    return found[0], line


# ---------------------------------------------------------------- reading the file


def test_a_50_mb_lesson_is_refused_without_being_read(tmp_path, monkeypatch):
    path = tmp_path / "lesson.yaml"
    with path.open("wb") as fh:
        fh.write(GOOD.encode())
        fh.truncate(50 * 1024 * 1024)  # sparse: its size, not its bytes, must refuse it
    reads = []
    real_read = os.read
    monkeypatch.setattr(os, "read", lambda fd, n: reads.append(n) or real_read(fd, n))
    _, [err] = check_path(path, translations=False)
    assert err.message == "lesson_file_too_big" and err.params["kb"] == MAX_BYTES // 1024
    assert sum(reads) == 0


def test_tutor_check_on_a_device_or_fifo_is_an_error_not_no_problems(tmp_path, capsys):
    assert run(["check", "/dev/zero"]) == 1
    captured = capsys.readouterr()
    assert "/dev/zero" in captured.err and "no problems" not in captured.out
    fifo = tmp_path / "lesson.yaml"
    os.mkfifo(fifo)
    assert run(["check", str(fifo)]) == 1  # and it does not hang waiting for a writer
    assert "no problems" not in capsys.readouterr().out


def test_tutor_check_on_a_folder_without_lessons_is_an_error(tmp_path, capsys):
    (tmp_path / "notes.txt").write_text("hello")
    assert run(["check", str(tmp_path)]) == 1
    captured = capsys.readouterr()
    assert "no problems" not in captured.out and "Error:" in captured.err


def test_a_fifo_or_device_among_the_lessons_is_reported_not_read(tmp_path, capsys):
    write(tmp_path, GOOD, "01-good.yaml")
    os.mkfifo(tmp_path / "02-fifo.yaml")
    os.symlink("/dev/zero", tmp_path / "03-zero.yaml")
    count, found = check_path(tmp_path, translations=False, teaching=False)
    assert count == 3
    assert [(os.path.basename(e.path), e.message) for e in found] == [
        ("02-fifo.yaml", "lesson_not_a_file"), ("03-zero.yaml", "lesson_not_a_file")]


def test_a_nul_byte_is_not_valid_yaml_with_pyyaml_s_reason_and_its_line(tmp_path):
    err, line = only_problem(tmp_path, GOOD.replace("id: sample", "id: sam\x00ple"))
    assert err.message == "lesson_yaml" and (err.line, err.column) == (2, 8)
    assert "#x0000" in err.params["problem"] and "not allowed" in err.params["problem"]
    assert line.endswith("this is not valid YAML: unacceptable character #x0000: special characters are not allowed")


def test_bytes_that_are_not_utf8_are_reported_at_their_line(tmp_path):
    err, _ = only_problem(tmp_path, GOOD.encode().replace(b"Which card?", b"Which \xff card?"))
    assert err.message == "lesson_not_utf8" and err.line == 12


def test_a_byte_order_mark_is_not_part_of_the_lesson(tmp_path):
    assert problems(tmp_path, b"\xef\xbb\xbf" + GOOD.encode()) == []


def test_a_yaml_problem_is_one_line_with_pyyaml_s_words(tmp_path):
    err, line = only_problem(tmp_path, GOOD.replace("title: A sample lesson", 'title: "open\n  \tquote'))
    assert err.message == "lesson_yaml" and err.params["problem"]
    assert "\n" not in line and "\t" not in line


# ---------------------------------------------------------------- nesting and size


@pytest.mark.parametrize("opening, closing", [("[", "]"), ("{a: ", "}")])
def test_a_thousand_levels_of_nesting_are_refused_with_their_line(tmp_path, opening, closing):
    text = GOOD + "clauses: " + opening * 1000 + closing * 1000 + "\n"
    assert len(text.encode()) < 8 * 1024
    err, line = only_problem(tmp_path, text)
    assert err.message == "lesson_too_deep" and err.line == 14
    assert "nested too deeply" in line


def test_nesting_made_of_aliases_is_refused_too(tmp_path):
    deep = "[" * (MAX_DEPTH - 3) + "x" + "]" * (MAX_DEPTH - 3)
    text = GOOD + f"a: &a {deep}\nclauses: [[[[[[*a]]]]]]\n"
    err, _ = only_problem(tmp_path, text)
    assert err.message == "lesson_too_deep"


def test_tutor_check_reports_deep_nesting_with_file_and_line(tmp_path, capsys):
    path = write(tmp_path, GOOD + "clauses: " + "[" * 1000 + "]" * 1000 + "\n")
    assert run(["check", "--no-translations", str(path)]) == 1
    out = capsys.readouterr().out
    assert f"{path}:14:" in out and "1 problem" in out


def lessons_folder_with(tmp_path, monkeypatch, bad_text):
    """The shipped 33 lessons plus one bad file, as `tutor learn 33` would find them."""
    root = tmp_path / "data"
    shutil.copytree(data_dir("lessons") / "thirty-three", root / "lessons" / "thirty-three")
    write(root / "lessons" / "thirty-three", bad_text, "99-bad.yaml")
    monkeypatch.setattr("tutor.lessons.check.data_dir", lambda name: root / name)
    return root


@pytest.mark.parametrize("bad", [
    GOOD.replace("id: sample", "id: bad") + "clauses: " + "[" * 1000 + "]" * 1000 + "\n",
    GOOD.replace("total: 27", "total: -1000000000") + "  - play_on: {until: end}\n",
    GOOD.replace('expect: "+6"', f"expect: {HUGE}"),
])
def test_learn_skips_a_hostile_lesson_in_one_line_and_keeps_the_others(tmp_path, monkeypatch, bad):
    lessons_folder_with(tmp_path, monkeypatch, bad)
    lessons, skipped = load_game_lessons("thirty-three")
    assert len(lessons) == len(list((data_dir("lessons") / "thirty-three").glob("*.yaml")))
    [err] = skipped
    assert err.path.endswith("99-bad.yaml") and "\n" not in lesson_error_line(err)


@pytest.mark.timeout(60)
def test_tutor_learn_33_with_a_deeply_nested_lesson_in_the_folder(tmp_path, monkeypatch, capsys):
    lessons_folder_with(tmp_path, monkeypatch, GOOD + "clauses: " + "[" * 1000 + "]" * 1000 + "\n")
    monkeypatch.setenv("TUTOR_HOME", str(tmp_path / "home"))
    monkeypatch.setattr("sys.stdin", open(os.devnull))
    code = run(["learn", "33"])
    err = capsys.readouterr().err
    assert code == 0
    warnings = [line for line in err.splitlines() if "99-bad.yaml" in line]
    assert len(warnings) == 1 and ":14:" in warnings[0] and "nested too deeply" in warnings[0]
    assert "Traceback" not in err


# ---------------------------------------------------------------- numbers


def test_a_4301_digit_number_in_expect_names_file_and_line(tmp_path):
    err, line = only_problem(tmp_path, GOOD.replace('expect: "+6"', f"expect: {HUGE}"))
    assert err.message == "lesson_bad_number" and err.line == 13
    assert len(line) < 200


def test_a_4301_digit_card_text_in_expect_is_shown_short(tmp_path):
    err, line = only_problem(tmp_path, GOOD.replace('expect: "+6"', f'expect: "+{HUGE}"'))
    assert err.message == "position_bad_card" and err.line == 13
    assert len(err.params["card"]) < 50 and len(line) < 200


@pytest.mark.parametrize("number", [HUGE, "0x" + "f" * 5000, "1" + "0" * 30, "1:" * 2000 + "1"])
def test_long_numbers_anywhere_are_refused(tmp_path, number):
    err, _ = only_problem(tmp_path, GOOD.replace("order: 1", f"order: {number}"))
    assert err.message == "lesson_bad_number" and err.line == 4


# ---------------------------------------------------------------- play-on is bounded


@pytest.mark.timeout(30)
def test_a_33_position_no_bot_could_ever_finish_is_refused_quickly(tmp_path):
    text = GOOD.replace("total: 27", "total: -1000000000") + "  - play_on: {until: end}\n"
    err, line = only_problem(tmp_path, text)
    assert err.message == "position_total" and err.line == 9
    assert "-128" in line and "33" in line


def test_the_lowest_total_the_deck_allows_still_plays_to_the_end(tmp_path):
    text = GOOD.replace("total: 27", "total: -128").replace('expect: "+6"', "expect: best")
    assert problems(tmp_path, text + "  - play_on: {until: end}\n") == []


SHIPPED_PLAY_ON = [
    ("thirty-three", "01-cards.yaml"),
    ("three-thirteen", "05-going-out.yaml"),
    ("three-thirteen-speed", "03-match.yaml"),
    ("toepen", "02-the-last-trick.yaml"),
]


@pytest.mark.parametrize("game, name", SHIPPED_PLAY_ON)
def test_every_game_s_play_on_is_bounded(monkeypatch, game, name):
    path = data_dir("lessons") / game / name
    monkeypatch.setattr(playon, "MAX_STEPS", 1)
    _, found = check_path(path, translations=False)
    lesson = load_lesson(path)
    # the line of the play_on step, or of its body on the next line
    play_on_lines = {step.line + d for step in lesson.steps if step.kind == "play_on" for d in (0, 1)}
    endless = [err for err in found if err.message == "play_on_endless"]
    assert endless and {err.line for err in endless} <= play_on_lines
    assert "within 1 move" in lesson_error_line(endless[0])


@pytest.mark.parametrize("game", ["thirty-three", "toepen"])
def test_a_seeded_deal_is_bounded(monkeypatch, game):
    monkeypatch.setattr(playon, "MAX_STEPS", 0)
    adapter = adapter_for(game)
    for seed in range(20):
        try:
            state, seat = adapter.build({"players": 4, "seat": 3, "seed": seed})
        except PositionError as err:
            assert err.where == ("seed",) and err.message in ("play_on_endless", "position_seed_over")
            if err.message == "play_on_endless":
                return
    pytest.fail("no seeded deal needed a bot's move")


def test_at_the_table_a_play_on_stops_after_the_bound(monkeypatch):
    monkeypatch.setattr(playon, "MAX_STEPS", 50)

    class State:
        is_over = False
        current = 1

    class Session:
        state = State()
        turns = 0

        def bot_turn(self):
            self.turns += 1

    session = Session()
    playon.at_the_table(session, 0, {"until": "end"}, mid_turn=lambda state: False)
    assert session.turns == 50


# ---------------------------------------------------------------- every game's numbers by type and range


@functools.lru_cache(maxsize=None)
def _first_position(game):
    folder = data_dir("lessons") / game
    return next(step.data for path in sorted(folder.glob("*.yaml")) for step in load_lesson(path).steps
                if step.kind == "position" and "hands" in step.data)


def first_position(game):
    """A shipped position of the game with its hands spelled out (a copy to change)."""
    return copy.deepcopy(_first_position(game))


BAD_NUMBERS = {
    "thirty-three": [("players", True), ("players", 10**9), ("seat", True), ("seat", -1), ("seed", -1),
                     ("seed", 10**15), ("seed", "7"), ("current", True), ("current", 99), ("total", 34),
                     ("total", -129), ("total", True), ("total", 1.5)],
    "three-thirteen": [("round", True), ("round", 12), ("players", 9), ("seat", True), ("current", 8),
                       ("seed", -5), ("out", True), ("out", 40)],
    "three-thirteen-speed": [("hand", True), ("hand", 0), ("players", 13), ("seat", True), ("seed", 2**40),
                             ("cycle", -1), ("cycle", "2"), ("cycle", 10**6), ("matched", [True]),
                             ("matched", [1, 1]), ("phase", ["match"])],
    "toepen": [("players", True), ("seat", True), ("seed", -1), ("dealer", True), ("stake", 10**6),
               ("history", [{"seat": 1, "hands": 10**6}]), ("folded", [True]), ("moves", [f"knock {HUGE}"]),
               ("moves", ["knock ²"]), ("moves", ["knock 9"]), ("moves", [HUGE])],
}


@pytest.mark.parametrize("game, field, value", [(g, f, v) for g, cases in BAD_NUMBERS.items() for f, v in cases])
def test_position_numbers_are_checked_by_type_and_range(game, field, value):
    adapter = adapter_for(game)
    spec = first_position(game)
    adapter.build(copy.deepcopy(spec))  # the shipped position itself is sound
    spec[field] = value
    with pytest.raises(PositionError) as info:
        adapter.build(spec)
    assert info.value.where[:1] == (field,) or (field == "moves" and info.value.where[:1] == ("moves",))


@pytest.mark.parametrize("game", ["thirty-three", "three-thirteen", "three-thirteen-speed", "toepen"])
@pytest.mark.parametrize("expect", [HUGE, "+" + HUGE, "out " + HUGE, True, ["KH"], "x\x1b[31m" * 20])
def test_expect_of_any_shape_is_a_position_error_quoted_and_short(game, expect):
    adapter = adapter_for(game)
    state, seat = adapter.build(first_position(game))
    with pytest.raises(PositionError) as info:
        adapter.parse_expect(expect, state)
    assert info.value.where == ("expect",)
    for value in info.value.params.values():
        assert "\x1b" not in str(value) and len(str(value)) < 50


def test_unknown_keys_are_shown_quoted_and_short(tmp_path):
    text = GOOD.replace("order: 1", "order: 1\n" + "k" * 500 + ': 1\n"x\\e[2J": 2')
    err, line = only_problem(tmp_path, text)
    assert err.message == "lesson_unknown_field" and len(line) < 300 and "\x1b" not in line


def test_lesson_error_lines_are_translated(tmp_path):
    from tutor import i18n

    err = LessonError(tmp_path / "x.yaml", 3, 1, "lesson_too_deep")
    try:
        i18n.use("de")
        german = lesson_error_line(err)
    finally:
        i18n.use("en")
    assert german != lesson_error_line(err) and german.startswith(f"{tmp_path / 'x.yaml'}:3:1: ")


def test_a_long_flat_list_is_refused_before_it_is_all_built(tmp_path):
    err, _ = only_problem(tmp_path, GOOD + "clauses: [" + "1," * 30000 + "1]\n")
    assert err.message == "lesson_too_big" and err.line == 14 and err.column < 2 * 30000


@pytest.mark.parametrize("step", ["x", "9" * 5000, True, -5, 10**9, None, [1], 2.5])
def test_a_resume_step_of_any_shape_starts_at_a_sound_step(tmp_path, step):
    from tutor.lessons.runner import LessonRunner

    lesson = load_lesson(write(tmp_path, GOOD))
    runner = LessonRunner(None, lesson, None, None)  # type: ignore[arg-type]
    assert 0 <= runner.resume_point(step) < len(lesson.steps)
