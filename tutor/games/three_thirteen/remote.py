"""A seat at a network table of Three Thirteen (`tutor join`, and the host's own terminal).

The local session's seat code (`session.TTSeat`: the table, help, Tab's choices, typed text
read as a draw or a discard) runs on the view the host sends (`net.view_of`); the events, the
bots' remarks and the coach's verdicts come as data and are shown with the narrator's own
sentences, in this client's language. The host judges and applies every decision.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from tutor.games.three_thirteen.engine import View
from tutor.games.three_thirteen.narrate import discard_verdict_lines, draw_verdict_lines, instead_line
from tutor.games.three_thirteen.net import Instead, outs_of, verdict_of, view_of
from tutor.games.three_thirteen.session import TTSession
from tutor.i18n import _
from tutor.trainer.commands import typed_word
from tutor.trainer.remote import RemoteSession


@dataclass
class Mirror:
    """What stands for the engine in the local session's code: the number of players and the
    wild rank of the round being shown (events are told with it)."""

    players: int
    wild: int | None = None


class TTRemote(RemoteSession, TTSession):
    """Three Thirteen at a network table, for one seat."""

    def mirror(self, welcome: dict[str, Any]) -> Mirror:
        return Mirror(welcome["players"])

    def seat_view(self) -> View | None:
        return view_of(self.view) if self.view else None

    def out_codes(self) -> list[str]:
        return outs_of(self.view)

    def remote_intro(self) -> None:
        self.console.show([("class:title", _("Three Thirteen: eleven rounds, lowest total wins."))])
        self.console.show([("class:hint", _("Type %(help)s (or press F1) for how to play; Tab completes your cards.")
                             % {"help": typed_word("help")})])

    # ------------------------------------------------------------------ from the host

    def event_line(self, event: dict[str, Any]) -> str | None:
        if event.get("event") == "round_start":
            self.state.wild = event["wild"]
        return super().event_line(event)

    def on_update(self, events: list[dict[str, Any]], view: dict[str, Any], remarks: list[dict[str, Any]]) -> None:
        self.remember_remarks(remarks)
        if events and self.state.wild is None and view:
            self.state.wild = view.get("wild")
        self.emit(events)  # the local session's: each event's line, then a round's scoring
        if view:
            self.state.wild = view.get("wild")

    def on_verdicts(self, verdicts: list[dict[str, Any]]) -> None:
        if not self.coach:  # a refusal's advice comes whether or not this seat asked for the coach
            return
        for data in verdicts:
            verdict = verdict_of(data)
            if isinstance(verdict, Instead):
                self.coach_says(instead_line(verdict.card, verdict.points, self.ascii))
            elif data["kind"] == "draw":
                self.coach_says(*draw_verdict_lines(verdict, self.ascii))
            else:
                self.coach_says(*discard_verdict_lines(verdict, self.ascii))

    # ------------------------------------------------------------------ this seat's decision

    def decide(self) -> dict[str, Any] | None:
        view = self.seat_view()
        if view is None:
            return None
        if view.phase == "draw":
            source = self.read_draw(view)
            return None if source is None else {"event": "draw", "from": source}
        read = self.read_discard(view, (view.round, int(self.view.get("turn", 0))))
        if read is None:
            return None
        code, going_out = read
        return {"event": "go_out" if going_out else "discard", "card": code}
