"""Teaching order: a lesson asks only what it has taught, in words the learner can type.

- **Rules.** Every `decide` and `quiz` step cites a clause (`clause:`), and a `say` step with
  that clause comes before it: in the same lesson, or in an earlier lesson of the game (by
  `order`). A lesson's `clauses` lists only clauses some step of it cites. Over a game's
  folder of lessons (`lessons/<game>/`), every clause of the game's rules is listed by some
  lesson and taught by a `say` step.
- **The coach's concepts.** At each decision, every answer the learner can give (the game
  adapter's `answers` hook) is judged as the lesson would judge it; the clauses the coach's
  verdict lines cite are the concepts those lines need, and a `say` step must have taught each
  one before the decision, as for the decision's own clause.
- **Words.** A lesson text names a command word as `%(stock)s`, `%(knock)s`, ... (the names of
  `tutor.trainer.commands`): the trainer writes the word the learner types, in their language.
  Every word a decision's answer needs (the word of the expected answer, or of the coach's,
  and the other word of its choice: `stock` with `pile`, `stay` with `fold`) must be written
  so in the decision's prompt or in an earlier `say` text or prompt (this lesson or an earlier
  one) before the decision asks for it.
- **Deals.** Every position after a lesson's first says `deal: new` (the trainer announces
  another deal) or `deal: continue` (the same deal later on; `tutor check` holds it to the
  table the lesson left, as far as the game's adapter can tell).
"""

from __future__ import annotations

import importlib
import re
from collections.abc import Iterable, Sequence
from typing import Any

from tutor.games.rulebook import Clause
from tutor.i18n import translate
from tutor.lessons.model import Lesson, LessonError, Step
from tutor.trainer.commands import COMMANDS, ENGLISH, typed_word

#: The English alternatives of each command (what an `expect` is written with).
ENGLISH_WORDS = {name: tuple(alts.split("|")) for name, alts in ENGLISH.items()}

#: A command word in a lesson text: `%(knock)s`.
WORD_MARK = re.compile(r"%\((\w+)\)s")


class GameWords:
    """How a game's answers are typed: which words form one choice (both must be shown), and
    which word is answered by pressing Enter (3-13 Speed lets a match window pass so)."""

    def __init__(self, choices: Sequence[tuple[str, ...]] = (), enter: Iterable[str] = ()) -> None:
        self.choices = tuple(choices)
        self.enter = frozenset(enter)


GAME_WORDS = {
    "three-thirteen": GameWords([("stock", "pile")]),
    "three-thirteen-speed": GameWords([("middle", "pile"), ("match", "pass")], enter=["pass"]),
    "toepen": GameWords([("stay", "fold"), ("throw", "keep"), ("challenge", "pass")]),
}


def words_in(text: str) -> set[str]:
    """The command words a text names (`%(stock)s` -> "stock")."""
    return {name for name in WORD_MARK.findall(text) if name in COMMANDS}


def fill_words(text: str) -> str:
    """The text with each command word written as the learner types it, in the language's
    quotation marks (`%(stock)s` -> “stock”, or „kaladė“ in Lithuanian: `typed_word`, so no
    translation quotes it); any other `%(...)s` stays as it is."""
    if "%(" not in text:
        return text
    return WORD_MARK.sub(lambda m: typed_word(m.group(1)) if m.group(1) in COMMANDS else m.group(0), text)


def lesson_text(msgid: str) -> str:
    """A lesson text in the learner's language, its command words filled in."""
    return fill_words(translate(msgid))


def expect_words(game: str, expect: str) -> list[str]:
    """The command words an answer (written as a lesson's `expect`: "pile", "out KD", "knock")
    consists of, by their English names."""
    english = {alt: name for name, alts in ENGLISH_WORDS.items() for alt in alts}
    return [english[token.lower()] for token in expect.split() if token.lower() in english]


def needed_words(game: str, expect: str) -> list[str]:
    """The words the learner must know to give this answer: its own words and the other word(s)
    of its choice, without those answered by Enter."""
    return typing(game, expect)[0]


def typing(game: str, expect: str) -> tuple[list[str], bool]:
    """How an answer's choice is typed: its words (as `needed_words`), and whether Enter is one
    of its answers (3-13 Speed: Enter lets the match window pass)."""
    rules = GAME_WORDS.get(game, GameWords())
    needed: list[str] = []
    enter = False
    for word in expect_words(game, expect):
        choice = next((c for c in rules.choices if word in c), (word,))
        enter = enter or any(w in rules.enter for w in choice)
        needed += [w for w in choice if w not in rules.enter and w not in needed]
    return needed, enter


def answers_by_enter(game: str, expect: str) -> bool:
    """The answer is given by pressing Enter alone."""
    return any(word in GAME_WORDS.get(game, GameWords()).enter for word in expect_words(game, expect))


def game_clauses(game_id: str) -> tuple[Clause, ...]:
    """The clauses of a game's rules (its `rules.CLAUSES`); none for an unknown game."""
    from tutor import games

    try:
        info = games.find(game_id)
    except games.UnknownGame:
        return ()
    return tuple(importlib.import_module(info.module + ".rules").CLAUSES)


def cited_in(text: str, clauses: Sequence[Clause]) -> list[str]:
    """The ids of the clauses a text cites (`(rule 33.7)`, `TOE.5`), in order, once each."""
    found: list[tuple[int, str]] = []
    for clause in clauses:
        match = re.search(r"(?<![\w.])" + re.escape(clause.id) + r"(?![\w]|\.\d)", text)
        if match:
            found.append((match.start(), clause.id))
    return [cid for _, cid in sorted(found)]


