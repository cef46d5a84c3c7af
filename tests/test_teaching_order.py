"""A lesson asks only what it has taught: `tutor check` finds each kind of teaching fault with its
file and line (a planted fault per test), and the trainer answers every wrong answer with the right
one, the reason and the rule's text; `learn` ends with what comes next."""

from __future__ import annotations

import textwrap

import pytest

from tutor import i18n
from tutor.cli.check import lesson_error_line
from tutor.cli.main import run
from tutor.lessons.check import check_path, load_game_lessons, translation_word_problem
from tutor.lessons.model import load_lesson
from tutor.lessons.runner import LessonRunner
from tutor.lessons.teaching import fill_words, needed_words, typing
from tutor.progress import Progress
from helpers import Script, tutor
from test_lessons import GOOD

# A 33 lesson that teaches before it asks: the say step (33.7) comes before the decision and the
# quiz that cite it (test_lessons' sample, with the clause listed and a reason for the decision).
TAUGHT = GOOD.replace("title: A sample lesson\n", 'title: A sample lesson\nclauses: ["33.7"]\n').replace(
    '      clause: "33.7"\n  - quiz:', '      clause: "33.7"\n      explain: Exactly 33 is allowed.\n  - quiz:')

# A Three Thirteen lesson whose decision needs the words stock and pile.
TT = textwrap.dedent("""\
    lesson: 1
    id: drawing
    game: three-thirteen
    order: 1
    title: Drawing
    clauses: ["TT.5"]
    steps:
      - say: You draw from the stock or the discard pile.
        clause: "TT.5"
      - position:
          round: 1
          players: 2
          hands: [["7H", "7C", "KS"], ["9C", "QD", "4S"]]
          discard: ["10D", "7D"]
          stock: ["8S"]
      - decide:
          prompt: Stock or pile?
          expect: pile
          clause: "TT.5"
    """)


def write(folder, text, name="lesson.yaml"):
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / name
    path.write_text(text, encoding="utf-8")
    return path


def found(path, coach=False):
    """The problems `tutor check` finds; the samples teach only what their own steps cite, so
    the coach's clauses (33.8 for any 33 play) are held only where a test asks (`coach=True`)."""
    return check_path(path, translations=False, coach=coach)[1]


def only(path, message):
    problems = found(path)
    assert [err.message for err in problems] == [message], [lesson_error_line(err) for err in problems]
    return problems[0]


def line_of(text, needle, after=""):
    """The line (from 1) of the first line holding `needle` after the first holding `after`."""
    lines = text.splitlines()
    start = next(i for i, line in enumerate(lines) if after in line)
    return next(i for i, line in enumerate(lines) if i >= start and needle in line) + 1


# ----------------------------------------------------------------------------------- rules first


def test_a_lesson_that_teaches_before_it_asks_has_no_problems(tmp_path):
    assert found(write(tmp_path, TAUGHT)) == []


def test_a_decision_that_cites_no_clause_is_reported_at_its_step(tmp_path):
    text = TAUGHT.replace('      clause: "33.7"\n      explain', "      explain")
    err = only(write(tmp_path, text), "lesson_no_clause")
    assert err.line == line_of(text, "prompt:", "- decide:") and err.params["field"] == "steps[2].decide"


def test_a_decision_before_the_say_that_teaches_its_clause_is_reported(tmp_path, capsys):
    text = TAUGHT.replace('    clause: "33.7"\n  - position', '    clause: "33.1"\n  - position')
    path = write(tmp_path, text)
    problems = found(path)
    assert {err.message for err in problems} == {"lesson_clause_untaught"}
    assert [err.line for err in problems] == [line_of(text, "clause:", "- decide:"), line_of(text, "clause:", "- quiz:")]
    assert run(["check", "--no-translations", str(path)]) == 1
    out = capsys.readouterr().out
    assert f"{path}:{problems[0].line}:" in out and "before any say step has taught it" in out and "33.7" in out


def test_a_clause_taught_in_an_earlier_lesson_counts_and_a_later_one_does_not(tmp_path):
    first = TAUGHT.replace("id: sample", "id: first")
    second = TAUGHT.replace("id: sample", "id: second").replace("order: 1", "order: 2").replace(
        '  - say: The total may reach 33 exactly.\n    clause: "33.7"\n', "")
    write(tmp_path, first, "01.yaml")
    path = write(tmp_path, second, "02.yaml")
    assert found(path) == []  # lesson 1 of the folder taught 33.7, even when only lesson 2 is checked
    write(tmp_path, first.replace("order: 1", "order: 3"), "01.yaml")
    assert {err.message for err in found(path)} == {"lesson_clause_untaught"}


