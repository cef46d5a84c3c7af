"""A client's end of a network table: send a message, receive the next one (or time out).

`TcpLink` is a socket to a host, read by a thread of its own, so a prompt waiting for the
player never stops the host's messages from arriving; `LocalLink` is the host's own terminal,
joined to its table in the same process by two queues. Both carry the same JSON lines.
"""

from __future__ import annotations

import queue
import socket
import threading
from typing import Any

from tutor.net.frames import HOST_LIMIT, FrameError, decode, encode


class Closed(Exception):
    """The table's end of the connection is gone (the host stopped, or the network failed)."""


_END = object()


class Link:
    """What a client session uses: `send` a message, `receive` the next one."""

    def __init__(self) -> None:
        self.inbox: queue.Queue[Any] = queue.Queue()
        self.closed = False

    def send(self, message: dict[str, Any]) -> None:
        raise NotImplementedError

    def receive(self, timeout: float | None = None) -> dict[str, Any] | None:
        """The next message from the host, or None when none came within `timeout` seconds;
        Closed once the connection has ended and every message before the end was read."""
        if self.closed and self.inbox.empty():
            raise Closed()
        try:
            item = self.inbox.get(timeout=timeout) if timeout is None or timeout > 0 else self.inbox.get_nowait()
        except queue.Empty:
            return None
        if item is _END:
            self.closed = True
            raise Closed()
        return item  # type: ignore[no-any-return]

    def pending(self) -> bool:
        return not self.inbox.empty()

    def close(self) -> None:
        self.closed = True


class TcpLink(Link):
    def __init__(self, sock: socket.socket) -> None:
        super().__init__()
        self.sock = sock
        self._lock = threading.Lock()
        self._reader = threading.Thread(target=self._read, name="tutor-link", daemon=True)
        self._reader.start()

    def _read(self) -> None:
        buffer = b""
        try:
            while True:
                chunk = self.sock.recv(65536)
                if not chunk:
                    break
                buffer += chunk
                while b"\n" in buffer:
                    line, buffer = buffer.split(b"\n", 1)
                    if line.strip():
                        try:
                            self.inbox.put(decode(line))
                        except FrameError:
                            continue  # a line that is no message is skipped; the host only sends messages
                if len(buffer) > HOST_LIMIT:
                    break
        except OSError:
            pass
        finally:
            self.inbox.put(_END)

    def send(self, message: dict[str, Any]) -> None:
        data = encode(message)
        with self._lock:
            try:
                self.sock.sendall(data)
            except OSError:
                raise Closed() from None

    def close(self) -> None:
        super().close()
        try:
            self.sock.shutdown(socket.SHUT_RDWR)
        except OSError:
            pass
        self.sock.close()


class LocalLink(Link):
    """The host's own seat: what it sends goes to `outbox`, which the table reads."""

    def __init__(self) -> None:
        super().__init__()
        self.outbox: queue.Queue[Any] = queue.Queue()

    def send(self, message: dict[str, Any]) -> None:
        if self.closed:
            raise Closed()
        self.outbox.put(encode(message))

    def deliver(self, data: bytes) -> None:
        """The table's side: a message for this seat."""
        self.inbox.put(decode(data))

    def end(self) -> None:
        self.inbox.put(_END)

    def close(self) -> None:
        super().close()
        self.outbox.put(None)


def connect(host: str, port: int, timeout: float = 10.0) -> TcpLink:
    """A link to the table at host:port (OSError when nobody answers there)."""
    sock = socket.create_connection((host, port), timeout=timeout)
    sock.settimeout(None)
    sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    return TcpLink(sock)
