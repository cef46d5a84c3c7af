"""What every game's table at the trainer shares: who sits where, the event log, the
commands that work at any prompt (help, rules, why, quit), and one-line errors.

A game's session subclasses `TableSession` and supplies its rules, its event sentences,
its help text and its table; the engine alone decides what is legal.
"""

from __future__ import annotations

import random
import re
from collections import deque
from collections.abc import Callable, Collection, Sequence
from typing import Any

from tutor.games.base import Event, IllegalAction
from tutor.games.remark import Remark
from tutor.games.rulebook import Clause, clause_lines
from tutor.i18n import _, ngettext, quoted
from tutor.trainer.commands import command_word
from tutor.trainer.console import Console, Leave

Recorder = Callable[[list[Event]], None]

#: A RULEBOOK clause id as a verdict or a refusal names it: "(TT.5)", "(rule 33.7)", "(TOE.6, TOE.13)".
CLAUSE_ID = re.compile(r"\b(?:33|TT|SPD|TOE)\.\d+\b")


def seconds_text(seconds: float) -> str:
    """A span of seconds in words, the learner's way, fractions too ("2.5 seconds", "2,5 sekundės")."""
    from babel.units import format_unit

    from tutor import i18n

    return format_unit(seconds, "duration-second", length="long", locale=i18n.current())


def standings_lines(totals: Sequence[int], names: Names, penalty: bool = False,
                    reached: Collection[int] = ()) -> list[str]:
    """A standings table, fewest points first: one line per seat with its rank (equal totals
    share a rank: 1, 2, 2, 4) and total; `penalty` counts penalty points (Toepen), and the
    seats in `reached` are marked as having reached the limit."""
    order = sorted(range(len(totals)), key=lambda seat: (totals[seat], seat))
    lines = []
    rank = 0
    for place, seat in enumerate(order, 1):
        if place == 1 or totals[seat] != totals[order[place - 2]]:
            rank = place
        params = {"rank": rank, "player": names(seat), "total": totals[seat]}
        n = totals[seat]
        if seat in reached:
            # TRANSLATORS: a line of the Toepen standings table: rank, player, penalty points.
            line = ngettext("%(rank)d. %(player)s: %(total)d penalty point, limit reached",
                            "%(rank)d. %(player)s: %(total)d penalty points, limit reached", n) % params
        elif penalty:
            # TRANSLATORS: a line of the Toepen standings table: rank, player, penalty points.
            line = ngettext("%(rank)d. %(player)s: %(total)d penalty point",
                            "%(rank)d. %(player)s: %(total)d penalty points", n) % params
        else:
            # TRANSLATORS: a line of a standings table (Three Thirteen, 3-13 Speed): rank, player, total.
            line = ngettext("%(rank)d. %(player)s: %(total)d point", "%(rank)d. %(player)s: %(total)d points",
                            n) % params
        lines.append("  " + line)
    return lines


def go_on_line(command: str) -> str:
    """The line for a slip at a prompt that goes on with Enter or takes one command word."""
    # TRANSLATORS: at a prompt that waits for Enter, or a word such as "knock"; %(command)s is the word.
    return _("Type %(command)s, or press Enter to go on.") % {"command": quoted(command)}


class Names:
    """Who sits where: the learner (if any) is "you", the others by name."""

    def __init__(self, players: int, learner: int | None) -> None:
        self.players = players
        self.learner = learner

    def __call__(self, seat: int) -> str:
        if seat == self.learner:
            return _("You")
        if self.learner is None:
            return _("Player %(number)d") % {"number": seat + 1}
        return _("Bot %(number)d") % {"number": seat + 1}

    def is_you(self, seat: int | None) -> bool:
        return seat is not None and seat == self.learner