def test_a_clause_the_game_does_not_have_is_reported(tmp_path):
    text = TAUGHT.replace('clauses: ["33.7"]', 'clauses: ["33.7", "TT.5"]')
    err = only(write(tmp_path, text), "lesson_clause_unknown")
    assert err.line == line_of(text, "clauses:") and err.params["clause"] == "TT.5"


def test_a_listed_clause_that_no_step_cites_is_reported(tmp_path):
    text = TAUGHT.replace('clauses: ["33.7"]', 'clauses: ["33.7", "33.9"]')
    err = only(write(tmp_path, text), "lesson_clause_uncited")
    assert err.line == line_of(text, "clauses:") and err.params["clause"] == "33.9"


def test_every_clause_of_a_game_folder_must_be_taught(tmp_path):
    folder = tmp_path / "thirty-three"  # a game's folder of lessons: the whole game is held to its rules
    write(folder, TAUGHT)
    problems = found(folder)
    assert {err.message for err in problems} == {"lesson_clause_never_taught"}
    assert {err.params["clause"] for err in problems} == {f"33.{n}" for n in range(1, 13)} - {"33.7"}
    assert {err.line for err in problems} == {line_of(TAUGHT, "clauses:")}
    assert "rule 33.4 is taught by no lesson" in lesson_error_line(
        next(err for err in problems if err.params["clause"] == "33.4"))
    assert found(write(tmp_path / "scratch", TAUGHT)) == []  # a folder of drafts is not the game


def test_the_shipped_lessons_teach_every_clause_in_order():
    for game in ("thirty-three", "three-thirteen", "three-thirteen-speed", "toepen"):
        from tutor.locate import data_dir

        assert found(data_dir("lessons") / game) == [], game


# ------------------------------------------------------------------------------ words first


def test_a_decision_whose_words_were_never_shown_is_reported(tmp_path):
    path = write(tmp_path, TT)
    problems = found(path)
    assert [(err.message, err.params["word"]) for err in problems] == [
        ("lesson_word_unshown", "stock"), ("lesson_word_unshown", "pile")]
    assert {err.line for err in problems} == {line_of(TT, "prompt:")}
    assert "%(stock)s" in lesson_error_line(problems[0])


@pytest.mark.parametrize("change", [
    ("prompt: Stock or pile?", "prompt: Type %(stock)s or %(pile)s."),
    ("  - say: You draw from", "  - say: Type %(stock)s or %(pile)s to draw.\n  - say: You draw from"),
])
def test_words_shown_in_the_prompt_or_an_earlier_say_are_taught(tmp_path, change):
    assert found(write(tmp_path, TT.replace(*change))) == []


def test_the_words_of_a_best_decision_are_those_of_the_coach_s_answer(tmp_path):
    path = write(tmp_path, TT.replace("expect: pile", "expect: best"))
    assert {err.params["word"] for err in found(path)} == {"stock", "pile"}


def test_which_words_an_answer_needs():
    assert needed_words("three-thirteen", "out KD") == ["out"]
    assert needed_words("three-thirteen", "stock") == ["stock", "pile"]
    assert needed_words("toepen", "fold") == ["stay", "fold"]
    assert needed_words("toepen", "pass") == ["challenge", "pass"]
    assert typing("three-thirteen-speed", "pass") == (["match"], True)  # Enter lets the window pass
    assert needed_words("thirty-three", "1/11 11") == []


def test_word_markup_is_filled_in_the_learner_s_language():
    i18n.use("lt")
    assert fill_words("Type %(stock)s or %(pile)s; %(other)s stays.") == "Type „kaladė“ or „krūvelė“; %(other)s stays."
    i18n.use("en")


def test_a_translation_must_keep_the_same_command_words():
    assert translation_word_problem("Type %(stock)s.", "Įveskite „%(stock)s“.") is None
    assert translation_word_problem("Type %(stock)s.", "Įveskite „kaladė“.") == "%(stock)s"


# ------------------------------------------------------------------------------------- deals


