"""33 at a network table, as one seat plays it: the local session's screen, fed by the host.

The host (tutor.net.host, with `net.NET`) runs the engine; this session keeps only the seat's
view (`net.TableView`) and shows the events its seat may see in the player's own language. The
table, help, Tab completion, the prompts and the parsing of typed cards, values (1/11, +-10),
totals, draws and forfeit picks are the local session's (`session.Screen`); what they decide
goes to the host as action data, and the host answers with the coach's verdicts (when asked
for), a refusal with its rule, or the update the decision made.

A player who ended a turn without drawing (manual-draw mode, 33.10) may still draw while the
next player has not: whenever the table changes meanwhile they get a short prompt to do so.
"""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

from tutor.games.base import Event
from tutor.games.thirty_three.narrate import coach_lines, event_line, instead_line
from tutor.games.thirty_three.net import (
    LATE_DRAW_PACE,
    TableView,
    action_data,
    verdict_from_data,
    view_from_data,
)
from tutor.games.thirty_three.session import PlaySession
from tutor.i18n import _
from tutor.trainer.commands import command_of, command_word, typed_word
from tutor.trainer.console import TimeUp
from tutor.trainer.remote import RemoteSession
from tutor.trainer.table import go_on_line


class RemoteSession33(RemoteSession, PlaySession):
    """A seat of 33 at a network table."""

    _now: TableView | None = None
    _offered: tuple[int, str, int | None] | None = None  # the table a late draw was last offered at

    def mirror(self, welcome: dict[str, Any]) -> Any:
        return SimpleNamespace(players=welcome["players"])

    def seen(self) -> TableView:
        assert self._now is not None, "no view from the host yet"
        return self._now

    @property
    def manual(self) -> bool:
        return (self.welcome.get("options") or {}).get("draw") == "manual"

    # ----------------------------------------------------------------- what the host sends

    def remote_intro(self) -> None:
        self.show_intro(hint=True)

    def event_line(self, event: Event) -> str | None:
        return event_line(event, self.names, self.ascii, reveal=False, manual=self.manual)

    def on_update(self, events: list[dict[str, Any]], view: dict[str, Any], remarks: list[dict[str, Any]]) -> None:
        first = self._now is None
        self._now = view_from_data(view)
        self.remember_remarks(remarks)
        for event in events:
            line = self.event_line(event)
            if line:
                style = "class:you" if self.names.is_you(event.get("player")) else ""
                self.console.show([(style, line)])
        self.note_events(events, self._now.phase, self._now.players)
        if first and not events and not self._now.waiting:
            self.console.show(self.table())  # back at the table (a rejoin, a resumed table): how it stands

    def on_verdicts(self, verdicts: list[dict[str, Any]]) -> None:
        """The coach on this seat's play (a weaker one), or after a play refused for going over 33,
        the play that fits (33.7): only when this player asked for the coach."""
        if not self.coach:
            return
        for data in verdicts:
            verdict = verdict_from_data(data)
            if verdict.kind == "weaker":
                self.coach_says(*coach_lines(verdict, self.ascii))
            elif verdict.kind == "right":
                self.coach_says(instead_line(verdict, self.ascii))

    # ----------------------------------------------------------------- this seat's decisions

    def decide(self) -> dict[str, Any] | None:
        action = self.read_action()
        return None if action is None else action_data(action)

    def offering(self) -> bool:
        now = self._now
        if now is None or now.waiting or not now.legal:
            return False
        return self._offered != (now.plays, now.phase.value, now.current)

    def offer(self) -> dict[str, Any] | None:
        """33.10: this seat ended its turn without drawing; it may draw until the next player does."""
        now = self.seen()
        self._offered = (now.plays, now.phase.value, now.current)
        try:
            text = self.ask(_("You hold two cards. Type %(draw)s:") % {"draw": typed_word("draw")},
                            [command_word("draw")], timeout=LATE_DRAW_PACE)
        except TimeUp:
            return None
        command = command_of(text)
        if command == "draw":
            return action_data(next(iter(now.legal)))
        if text.strip() and not self.handle_command(command):
            self.say_error(go_on_line(command_word("draw")))
        return None

    # ----------------------------------------------------------------- before the first view

    def toolbar(self) -> str:
        return "" if self._now is None else super().toolbar()

    def choices(self) -> list[str]:
        if self._now is None:
            return [command_word(c) for c in ("help", "rules", "why", "quit")]
        return super().choices()

    def show_position(self) -> None:
        if self._now is not None:
            super().show_position()
