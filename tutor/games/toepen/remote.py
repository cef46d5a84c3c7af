"""Toepen at a network table: one seat's screen, fed by the host (tutor.trainer.remote).

It is the trainer's Toepen session (session.py) with the host in place of the engine: the
table, the prompts, the words offered for Tab, the help and the reading of typed text are the
session's own (`ToepenScreen`), drawn from the view the host sent (`Mirror`). A move is sent
as data; the host refuses it with its rule, or judges it (with `--coach`) and applies it.

Knocking at any moment (TOE.7): while another seat is to play and this seat may knock, a
short prompt offers the knock, as the trainer does before a bot's card: Enter goes on, `knock`
(or F3) knocks. Before a bot's card the host waits KNOCK_PACE seconds for it; while a person
thinks over their card, the offer comes back every REOFFER seconds until they play.
"""

from __future__ import annotations

import time
from typing import Any

from tutor.games.toepen.engine import Phase, View
from tutor.games.toepen.net import KNOCK_PACE, action_data, verdict_from_data, view_from_data
from tutor.games.toepen.session import ToepenSession
from tutor.i18n import _, quoted
from tutor.trainer.commands import split_command, typed_word
from tutor.trainer.remote import RemoteSession
from tutor.trainer.table import seconds_text

#: Seconds after an unanswered knock offer before it is made again, while the same person is still to play.
REOFFER = 10.0


class Mirror:
    """What stands for the engine's state in the session's code at a network seat: the table as
    this seat knows it from the host's last view. It holds no engine and decides nothing."""

    def __init__(self, players: int, seat: int) -> None:
        self.players = players
        self.seat = seat
        self.seen: View | None = None
        self.thrower: int | None = None

    def update(self, data: dict[str, Any]) -> None:
        self.seen = view_from_data(data)
        thrower = data.get("thrower")
        self.thrower = thrower if isinstance(thrower, int) and not isinstance(thrower, bool) else None

    def view(self, seat: int) -> View:
        assert self.seen is not None
        return self.seen

    @property
    def current_player(self) -> int | None:
        return None if self.seen is None else self.seen.current

    @property
    def is_over(self) -> bool:
        return self.seen is not None and self.seen.phase is Phase.OVER

    @property
    def losers(self) -> list[int]:
        """The seats that reached the limit (TOE.2): the ones no longer in the rubber."""
        return [] if self.seen is None else [q for q, active in enumerate(self.seen.active) if not active]

    def __getattr__(self, name: str) -> Any:
        seen = self.__dict__.get("seen")
        if seen is None:
            raise AttributeError(name)
        return getattr(seen, name)


