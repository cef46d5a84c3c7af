"""What every game's lesson adapter shares: the error a bad position raises, and card lists.

Each game's `lesson` module builds positions on its own engine; a position or answer it
cannot use raises `PositionError`, which `tutor check` reports with the file, line and
column of `where` (the path inside the step).
"""

from __future__ import annotations

from typing import Any

from tutor.cards import parse_code


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
        parsed = parse_code(str(item)) if isinstance(item, (str, int)) else None
        if parsed is None:
            raise PositionError(where + (i,), "position_not_a_card", card=str(item))
        cards.append(parsed)
    return cards
