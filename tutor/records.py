"""Game records: JSON Lines, a header line and then one event per line (see docs/records.md).

The writer flushes each line as it is written, so a game cut short still leaves a
readable record of everything up to that point.
"""

from __future__ import annotations

import json
from collections import Counter, defaultdict
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
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
    def __init__(self, path: Path, header: dict[str, Any] | None, append: bool = False) -> None:
        """A new record with this header; with `append`, more events at the end of an existing
        record (a network table resumed from it), after cutting off a line left half-written."""
        self.path = path
        if append:
            cut_partial_line(path)
        self._fh: IO[str] = path.open("a" if append else "w", encoding="utf-8")
        if not append:
            self._line({"record": RECORD_VERSION, **(header or {})})

    def _line(self, obj: dict[str, Any]) -> None:
        self._fh.write(json.dumps(obj, ensure_ascii=False, separators=(", ", ": ")) + "\n")
        self._fh.flush()

    def write(self, events: list[Event]) -> None:
        for event in events:
            self._line(event)

    def close(self) -> None:
        self._fh.close()


def cut_partial_line(path: Path) -> None:
    """Drops the end of a file after its last newline (a line a killed writer left unfinished)."""
    with path.open("rb+") as fh:
        data = fh.read()
        if data and not data.endswith(b"\n"):
            fh.truncate(data.rfind(b"\n") + 1)


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


#: The most a record file may hold: a game of 33 stopped after 10,000 plays writes about 1.5 MB
#: in some 25,000 lines.
RECORD_LIMIT_MB = 8
RECORD_LIMIT_LINES = 200_000


def read_record(
    path: Path, shape_for: Callable[[dict[str, Any]], RecordShape | None] | None = None
) -> tuple[dict[str, Any], list[Event]]:
    """The header and events of a record file; RecordError says what is wrong and where.

    The file must be a regular file of at most RECORD_LIMIT_MB and RECORD_LIMIT_LINES; each
    line must be UTF-8 JSON (a byte-order mark before line 1 is dropped), an object, and the
    first one a header. `shape_for(header)`, when given, names the game's `RecordShape`, and
    each line is checked against it as it is read, so a damaged line stops the reading there;
    the game's replay checks the same again before it starts.
    """
    from tutor.storedfile import MB, StoredFileError, decode, load_json, read_bytes

    file = str(path)
    try:
        data = read_bytes(path, RECORD_LIMIT_MB * MB)
    except FileNotFoundError:
        raise RecordError("record_missing", file=file) from None
    except StoredFileError as exc:
        raise RecordError("record_" + exc.reason, file=file, limit=RECORD_LIMIT_MB) from None
    if data.count(b"\n") >= RECORD_LIMIT_LINES:
        raise RecordError("record_too_many_lines", file=file, limit=RECORD_LIMIT_LINES)
    header: dict[str, Any] | None = None
    events: list[Event] = []
    shape: RecordShape | None = None
    ctx = Context()
    for n, raw in enumerate(data.split(b"\n"), 1):
        if not raw or raw.isspace():
            continue
        try:
            obj = load_json(decode(raw))
        except StoredFileError as exc:
            reason = exc.reason if exc.reason in ("not_utf8", "too_deep") else "bad_line"
            raise RecordError("record_" + reason, file=file, line=n) from None
        if not isinstance(obj, dict):
            raise RecordError("record_bad_line", file=file, line=n)
        obj["_line"] = n
        if header is None:
            version = obj.get("record")
            if type(version) is not int or version != RECORD_VERSION or not isinstance(obj.get("game"), str):
                raise RecordError("record_no_header", file=file, line=n)
            header = obj
            shape = shape_for(header) if shape_for is not None else None
            if shape is not None:
                ctx = shape.check_header(header)
            continue
        if not isinstance(obj.get("event"), str):
            raise RecordError("record_bad_line", file=file, line=n)
        if shape is not None:
            shape.check_event(obj, ctx)
        events.append(obj)
    if header is None:
        raise RecordError("record_empty", file=file)
    return header, events


# ----------------------------------------------------------------------------- shapes
#
# Every value a replay reads from a record is checked here, by type and range, before the
# replay uses it: a game's replay module describes its header and the fields of each event
# it reads as a `RecordShape`. Fields a replay only compares with what the engine reports
# need no shape: any difference is a mismatch on that line.


class ShapeError(Exception):
    """A field that is missing (`value` is MISSING) or not what the record format allows."""

    def __init__(self, field: str, value: Any) -> None:
        super().__init__(field)
        self.field = field
        self.value = value


MISSING = object()


@dataclass
class Context:
    """What a check may depend on: the number of seats, once the header is known."""

    players: int = 0


Check = Callable[[Any, Context, str], None]
Bound = int | Callable[[Context], int]


def _bound(bound: Bound, ctx: Context) -> int:
    return bound(ctx) if callable(bound) else bound


def players(ctx: Context) -> int:
    """A bound for `listing` and `whole`: the number of seats."""
    return ctx.players


def whole(low: Bound, high: Bound) -> Check:
    """A whole number (not a boolean) from `low` to `high`."""

    def check(value: Any, ctx: Context, path: str) -> None:
        if type(value) is not int or not _bound(low, ctx) <= value <= _bound(high, ctx):
            raise ShapeError(path, value)

    return check


def seat(value: Any, ctx: Context, path: str) -> None:
    """A seat number: 0 to players - 1."""
    whole(0, ctx.players - 1)(value, ctx, path)


def flag(value: Any, ctx: Context, path: str) -> None:
    if type(value) is not bool:
        raise ShapeError(path, value)


