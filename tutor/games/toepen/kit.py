"""Toepen for `tutor play` and `tutor replay` (see tutor.games.kit)."""

from __future__ import annotations

from tutor.games.kit import GameKit
from tutor.games.toepen.engine import Chance, State
from tutor.games.toepen.narrate import event_line, option_error_line
from tutor.games.toepen.options import parse_options
from tutor.games.toepen.replay import SHAPE, replay
from tutor.games.toepen.session import ToepenSession

KIT = GameKit(
    parse_options=parse_options,
    new_state=lambda players, options, rng: State(players, options, Chance(rng)),
    record_options=lambda options, players: options.to_record(players),
    session=ToepenSession,
    option_error_line=option_error_line,
    # A learner loses a rubber of Toepen when they reached the limit (TOE.2).
    lost=lambda state, seat: seat in state.losers,
    replay=replay,
    event_line=event_line,
    record_shape=SHAPE,
)
