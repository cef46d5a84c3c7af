"""Finding and checking lessons: shape, positions on the engine, answers, translations.

`tutor check` reports every problem with file:line:column; the trainer loads lessons
through `load_game_lessons`, which skips a broken lesson with a warning instead of
stopping. A lesson file is untrusted data: reading it is bounded (see `model`), every
play-on is bounded (see `playon`), and an error the game's adapter did not foresee is
still one problem at the step's line, never a traceback.
"""

from __future__ import annotations

import copy
import importlib
from pathlib import Path
from types import ModuleType
from typing import Any

from tutor import cardtext
from tutor.games.base import IllegalAction, OptionError
from tutor.lessons import teaching as teaching_checks
from tutor.lessons.model import Lesson, LessonError, load_lesson
from tutor.lessons.positions import PositionError, shown
from tutor.locate import data_dir

#: The answer `tutor check` found for each decision, written as an `expect` ("pile", "out KD"),
#: by (lesson path, step index): what a `best` decision's words are checked by.
Answers = dict[tuple[str, int], str]

#: The clauses the coach's lines may cite at each decision, by (lesson path, step index): each
#: clause with the first answer (as an `expect` writes it) whose verdict cites it.
CoachCites = dict[tuple[str, int], list[tuple[str, str]]]


def adapter_for(game_id: str) -> ModuleType | None:
    from tutor import games

    try:
        info = games.find(game_id)
    except games.UnknownGame:
        return None
    return importlib.import_module(info.module + ".lesson")


def continuation(adapter: ModuleType, start: Any, arrived: Any, seat: int, new: Any, new_seat: int) -> None:
    """A `deal: continue` position is the deal the lesson left: the same table and learner, and
    whatever the game's adapter can tell (its `continues(start, arrived, new, seat)`: `start` is
    the position before as set up, `arrived` the table its steps left). PositionError if not."""
    if new.players != arrived.players or new_seat != seat:
        raise PositionError(("deal",), "position_continue_table")
    check = getattr(adapter, "continues", None)
    if check is not None:
        check(start, arrived, new, seat)


def coach_cites(adapter: ModuleType, state: Any, seat: int, data: dict[str, Any], game: str) -> list[tuple[str, str]]:
    """The clauses the coach's lines may cite at a decision: every answer the adapter lists
    (its `answers(state, seat, expected)` hook) judged as the lesson runner judges it, on a copy
    of the table, its English verdict lines read for clause ids. (clause, answer) pairs, each
    clause once, with the first answer that makes the coach cite it; none without the hook."""
    from tutor import i18n

    listed = getattr(adapter, "answers", None)
    if listed is None:
        return []
    clauses = teaching_checks.game_clauses(game)
    found: dict[str, str] = {}
    before = i18n.current()
    i18n.use("en")  # the ids are the same in every language; English is what the docs show
    try:
        expected = adapter.parse_expect(data["expect"], copy.deepcopy(state))
        for answer in listed(state, seat, expected):
            table = copy.deepcopy(state)
            lines = adapter.verdict_lines(adapter.judge(table, answer, expected), True)
            written = getattr(adapter, "answer_expect", str)(answer)
            for clause in teaching_checks.cited_in(" ".join(lines), clauses):
                found.setdefault(clause, written)
    except (adapter.PositionError, IllegalAction, OptionError, ArithmeticError, LookupError, TypeError,
            ValueError, RecursionError):
        return []  # the decision itself is checked (and its problem reported) by check_decision
    finally:
        i18n.use(before)
    return list(found.items())