def one_of(*choices: str) -> Check:
    """One of these strings."""

    def check(value: Any, ctx: Context, path: str) -> None:
        if not isinstance(value, str) or value not in choices:
            raise ShapeError(path, value)

    return check


def text(limit: int) -> Check:
    """A string of 1 to `limit` characters."""

    def check(value: Any, ctx: Context, path: str) -> None:
        if not isinstance(value, str) or not 1 <= len(value) <= limit:
            raise ShapeError(path, value)

    return check


def card(valid: frozenset[str]) -> Check:
    """A card code from `valid` (records write every card in its one universal notation)."""

    def check(value: Any, ctx: Context, path: str) -> None:
        if not isinstance(value, str) or value not in valid:
            raise ShapeError(path, value)

    return check


def nullable(inner: Check) -> Check:
    def check(value: Any, ctx: Context, path: str) -> None:
        if value is not None:
            inner(value, ctx, path)

    return check


def listing(item: Check, low: Bound = 0, high: Bound = 0) -> Check:
    """A list of `low` to `high` items, each passing `item`."""

    def check(value: Any, ctx: Context, path: str) -> None:
        if not isinstance(value, list) or not _bound(low, ctx) <= len(value) <= _bound(high, ctx):
            raise ShapeError(path, value)
        for i, each in enumerate(value):
            item(each, ctx, f"{path}[{i}]")

    return check


def fields(required: Mapping[str, Check] | None = None, optional: Mapping[str, Check] | None = None) -> Check:
    """An object with these fields (others may be there too, unread)."""

    def check(value: Any, ctx: Context, path: str) -> None:
        if not isinstance(value, dict):
            raise ShapeError(path, value)
        for key, inner in (required or {}).items():
            if key not in value:
                raise ShapeError(f"{path}.{key}" if path else key, MISSING)
            inner(value[key], ctx, f"{path}.{key}" if path else key)
        for key, inner in (optional or {}).items():
            if key in value:
                inner(value[key], ctx, f"{path}.{key}" if path else key)

    return check


@dataclass(frozen=True)
class RecordShape:
    """A game's record format as far as its replay reads it: the header (its `players` a list
    of 2 to `max_players` short names) and, for each event the game writes, its fields."""

    max_players: int
    options: Check
    events: Mapping[str, Check]

    def check(self, header: dict[str, Any], events: list[Event]) -> None:
        """Raises RecordError naming the line and field of the first value that is not allowed."""
        ctx = self.check_header(header)
        if not events:
            raise RecordError("record_no_events", line=header["_line"])
        for event in events:
            self.check_event(event, ctx)

    def check_header(self, header: dict[str, Any]) -> Context:
        """Checks the header; the context its events are checked in (the number of seats)."""
        shape = fields(
            {"players": listing(text(40), 2, self.max_players)},
            {"options": self.options, "seed": whole(-(10**30), 10**30)},
        )
        ctx = Context()
        self._one(shape, header, ctx)
        ctx.players = len(header["players"])
        return ctx

    def check_event(self, event: Event, ctx: Context) -> None:
        """Checks one event's fields (an event the game does not write is not a record event)."""
        check = self.events.get(event["event"])
        if check is None:
            raise RecordError("record_bad_line", line=event["_line"])
        self._one(check, event, ctx)

    @staticmethod
    def _one(check: Check, obj: dict[str, Any], ctx: Context) -> None:
        try:
            check(obj, ctx, "")
        except ShapeError as err:
            if err.value is MISSING:
                raise RecordError("record_field_missing", line=obj["_line"], field=err.field) from None
            raise RecordError("record_bad_value", line=obj["_line"], field=err.field,
                              value=preview(err.value)) from None


def preview(value: Any, limit: int = 60) -> str:
    """A short JSON-like text for a value read from a file: at most about `limit` characters,
    nested values past the second level shown as `…`, so a huge or deep value costs nothing."""
    if isinstance(value, str):
        return value[:limit]
    parts: list[str] = []
    size = 0

    def put(text: str) -> bool:
        nonlocal size
        parts.append(text)
        size += len(text)
        return size < limit

    def walk(item: Any, depth: int) -> bool:
        if isinstance(item, (list, dict)):
            if depth >= 2:
                return put("…")
            is_list = isinstance(item, list)
            if not put("[" if is_list else "{"):
                return False
            entries = item if is_list else list(item.items())
            for i, entry in enumerate(entries):
                if i and not put(", "):
                    return False
                if is_list:
                    if not walk(entry, depth + 1):
                        return False
                elif not (put(json.dumps(str(entry[0]))[:limit] + ": ") and walk(entry[1], depth + 1)):
                    return False
            return put("]" if is_list else "}")
        if isinstance(item, str):
            return put(json.dumps(item[:limit], ensure_ascii=False))
        if type(item) is int and abs(item) >= 10**limit:
            return put(str(item)[:limit])
        return put(json.dumps(item))

    walk(value, 0)
    text = "".join(parts)
    return text if size < limit else text[:limit]


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
                action = decision(events[j], state)  # its fields passed the game's RecordShape
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
            if not produced:  # the engine saw nothing happen where the record says something did
                raise RecordError("record_mismatch", line=events[j]["_line"])
        expected = strip_marks(events[i])
        if produced[0] != expected:
            raise RecordError("record_mismatch", line=events[i]["_line"])
        produced.pop(0)
        yield expected, state
        i += 1
    if produced:
        raise RecordError("record_truncated", line=events[-1]["_line"] if events else 1)
