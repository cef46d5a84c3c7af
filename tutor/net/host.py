"""The host of a network table: the only engine, the referee, and a server for the seats.

One asyncio loop (in a thread of its own, so the host's terminal can prompt meanwhile) runs
the server and the referee. Connections only read, check and queue what their client sends;
the referee alone touches the game: it takes each seat's decisions in order, asks the game
(`NetGame`) for the bots' decisions, the coach's verdicts and each seat's view, applies the
actions to the engine, writes the record, and sends every seat what it may see.

Faults are ordinary: a client that drops keeps its seat (a bot plays it, or the table waits,
as the host chose) until it comes back with the same code and name; a malformed, oversized or
out-of-place message gets an `error` answer; a flood is cut down per connection; a client
that stops reading is dropped rather than let the others wait.
"""

from __future__ import annotations

import asyncio
import enum
import hmac
import random
import threading
import time
from collections import deque
from dataclasses import dataclass, field
from typing import Any, Callable

from tutor.games.base import Event, IllegalAction
from tutor.net.frames import CLIENT_LIMIT, PROTOCOL, FrameError, clean_name, client_message, encode, normal_code
from tutor.net.game import NetGame
from tutor.net.link import LocalLink

#: Seconds a new connection has to say hello.
HELLO_TIME = 10.0
#: Messages a connection may send: a burst of this many, refilled at RATE a second.
BURST = 40
RATE = 20.0
#: Decisions a seat may have waiting for the referee.
QUEUED = 4
#: Messages waiting to be sent to a client that does not read them, before it is dropped.
BACKLOG = 512
#: Seconds a wrong code waits before its answer (guessing codes is slow).
WRONG_CODE_DELAY = 0.5


class OnDrop(enum.Enum):
    BOT = "bot"  # a bot plays a dropped seat until its player is back
    PAUSE = "pause"  # the table waits for them


@dataclass
class Seat:
    index: int
    name: str | None = None  # a human's name; None: open (before the start) or a bot
    conn: Conn | None = None
    host: bool = False
    inbox: deque[dict[str, Any]] = field(default_factory=deque)

    @property
    def human(self) -> bool:
        return self.name is not None

    @property
    def away(self) -> bool:
        return self.human and self.conn is None


class Conn:
    """One client's connection: what it is sent waits in a queue its own task writes out."""

    def __init__(self, writer: asyncio.StreamWriter | None, local: LocalLink | None = None) -> None:
        self.writer = writer
        self.local = local
        self.queue: asyncio.Queue[bytes | None] = asyncio.Queue()
        self.closed = False
        self.tokens = float(BURST)
        self.stamp = time.monotonic()
        self.warned = 0.0
        self.task: asyncio.Task[None] | None = None  # kept so the writing task is not collected
        self.tap: Callable[[bytes], None] | None = None  # sees every byte sent (the tests' check)
        if writer is not None:
            self.task = asyncio.get_running_loop().create_task(self._pump())

    def send(self, message: dict[str, Any]) -> None:
        if self.closed:
            return
        data = encode(message)
        if self.tap is not None:
            self.tap(data)
        if self.local is not None:
            self.local.deliver(data)
            return
        if self.queue.qsize() >= BACKLOG:  # it does not read: drop it rather than hold the table
            self.close()
            return
        self.queue.put_nowait(data)

    async def _pump(self) -> None:
        assert self.writer is not None
        try:
            while True:
                data = await self.queue.get()
                if data is None:
                    break
                self.writer.write(data)
                await asyncio.wait_for(self.writer.drain(), 30)
        except (OSError, asyncio.TimeoutError, ConnectionError):
            pass
        finally:
            self.closed = True
            try:
                self.writer.close()
            except Exception:  # pragma: no cover - a socket already gone
                pass

    def allowed(self) -> bool:
        """One more message within the rate (a token bucket)."""
        now = time.monotonic()
        self.tokens = min(BURST, self.tokens + (now - self.stamp) * RATE)
        self.stamp = now
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True

    def close(self) -> None:
        if self.closed:
            return
        self.closed = True
        if self.local is not None:
            self.local.end()
        else:
            self.queue.put_nowait(None)


