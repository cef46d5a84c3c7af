"""Helpers for network-table tests: a host on 127.0.0.1, raw sockets, and client sessions in threads.

`serve` opens a real table (tutor.net.host.Server) on a free port and keeps every byte each seat
was sent (`sent[seat]`). `RawClient` is a bare socket for hostile messages. `ThreadClient` runs a
game's real client session (its RemoteSession) in a thread of its own, in its own language,
reading lines from a pipe the test writes and writing its screen to a buffer.

`Toy` is a tiny game with hidden cards for the core's own tests: each seat is dealt two cards
face down, and in turn each plays one face up.
"""

from __future__ import annotations

import io
import json
import os
import random
import socket
import threading
import time
from collections import defaultdict
from types import SimpleNamespace
from typing import Any, Callable

from tutor.games.base import IllegalAction
from tutor.net.frames import PROTOCOL, decode, encode, new_code
from tutor.net.game import NetGame
from tutor.net.host import OnDrop, Server, Table
from tutor.net.link import Closed, connect
from tutor.trainer.console import LineConsole
from tutor.trainer.remote import RemoteSession

WAIT = 20.0


def until(test: Callable[[], Any], timeout: float = WAIT, what: str = "condition") -> Any:
    """Waits for test() to be true (polling); AssertionError after `timeout` seconds."""
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        value = test()
        if value:
            return value
        time.sleep(0.02)
    raise AssertionError(f"timed out waiting for {what}")


class Hosted:
    """A served table: `server`, `table`, `code`, `port`, `sent[seat]` (bytes sent to each seat)."""

    def __init__(self, net: NetGame, state: Any, *, game: str = "toy", level: str = "easy", players_names=None,
                 start_when: int | None = None, on_drop: OnDrop = OnDrop.BOT, clock: float | None = None,
                 options: dict[str, Any] | None = None, record: Callable[[list[Any]], None] | None = None,
                 started: bool = False, host_seat: int = 0, seed: int = 1) -> None:
        self.code = new_code()
        self.sent: dict[int, list[bytes]] = defaultdict(list)
        self.events: list[dict[str, Any]] = []
        self._lock = threading.Lock()

        def tap(seat: int, data: bytes) -> None:
            with self._lock:
                self.sent[seat].append(data)

        def write(events: list[Any]) -> None:
            self.events.extend(events)
            if record is not None:
                record(events)

        def make() -> Table:
            table = Table(net, state, game=game, level=level, rng=random.Random(seed), code=self.code,
                          options=options or {}, names=players_names, host_seat=host_seat, on_drop=on_drop,
                          start_when=start_when, clock=clock, record=write, started=started)
            table.tap = tap
            return table

        self.server = Server(make, "127.0.0.1", 0)
        self.server.start()
        self.port = self.server.port
        assert self.server.table is not None
        self.table = self.server.table
        self.state = state

    def messages(self, seat: int) -> list[dict[str, Any]]:
        with self._lock:
            return [json.loads(data) for data in self.sent[seat]]

    def raw(self, seat: int) -> bytes:
        with self._lock:
            return b"".join(self.sent[seat])

    def start(self) -> None:
        self.server.call(self.table.start)

    def finished(self, timeout: float = WAIT) -> None:
        until(lambda: self.table.finished.is_set(), timeout, "the game to end")

    def close(self) -> None:
        self.server.stop()