# A second position and its decision, to follow TAUGHT (before the position's fields: a `deal:`).
SECOND = textwrap.indent(textwrap.dedent("""\
    - position:
        players: 3
        total: 20
        hands: [["+9", "+6", "-4"], ["+5", "+2", "+8"], ["-3", "1/11", "+7"]]
    - decide:
        prompt: Which card?
        expect: "+9"
        clause: "33.7"
    """), "  ")


def test_a_later_position_must_say_whether_it_is_a_new_deal(tmp_path):
    text = TAUGHT + SECOND
    err = only(write(tmp_path, text), "position_deal_missing")
    assert err.line == line_of(text, "players: 3", "- quiz")
    assert found(write(tmp_path, text.replace("total: 20", "deal: new\n      total: 20"))) == []
    first = TAUGHT.replace("      players: 3", "      deal: continue\n      players: 3")
    err = only(write(tmp_path, first), "position_continue_first")
    assert err.line == line_of(first, "deal: continue")


def test_a_new_deal_is_announced_to_the_learner(tmp_path):
    from tutor.games.thirty_three import lesson as adapter

    path = write(tmp_path, TAUGHT + SECOND.replace("total: 20", "deal: new\n      total: 20"))
    assert found(path) == []
    console = Script(["", "+6", "1", "+9"])
    assert LessonRunner(console, load_lesson(path), adapter, None).run() == 3
    assert console.shown.count("A new deal: this table does not go on from the one before.") == 1


CONTINUED_33 = textwrap.dedent("""\
    lesson: 1
    id: sample
    game: thirty-three
    title: Continued
    steps:
      - say: The total may reach 33 exactly.
        clause: "33.7"
      - position:
          players: 3
          total: 20
          hands: [["+9", "+6", "-4"], ["+5", "+2", "+8"], ["-3", "1/11", "+7"]]
          pile: ["+10", "+10"]
          stock: ["+3", "+4", "+5"]
      - decide:
          prompt: Which card?
          expect: "+6"
          clause: "33.7"
      - position:
          deal: continue
          players: 3
          total: 26
          current: 1
          hands: [["+9", "-4", "+3"], ["+5", "+2", "+8"], ["-3", "1/11", "+7"]]
          pile: ["+10", "+10", "+6"]
    """)


def test_a_continued_deal_that_really_continues_passes(tmp_path):
    assert found(write(tmp_path, CONTINUED_33)) == []


@pytest.mark.parametrize("change, message, field", [
    (('pile: ["+10", "+10", "+6"]', 'pile: ["+10", "+6", "+10"]'), "position_continue_pile", "pile:"),
    (('[["+9", "-4", "+3"], ["+5"', '[["+9", "+5", "+3"], ["+4"'), "position_continue_gone", "hands:"),
    (("      current: 1\n", "      seat: 1\n      current: 1\n"), "position_continue_table", "deal: continue"),
])
def test_a_continued_33_deal_that_does_not_follow_is_reported(tmp_path, change, message, field):
    text = CONTINUED_33.replace(*change)
    err = only(write(tmp_path, text), message)
    assert err.line == line_of(text, field, "deal: continue")
    assert "deal: continue" in lesson_error_line(err)


TOEPEN = textwrap.dedent("""\
    lesson: 1
    id: sample
    game: toepen
    title: Continued
    steps:
      - say: Follow suit.
        clause: "TOE.5"
      - position:
          dealer: 0
          hands: [["10H", "9C", "8S", "JD"], ["QH", "8C", "7D"], ["KD", "QC", "JS"]]
          trick: [[1, "KS"], [2, "AS"]]
      - decide:
          prompt: Which card?
          expect: "8S"
          clause: "TOE.5"
      - position:
          deal: continue
          dealer: 0
          hands: [["10H", "9C", "JD"], ["QH", "8C", "7D"], ["KD", "QC", "JS"]]
          tricks_done: 1
    """)


def test_a_toepen_card_played_before_cannot_be_back_in_a_hand(tmp_path):
    assert found(write(tmp_path, TOEPEN)) == []
    text = TOEPEN.replace('[["10H", "9C", "JD"], ["QH", "8C", "7D"]', '[["10H", "9C", "8S"], ["QH", "8C", "7D"]')
    err = only(write(tmp_path, text), "position_continue_back")
    assert err.params["card"] == "8S" and err.line == line_of(text, '[["10H", "9C", "8S"]', "deal: continue")


# ------------------------------------------------------------------ the trainer answers mistakes