def check_positions(lesson: Lesson, answers: Answers | None = None,
                    cites: CoachCites | None = None) -> list[LessonError]:
    """Builds every position on the engine and verifies every expected answer; a position that
    continues the deal before is held to the table the lesson left (`continuation`). With
    `cites`, notes at each decision the clauses the coach's lines may cite (`coach_cites`)."""
    adapter = adapter_for(lesson.game)
    if adapter is None:
        line, col = lesson.located.mark(("game",))
        return [LessonError(lesson.path, line, col, "lesson_unknown_game", game=shown(lesson.game))]
    problems = []
    state = seat = None
    start: Any = None  # the last position as it was set up, before its steps
    broken = False  # after a bad position, its decisions are not checked (one error, not a cascade)
    for step in lesson.steps:
        where = ("steps", step.index, step.kind)
        if broken and step.kind != "position":
            continue
        try:
            if step.kind == "position":
                before, before_seat, before_start = state, seat, start
                state, seat = adapter.build(step.data)
                start = copy.deepcopy(state)
                if step.deal == "continue" and before is not None and not broken:
                    continuation(adapter, before_start, before, before_seat, state, seat)
            elif step.kind == "decide":
                if state is None:
                    raise adapter.PositionError((), "decide_without_position")
                if cites is not None and adapter.ready_for_decision(state, seat):
                    cites[(lesson.path, step.index)] = coach_cites(adapter, state, seat, step.data, lesson.game)
                # The lesson goes on from the expected (or best) answer, as the runner does.
                answer = adapter.check_decision(state, seat, step.data)
                written = getattr(adapter, "answer_expect", None)
                if answers is not None and answer is not None and written is not None:
                    answers[(lesson.path, step.index)] = written(answer)
            elif step.kind == "play_on":
                if state is None:
                    raise adapter.PositionError((), "decide_without_position")
                adapter.play_on_quietly(state, seat, step.data)
        except adapter.PositionError as err:
            line, col = lesson.located.mark(where + err.where)
            problems.append(LessonError(lesson.path, line, col, err.message, **err.params))
            state, broken = None, True
            continue
        except (IllegalAction, OptionError, ArithmeticError, LookupError, TypeError, ValueError,
                RecursionError) as err:
            # An adapter bug a hostile file reached: still one problem at the step, not a crash.
            line, col = lesson.located.mark(where)
            problems.append(LessonError(lesson.path, line, col, "lesson_step_failed", reason=type(err).__name__))
            state, broken = None, True
            continue
        broken = False
    return problems


def check_cards(lesson: Lesson) -> list[LessonError]:
    """Every card a text names is markup the trainer can draw (`{KD}`, `{Q}`: tutor.cardtext),
    never a bare code (`KD`, `Q-K-A`) that a translator would see and a learner could not read."""
    problems = []
    for text, label, (line, col) in lesson.texts():
        for found in cardtext.problems(text):
            problems.append(LessonError(lesson.path, line, col, "lesson_card_code", card=found, field=label))
    return problems


def translation_card_problem(source: str, translated: str) -> str | None:
    """What a translation does wrong with the cards of its source, or None: it must name the
    same cards (in markup) and no others; a rank may be written as a word instead of `{Q}`."""
    bare = next((b for b in cardtext.problems(translated)
                 if cardtext.token_kind(b) == "card" or b.startswith("{")), None)
    if bare is not None:
        return bare
    named = cardtext.markup_tokens(source)
    got = cardtext.markup_tokens(translated)
    extra = next((t for t in got if t not in named), None)
    if extra is None:
        extra = next((t for t in named if cardtext.token_kind(t) == "card" and t not in got), None)
    return None if extra is None else "{" + extra + "}"


def translation_word_problem(source: str, translated: str) -> str | None:
    """The first command word (`%(stock)s`) that a translation names and its source does not,
    or the other way round; None when both name the same words."""
    differ = teaching_checks.words_in(source) ^ teaching_checks.words_in(translated)
    return "%(" + sorted(differ)[0] + ")s" if differ else None


def check_translations(lesson: Lesson) -> list[LessonError]:
    """Every learner-facing text of the lesson is translated in every catalog, naming the same
    cards as the lesson does."""
    from babel.messages.pofile import read_po

    from tutor.i18n import LANGUAGES
    from tutor.i18n.catalogs import po_path

    problems = []
    for lang in LANGUAGES:
        with po_path(lang, "tutor").open("rb") as fh:
            catalog = read_po(fh, locale=lang)
        for text, label, (line, col) in lesson.texts():
            message = catalog.get(text)
            if message is None or not message.string or message.fuzzy:
                problems.append(LessonError(lesson.path, line, col, "lesson_untranslated", lang=lang, field=label))
                continue
            wrong = translation_card_problem(text, message.string)
            if wrong is not None:
                problems.append(LessonError(lesson.path, line, col, "lesson_translated_cards", lang=lang,
                                            field=label, card=wrong))
            word = translation_word_problem(text, message.string)
            if word is not None:
                problems.append(LessonError(lesson.path, line, col, "lesson_translated_words", lang=lang,
                                            field=label, word=word))
    return problems


