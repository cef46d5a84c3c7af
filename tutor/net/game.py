"""What the host of a network table needs from a game (`tutor/games/<game>/net.py` fills one in).

The host runs the only engine and is the referee: it asks the game for each seat's view as
data, for what a seat may see of each event, for the bots' decisions and the coach's verdicts,
and it turns a client's action data into an engine action. Nothing here translates or prints:
the client renders every view, event and verdict in its own language.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from tutor.games.base import Event, IllegalAction


@dataclass(frozen=True)
class NetGame:
    #: (state, seat) -> everything that seat sees now, JSON-able, with "legal": its legal decisions now.
    view: Callable[[Any, int], dict[str, Any]]
    #: (engine event, seat) -> the event as that seat may see it, or None.
    redact: Callable[[Event, int], Event | None]
    #: (action data from a client, seat) -> an engine action; ValueError on anything malformed.
    action: Callable[[Any, int], Any]
    #: engine action -> action data (a record's decision event without "player").
    action_data: Callable[[Any], dict[str, Any]]
    #: state -> the seats whose decision the table waits for now.
    to_act: Callable[[Any], set[int]]
    #: (state, rng, level, seats played by bots) -> bot actions to apply now, in order ([]: a human's turn).
    bots: Callable[[Any, random.Random, str, set[int]], list[tuple[int, Any]]]
    #: (state, human seats) -> seconds the humans get before the next bot action (0: none).
    pause: Callable[[Any, set[int]], float]
    #: (state, seat, legal action) -> the coach's verdicts on it as data, judged before it goes in.
    judge: Callable[[Any, int, Any], list[dict[str, Any]]]
    #: (state, seat, action, error) -> verdict data that goes with a refusal.
    refusal: Callable[[Any, int, Any, IllegalAction], list[dict[str, Any]]]
    #: (level, bot seat, action, a human seat's engine view before it) -> {"code", "detail"} or None.
    remark: Callable[[str, int, Any, Any], dict[str, Any] | None]
    #: the client session class, "module:Class".
    client: str
    #: (state, seat) -> the caller's decision for a seat out of time (3-13 Speed's clock), or None.
    timeout_action: Callable[[Any, int], Any] | None = None
