"""What `tutor play` and `tutor replay` need from a game, in one place per game.

Each game folder has a `kit` module that fills in a `GameKit`: how to read its options,
start a game, show it at the trainer, tell whether the learner lost, and replay a
record. The commands stay the same for every game.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

from tutor.games.base import Event
from tutor.records import RecordShape


@dataclass(frozen=True)
class GameKit:
    parse_options: Callable[[dict[str, str]], Any]
    new_state: Callable[[int, Any, random.Random], Any]
    record_options: Callable[[Any, int], dict[str, Any]]
    session: type  # a tutor.trainer.table.TableSession
    option_error_line: Callable[[Any], str]
    lost: Callable[[Any, int], bool]
    replay: Callable[[dict[str, Any], list[Event]], Iterator[tuple[Event, Any]]]
    event_line: Callable[..., str | None]
    record_shape: RecordShape  # what `replay` reads from a record, checked line by line as it is read


def with_wild(replayed: Iterator[tuple[Event, Any]], start: str) -> Iterator[tuple[Event, Any]]:
    """Replayed events, each a copy given its round's (or hand's) wild rank as `_wild` for
    showing it, taken from the last `start` event (`round_start`, `hand_start`): the record's
    events stay as they are."""
    wild = None
    for event, state in replayed:
        if event["event"] == start:
            wild = event["wild"]
        yield {**event, "_wild": wild}, state

