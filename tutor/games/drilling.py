"""What every game's drills share: asking one item, and what follows a wrong answer.

A drill item is one position and one question. Before the question the learner is told
exactly what to type; `hint` says it again, and `why` (which in a game tells why the bots
played as they did) says plainly what it means here. Then:

- an answer the rules forbid gets the rule applied in words, the clause's own text, and
  another try at the same item (the item is still rated as an illegal answer, no worse);
- a legal answer that is weaker gets the right answer, one reason in plain words (numbers
  only as support), and the clause the reason rests on, with its text.

Each game's `drills` module builds the words; this module only shows them.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from tutor.games.rulebook import Clause, clause_lines, find_clauses
from tutor.i18n import _
from tutor.trainer.commands import split_command, typed_word


def right_answer_line(answer: str) -> str:
    """The line that names the right answer: a card as drawn, a word to type, melds."""
    # TRANSLATORS: after a wrong drill answer; %(answer)s is a card (as drawn), melds, or a word to type.
    return _("The right answer: %(answer)s.") % {"answer": answer}


def rule_lines(clauses: Sequence[Clause], clause_id: str) -> list[str]:
    """The clause `clause_id` as the rules screen shows it: its id and title, then its text."""
    return [line for clause in find_clauses(clauses, clause_id) for line in clause_lines(clause)]


class DrillItem:
    """One drill question at the table `session` shows: reads answers and tells verdicts."""

    def __init__(self, console: Any, session: Any, title: str, prompt: str, how: str,
                 choices: Iterable[str] | None = None) -> None:
        self.console = console
        self.session = session
        self.title = title
        self.prompt = prompt
        self.how = how  # what to type, in the exact words (shown before the first question)
        self.choices = list(session.choices() if choices is None else choices)
        self.illegal_tried = False

    def start(self) -> None:
        self.console.show([("class:hint", self.how)])

    def read(self, empty_ok: bool = False) -> str:
        """The learner's next answer; help, rules, hint, why and quit are carried out on the way.
        An empty line is an answer only where `empty_ok` (pressing Enter lets a window pass)."""
        while True:
            text = self.console.ask(self.prompt + " ", self.choices, " " + self.title)
            if not text.strip():
                if empty_ok:
                    return text
                self.console.show([("class:hint", self.how)])
                continue
            command, rest = split_command(text)
            if rest or command is None:
                return text
            if command == "hint":
                self.console.show([("class:hint", self.how)])
            elif command == "why":
                self.console.show([("class:hint", _(
                    "In a game, %(why)s tells why the bots played as they did. A drill has no bots' moves to "
                    "explain: the position comes from a game the bots played, and what is shown above the "
                    "question is all you may know of it.") % {"why": typed_word("why")})])
                self.console.show([("class:hint", self.how)])
            elif not self.session.handle_command(command):
                return text  # a word of the game (a draw, a call): the drill reads it

    def slip(self, line: str) -> None:
        """An answer that names nothing the learner can play: why, what to type, the question again."""
        self.console.show([("class:error", line)])
        self.console.show([("class:hint", self.how)])

    def illegal(self, line: str, clause: str, extra: Sequence[str] = ()) -> None:
        """An answer the rules forbid: the rule applied in words, its text, another try."""
        self.illegal_tried = True
        self.console.show([("class:error", line)])
        for text in extra:
            self.console.show([("class:error", text)])
        self.show_rule(clause)
        # TRANSLATORS: after a drill answer the rules forbid; the same question is asked again.
        self.console.show([("class:hint", _("That answer is against the rule above: try again."))])
        self.console.show([("class:hint", self.how)])

    def show_rule(self, clause: str) -> None:
        for line in rule_lines(self.session.clauses, clause):
            self.console.show([("class:hint", line)])

    def right(self, lines: Sequence[str]) -> None:
        for line in lines:
            self.console.show([("class:you", line)])

    def wrong(self, answer_line: str, reason: str, clause: str, extra: Sequence[str] = ()) -> None:
        """A legal but weaker answer: the right answer, one reason in words, the clause and its text."""
        self.console.show([("class:error", answer_line)])
        self.console.show([("", reason)])
        for text in extra:
            self.console.show([("", text)])
        self.show_rule(clause)

    def kind(self, verdict_kind: str) -> str:
        """The item's verdict for the schedule: an illegal try counts as illegal, whatever followed."""
        return "illegal" if self.illegal_tried else verdict_kind
