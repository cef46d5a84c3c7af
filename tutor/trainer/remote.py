"""A seat at a network table: the game's table screen, fed by the host instead of an engine.

A game's client session (`tutor/games/<game>/remote.py`) is its local session with this class
first among its bases. The host sends this seat's view and the events it may see, as data;
this class receives them, keeps the latest view in `self.view`, and calls the game's hooks to
show them in the learner's language. When the host waits for this seat, `decide` prompts and
returns the action data to send; the host answers with the verdicts the coach gave (when the
seat asked for them), a refusal with its rule, or the update the action made.
"""

from __future__ import annotations

import random
from typing import Any

from tutor.games.base import IllegalAction
from tutor.games.remark import Remark
from tutor.i18n import _, format_list
from tutor.net.link import Closed, Link
from tutor.trainer.commands import command_of, command_word, typed_word
from tutor.trainer.console import Console, Leave, TimeUp
from tutor.trainer.table import Names, TableSession

#: Seconds the host's terminal waits at the waiting room's prompt before it shows who came.
ROOM_PACE = 2.0


class NetNames(Names):
    """Who sits where at a network table: this seat is "you", humans by their names, bots by number."""

    def __init__(self, players: int, seat: int, names: list[str | None]) -> None:
        super().__init__(players, seat)
        self.humans = list(names)

    def __call__(self, seat: int) -> str:
        if seat == self.learner:
            return _("You")
        name = self.humans[seat] if 0 <= seat < len(self.humans) else None
        return name if name else _("Bot %(number)d") % {"number": seat + 1}


def error_line(code: str) -> str:
    """A host's `error` answer in words."""
    lines = {
        "bad_code": _("That join code is not this table's. Check it with the host."),
        "name_taken": _("Someone at this table already has that name. Choose another with --name."),
        "table_full": _("Every seat at this table is taken."),
        "started": _("The game has started and no seat is kept for that name."),
        "protocol": _("This table runs another version of tutor. Update tutor on both machines."),
        "bad_name": _("A name needs at least one letter or digit."),
        "not_host": _("Only the host starts the game."),
        "not_started": _("The game has not started yet."),
        "busy": _("Wait for the table to answer your last move."),
        "too_fast": _("Too many messages at once: the table skipped some."),
        "no_hello": _("The table did not understand this client. Update tutor on both machines."),
    }
    return lines.get(code, _("The table could not read a message from this client; the game goes on."))


