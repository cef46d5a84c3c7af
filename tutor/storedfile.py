"""Reading files tutor did not write this run: never trusted, never read without bounds.

Progress, the catalog cache, records, deck files and lessons all come through here. A
path must name a regular file (a FIFO would hang the reader, `/dev/zero` would fill
memory), and no more than `limit` bytes are read. JSON nested past what the parser
takes (`[` repeated thousands of times) is an error like any other.

Errors carry a reason id, not English text, so each caller words them in its own
message: `not_a_file`, `too_big`, `unreadable`, `not_utf8`, `too_deep`, `not_json`.
"""

from __future__ import annotations

import errno
import json
import os
import stat
from pathlib import Path
from typing import Any

MB = 1024 * 1024


class StoredFileError(ValueError):
    """A stored file that cannot be used; `reason` is one of the ids above."""

    def __init__(self, reason: str, detail: str = "") -> None:
        super().__init__(f"{reason}: {detail}" if detail else reason)
        self.reason = reason
        self.detail = detail


def read_bytes(path: str | os.PathLike[str], limit: int) -> bytes:
    """The bytes of the regular file at `path`, if it holds at most `limit` of them.

    Raises `FileNotFoundError` for a missing file (callers often treat that as "empty"),
    and `StoredFileError` for anything else that cannot be read.
    """
    try:
        fd = os.open(os.fspath(path), os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    except FileNotFoundError:
        raise
    except IsADirectoryError as exc:
        raise StoredFileError("not_a_file", str(path)) from exc
    except OSError as exc:
        raise StoredFileError("unreadable", exc.strerror or str(exc)) from exc
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise StoredFileError("not_a_file", str(path))
        if info.st_size > limit:
            raise StoredFileError("too_big", str(info.st_size))
        chunks = []
        size = 0
        while size <= limit:
            chunk = os.read(fd, min(limit + 1 - size, MB))
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
        if size > limit:  # the file grew while it was read
            raise StoredFileError("too_big", str(size))
        return b"".join(chunks)
    except OSError as exc:
        raise StoredFileError("unreadable", exc.strerror or str(exc)) from exc
    finally:
        os.close(fd)


def decode(data: bytes) -> str:
    """UTF-8 text, a byte-order mark dropped; undecodable bytes are `not_utf8`."""
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise StoredFileError("not_utf8", f"byte {exc.start}") from exc


def read_text(path: str | os.PathLike[str], limit: int) -> str:
    return decode(read_bytes(path, limit))


def load_json(text: str) -> Any:
    """The value of JSON `text`: `too_deep` for nesting past what Python's parser takes
    (it raises `RecursionError` cleanly), `not_json` for anything else invalid. Callers
    then check every value's type and range before using it."""
    try:
        return json.loads(text)
    except RecursionError as exc:
        raise StoredFileError("too_deep") from exc
    except ValueError as exc:
        raise StoredFileError("not_json", str(exc)[:80]) from exc


def path_kind_ok(path: Path) -> bool:
    """True when `path` is missing or a regular file (a folder, FIFO or device is not)."""
    try:
        return stat.S_ISREG(path.stat().st_mode)
    except FileNotFoundError:
        return True
    except OSError:
        return False


def network_reason(exc: BaseException | None) -> str | None:
    """Why a connection or a listening socket failed, as a reason id, or None."""
    import socket

    if isinstance(exc, socket.gaierror):
        return "no_such_host"
    if isinstance(exc, (socket.timeout, TimeoutError)):
        return "timed_out"
    code = getattr(exc, "errno", None)
    return {errno.EADDRINUSE: "address_in_use", errno.EADDRNOTAVAIL: "address_not_here",
            errno.ECONNREFUSED: "refused", errno.EHOSTUNREACH: "unreachable",
            errno.ENETUNREACH: "unreachable", errno.ECONNRESET: "reset"}.get(code)  # type: ignore[arg-type]


def os_reason(exc: BaseException | None) -> str:
    """Why a file operation failed, as a reason id the UI words: `disk_full`,
    `no_permission`, `read_only`, `not_a_folder`, `missing`, `is_folder`, else `os:` and
    the system's own text."""
    code = getattr(exc, "errno", None)
    if code in (errno.ENOSPC, getattr(errno, "EDQUOT", errno.ENOSPC)):
        return "disk_full"
    if code in (errno.EACCES, errno.EPERM):
        return "no_permission"
    if code == errno.EROFS:
        return "read_only"
    if code in (errno.ENOTDIR, errno.EEXIST):
        return "not_a_folder"
    if code == errno.ENOENT:
        return "missing"
    if code == errno.EISDIR:
        return "is_folder"
    return network_reason(exc) or "os:" + (getattr(exc, "strerror", None) or str(exc))