class TableSession:
    """The game-independent half of a game at the trainer."""

    clauses: Sequence[Clause] = ()

    def __init__(self, console: Console, state: Any, level: str, rng: random.Random, learner: int | None,
                 ascii_only: bool = False, record: Recorder | None = None, coach: bool = False) -> None:
        self.console = console
        if ascii_only:  # cards named in texts are drawn as the hand is
            console.ascii_only = True
        self.state = state
        self.level = level
        self.rng = rng
        self.learner = learner
        self.ascii = ascii_only
        self.record = record or (lambda events: None)
        self.coach = coach
        self.names = Names(state.players, learner)
        # What the bots said about their last decisions (for `why`): remarks, never their private reasons.
        self.reasons: deque[tuple[int, Remark]] = deque(maxlen=state.players)
        # The clauses the last verdict or refusal named, for `rules`; `_fresh` while it is about the
        # decision being made (a later decision without one makes it stale); `_cited_shown` once shown.
        self.cited: list[str] = []
        self._fresh = False
        self._cited_shown = False

    # -- to be supplied by the game

    def event_line(self, event: Event) -> str | None:
        raise NotImplementedError

    def illegal_line(self, err: IllegalAction) -> str:
        raise NotImplementedError

    def show_help(self) -> None:
        raise NotImplementedError

    def bot_remark(self, seat: int, action: Any, view: Any) -> Remark | None:
        """What the bot at `seat` says about `action`, from the learner's `view` just before it."""
        return None

    def remark_line(self, remark: Remark) -> str:
        """A bot's remark as a sentence in the learner's language."""
        raise NotImplementedError

    def toolbar(self) -> str:
        return ""

    def show_position(self) -> None:
        """Shows the learner what they are deciding on again (after the rules were shown)."""

    def intro(self) -> None:
        raise NotImplementedError

    def learner_action(self) -> Any:
        raise NotImplementedError

    def bot_turn(self) -> None:
        raise NotImplementedError

    def stalled(self) -> bool:
        """With bots alone: True (having said why) when the game should stop unfinished."""
        return False

    def run(self) -> str:
        """Plays to the end; returns "over", or "stopped" when bots alone never finish."""
        self.intro()
        while not self.state.is_over:
            if self.learner is None and self.stalled():
                return "stopped"
            if self.state.current_player == self.learner:
                action = self.learner_action()
                if action is not None:
                    self.act(action)
                    self.decided()
            else:
                self.bot_turn()
        return "over"

    def choices(self) -> list[str]:
        return [command_word(c) for c in ("help", "rules", "why", "quit")]

    # -- shared

    def decided(self) -> None:
        """A decision of the learner went in: a verdict given on it stays at hand for `rules`
        until the next decision; one from an earlier decision is dropped."""
        if self._fresh:
            self._fresh = False
        else:
            self.cited = []

    def cite(self, *texts: str) -> None:
        """Keeps the clauses that a verdict or a refusal names, for `rules`."""
        known = {clause.id for clause in self.clauses}
        found = [c for text in texts for c in CLAUSE_ID.findall(text) if c in known]
        if found:
            self.cited = list(dict.fromkeys(found))
            self._fresh = True
            self._cited_shown = False

    def emit(self, events: list[Event]) -> None:
        self.record(events)
        for event in events:
            line = self.event_line(event)
            if line:
                style = "class:you" if self.names.is_you(event.get("player")) else ""
                self.console.show([(style, line)])

    def act(self, action: Any) -> bool:
        """Hands an action to the engine: its events are shown, or why it is refused."""
        try:
            events = self.state.apply(action)
        except IllegalAction as err:
            self.say_error(self.illegal_line(err))
            return False
        self.emit(events)
        return True

    def coach_says(self, *lines: str) -> None:
        """The coach's advice, one line each; the clauses it names are at hand for `rules`."""
        self.cite(*lines)
        for line in lines:
            self.console.show([("class:hint", _("Coach: %(advice)s") % {"advice": line})])

    def say_error(self, text: str, clause: str | None = None) -> None:
        if clause:
            text = _("%(reason)s (rule %(clause)s)") % {"reason": text, "clause": clause}
        self.cite(text)
        self.console.show([("class:error", text)])

    def ask(self, prompt: str, choices: list[str] | None = None, timeout: float | None = None) -> str:
        options = self.choices() if choices is None else choices
        if timeout is None:
            return self.console.ask(prompt + " ", options, self.toolbar())
        return self.console.ask(prompt + " ", options, self.toolbar(), timeout=timeout)

    def table_view(self) -> Any | None:
        """What the learner's seat sees of the table, the only ground of a bot's remark (None with
        bots alone, where nobody asks `why`)."""
        return None if self.learner is None else self.state.view(self.learner)

    def bot_acts(self, seat: int, action: Any) -> bool:
        """A bot's decision goes in; `why` will tell what the bot says of it (its remark, from what
        the learner saw), never the reason it chose by, which may rest on its hidden cards."""
        view = self.table_view()
        if view is not None and seat != self.learner:
            # Kept before the action goes in, so a game that reveals choices as they complete
            # (3-13 Speed) has it at hand when it shows them. Bots make only legal moves.
            remark = self.bot_remark(seat, action, view)
            if remark is not None:
                self.remember(seat, remark)
        return self.act(action)

    def remember(self, seat: int, remark: Remark) -> None:
        """Keeps a bot's remark for `why` (a game whose choices are made face down waits for the reveal)."""
        self.reasons.append((seat, remark))

    def handle_command(self, command: str | None) -> bool:
        """Carries out help, rules, why and quit; True if the text was such a command."""
        if command == "quit":
            raise Leave("quit")
        if command == "help":
            self.show_help()
            return True
        if command == "rules":
            self.show_rules()
            return True
        if command == "why":
            if self.reasons:
                for seat, remark in self.reasons:
                    # TRANSLATORS: a bot's name and its reason for a play, as in "Bot 2: I pushed ...".
                    line = _("%(player)s: %(reason)s") % {"player": self.names(seat),
                                                          "reason": self.remark_line(remark)}
                    self.console.show([("class:hint", line)])
            else:
                self.console.show(_("No bot has played yet."))
            return True
        return False

    def show_standings(self, heading: str, totals: Sequence[int], penalty: bool = False,
                       reached: Collection[int] = ()) -> None:
        """A standings table under its heading: ranks and totals, fewest points first."""
        self.console.show([("class:title", heading)])
        for line in standings_lines(totals, self.names, penalty, reached):
            self.console.show(line)

    def show_rules(self) -> None:
        """`rules` (F2): the clauses the last verdict or refusal named, the first time it is asked
        for; otherwise the whole rulebook. Then what the learner is deciding on, again."""
        cited = [c for c in self.clauses if c.id in self.cited]
        if cited and not self._cited_shown:
            self._cited_shown = True
            for clause in cited:
                self.console.show([("class:rule", "\n".join(clause_lines(clause)))])
            self.console.show([("class:hint", _("Type %(rules)s again for all the rules.") % {
                "rules": command_word("rules")})])
        else:
            for clause in self.clauses:
                self.console.show("\n".join(clause_lines(clause)))
        self.show_position()