class RemoteToepenSession(RemoteSession, ToepenSession):
    """A seat at a network table of Toepen."""

    state: Mirror

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._typed: tuple[tuple[Any, ...], str] | None = None  # typed while the table moved on
        self._offer: tuple[tuple[Any, ...], float | None] | None = None  # (moment, when to offer again)

    def mirror(self, welcome: dict[str, Any]) -> Mirror:
        return Mirror(int(welcome["players"]), int(welcome["seat"]))

    def remote_intro(self) -> None:
        self.show_intro(True)

    def toolbar(self) -> str:
        return super().toolbar() if self.state.seen is not None else ""

    def show_help(self) -> None:
        super().show_help()
        self.console.show([("class:hint", _(
            "At a table with other people you may knock while one of them thinks over their card, too: the offer "
            "closes after %(time)s and comes back every %(again)s until they play.") % {
            "time": seconds_text(KNOCK_PACE), "again": seconds_text(REOFFER)})])

    # ----------------------------------------------------------------- what the host sends

    def on_update(self, events: list[dict[str, Any]], view: dict[str, Any], remarks: list[dict[str, Any]]) -> None:
        self.state.update(view)
        self.remember_remarks(remarks)
        self.emit(events)
        if not events and not self.state.is_over:  # back at the table (a rejoin, a resumed table): as it is now
            self._shown = self.moment()
            self.console.show(self.table())

    def on_verdicts(self, verdicts: list[dict[str, Any]]) -> None:
        """The coach's lines on this seat's decision (a refusal's verdict is the refusal's line)."""
        for verdict in self.verdicts(verdicts):
            if verdict.kind != "illegal":
                self.coach_says(self.verdict_line(verdict))

    def refused_line(self, message: dict[str, Any]) -> str:
        """A refused move in one line, as the trainer says it: a card that does not follow suit
        with a card of the suit led (TOE.5), anything else with its rule."""
        illegal = [v for v in self.verdicts(message.get("verdicts") or []) if v.kind == "illegal"]
        if illegal:
            return self.verdict_line(illegal[0])
        return super().refused_line(message)

    @staticmethod
    def verdicts(data: list[Any]) -> list[Any]:
        found = []
        for item in data:
            try:
                found.append(verdict_from_data(item))
            except ValueError:
                continue
        return found

    # ----------------------------------------------------------------- this seat's decisions

    def decide(self) -> dict[str, Any] | None:
        """The table waits for this seat: the table (once a moment), the prompt, the move as data.
        What was typed while the host's next message came waits until that message is shown: it
        is sent if the moment is still the same, and said not sent otherwise."""
        at = self.moment()
        if self._shown != at:
            self._shown = at
            self.console.show(self.table())
        if self._typed is not None:
            moment, text = self._typed
            self._typed = None
            if moment != at:  # a move meant for another moment is not sent; help, rules, why still work
                command, rest = split_command(text)
                if not (not rest and self.handle_command(command)) and text.strip():
                    self.say_error(_("%(text)s was not sent: the table moved on meanwhile.") % {"text": quoted(text)})
                return None
        else:
            text = self.ask(self.decision_prompt(self.seen(), self.state.thrower))
            if self.link.pending():  # the host spoke while this seat typed: first what it said
                self._typed = (at, text)
                return None
        action = self.read_move(text, self.seen())
        return None if action is None else action_data(action)

    def offering(self) -> bool:
        """This seat may knock while another is to play (TOE.7), and was not offered it at this
        moment yet (or the time to offer it again has come)."""
        if not self.view or not self.may_knock_now():
            return False
        if self._offer is None or self._offer[0] != self.moment():
            return True
        again = self._offer[1]
        return again is not None and time.monotonic() >= again

    def idle(self) -> dict[str, Any] | None:
        """While an offer to knock is due again later, the host's messages are awaited until then."""
        if self.started and not self.waiting and self.view and not self.awaited() and self._offer is not None:
            moment, again = self._offer
            if again is not None and moment == self.moment() and self.may_knock_now():
                left = again - time.monotonic()
                if left > 0:
                    return self.link.receive(timeout=left)
        return super().idle()

    def may_knock_now(self) -> bool:
        """The host lists a knock among this seat's decisions while it does not wait for it."""
        return {"event": "knock"} in (self.view.get("legal") or []) and not self.view.get("waiting")

    def offer(self) -> dict[str, Any] | None:
        """Before another seat's card: Enter goes on, `knock` (F3) knocks; with no answer the
        prompt closes after KNOCK_PACE seconds, and comes back after REOFFER seconds while a
        person is still thinking over their card."""
        at = self.moment()
        current = self.state.current_player
        assert current is not None
        if self.bot_plays(current):
            prompt = self.knock_offer_prompt(current)
        else:
            prompt = _("%(player)s is to play. Enter to go on, or %(knock)s (F3) to knock before their card; this "
                       "offer closes after %(time)s:") % {
                "player": self.names(current), "knock": typed_word("knock"), "time": seconds_text(KNOCK_PACE)}
        answer = self.knock_answer(prompt)
        self._offer = (at, time.monotonic() + REOFFER if answer is None else None)
        return {"event": "knock"} if answer else None

    def bot_plays(self, seat: int) -> bool:
        """A bot plays for `seat`: nobody took it, or its player dropped and a bot covers for them."""
        humans = self.names.humans
        if seat >= len(humans) or not humans[seat]:
            return True
        return seat in self.away and self.welcome.get("on_drop", "bot") == "bot"