class RawClient:
    """A bare socket to a table: send anything, read the host's messages."""

    def __init__(self, port: int) -> None:
        self.sock = socket.create_connection(("127.0.0.1", port), timeout=WAIT)
        self.buffer = b""
        self.got: list[dict[str, Any]] = []

    def send_raw(self, data: bytes) -> None:
        self.sock.sendall(data)

    def send(self, message: dict[str, Any]) -> None:
        self.sock.sendall(encode(message))

    def hello(self, code: str, name: str) -> dict[str, Any]:
        self.send({"type": "hello", "protocol": PROTOCOL, "code": code, "name": name})
        return self.next()

    def next(self, timeout: float = WAIT) -> dict[str, Any]:
        """The next message (AssertionError when none comes; ConnectionError when the host hung up)."""
        self.sock.settimeout(timeout)
        while b"\n" not in self.buffer:
            chunk = self.sock.recv(65536)
            if not chunk:
                raise ConnectionError("closed")
            self.buffer += chunk
        line, self.buffer = self.buffer.split(b"\n", 1)
        message = decode(line)
        self.got.append(message)
        return message

    def next_of(self, kind: str, timeout: float = WAIT) -> dict[str, Any]:
        end = time.monotonic() + timeout
        while True:
            message = self.next(max(0.1, end - time.monotonic()))
            if message.get("type") == kind:
                return message

    def close(self) -> None:
        try:
            self.sock.close()
        except OSError:
            pass


class ThreadClient:
    """A game's client session in a thread, in its own language: `type(line)` writes what the
    player types; `screen()` is everything it showed. `result` is what run() returned (or the
    exception it raised)."""

    def __init__(self, port: int, code: str, name: str, lang: str, session: Callable[..., RemoteSession],
                 coach: bool = False) -> None:
        from tutor import i18n

        self.read_fd, self.write_fd = os.pipe()
        self.stdin = os.fdopen(self.read_fd, "r", encoding="utf-8")
        self.out = io.StringIO()
        self.result: Any = None
        self.link = connect("127.0.0.1", port)
        self.link.send({"type": "hello", "protocol": PROTOCOL, "code": code, "name": name})
        self.welcome = self.link.receive(timeout=WAIT)
        assert self.welcome and self.welcome["type"] == "welcome", self.welcome
        self.seat: int = self.welcome["seat"]

        def run() -> None:
            i18n.use_in_thread(lang)
            console = LineConsole(self.stdin, self.out, ascii_only=True)
            try:
                self.result = session(console, self.link, self.welcome, True, coach).run()
            except BaseException as exc:  # noqa: BLE001 - kept for the test to look at
                self.result = exc

        self.thread = threading.Thread(target=run, name=f"client-{name}", daemon=True)
        self.thread.start()

    def type(self, line: str) -> None:
        os.write(self.write_fd, (line + "\n").encode("utf-8"))

    def screen(self) -> str:
        return self.out.getvalue()

    def drop(self) -> None:
        """The network goes: the connection is cut."""
        self.link.close()

    def close(self) -> None:
        try:
            os.close(self.write_fd)
        except OSError:
            pass
        self.link.close()
        self.thread.join(timeout=5)


# ---------------------------------------------------------------------- the toy game

TOY_DECK = ["AS", "KS", "QS", "JS", "AH", "KH", "QH", "JH"]
ORDER = {code: i for i, code in enumerate(TOY_DECK)}


class ToyState:
    """Two cards each, face down; in turn each seat plays one face up. Hidden: unplayed cards."""

    def __init__(self, players: int, rng: random.Random) -> None:
        deck = list(TOY_DECK)
        rng.shuffle(deck)
        self.players = players
        self.hands = [deck[2 * p: 2 * p + 2] for p in range(players)]
        self.played: list[tuple[int, str]] = []
        self.current = 0
        self.opening = [{"event": "deal", "hands": [list(h) for h in self.hands]}]

    @property
    def current_player(self) -> int | None:
        return None if self.is_over else self.current

    @property
    def is_over(self) -> bool:
        return len(self.played) == 2 * self.players

    def verify(self, action: tuple[int, str]) -> None:
        seat, card = action
        if seat != self.current:
            raise IllegalAction("TOY.1", "not_your_turn")
        if card not in self.hands[seat]:
            raise IllegalAction("TOY.2", "not_in_hand", card=card)

    def can(self, action: tuple[int, str]) -> bool:
        try:
            self.verify(action)
        except IllegalAction:
            return False
        return True

    def apply(self, action: tuple[int, str]) -> list[dict[str, Any]]:
        self.verify(action)
        seat, card = action
        self.hands[seat].remove(card)
        self.played.append((seat, card))
        self.current = (self.current + 1) % self.players
        events: list[dict[str, Any]] = [{"event": "play", "player": seat, "card": card}]
        if self.is_over:
            best = max(self.played, key=lambda sc: -ORDER[sc[1]])
            events.append({"event": "game_over", "winner": best[0]})
        return events

    def view(self, seat: int) -> dict[str, Any]:
        return {"hand": list(self.hands[seat]), "played": [list(p) for p in self.played],
                "current": self.current_player}


