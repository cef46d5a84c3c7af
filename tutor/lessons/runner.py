"""Walks a learner through one lesson, step by step, and scores it with stars.

Steps explain (citing a clause), set up a position on the real engine, ask for a
decision (judged by the coach as a game judges it: right, legal but weaker, or illegal
with the clause; an answer the coach finds as good as the lesson's is right, and the
lesson goes on with it), let bots play on, or quiz a rule. A wrong or weaker answer is answered the way a teacher
would: the right answer, the reason in plain words (the step's `explain`, or the
coach's), and the rule it rests on, its text in full; then the lesson goes on from the
right answer. At every prompt `rule` shows the text of the clause the step cites (F2 too,
when it cites one), and the learner may ask for a hint, try a decision again, go back a
step, or leave; where they stopped is saved, and `tutor learn` resumes there.
Stars: 3 for no mistakes and no hints, 2 for at most two, 1 otherwise.
"""

from __future__ import annotations

import copy
import random
from types import ModuleType
from typing import Any

from tutor.cardtext import MELD_EXAMPLE, token_kind, typing_examples
from tutor.games.base import IllegalAction
from tutor.games.rulebook import Clause, clause_lines
from tutor.i18n import _, format_list, quoted, translate
from tutor.lessons.model import Lesson, Step
from tutor.lessons.positions import PositionError
from tutor.lessons.teaching import answers_by_enter, cited_in, game_clauses, lesson_text, typing
from tutor.progress import Progress, lesson_key
from tutor.trainer.commands import ENGLISH, command_of, command_word, typed_word
from tutor.trainer.console import Console, Leave
from tutor.typed import whole_number

#: The commands every lesson prompt takes, as the help and the toolbar name them.
LESSON_COMMANDS = ("hint", "rule", "retry", "back", "rules", "quit")


class Back(Exception):
    """The learner asked to go back a step."""


def stars_for(mistakes: int, hints: int) -> int:
    slips = mistakes + hints
    return 3 if slips == 0 else 2 if slips <= 2 else 1