def plain(value: Any) -> Any:
    """A value fit for JSON: cards as their codes, enums as their values, tuples as lists."""
    if isinstance(value, dict):
        return {str(k): plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple, set, frozenset)):
        return [plain(v) for v in value]
    if isinstance(value, enum.Enum):
        return value.value
    if hasattr(value, "code") and isinstance(getattr(value, "code"), str):
        return value.code
    if value is None or isinstance(value, (str, int, float, bool)):
        return value
    return str(value)


class Table:
    """A game at a network table. `names[i]` is the human at seat i (None: open or a bot);
    seat `host_seat` is the host's own terminal. `record` writes events (the header is the
    caller's business); `started` is true for a table resumed from its record."""

    def __init__(self, net: NetGame, state: Any, *, game: str, level: str, rng: random.Random, code: str,
                 options: dict[str, Any], names: list[str | None] | None = None, host_seat: int = 0,
                 on_drop: OnDrop = OnDrop.BOT, start_when: int | None = None, clock: float | None = None,
                 record: Callable[[list[Event]], None] | None = None,
                 on_start: Callable[[list[Seat]], None] | None = None, started: bool = False) -> None:
        self.net = net
        self.state = state
        self.game = game
        self.level = level
        self.rng = rng
        self.code = code
        self.options = options
        self.seats = [Seat(i, host=(i == host_seat)) for i in range(state.players)]
        for seat, name in zip(self.seats, names or []):
            seat.name = name
        self.on_drop = on_drop
        self.start_when = start_when
        self.clock = clock
        self.record = record or (lambda events: None)
        self.on_start = on_start
        self.started = started
        self.resumed = started
        self.version = 0
        self.order: deque[int] = deque()  # seats whose queued decision came first
        self.wake = asyncio.Event()
        self.start_event = asyncio.Event()
        self.finished = asyncio.Event()
        # Seats whose player has been at the table since it opened (the host's own is there from the start).
        self.came: set[int] = {host_seat}
        self.since: dict[int, float] = {}  # when each seat the clock runs for began to be waited for
        if started:
            self.start_event.set()
        #: (seat, bytes) for every message sent to a seat (tests check what each seat was sent).
        self.tap: Callable[[int, bytes], None] | None = None

    # ------------------------------------------------------------------ seats

    def names(self) -> list[str | None]:
        return [seat.name for seat in self.seats]

    def bot_seats(self) -> set[int]:
        """Seats a bot plays now: bot seats, and dropped humans' when a bot covers for them (at a
        table resumed from its record, only once they were back: until then the table waits)."""
        return {s.index for s in self.seats
                if not s.human or (s.away and self.on_drop is OnDrop.BOT and s.index in self.came)}

    def humans_here(self) -> set[int]:
        return {s.index for s in self.seats if s.human and s.conn is not None}

    def away(self, but: Seat | None = None) -> list[int]:
        """The seats whose player is not connected (but `but`)."""
        return [s.index for s in self.seats if s.away and s is not but]

    def seats_message(self) -> dict[str, Any]:
        return {"type": "seats", "names": self.names(), "away": self.away(), "started": self.started}

    def broadcast(self, message: dict[str, Any]) -> None:
        for seat in self.seats:
            if seat.conn is not None:
                seat.conn.send(message)

    def welcome(self, seat: Seat, rejoined: bool) -> dict[str, Any]:
        return {"type": "welcome", "protocol": PROTOCOL, "seat": seat.index, "game": self.game,
                "players": len(self.seats), "names": self.names(), "options": self.options, "level": self.level,
                "clock": self.clock, "host": seat.host, "rejoined": rejoined, "started": self.started,
                "away": self.away(but=seat),
                "on_drop": self.on_drop.value}

    def seat_for(self, name: str) -> Seat | str:
        """The seat a player of this name takes, or why none (an error code)."""
        for seat in self.seats:
            if seat.name is not None and seat.name.casefold() == name.casefold():
                return seat if seat.conn is None and not seat.host else "name_taken"
        if self.started:
            return "started"
        for seat in self.seats:
            if seat.name is None and not seat.host:
                return seat
        return "table_full"

    def attach(self, seat: Seat, conn: Conn, name: str) -> None:
        rejoined = seat.name is not None
        seat.name = name
        seat.conn = conn
        self.came.add(seat.index)
        if self.tap is not None:
            tap, index = self.tap, seat.index
            conn.tap = lambda data: tap(index, data)
        conn.send(self.welcome(seat, rejoined))
        self.broadcast(self.seats_message())
        if self.started:
            conn.send({"type": "update", "events": [], "view": self.net.view(self.state, seat.index), "remarks": []})
        self.maybe_start()
        self.version += 1
        self.wake.set()

    def detach(self, seat: Seat, conn: Conn) -> None:
        if seat.conn is not conn:
            return
        seat.conn = None
        seat.inbox.clear()
        if not self.started and not seat.host:
            seat.name = None  # before the start, a seat left is open again
        self.broadcast(self.seats_message())
        self.version += 1  # who plays a seat changed: the bots are asked again
        self.wake.set()

    def maybe_start(self) -> None:
        if self.started or self.start_when is None:
            return
        if len(self.humans_here()) >= self.start_when:
            self.start()

    def start(self) -> None:
        if self.started:
            return
        self.started = True
        if self.on_start is not None:
            self.on_start(self.seats)
        self.broadcast(self.seats_message())
        self.start_event.set()

    # ------------------------------------------------------------------ what a connection hands in

    def take(self, seat: Seat, conn: Conn, message: dict[str, Any]) -> None:
        kind = message["type"]
        if kind == "start":
            if not seat.host:
                conn.send({"type": "error", "error": "not_host"})
            else:
                self.start()
            return
        if kind != "act":  # hello twice
            conn.send({"type": "error", "error": "bad_message"})
            return
        if not self.started:
            conn.send({"type": "error", "error": "not_started"})
            return
        if len(seat.inbox) >= QUEUED:
            conn.send({"type": "error", "error": "busy", "id": message.get("id")})
            return
        seat.inbox.append(message)
        self.order.append(seat.index)
        self.wake.set()

    # ------------------------------------------------------------------ the referee

    async def think(self, fn: Callable[..., Any], *args: Any) -> Any:
        """Runs a bot's or the coach's search off the loop (the referee waits; nothing changes the state)."""
        return await asyncio.get_running_loop().run_in_executor(None, fn, *args)

    def publish(self, events: list[Event], remarks: dict[int, list[dict[str, Any]]] | None = None,
                answer: tuple[int, int] | None = None) -> None:
        """The events go into the record, and to every seat as it may see them, with its view;
        `answer` (seat, id) marks the update that answers that seat's `act` with that id."""
        self.version += 1
        if events:
            self.record(events)
        for seat in self.seats:
            if seat.conn is None:
                continue
            shown = [e for e in (self.net.redact(event, seat.index) for event in events) if e is not None]
            update = {"type": "update", "events": plain(shown), "view": self.net.view(self.state, seat.index),
                      "remarks": (remarks or {}).get(seat.index, [])}
            if answer is not None and answer[0] == seat.index:
                update["answer"] = answer[1]
            seat.conn.send(update)

    async def decide(self, seat: Seat, message: dict[str, Any]) -> None:
        """A human's decision: refused with the rule, or judged (if asked) and applied."""
        conn = seat.conn
        try:
            action = self.net.action(message["action"], seat.index)
        except (ValueError, KeyError, TypeError, AttributeError):
            if conn:
                conn.send({"type": "error", "error": "bad_action", "id": message.get("id")})
            return
        try:
            self.state.verify(action)
        except IllegalAction as err:
            if conn:
                verdicts = await self.think(self.net.refusal, self.state, seat.index, action, err)
                conn.send({"type": "refused", "clause": err.clause, "message": err.message,
                           "params": plain(err.params), "verdicts": plain(verdicts), "id": message.get("id")})
            return
        if message.get("coach") and conn is not None:
            verdicts = await self.think(self.net.judge, self.state, seat.index, action)
            if verdicts:
                conn.send({"type": "verdicts", "verdicts": plain(verdicts)})
        answer = message.get("id")
        self.apply(seat.index, action, {}, None if answer is None else (seat.index, answer))

    def apply(self, seat: int, action: Any, remarks: dict[int, list[dict[str, Any]]],
              answer: tuple[int, int] | None = None) -> None:
        self.since.pop(seat, None)
        self.publish(self.state.apply(action), remarks, answer)

    def bot_acts(self, seat: int, action: Any) -> None:
        """A bot's decision goes in, with what it says of it from each human's view (for `why`)."""
        remarks: dict[int, list[dict[str, Any]]] = {}
        for human in self.humans_here():
            if human == seat:
                continue
            remark = self.net.remark(self.level, seat, action, self.state.view(human))
            if remark is not None:
                remarks[human] = [{"seat": seat, **plain(remark)}]
        self.apply(seat, action, remarks)

    def clock_due(self) -> float | None:
        """With a caller's clock: apply the caller's choice for seats out of time; the seconds
        until the next seat runs out (None without a clock or nobody waited for)."""
        if self.clock is None or self.net.timeout_action is None:
            return None
        now = time.monotonic()
        waited = self.net.to_act(self.state) & self.humans_here()
        for seat in list(self.since):
            if seat not in waited:
                del self.since[seat]
        soonest: float | None = None
        for seat in sorted(waited):
            start = self.since.setdefault(seat, now)
            left = start + 2 * self.clock - now  # the caller waits once more (as at `tutor play`)
            if left <= 0:
                self.apply(seat, self.net.timeout_action(self.state, seat), {})
                return 0.0
            soonest = left if soonest is None else min(soonest, left)
        return soonest

    async def wait(self, timeout: float | None) -> None:
        self.wake.clear()
        if self.order:
            return
        try:
            await asyncio.wait_for(self.wake.wait(), timeout)
        except asyncio.TimeoutError:
            pass

    async def referee(self) -> None:
        await self.start_event.wait()
        if self.resumed:
            self.publish([])
        else:
            self.publish(list(getattr(self.state, "opening", [])))
        pending: tuple[int, list[tuple[int, Any]], float] | None = None
        while not self.state.is_over:
            if self.order:
                seat = self.seats[self.order.popleft()]
                if seat.inbox:
                    await self.decide(seat, seat.inbox.popleft())
                continue
            due = self.clock_due()
            if due == 0.0:
                continue
            if pending is None or pending[0] != self.version:
                version = self.version  # a seat that drops or comes back meanwhile makes these stale
                bots = self.bot_seats()
                acts = await self.think(self.net.bots, self.state, self.rng, self.level, bots) if bots else []
                pause = self.net.pause(self.state, self.humans_here()) if acts else 0.0
                pending = (version, acts, time.monotonic() + pause)
                continue  # a decision may have come in meanwhile
            _, acts, at = pending
            if acts:
                left = at - time.monotonic()
                if left > 0:
                    await self.wait(left)
                    continue
                for seat_index, action in acts:
                    if self.state.is_over or not self.state.can(action):
                        break
                    self.bot_acts(seat_index, action)
                continue
            await self.wait(due)
        self.broadcast({"type": "over"})
        self.finished.set()

    # ------------------------------------------------------------------ connections

    async def serve(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        conn = Conn(writer)
        seat: Seat | None = None
        try:
            try:
                hello = client_message(await asyncio.wait_for(reader.readline(), HELLO_TIME))
            except (asyncio.TimeoutError, ValueError, asyncio.IncompleteReadError):
                conn.send({"type": "error", "error": "no_hello"})
                return
            except FrameError as err:
                conn.send({"type": "error", "error": err.code})
                return
            found = await self.admit(hello, conn)
            if found is None:
                return
            seat = found
            while not conn.closed:
                try:
                    line = await reader.readline()
                except ValueError:  # longer than CLIENT_LIMIT: answered, and the connection ends
                    conn.send({"type": "error", "error": "too_big"})
                    return
                except (ConnectionError, OSError):
                    return
                if not line:
                    return
                if not line.strip():
                    continue
                try:
                    message = client_message(line)
                except FrameError as err:
                    message = None
                    error = err.code
                if not conn.allowed():
                    # Over the rate: a decision waits its turn (only this connection slows down);
                    # anything else is dropped, said once a second.
                    if message is not None and message["type"] == "act":
                        while not conn.allowed():
                            await asyncio.sleep(1 / RATE)
                    else:
                        now = time.monotonic()
                        if now - conn.warned > 1:
                            conn.warned = now
                            conn.send({"type": "error", "error": "too_fast"})
                        continue
                if message is None:
                    conn.send({"type": "error", "error": error})
                    continue
                if message["type"] == "bye":
                    return
                self.take(seat, conn, message)
        finally:
            if seat is not None:
                self.detach(seat, conn)
            conn.close()

    async def admit(self, hello: dict[str, Any], conn: Conn) -> Seat | None:
        """The seat a hello takes, or None (having said why)."""
        if hello["type"] != "hello":
            conn.send({"type": "error", "error": "no_hello"})
            return None
        if hello["protocol"] != PROTOCOL:
            conn.send({"type": "error", "error": "protocol", "protocol": PROTOCOL})
            return None
        if not hmac.compare_digest(normal_code(hello["code"]).encode(), self.code.encode()):
            await asyncio.sleep(WRONG_CODE_DELAY)
            conn.send({"type": "error", "error": "bad_code"})
            return None
        name = clean_name(hello["name"])
        if name is None:
            conn.send({"type": "error", "error": "bad_name"})
            return None
        seat = self.seat_for(name)
        if isinstance(seat, str):
            conn.send({"type": "error", "error": seat})
            return None
        self.attach(seat, conn, name)
        return seat

    def attach_local(self, link: LocalLink, name: str) -> None:
        """The host's own terminal takes its seat through `link` (called on the loop)."""
        seat = next(s for s in self.seats if s.host)
        conn = Conn(None, local=link)
        self.attach(seat, conn, name)
        loop = asyncio.get_running_loop()

        def read() -> None:
            while True:
                data = link.outbox.get()
                try:
                    if data is None:
                        loop.call_soon_threadsafe(self.detach, seat, conn)
                        return
                    try:
                        message = client_message(data)
                    except FrameError:
                        continue
                    loop.call_soon_threadsafe(self.take, seat, conn, message)
                except RuntimeError:  # the table has closed: nothing more to hand in
                    return

        threading.Thread(target=read, name="tutor-host-seat", daemon=True).start()


class Server:
    """A table served on bind:port from a thread of its own; `port` is the port it got."""

    def __init__(self, make_table: Callable[[], Table], bind: str, port: int) -> None:
        self.make_table = make_table
        self.bind = bind
        self.port = port
        self.loop = asyncio.new_event_loop()
        self.table: Table | None = None
        self.error: OSError | None = None
        self._ready = threading.Event()
        self._server: asyncio.AbstractServer | None = None
        self.thread = threading.Thread(target=self._run, name="tutor-host", daemon=True)

    def start(self) -> None:
        """Opens the table; OSError when it cannot listen there."""
        self.thread.start()
        self._ready.wait()
        if self.error is not None:
            raise self.error

    def _run(self) -> None:
        asyncio.set_event_loop(self.loop)
        try:
            self.loop.run_until_complete(self._main())
        finally:
            self.loop.close()

    async def _main(self) -> None:
        self.table = self.make_table()
        try:
            self._server = await asyncio.start_server(self.table.serve, self.bind, self.port, limit=CLIENT_LIMIT)
        except OSError as err:
            self.error = err
            self._ready.set()
            return
        self.port = self._server.sockets[0].getsockname()[1]
        self._ready.set()
        referee = asyncio.get_running_loop().create_task(self.table.referee())
        self._stopping = asyncio.Event()
        await asyncio.wait([referee, asyncio.ensure_future(self._stopping.wait())],
                           return_when=asyncio.FIRST_COMPLETED)
        if referee.done() and referee.exception() is not None:
            self.error = referee.exception()  # type: ignore[assignment]
        await asyncio.sleep(0.2)  # the last messages go out
        self._server.close()
        for seat in self.table.seats:
            if seat.conn is not None:
                seat.conn.close()
        # Every connection's task ends with the table (none is left pending when the loop closes).
        others = [t for t in asyncio.all_tasks() if t is not asyncio.current_task()]
        for task in others:
            task.cancel()
        await asyncio.gather(*others, return_exceptions=True)

    def call(self, fn: Callable[..., Any], *args: Any) -> None:
        """Runs fn(*args) on the table's loop (nothing, once the table has closed)."""
        try:
            self.loop.call_soon_threadsafe(fn, *args)
        except RuntimeError:
            pass

    def stop(self) -> None:
        if self.thread.is_alive() and hasattr(self, "_stopping"):
            self.loop.call_soon_threadsafe(self._stopping.set)
        self.thread.join(timeout=5)
