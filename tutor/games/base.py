"""What every game engine shares: the errors it raises and the shape of its state.

Engines are pure rules. They never print and never translate: an illegal action or a
bad option raises an error carrying the RULEBOOK clause and a message id with its
parameters; the UI turns those into a sentence in the learner's language.

Every event an engine reports is a plain dict shaped like a line of a game record
(`{"event": "play", "player": 2, ...}`), so recording is writing them out.
"""

from __future__ import annotations

from typing import Any, Protocol

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