def run_taught(tmp_path, answers, lang="en"):
    from tutor.games.thirty_three import lesson as adapter

    i18n.use(lang)
    console = Script(answers)
    runner = LessonRunner(console, load_lesson(write(tmp_path, TAUGHT)), adapter, Progress(tmp_path / "home"))
    try:
        stars = runner.run()
    finally:
        i18n.use("en")
    return stars, console.shown


def test_a_wrong_decision_shows_the_right_answer_the_reason_and_the_rule_text(tmp_path):
    stars, shown = run_taught(tmp_path, ["", "+9", "1"])
    assert stars == 2
    illegal = next(i for i, line in enumerate(shown) if "36" in line and "33.7" in line)
    after = shown[illegal:]
    assert after[1] == "The right answer: “+6”."
    assert after[2] == "Exactly 33 is allowed."
    assert after[3].startswith("33.7 The limit") and "Reaching exactly 33 is fine." in after[3]
    assert after[4] == "The lesson goes on with the right answer."
    assert any("You play +6" in line for line in after)


def test_a_wrong_quiz_answer_shows_the_right_choice_the_reason_and_the_rule_text(tmp_path):
    stars, shown = run_taught(tmp_path, ["", "+6", "2"])
    assert stars == 2
    wrong = shown.index("Not quite. The right answer is 1: Yes")
    assert shown[wrong + 1] == "Exactly 33 is allowed."
    assert shown[wrong + 2].startswith("33.7 The limit")
    assert not any("See rule" in line for line in shown)


def test_a_quiz_hint_without_its_own_shows_what_the_rule_says(tmp_path):
    stars, shown = run_taught(tmp_path, ["", "+6", "hint", "1"])
    assert stars == 2
    at = shown.index("Look at the rule this question is about:")
    assert shown[at + 1].startswith("33.7 The limit") and "Re-read" not in " ".join(shown)


def test_the_rule_command_shows_the_cited_clause_and_then_the_table_again(tmp_path):
    stars, shown = run_taught(tmp_path, ["", "rule", "+6", "1"])
    assert stars == 3  # asking for the rule is no mistake
    at = next(i for i, line in enumerate(shown) if line.startswith("33.7 The limit"))
    assert "Your hand:" in shown[at + 1]  # the table again, to decide on


def test_f2_shows_the_cited_clause_not_the_whole_rulebook(tmp_path):
    stars, shown = run_taught(tmp_path, ["rules", "", "+6", "1"])
    clauses = [line for line in shown if line[:3] == "33."]
    assert len(clauses) == 1 and clauses[0].startswith("33.7")
    assert "All the rules: tutor rules 33" in shown


def test_the_rule_command_works_in_the_learner_s_language(tmp_path):
    stars, shown = run_taught(tmp_path, ["", "taisyklė", "+6", "1"], lang="lt")
    assert any(line.startswith("33.7 Riba") for line in shown), shown


def test_a_decision_hint_names_the_words_to_type(tmp_path):
    from tutor.games.three_thirteen import lesson as adapter

    text = TT.replace("prompt: Stock or pile?", "prompt: Type %(stock)s or %(pile)s.")
    i18n.use("cs")
    try:
        console = Script(["", "rada", "vzít"])
        LessonRunner(console, load_lesson(write(tmp_path, text)), adapter, None).run()
    finally:
        i18n.use("en")
    assert "Napište „balíček“ nebo „odhoz“." in console.shown, console.shown


def test_enter_or_pass_lets_a_speed_match_window_pass_in_a_lesson(tmp_path):
    from tutor.games.speed import lesson as adapter

    lessons, _ = load_game_lessons("three-thirteen-speed")
    lesson = next(lesson for lesson in lessons if lesson.id == "calls-and-the-middle")
    for typed in ("", "pass"):
        console = Script(["", "match", "", typed, ""])
        runner = LessonRunner(console, lesson, adapter, None)
        with pytest.raises(Exception):  # the script ends at the quiz
            runner.run()
        assert runner.mistakes == 0
        assert "The discards are face up" not in " ".join(console.shown)
        assert sum(line == "Right." for line in console.shown) == 2, console.shown


# ------------------------------------------------------------------------------------ endings


def mark_done(game, but=(), stars=3):
    from tutor.cli.progress import open_progress
    from tutor.progress import lesson_key

    lessons, _ = load_game_lessons(game)

    def apply(data):
        for lesson in lessons:
            if lesson.id not in but:
                data["lessons"][lesson_key(game, lesson.id)] = {
                    "stars": stars if lesson.order != 2 else 2, "done": True, "step": 0}

    open_progress().update(apply)
    return lessons


