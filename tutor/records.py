"""Game records: JSON Lines, a header line and then one event per line (see docs/records.md).

The writer flushes each line as it is written, so a game cut short still leaves a
readable record of everything up to that point.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import IO, Any

from tutor.games.base import Event

RECORD_VERSION = 1


class RecordError(Exception):
    """A record that cannot be read or does not replay; `message` is a message id."""

    def __init__(self, message: str, **params: Any) -> None:
        super().__init__(f"{message} {params}")
        self.message = message
        self.params = params


class RecordWriter:
    def __init__(self, path: Path, header: dict[str, Any]) -> None:
        self.path = path
        self._fh: IO[str] = path.open("w", encoding="utf-8")
        self._line({"record": RECORD_VERSION, **header})

    def _line(self, obj: dict[str, Any]) -> None:
        self._fh.write(json.dumps(obj, ensure_ascii=False, separators=(", ", ": ")) + "\n")
        self._fh.flush()

    def write(self, events: list[Event]) -> None:
        for event in events:
            self._line(event)

    def close(self) -> None:
        self._fh.close()


def read_record(path: Path) -> tuple[dict[str, Any], list[Event]]:
    """The header and events of a record file; RecordError says what is wrong and where."""
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise RecordError("record_missing", file=str(path)) from None
    except (OSError, UnicodeDecodeError):
        raise RecordError("record_unreadable", file=str(path)) from None
    lines = [(n, line) for n, line in enumerate(text.splitlines(), 1) if line.strip()]
    if not lines:
        raise RecordError("record_empty", file=str(path))
    objects = []
    for n, line in lines:
        try:
            obj = json.loads(line)
        except json.JSONDecodeError:
            raise RecordError("record_bad_line", file=str(path), line=n) from None
        if not isinstance(obj, dict):
            raise RecordError("record_bad_line", file=str(path), line=n)
        obj["_line"] = n
        objects.append(obj)
    header = objects[0]
    if header.get("record") != RECORD_VERSION or "game" not in header:
        raise RecordError("record_no_header", file=str(path))
    events = objects[1:]
    for event in events:
        if "event" not in event:
            raise RecordError("record_bad_line", file=str(path), line=event["_line"])
    return header, events
