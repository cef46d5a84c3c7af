"""What every game's lesson adapter shares: the error a bad position raises, card lists,
numbers read by type and range, the physical cards of a position, and a decide step's
`expect` read and proved legal on the engine.

Each game's `lesson` module builds positions on its own engine; a position or answer it
cannot use raises `PositionError`, which `tutor check` reports with the file, line and
column of `where` (the path inside the step). A lesson file is not trusted: every number
is checked by type (a YAML `true` is not a seat) and range before the engine sees it, and
text from the file is shown quoted and shortened.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any, TypeVar

from tutor.cards import Card, make_decks, parse_code
from tutor.games.base import IllegalAction
from tutor.i18n import quoted

AnswerT = TypeVar("AnswerT")

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


def known_fields(spec: dict[str, Any], fields: set[str]) -> None:
    """Every field of a position is one the game reads; else PositionError at the first unknown one."""
    unknown = sorted(set(spec) - fields)
    if unknown:
        raise PositionError((unknown[0],), "lesson_unknown_field", field=shown_keys(unknown))


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


class Decks:
    """The physical cards of `count` decks, for a position to place by code: each code takes
    the next copy the decks hold, and a code used more often than they hold it is
    PositionError `position_too_many_tt` (citing `clause`)."""

    def __init__(self, count: int, clause: str) -> None:
        self.clause = clause
        self.free: dict[tuple[int, str], list[Card]] = {}
        for card in make_decks(count):
            self.free.setdefault((card.rank, card.suit), []).append(card)

    def take(self, code: tuple[int, str], where: tuple[Any, ...]) -> Card:
        if not self.free.get(code):
            raise PositionError(where, "position_too_many_tt", card=Card(*code).code, clause=self.clause)
        return self.free[code].pop(0)

    def rest(self, rng: random.Random) -> list[Card]:
        """The cards not taken, shuffled by `rng`."""
        rest = [c for cards in self.free.values() for c in cards]
        rng.shuffle(rest)
        return rest


def read_expect(expect: Any, read: Callable[[str], tuple[AnswerT, Any]], verify: Callable[[Any], Any],
                message: str, /, named: Callable[[AnswerT], str] | None = None, **params: Any) -> AnswerT | None:
    """A decide step's `expect`: None for `best` (the coach decides), else the game's answer.

    The text must be a short word (else PositionError `message` with `params` and the value
    shown as `card`). `read(text)` is the game's reader: it returns the answer and the engine
    move that carries it out (None when there is nothing for the engine to prove now), and
    raises PositionError for a text that names no answer or one that does not fit the moment.
    `verify` is the engine's (it raises IllegalAction); an illegal move is PositionError
    `expect_illegal` citing the engine's clause, naming the answer by `named` (default: the
    text, quoted).
    """
    text = word(expect, ("expect",), message, card=shown(expect), **params)
    if text.lower() == "best":
        return None
    answer, action = read(text)
    if action is not None:
        try:
            verify(action)
        except IllegalAction as err:
            card = named(answer) if named is not None else shown(text)
            raise PositionError(("expect",), "expect_illegal", card=card, clause=err.clause) from None
    return answer