def test_learn_after_every_lesson_offers_the_list_with_stars(capsys, monkeypatch):
    lessons = mark_done("thirty-three")
    code, out, _ = tutor(capsys, monkeypatch, ["--ascii", "learn", "33"], "\nquit\n")
    assert code == 0
    assert "You have done every lesson of 33." in out
    assert " 1. ***  The cards and a turn" in out and " 2. **-  " in out
    assert "Enter for lesson 2:" in out  # the first not at three stars
    assert i18n.translate(lessons[1].title) in out.split("Enter for lesson 2:")[1]  # Enter took lesson 2
    code, out, _ = tutor(capsys, monkeypatch, ["learn", "33"], "4\nquit\n")
    assert "The zero card" in out.split("Enter for lesson 2:")[1] or "0 card" in out.split("Enter for lesson 2:")[1]


def test_after_the_last_lesson_learn_says_what_comes_next(capsys, monkeypatch):
    from helpers import answers_for

    lessons = mark_done("thirty-three", but=("cards-and-turns",))
    lines = answers_for(lessons[0])
    code, out, _ = tutor(capsys, monkeypatch, ["learn", "33", "1"], "".join(line + "\n" for line in lines))
    assert code == 0 and "Lesson done: 3 stars of 3." in out
    assert "You have finished every lesson of 33. What next:" in out
    assert "tutor drill 33" in out and "tutor play 33 --level normal" in out


# ----------------------------------------------------------------------------- the coach's concepts


def test_a_clause_the_coach_may_cite_before_it_is_taught_is_reported_at_the_decision(tmp_path, capsys):
    # Every 33 play the learner can make is judged: the coach's lines cite 33.8 (stuck means lost).
    path = write(tmp_path, TAUGHT)
    problems = found(path, coach=True)
    assert [(err.message, err.params["clause"]) for err in problems] == [("lesson_coach_untaught", "33.8")]
    err = problems[0]
    assert err.line == line_of(TAUGHT, "prompt:", "- decide:") and err.params["field"] == "steps[2].decide"
    assert err.params["answer"] in ("+6", "-4")
    assert run(["check", "--no-translations", str(path)]) == 1
    out = capsys.readouterr().out
    assert f"{path}:{err.line}:" in out and "the coach may cite rule 33.8" in out


def test_a_clause_the_coach_cites_is_fine_once_a_say_step_taught_it(tmp_path):
    text = TAUGHT.replace("  - position:", '  - say: With no card that keeps the total at 33 or under, you lose.\n'
                                           '    clause: "33.8"\n  - position:', 1)
    assert found(write(tmp_path, text), coach=True) == []


def test_the_coach_s_clauses_of_a_three_thirteen_decision_come_from_every_answer(tmp_path):
    # Taking the stock instead of the pile's {7D} is judged too: that line cites sets (TT.6).
    from tutor.lessons.check import adapter_for, coach_cites

    adapter = adapter_for("three-thirteen")
    state, seat = adapter.build({"round": 1, "players": 2, "hands": [["7H", "7C", "KS"], ["9C", "QD", "4S"]],
                                 "discard": ["10D", "7D"], "stock": ["8S"]})
    cited = dict(coach_cites(adapter, state, seat, {"expect": "pile"}, "three-thirteen"))
    assert cited and all(clause.startswith("TT.") for clause in cited)
    assert state.phase.name == "DRAW"  # judged on copies: the table is as it was
    path = write(tmp_path, TT)
    untaught = [err for err in found(path, coach=True) if err.message == "lesson_coach_untaught"]
    assert {err.params["clause"] for err in untaught} == set(cited) - {"TT.5"}
    assert all(err.line == line_of(TT, "prompt:", "- decide:") for err in untaught)


@pytest.mark.parametrize("lang", ["lt", "ru", "fr"])
def test_the_coach_check_message_is_translated(lang):
    from tutor.cli.check import lesson_error_line
    from tutor.lessons.model import LessonError

    i18n.use(lang)
    try:
        line = lesson_error_line(LessonError("x.yaml", 3, 7, "lesson_coach_untaught", field="steps[2].decide",
                                             clause="33.8", answer="+6"))
    finally:
        i18n.use("en")
    assert "x.yaml:3:7" in line and "33.8" in line and "+6" in line and "coach may cite" not in line
