"""Walks a learner through one lesson, step by step, and scores it with stars.

Steps explain (citing a clause), set up a position on the real engine, ask for a
decision (judged by the coach: right, legal but weaker, or illegal with the clause),
let bots play on, or quiz a rule. The learner may ask for a hint, try a decision again,
go back a step, or leave; where they stopped is saved, and `tutor learn` resumes there.
Stars: 3 for no mistakes and no hints, 2 for at most two, 1 otherwise.
"""

from __future__ import annotations

import copy
import random
from types import ModuleType
from typing import Any

from tutor.i18n import _, translate
from tutor.lessons.model import Lesson
from tutor.progress import Progress, lesson_key
from tutor.trainer.commands import command_of, command_word, typed_word
from tutor.trainer.console import Console, Leave
from tutor.typed import whole_number

MAX_TRIES = 3


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
        words = [command_word(c) for c in ("hint", "back", "retry", "rules", "quit")]
        # TRANSLATORS: the bottom line of a lesson; %(hint)s, %(back)s, %(retry)s and %(quit)s are the
        # learner's words for those commands.
        toolbar = " " + _("Lesson: %(title)s · %(hint)s · %(back)s · %(retry)s · %(quit)s") % {
            "title": translate(self.lesson.title), **{c: command_word(c) for c in ("hint", "back", "retry", "quit")}}
        return self.console.ask(prompt + " ", (choices or []) + words, toolbar)

    def common_command(self, command: str | None) -> bool:
        """Commands that work at every step; True if handled."""
        if command == "quit":
            raise Leave("quit")
        if command == "back":
            raise Back()
        if command == "help":
            self.console.show([("class:hint", _(
                "Type your answer. Commands: %(hint)s (a hint), %(retry)s (try the decision again), "
                "%(back)s (the step before), %(rules)s, %(quit)s (your place is saved).") % {
                c: typed_word(c) for c in ("hint", "retry", "back", "rules", "quit")})])
            return True
        if command == "rules" and self.session is not None:
            self.session.handle_command("rules")
            return True
        return False

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
            i += 1
        stars = stars_for(self.mistakes, self.hints)
        self._save({"stars": stars, "done": True, "step": 0})
        return stars

    def _rebind(self) -> None:
        if self.state is None:
            self.session = None
            return
        self.session = self.adapter.session(self.console, self.state, self.seat, self.rng, self.ascii)

    def run_step(self, step: Any) -> None:
        getattr(self, f"step_{step.kind}")(step.data)

    def step_say(self, data: dict[str, Any]) -> None:
        text = translate(data["say"])
        if data.get("clause"):
            text += " " + _("(rule %(clause)s)") % {"clause": data["clause"]}
        self.console.show(text)
        while True:
            reply = self.ask(_("Enter to go on:"))
            if not self.common_command(command_of(reply)):
                return

    def step_position(self, data: dict[str, Any]) -> None:
        self.state, self.seat = self.adapter.build(data)
        self._rebind()

    def step_play_on(self, data: dict[str, Any]) -> None:
        if self.session is not None:
            self.adapter.play_on(self.session, self.seat, data)

    def step_decide(self, data: dict[str, Any]) -> None:
        if not self.adapter.ready_for_decision(self.state, self.seat):
            # `tutor check` proves the scripted line; a learner's equally good play may lead
            # elsewhere. Then this decision cannot be asked, and the lesson goes on.
            self.console.show([("class:hint", _("This position has changed; the lesson goes on."))])
            return
        expected = self.adapter.parse_expect(data["expect"], self.state)
        self.console.show(self.session.table())
        tries = 0
        while True:
            text = self.ask(translate(data["prompt"]), self.session.choices())
            command = command_of(text)
            if command == "hint":
                self.hints += 1
                hint = translate(data["hint"]) if data.get("hint") else self.adapter.hint_line(self.state, expected)
                self.console.show([("class:hint", hint)])
                continue
            if command == "retry":
                self.console.show(self.session.table())
                continue
            if self.common_command(command) or not text.strip():
                continue
            answer = self.adapter.read_answer(self.session, text, expected)
            if answer is None:
                continue
            verdict = self.adapter.judge(self.state, answer, expected)
            style = "class:you" if verdict.kind == "right" else "class:error"
            for line in self.adapter.verdict_lines(verdict, self.ascii):
                self.console.show([(style, line)])
            if verdict.kind == "right":
                if data.get("explain"):
                    self.console.show([("class:hint", translate(data["explain"]))])
                self.adapter.carry_out(self.session, answer, self.seat)
                return
            self.mistakes += 1
            tries += 1
            if tries >= MAX_TRIES:
                self.console.show([("class:hint", _("Let us go on with the stronger play."))])
                self.adapter.carry_out(self.session, self.adapter.stronger(verdict, expected), self.seat)
                return
            self.console.show([("class:hint", _("Try again, or type %(hint)s for a hint.") % {
                "hint": typed_word("hint")})])

    def step_quiz(self, data: dict[str, Any]) -> None:
        choices = [translate(c) for c in data["choices"]]
        self.console.show([("class:title", translate(data["question"]))])
        for n, choice in enumerate(choices, 1):
            self.console.show(f"  {n}. {choice}")
        while True:
            reply = self.ask(_("Your answer (a number):"), [str(n) for n in range(1, len(choices) + 1)])
            command = command_of(reply)
            if command == "hint":
                self.hints += 1
                self.console.show([("class:hint", translate(data["hint"]) if data.get("hint") else _(
                    "Read the rule again: %(clause)s.") % {"clause": data.get("clause", "")})])
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
                self.console.show(translate(data["explain"]))
                return
            self.mistakes += 1
            line = _("Not quite.")
            if data.get("clause"):
                line += " " + _("See rule %(clause)s.") % {"clause": data["clause"]}
            self.console.show([("class:error", line)])
