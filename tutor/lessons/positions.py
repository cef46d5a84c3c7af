"""What every game's lesson adapter shares: the error a bad position raises, card lists,
and numbers read by type and range.

Each game's `lesson` module builds positions on its own engine; a position or answer it
cannot use raises `PositionError`, which `tutor check` reports with the file, line and
column of `where` (the path inside the step). A lesson file is not trusted: every number
is checked by type (a YAML `true` is not a seat) and range before the engine sees it, and
text from the file is shown quoted and shortened.
"""

from __future__ import annotations

from typing import Any

from tutor.cards import parse_code
from tutor.i18n import quoted

#: A card, a move or an expected answer is a few characters; longer text names none.
MAX_WORD = 40


class PositionError(Exception):
    """A position or answer a lesson cannot use; `where` is the path inside the step."""

    def __init__(self, where: tuple[Any, ...], message: str, **params: Any) -> None:
        super().__init__(f"{where} {message} {params}")
        self.where = where
        self.message = message
        self.params = params


def card_codes(value: Any, where: tuple[Any, ...]) -> list[tuple[int, str]]:
    """A YAML list of card codes (`7H`, `10S`) as (rank, suit) pairs; PositionError names the bad one."""
    if not isinstance(value, list):
        raise PositionError(where, "position_not_cards")
    cards = []
    for i, item in enumerate(value):
        parsed = parse_code(str(item)) if isinstance(item, (str, int)) and len(str(item)) <= MAX_WORD else None
        if parsed is None:
            raise PositionError(where + (i,), "position_not_a_card", card=shown(item))
        cards.append(parsed)
    return cards


def shown_keys(keys: Any, sort: bool = True, most: int = 5) -> str:
    """Keys from a lesson file, fit to be shown in an error: each quoted and shortened, at most `most`."""
    names = [str(k) for k in keys]
    if sort:
        names.sort()
    text = ", ".join(quoted(name) for name in names[:most])
    return text + (", \u2026" if len(names) > most else "")


def shown(value: Any) -> str:
    """A value from the lesson file, fit for an error line: quoted, shortened, no control characters."""
    return quoted(str(value))


def is_whole(value: Any, low: int, high: int) -> bool:
    """`value` is an int (not a bool) from `low` to `high`."""
    return isinstance(value, int) and not isinstance(value, bool) and low <= value <= high


def whole(spec: dict[str, Any], name: str, default: Any, low: int, high: int, message: str, /,
          **params: Any) -> Any:
    """The number `spec[name]` (or `default` when absent), if a whole number from `low` to
    `high`; else PositionError(`message`) at that field."""
    value = spec.get(name, default)
    if not is_whole(value, low, high):
        raise PositionError((name,), message, **params)
    return value


def word(value: Any, where: tuple[Any, ...], message: str, /, **params: Any) -> str:
    """An answer or move written in the file: a short text (a YAML number is read as its text)."""
    if isinstance(value, bool) or not isinstance(value, (str, int)) or len(str(value)) > MAX_WORD:
        raise PositionError(where, message, **params)
    return str(value).strip()


#: The seed of a seeded deal or stock order: any whole number a person would write.
MAX_SEED = 2**31 - 1
