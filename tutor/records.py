"""Game records: JSON Lines, a header line and then one event per line (see docs/records.md).

The writer flushes each line as it is written, so a game cut short still leaves a
readable record of everything up to that point.
"""

from __future__ import annotations

import json
from collections import Counter, defaultdict
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import IO, Any, TypeVar

from tutor.games.base import Chance, Event

T = TypeVar("T")

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


class ScriptedChance(Chance):
    """Chance outcomes taken from a record: the first dealer and each shuffle's order in turn.

    `orders` pairs each recorded order (codes, top first) with the record line it came from.
    The items shuffled may be cards (matched by `code`; identical copies from several decks
    are laid out in the order the engine handed them over) or plain strings (33's faces).
    """

    def __init__(self, dealer: int, orders: list[tuple[list[str], int]]) -> None:
        self._dealer = dealer
        self._orders = list(orders)

    def dealer(self, players: int) -> int:
        if not 0 <= self._dealer < players:
            raise RecordError("record_mismatch", line=self._orders[0][1] if self._orders else 1)
        return self._dealer

    def shuffle(self, cards: Sequence[T]) -> list[T]:
        if not self._orders:
            raise RecordError("record_truncated", line=0)
        order, line = self._orders.pop(0)
        keys = [getattr(c, "code", c) for c in cards]
        if not isinstance(order, list) or Counter(order) != Counter(keys):
            raise RecordError("record_mismatch", line=line)
        by_code: dict[Any, list[T]] = defaultdict(list)
        for card, key in zip(reversed(cards), reversed(keys)):
            by_code[key].append(card)
        return [by_code[code].pop() for code in order]


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


def strip_marks(event: Event) -> Event:
    """An event as the engine reports it: without the reader's `_line`."""
    return {k: v for k, v in event.items() if not k.startswith("_")}


def verify(state: Any, events: list[Event], decision: Callable[[Event, Any], Any]) -> Iterator[tuple[Event, Any]]:
    """Replays recorded events on `state`, checking each against what the engine reports.

    `decision(event, state)` turns a recorded decision (a play, a draw, a discard) into
    the engine's action, or None for an event the engine produces itself. Yields each
    event with the state after it; a difference raises RecordError with the line.
    """
    from tutor.games.base import IllegalAction

    produced: list[Event] = list(state.opening)
    i = 0
    while i < len(events):
        if not produced:
            # The next decision may come after events it causes (a recycle before a draw).
            j = i
            action = None
            while j < len(events):
                try:
                    action = decision(events[j], state)
                except (KeyError, TypeError, ValueError):
                    raise RecordError("record_mismatch", line=events[j]["_line"]) from None
                if action is not None:
                    break
                j += 1
            if action is None:
                raise RecordError("record_mismatch", line=events[i]["_line"])
            try:
                produced = state.apply(action)
            except IllegalAction:
                raise RecordError("record_illegal", line=events[j]["_line"]) from None
            except RecordError as err:
                # A shuffle the engine asked for did not match the recorded one.
                line = err.params.get("line") or events[i]["_line"]
                raise RecordError(err.message, line=line) from None
        expected = strip_marks(events[i])
        if produced[0] != expected:
            raise RecordError("record_mismatch", line=events[i]["_line"])
        produced.pop(0)
        yield expected, state
        i += 1
    if produced:
        raise RecordError("record_truncated", line=events[-1]["_line"] if events else 1)