def lesson_files(root: Path) -> list[Path]:
    """The lesson files under a folder (or the file itself). An entry named `*.yaml` that is
    not a regular file (a FIFO, a link to a device) is listed too, so reading it reports it."""
    if not root.is_dir():
        return [root]
    return sorted(p for p in root.rglob("*.yaml") if not p.is_dir())


def check_teaching(checked: list[Lesson], answers: Answers, cites: CoachCites | None = None) -> list[LessonError]:
    """Teaching order (tutor.lessons.teaching) over each game's lessons in a folder. A lesson is
    read with the other lessons of its folder and game before it, checked or not; only the
    checked ones' problems are reported. Every clause of a game must be taught when the whole
    folder is checked and is that game's (`lessons/<game>/`)."""
    problems: list[LessonError] = []
    paths = {lesson.path for lesson in checked}
    groups: dict[tuple[Path, str], list[Lesson]] = {}
    for lesson in checked:
        groups.setdefault((Path(lesson.path).parent, lesson.game), []).append(lesson)
    for (folder, game), lessons in groups.items():
        context = list(lessons)
        for path in lesson_files(folder):
            if str(path) in paths:
                continue
            try:
                other = load_lesson(path)
            except LessonError:
                continue  # reported when that file is checked
            if other.game == game:
                context.append(other)
        problems += [err for err in teaching_checks.check_order(context, answers, cites) if err.path in paths]
        if folder.name == game and len(context) == len(lessons):
            problems += teaching_checks.check_coverage(context)
    return problems


def check_path(root: Path, translations: bool = True, teaching: bool = True,
               coach: bool = True) -> tuple[int, list[LessonError]]:
    """Checks every lesson under `root`: (lessons read, problems). `teaching=False` leaves out
    the teaching order (tutor.lessons.teaching: clauses, words, deals), `coach=False` only the
    clauses the coach may cite at each decision (`coach_cites`), for a test of the rest."""
    problems: list[LessonError] = []
    files = lesson_files(root)
    loaded: list[Lesson] = []
    answers: Answers = {}
    cites: CoachCites | None = {} if teaching and coach else None
    for path in files:
        try:
            lesson = load_lesson(path)
        except LessonError as err:
            problems.append(err)
            continue
        loaded.append(lesson)
        problems += check_positions(lesson, answers, cites)
        if teaching:
            problems += teaching_checks.check_deals(lesson)
        problems += check_cards(lesson)
        if translations:
            problems += check_translations(lesson)
    if teaching:
        problems += check_teaching(loaded, answers, cites)
    problems.sort(key=lambda err: (err.path, err.line, err.column))
    return len(files), problems


def lesson_titles(game_id: str) -> list[tuple[str, str]]:
    """(id, title msgid) of a game's readable lessons, in lesson order: for listing them,
    without the engine checks a lesson gets before it is taught."""
    folder = data_dir("lessons") / game_id
    found = []
    for path in lesson_files(folder) if folder.is_dir() else []:
        try:
            lesson = load_lesson(path)
        except LessonError:
            continue  # `tutor learn` and `tutor check` say what is wrong with it
        if lesson.game == game_id:
            found.append((lesson.order, lesson.id, lesson.title))
    return [(lesson_id, title) for _, lesson_id, title in sorted(found)]


def load_game_lessons(game_id: str) -> tuple[list[Lesson], list[LessonError]]:
    """The usable lessons of a game, in order, and the problems of those skipped."""
    folder = data_dir("lessons") / game_id
    lessons, skipped = [], []
    for path in lesson_files(folder) if folder.is_dir() else []:
        try:
            lesson = load_lesson(path)
        except LessonError as err:
            skipped.append(err)
            continue
        problems = check_positions(lesson) if lesson.game == game_id else [
            LessonError(path, *lesson.located.mark(("game",)), "lesson_wrong_folder", game=shown(lesson.game))]
        if problems:
            skipped.append(problems[0])
        else:
            lessons.append(lesson)
    lessons.sort(key=lambda lesson: (lesson.order, lesson.id))
    return lessons, skipped