def _toy_view(state: ToyState, seat: int) -> dict[str, Any]:
    waiting = state.current_player == seat
    return {**state.view(seat), "waiting": waiting,
            "legal": [{"event": "play", "card": c} for c in state.hands[seat]] if waiting else []}


def _toy_redact(event: dict[str, Any], seat: int) -> dict[str, Any] | None:
    if event["event"] == "deal":
        return {"event": "deal", "hand": event["hands"][seat]}
    return event


def _toy_action(data: Any, seat: int) -> tuple[int, str]:
    if not isinstance(data, dict) or set(data) != {"event", "card"} or data["event"] != "play":
        raise ValueError("bad action")
    if data["card"] not in ORDER:
        raise ValueError("bad card")
    return (seat, data["card"])


def _toy_bots(state: ToyState, rng: random.Random, level: str, bots: set[int]) -> list[tuple[int, Any]]:
    seat = state.current_player
    if seat is None or seat not in bots:
        return []
    return [(seat, (seat, sorted(state.hands[seat], key=ORDER.get)[-1]))]


def _toy_judge(state: ToyState, seat: int, action: tuple[int, str]) -> list[dict[str, Any]]:
    best = sorted(state.hands[seat], key=ORDER.get)[0]
    return [] if action[1] == best else [{"kind": "toy", "card": action[1], "best": best}]


TOY = NetGame(
    view=_toy_view,
    redact=_toy_redact,
    action=_toy_action,
    action_data=lambda action: {"event": "play", "card": action[1]},
    to_act=lambda state: set() if state.is_over else {state.current},
    bots=_toy_bots,
    pause=lambda state, humans: 0.0,
    judge=_toy_judge,
    refusal=lambda state, seat, action, err: [],
    remark=lambda level, seat, action, view: {"code": "toy_played", "detail": {"card": action[1]}},
    client="tests.nethelp:ToyRemote",
)


class ToyRemote(RemoteSession):
    """The toy game's client: lines of plain text, a card typed as its code."""

    def mirror(self, welcome: dict[str, Any]) -> Any:
        return SimpleNamespace(players=welcome["players"])

    def on_update(self, events: list[dict[str, Any]], view: dict[str, Any], remarks: list[dict[str, Any]]) -> None:
        self.remember_remarks(remarks)
        for event in events:
            if event["event"] == "deal":
                self.console.show("dealt " + " ".join(event["hand"]))
            elif event["event"] == "play":
                self.console.show(f"{self.names(event['player'])} played {event['card']}")
            elif event["event"] == "game_over":
                self.console.show(f"winner {self.names(event['winner'])}")

    def on_verdicts(self, verdicts: list[dict[str, Any]]) -> None:
        for verdict in verdicts:
            self.console.show(f"coach: {verdict['best']} was better")

    def refused_line(self, message: dict[str, Any]) -> str:
        return f"refused {message['message']} ({message['clause']})"

    def decide(self) -> dict[str, Any] | None:
        text = self.ask("card?").strip().upper()
        if self.handle_command(text.lower() or None):
            return None
        return {"event": "play", "card": text} if text else None

    def show_help(self) -> None:
        self.console.show("type a card")

    def remark_line(self, remark: Any) -> str:
        return str(remark)


def toy_table(players: int = 3, seed: int = 5, **kw: Any) -> Hosted:
    return Hosted(TOY, ToyState(players, random.Random(seed)), **kw)


__all__ = ["Hosted", "RawClient", "ThreadClient", "ToyRemote", "TOY", "ToyState", "toy_table", "until", "Closed"]