# ------------------------------------------------------------------ checks


def _step_clause(step: Step) -> tuple[Any, tuple[Any, ...]]:
    """The clause a step cites and where it is written."""
    inner = () if step.kind == "say" else (step.kind,)
    return step.data.get("clause"), ("steps", step.index, *inner, "clause")


def _error(lesson: Lesson, where: tuple[Any, ...], message: str, **params: Any) -> LessonError:
    line, col = lesson.located.mark(where)
    return LessonError(lesson.path, line, col, message, **params)


def _step_texts(step: Step) -> list[str]:
    names = {"say": ("say",), "decide": ("prompt",), "quiz": ("question", "choices")}.get(step.kind, ())
    texts: list[str] = []
    for name in names:
        value = step.data.get(name)
        texts += [v for v in (value if isinstance(value, list) else [value]) if isinstance(v, str)]
    return texts


def check_order(lessons: Sequence[Lesson], answers: dict[tuple[str, int], str] | None = None,
                coach: dict[tuple[str, int], list[tuple[str, str]]] | None = None) -> list[LessonError]:
    """Teaching order over one game's lessons, taken in their order: every decision and quiz
    cites a clause a `say` step has taught before it, and so does every line the coach may say
    at a decision; every command word a decision's answer needs has been shown; a lesson's
    `clauses` are all cited by it; clause ids are the game's.

    `answers` gives the answer `tutor check` found for a `best` decision, by (path, step index),
    written as an `expect` would be; `coach` the clauses the coach's verdict lines may cite
    there, each with an answer that makes it cite the clause (tutor.lessons.check.coach_cites)."""
    answers = answers or {}
    coach = coach or {}
    problems: list[LessonError] = []
    taught: set[str] = set()
    shown: set[str] = set()
    for lesson in sorted(lessons, key=lambda item: (item.order, item.id)):
        clauses = game_clauses(lesson.game)
        known = {c.id for c in clauses}
        cited: set[str] = set()
        for step in lesson.steps:
            clause, where = _step_clause(step)
            if clause is not None and clause not in known:
                problems.append(_error(lesson, where, "lesson_clause_unknown", clause=str(clause)))
                clause = None
            if step.kind in ("decide", "quiz"):
                label = f"steps[{step.index}].{step.kind}"
                if step.data.get("clause") is None:
                    problems.append(_error(lesson, ("steps", step.index, step.kind), "lesson_no_clause",
                                           field=label))
                elif clause is not None and clause not in taught:
                    problems.append(_error(lesson, where, "lesson_clause_untaught", field=label, clause=clause))
            if step.kind == "decide":
                for needed, answer_text in coach.get((lesson.path, step.index), []):
                    if needed not in taught:
                        problems.append(_error(lesson, ("steps", step.index, "decide"), "lesson_coach_untaught",
                                               field=f"steps[{step.index}].decide", clause=needed,
                                               answer=answer_text))
                expect = step.data.get("expect")
                answer = str(expect) if str(expect).strip().lower() != "best" else answers.get(
                    (lesson.path, step.index), "")
                now_shown = shown | words_in(str(step.data.get("prompt", "")))
                for word in needed_words(lesson.game, answer):
                    if word not in now_shown:
                        problems.append(_error(lesson, ("steps", step.index, "decide", "prompt"),
                                               "lesson_word_unshown", field=f"steps[{step.index}].decide",
                                               word=word, markup=f"%({word})s"))
            for text in _step_texts(step):
                shown |= words_in(text)
            if clause is not None:
                cited.add(clause)
                if step.kind == "say":
                    taught.add(clause)
        for i, clause in enumerate(lesson.clauses):
            if clause not in known:
                problems.append(_error(lesson, ("clauses", i), "lesson_clause_unknown", clause=clause))
            elif clause not in cited:
                problems.append(_error(lesson, ("clauses", i), "lesson_clause_uncited", clause=clause))
    return problems


def check_coverage(lessons: Sequence[Lesson]) -> list[LessonError]:
    """Over all the lessons of one game: every clause of its rules is listed in some lesson's
    `clauses` and taught by a `say` step; each one missing is reported at the first lesson."""
    if not lessons:
        return []
    ordered = sorted(lessons, key=lambda item: (item.order, item.id))
    first = ordered[0]
    listed = {c for lesson in ordered for c in lesson.clauses}
    taught = {step.data.get("clause") for lesson in ordered for step in lesson.steps if step.kind == "say"}
    problems = []
    for clause in game_clauses(first.game):
        if clause.id not in listed or clause.id not in taught:
            problems.append(_error(first, ("clauses",), "lesson_clause_never_taught", clause=clause.id))
    return problems


def check_deals(lesson: Lesson) -> list[LessonError]:
    """Every position after the lesson's first declares its deal; the first cannot continue one."""
    problems = []
    positions = [step for step in lesson.steps if step.kind == "position"]
    for n, step in enumerate(positions):
        where = ("steps", step.index, "position")
        if n == 0 and step.deal == "continue":
            problems.append(_error(lesson, where + ("deal",), "position_continue_first"))
        elif n > 0 and step.deal is None:
            problems.append(_error(lesson, where, "position_deal_missing"))
    return problems