class LessonRunner:
    def __init__(self, console: Console, lesson: Lesson, adapter: ModuleType, progress: Progress | None,
                 ascii_only: bool = False) -> None:
        self.console = console
        if ascii_only:  # cards named in texts are drawn as the hand is
            console.ascii_only = True
        self.lesson = lesson
        self.adapter = adapter
        self.progress = progress
        self.ascii = ascii_only
        self.state: Any = None
        self.seat = 0
        self.session: Any = None
        self.mistakes = 0
        self.hints = 0
        self.rng = random.Random(0)
        self.clauses: tuple[Clause, ...] = game_clauses(lesson.game)
        self.cited: list[str] = []  # the clauses the step being asked cites (for `rule` and F2)
        self.at_table = False  # a decision is being asked: its table is shown again after the rules

    # ------------------------------------------------------------- plumbing

    @property
    def key(self) -> str:
        return lesson_key(self.lesson.game, self.lesson.id)

    def _save(self, change: dict[str, Any]) -> None:
        if self.progress is None:
            return

        def apply(data: dict[str, Any]) -> None:
            entry = data["lessons"].setdefault(self.key, {"stars": 0, "done": False, "step": 0})
            if "stars" in change:
                change["stars"] = max(change["stars"], entry.get("stars", 0))
            entry.update(change)

        self.progress.update(apply)

    def resume_point(self, step: object) -> int:
        """Where to start again: the last position step at or before `step` (or the start).
        `step` comes from the progress file: anything but a step number starts afresh."""
        if isinstance(step, bool) or not isinstance(step, int) or step < 0:
            return 0
        for i in range(min(step, len(self.lesson.steps) - 1), -1, -1):
            if self.lesson.steps[i].kind == "position":
                return i
        return 0

    def ask(self, prompt: str, choices: list[str] | None = None) -> str:
        words = [command_word(c) for c in LESSON_COMMANDS]
        # TRANSLATORS: the bottom line of a lesson; %(hint)s, %(back)s, %(retry)s and %(quit)s are the
        # learner's words for those commands.
        toolbar = " " + _("Lesson: %(title)s · %(hint)s · %(back)s · %(retry)s · %(quit)s") % {
            "title": translate(self.lesson.title), **{c: command_word(c) for c in ("hint", "back", "retry", "quit")}}
        toolbar += " · " + command_word("rule")  # one more word of the bar's list
        return self.console.ask(prompt + " ", (choices or []) + words, toolbar)

    def common_command(self, command: str | None) -> bool:
        """Commands that work at every step; True if handled."""
        if command == "quit":
            raise Leave("quit")
        if command == "back":
            raise Back()
        if command == "help":
            self.console.show([("class:hint", _(
                "Type your answer. Commands: %(hint)s (a hint), %(rule)s (the rule this step is about), "
                "%(retry)s (try the decision again), %(back)s (the step before), %(rules)s (F2), "
                "%(quit)s (your place is saved).") % {c: typed_word(c) for c in LESSON_COMMANDS})])
            return True
        if command == "rule":
            self.show_rule()
            return True
        if command == "rules":
            if self.cited:
                self.show_rule()
                self.console.show([("class:hint", _("All the rules: %(command)s") % {
                    "command": f"tutor rules {self.game_alias()}"})])
            elif self.session is not None:
                self.session.handle_command("rules")
            else:
                for clause in self.clauses:
                    self.console.show([("class:rule", "\n".join(clause_lines(clause)))])
            if self.at_table and self.session is not None:
                self.console.show(self.session.table())
            return True
        return False

    def game_alias(self) -> str:
        from tutor import games

        try:
            return games.find(self.lesson.game).aliases[0]
        except games.UnknownGame:
            return self.lesson.game

    def clause(self, clause_id: str) -> Clause | None:
        return next((c for c in self.clauses if c.id == clause_id), None)

    def show_clauses(self, ids: list[str]) -> None:
        """The text of each clause, as the rules screen writes it (id, title, text)."""
        for clause_id in dict.fromkeys(ids):
            clause = self.clause(clause_id)
            if clause is not None:
                self.console.show([("class:rule", "\n".join(clause_lines(clause)))])

    def show_rule(self) -> None:
        """`rule`: the text of the clause the current step cites (and of those its verdict cited)."""
        if self.cited:
            self.show_clauses(self.cited)
            if self.at_table and self.session is not None:
                self.console.show(self.session.table())
        else:
            self.console.show([("class:hint", _("This step cites no rule. Type %(rules)s for all of them.") % {
                "rules": typed_word("rules")})])

    # ---------------------------------------------------------------- steps

    def run(self, start: int = 0) -> int | None:
        """Runs the lesson from step `start`; the stars earned, or None if the learner left."""
        steps = self.lesson.steps
        self.console.show([("class:title", translate(self.lesson.title))])
        snapshots: dict[int, Any] = {}
        i = self.resume_point(start)
        while i < len(steps):
            snapshots[i] = copy.deepcopy((self.state, self.seat))
            self._save({"step": self.resume_point(i)})
            try:
                self.run_step(steps[i])
            except Back:
                i = max(0, i - 1)
                while i > 0 and steps[i].kind in ("position", "play_on"):
                    i -= 1  # go back to a step that asks something
                self.state, self.seat = copy.deepcopy(snapshots.get(i, (None, 0)))
                self._rebind()
                continue
            finally:
                self.cited, self.at_table = [], False
            i += 1
        stars = stars_for(self.mistakes, self.hints)
        self._save({"stars": stars, "done": True, "step": 0})
        return stars

    def _rebind(self) -> None:
        if self.state is None:
            self.session = None
            return
        self.session = self.adapter.session(self.console, self.state, self.seat, self.rng, self.ascii)

    def run_step(self, step: Step) -> None:
        clause = step.data.get("clause")
        self.cited = [clause] if isinstance(clause, str) else []
        if step.kind == "position":
            self.step_position(step.data, step)
        else:
            getattr(self, f"step_{step.kind}")(step.data)

    def step_say(self, data: dict[str, Any]) -> None:
        text = lesson_text(data["say"])
        if data.get("clause"):
            text += " " + _("(rule %(clause)s)") % {"clause": data["clause"]}
        self.console.show(text)
        while True:
            reply = self.ask(_("Enter to go on:"))
            if not self.common_command(command_of(reply)):
                return

    def step_position(self, data: dict[str, Any], step: Step | None = None) -> None:
        first = step is None or not any(s.kind == "position" for s in self.lesson.steps[:step.index])
        if step is not None and step.deal == "new" and not first:
            # A new deal is said in words: the table that follows does not go on from the one before.
            self.console.show([("class:title", _("A new deal: this table does not go on from the one before."))])
        self.state, self.seat = self.adapter.build(data)
        self._rebind()

    def step_play_on(self, data: dict[str, Any]) -> None:
        if self.session is not None:
            self.adapter.play_on(self.session, self.seat, data)

    # ----------------------------------------------------------- decisions

    def expect_text(self, answer: Any) -> str | None:
        """An answer of the game written as an `expect` ("pile", "out KD"), if the game says how."""
        written = getattr(self.adapter, "answer_expect", None)
        return written(answer) if written is not None and answer is not None else None

    def answer_text(self, answer: Any) -> str:
        """An answer as the learner would type it, in their language: the command words in their
        words, the cards drawn as on the table (`out KD` -> "kaladė", "išsidėti K♦")."""
        shown = getattr(self.adapter, "answer_shown", None)
        if shown is not None:
            return quoted(str(shown(answer, self.ascii)), 200)
        text = self.expect_text(answer)
        if text is None:
            return str(answer)
        english = {alt: name for name, alts in ENGLISH.items() for alt in alts.split("|")}
        out = []
        for token in text.split():
            if token.lower() in english:
                out.append(command_word(english[token.lower()]))
            elif token_kind(token) == "card":
                out.append("{" + token + "}")
            else:
                out.append(token)
        if answers_by_enter(self.lesson.game, text):
            # TRANSLATORS: the right answer in a lesson when it is given by pressing Enter alone.
            return _("Enter (nothing typed)")
        return quoted(" ".join(out), 200)

    def input_line(self, answer: Any) -> str | None:
        """What to type for a decision like this one, in the learner's words (never the answer)."""
        text = self.expect_text(answer)
        if text is None:
            return None
        needed, enter = typing(self.lesson.game, text)
        words = [typed_word(w) for w in needed]
        cards = [t for t in text.split() if token_kind(t) == "card"]
        if "|" in text:
            return _("Type your melds, cards separated by spaces and melds by |, like %(example)s.") % {
                "example": quoted(MELD_EXAMPLE)}
        if words and cards:
            return _("Type %(word)s and a card, like %(example)s.") % {
                "word": words[0], "example": quoted(f"{command_word(needed[0])} {typing_examples(('10H',))}")}
        if words:
            listed = format_list(words, style="or")
            if enter:
                return _("Type %(words)s, or press Enter to let the window pass.") % {"words": listed}
            return _("Type %(words)s.") % {"words": listed}
        if cards:
            return _("Type a card from your hand, like %(examples)s.") % {"examples": typing_examples()}
        return _("Type one of your cards as your hand shows it.")

    def step_decide(self, data: dict[str, Any]) -> None:
        if not self.adapter.ready_for_decision(self.state, self.seat):
            # `tutor check` proves the scripted line; a learner's equally good play may lead
            # elsewhere. Then this decision cannot be asked, and the lesson goes on.
            self.console.show([("class:hint", _("This position has changed; the lesson goes on."))])
            return
        expected = self.adapter.parse_expect(data["expect"], self.state)
        self.console.show(self.session.table())
        self.at_table = True
        takes_enter = getattr(self.adapter, "takes_enter", None)
        enter_ok = takes_enter is not None and takes_enter(self.state, expected)
        while True:
            text = self.ask(lesson_text(data["prompt"]), self.session.choices())
            command = command_of(text)
            if command == "hint":
                self.hints += 1
                hint = lesson_text(data["hint"]) if data.get("hint") else self.adapter.hint_line(self.state, expected)
                self.console.show([("class:hint", hint)])
                typing = self.input_line(expected if expected is not None else self.best_answer(data))
                if typing:
                    self.console.show([("class:hint", typing)])
                continue
            if command == "retry":
                self.console.show(self.session.table())
                continue
            if enter_ok and command == "pass":
                text, command = "", None  # where Enter lets the window pass, so does the word
            if self.common_command(command) or (not text.strip() and not enter_ok):
                continue
            answer = self.adapter.read_answer(self.session, text, expected)
            if answer is None:
                continue
            verdict = self.adapter.judge(self.state, answer, expected)
            lines = self.adapter.verdict_lines(verdict, self.ascii)
            if verdict.kind == "right":
                for line in lines:
                    self.console.show([("class:you", line)])
                if self.another_answer(answer, expected):
                    # Right as a game judges it, though not the lesson's answer: the explanation
                    # that follows is about that one.
                    self.console.show([("class:you", _("By the coach's figures your answer is as good as %(answer)s, "
                                                       "the one the lesson expected.")
                                        % {"answer": self.answer_text(expected)})])
                if data.get("explain"):
                    self.console.show([("class:hint", lesson_text(data["explain"]))])
                self.adapter.carry_out(self.session, answer, self.seat)
                return
            for line in lines:
                self.console.show([("class:error", line)])
            self.mistakes += 1
            better = self.adapter.stronger(verdict, expected)
            self.teach(better, data, lines)
            self.adapter.carry_out(self.session, better, self.seat)
            return

    def another_answer(self, answer: Any, expected: Any) -> bool:
        """The learner's answer is not the one the lesson expected (as an `expect` writes them);
        False when the lesson expects none in particular (`best`, an arrangement)."""
        written = self.expect_text(expected)
        return bool(written) and self.expect_text(answer) != written

    def best_answer(self, data: dict[str, Any]) -> Any:
        """The answer the coach finds best here (for a `best` decision's typing hint), as
        `tutor check` finds it: on a copy of the table. None if the game cannot say."""
        try:
            return self.adapter.check_decision(copy.deepcopy(self.state), self.seat, data)
        except (PositionError, IllegalAction, ArithmeticError, LookupError, TypeError, ValueError):
            return None

    def teach(self, better: Any, data: dict[str, Any], verdict_lines: list[str]) -> None:
        """After a wrong or weaker answer: the right one, the reason in words, the rule with its text."""
        self.console.show([("class:you", _("The right answer: %(answer)s.") % {"answer": self.answer_text(better)})])
        if data.get("explain"):
            self.console.show([("class:hint", lesson_text(data["explain"]))])
        cited = self.cited + cited_in(" ".join(verdict_lines), self.clauses)
        self.cited = list(dict.fromkeys(cited))
        self.show_clauses(self.cited)
        self.console.show([("class:hint", _("The lesson goes on with the right answer."))])

    def step_quiz(self, data: dict[str, Any]) -> None:
        choices = [lesson_text(c) for c in data["choices"]]
        self.console.show([("class:title", lesson_text(data["question"]))])
        for n, choice in enumerate(choices, 1):
            self.console.show(f"  {n}. {choice}")
        while True:
            reply = self.ask(_("Your answer (a number):"), [str(n) for n in range(1, len(choices) + 1)])
            command = command_of(reply)
            if command == "hint":
                self.hints += 1
                self.quiz_hint(data)
                continue
            if self.common_command(command) or command == "retry" or not reply.strip():
                continue
            picked = reply.strip()
            number = whole_number(picked, 1, len(choices)) or next(
                (n for n, c in enumerate(choices, 1) if c.lower() == picked.lower()), 0)
            if not number:
                self.console.show([("class:error", _("Type the number of an answer, 1 to %(count)d.") % {
                    "count": len(choices)})])
                continue
            if number == data["answer"]:
                self.console.show([("class:you", _("Right."))])
                self.console.show(lesson_text(data["explain"]))
                return
            self.mistakes += 1
            right = data["answer"]
            self.console.show([("class:error", _("Not quite. The right answer is %(number)d: %(choice)s") % {
                "number": right, "choice": choices[right - 1]})])
            self.console.show([("class:hint", lesson_text(data["explain"]))])
            self.show_clauses(self.cited)
            return

    def quiz_hint(self, data: dict[str, Any]) -> None:
        """The quiz's own hint, or else the rule it asks about: what to look at, not only its number."""
        if data.get("hint"):
            self.console.show([("class:hint", lesson_text(data["hint"]))])
            return
        clause = self.clause(str(data.get("clause", "")))
        if clause is None:
            self.console.show([("class:hint", _("Read each choice against what the lesson has shown so far."))])
            return
        self.console.show([("class:hint", _("Look at the rule this question is about:"))])
        self.show_clauses([clause.id])