class RemoteSession(TableSession):
    """The client half of a network table (put it first among a game's client session's bases)."""

    def __init__(self, console: Console, link: Link, welcome: dict[str, Any], ascii_only: bool = False,
                 coach: bool = False) -> None:
        self.link = link
        self.welcome = welcome
        self.seat: int = welcome["seat"]
        self.view: dict[str, Any] = {}
        self.started = bool(welcome.get("started"))
        self.away: list[int] = list(welcome.get("away") or [])  # seats whose player is not connected
        self.waiting = False  # an action was sent and the table has not answered yet
        self.sent = 0  # the id of the last action sent
        super().__init__(console, self.mirror(welcome), welcome.get("level", "normal"), random.Random(0),
                         self.seat, ascii_only, None, coach)
        self.names = NetNames(welcome["players"], self.seat, welcome.get("names") or [])

    # -- to be supplied by the game

    def mirror(self, welcome: dict[str, Any]) -> Any:
        """What stands for `self.state` in the game's local session code: the table as this seat
        knows it (kept up to date by `on_update`)."""
        raise NotImplementedError

    def on_update(self, events: list[dict[str, Any]], view: dict[str, Any], remarks: list[dict[str, Any]]) -> None:
        raise NotImplementedError

    def on_verdicts(self, verdicts: list[dict[str, Any]]) -> None:
        raise NotImplementedError

    def refused_line(self, message: dict[str, Any]) -> str:
        """A refusal in one line: the engine's error, as the game words it at `tutor play`."""
        params = message.get("params")
        params = params if isinstance(params, dict) else {}
        return self.illegal_line(IllegalAction(str(message.get("clause")), str(message.get("message")),
                                               **{str(k): v for k, v in params.items()}))

    def decide(self) -> dict[str, Any] | None:
        """Prompts for this seat's decision; the action data to send, or None (nothing yet)."""
        raise NotImplementedError

    def awaited(self) -> bool:
        """True while the table waits for this seat's decision."""
        return bool(self.view.get("legal")) and bool(self.view.get("waiting", True))

    def offering(self) -> bool:
        """True when this seat may act although the table does not wait for it (a knock in Toepen)."""
        return False

    def offer(self) -> dict[str, Any] | None:
        """A short prompt for an out-of-turn action; None when the time passed or nothing was typed."""
        return None

    def remote_intro(self) -> None:
        """The game's opening lines (its title and how to get help)."""

    # -- the loop

    def run(self) -> str:
        self.remote_intro()
        self.show_seats(self.welcome.get("names") or [], first=True)
        try:
            while True:
                try:
                    message = self.link.receive(timeout=0)
                    if message is None:
                        message = self.idle()
                except Closed:
                    self.console.show([("class:error", _("The connection to the table was lost. Join again "
                                                         "with the same code and name to take your seat back."))])
                    return "closed"
                if message is None:
                    continue
                if self.dispatch(message) == "over":
                    return "over"
        except Leave:
            try:
                self.link.send({"type": "bye"})
            except Closed:
                pass
            raise

    def idle(self) -> dict[str, Any] | None:
        """Nothing to read: prompt if the table waits for this seat, else wait for the table."""
        if not self.started:
            if self.welcome.get("host"):
                self.waiting_room()
                return None
            return self.link.receive(timeout=None)
        if not self.waiting and self.view and (self.awaited() or self.offering()):
            action = self.decide() if self.awaited() else self.offer()
            if action is not None:
                self.send_action(action)
            return None
        return self.link.receive(timeout=None)

    def remember_remarks(self, remarks: list[Any]) -> None:
        """Keeps what the bots said of their decisions (for `why`); one that is not well formed is passed over."""
        for item in remarks:
            if not isinstance(item, dict) or not isinstance(item.get("code"), str):
                continue
            detail = item.get("detail") or {}
            if not isinstance(detail, dict) or not all(isinstance(v, (int, str)) for v in detail.values()):
                continue
            try:
                seat = int(item["seat"])
            except (KeyError, TypeError, ValueError):
                continue
            self.remember(seat, Remark(item["code"], dict(detail)))

    def send_action(self, action: dict[str, Any]) -> None:
        self.waiting = True
        self.sent += 1
        self.link.send({"type": "act", "action": action, "coach": bool(self.coach), "id": self.sent})

    def dispatch(self, message: dict[str, Any]) -> str | None:
        kind = message.get("type")
        if kind == "update":
            answered = message.get("answer") == self.sent  # the update our action made (others' may come first)
            if answered:
                self.waiting = False
            self.view = message.get("view") or {}
            self.on_update(message.get("events") or [], self.view, message.get("remarks") or [])
            if answered:
                self.decided()  # the clauses of a verdict stay at hand for `rules` until our next decision
        elif kind == "verdicts":
            self.on_verdicts(message.get("verdicts") or [])
        elif kind == "refused":  # as at `tutor play`: the refusal first, then the coach's play that fits
            self.waiting = False
            self.say_error(self.refused_line(message))
            self.on_verdicts(message.get("verdicts") or [])
        elif kind == "seats":
            self.on_seats(message)
        elif kind == "error":
            if message.get("id") in (None, self.sent):
                self.waiting = False
            self.say_error(error_line(str(message.get("error"))))
        elif kind == "over":
            return "over"
        return None

    def on_seats(self, message: dict[str, Any]) -> None:
        names = message.get("names") or []
        away = list(message.get("away") or [])
        before = list(self.names.humans)
        for seat, name in enumerate(names):
            if seat == self.seat or not name:
                continue
            old = before[seat] if seat < len(before) else None
            if old != name:
                self.console.show([("class:hint", _("%(player)s took a seat at the table.") % {"player": name})])
            elif seat in away and seat not in self.away:
                self.console.show([("class:hint", (
                    _("%(player)s lost the connection; a bot plays for them until they are back.")
                    if self.welcome.get("on_drop") != "pause" else
                    _("%(player)s lost the connection; the table waits until they are back.")) % {"player": name})])
            elif seat in self.away and seat not in away:
                self.console.show([("class:hint", _("%(player)s is back at the table.") % {"player": name})])
        for seat, old in enumerate(before):
            if old and seat < len(names) and not names[seat] and seat != self.seat:
                self.console.show([("class:hint", _("%(player)s left the table.") % {"player": old})])
        self.names.humans = list(names)
        self.away = away
        if message.get("started") and not self.started:
            self.started = True
            self.console.show([("class:title", _("The game begins."))])

    def show_seats(self, names: list[str | None], first: bool = False) -> None:
        """Who sits at the table, in seat order."""
        people = [self.names(seat) for seat in range(len(names))]
        if people:
            self.console.show(_("At the table: %(players)s.") % {"players": format_list(people)})
        if first and not self.started and not self.welcome.get("host"):
            self.console.show([("class:hint", _("Waiting for the host to start the game."))])

    def waiting_room(self) -> None:
        """The host's terminal before the start: `start` begins; seats nobody took get bots."""
        start = command_word("start")
        try:
            text = self.ask(_("Type %(start)s when everyone is seated; empty seats are played by bots.") % {
                "start": typed_word("start")}, [start, command_word("quit")], timeout=ROOM_PACE)
        except TimeUp:
            return
        command = command_of(text)
        if command == "start":
            self.link.send({"type": "start"})
            self.started = True
        elif command == "quit":
            raise Leave("quit")
        elif text.strip():
            self.show_seats(self.names.humans)
            self.say_error(_("Type %(start)s to begin.") % {"start": typed_word("start")})
