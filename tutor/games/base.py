"""What every game engine shares: the errors it raises and the shape of its state.

Engines are pure rules. They never print and never translate: an illegal action or a
bad option raises an error carrying the RULEBOOK clause and a message id with its
parameters; the UI turns those into a sentence in the learner's language.

Every event an engine reports is a plain dict shaped like a line of a game record
(`{"event": "play", "player": 2, ...}`), so recording is writing them out.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, Protocol, TypeVar

T = TypeVar("T")

Event = dict[str, Any]


class IllegalAction(Exception):
    """An action the rules forbid: `clause` is the RULEBOOK id, `message` a message id."""

    def __init__(self, clause: str, message: str, **params: Any) -> None:
        super().__init__(f"{clause}: {message} {params}")
        self.clause = clause
        self.message = message
        self.params = params


class OptionError(Exception):
    """A game option or deck file the engine cannot use; `message` is a message id."""

    def __init__(self, message: str, **params: Any) -> None:
        super().__init__(f"{message} {params}")
        self.message = message
        self.params = params


class Rules:
    """The yes/no face of `verify`: every engine state has both (PokerKit's habit)."""

    def verify(self, action: Any) -> None:
        raise NotImplementedError

    def can(self, action: Any) -> bool:
        try:
            self.verify(action)
        except IllegalAction:
            return False
        return True


class GameState(Protocol):
    """The mutable state of one game, as every engine offers it."""

    @property
    def current_player(self) -> int | None: ...

    @property
    def is_over(self) -> bool: ...

    def legal_actions(self) -> list[Any]: ...

    def verify(self, action: Any) -> None: ...

    def can(self, action: Any) -> bool: ...

    def apply(self, action: Any) -> list[Event]: ...


class Chance:
    """The random outcomes of a game: who deals first, and the order of each shuffle.

    Engines take one, so a seeded `random.Random` or the orders a record wrote down
    reproduce a game exactly.
    """

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def dealer(self, players: int) -> int:
        return self.rng.randrange(players)

    def shuffle(self, cards: Sequence[T]) -> list[T]:
        order = list(cards)
        self.rng.shuffle(order)
        return order


_TRUE = {"yes", "true", "on", "1"}
_FALSE = {"no", "false", "off", "0"}


def parse_flag(key: str, value: str) -> bool:
    """An on/off option value (`on`, `yes`, `true`, `1` and their opposites)."""
    v = value.strip().lower()
    if v in _TRUE:
        return True
    if v in _FALSE:
        return False
    raise OptionError("option_bad_value", key=key, value=value, allowed="on, off")
