"""3-13 Speed for `tutor play` and `tutor replay` (see tutor.games.kit)."""

from __future__ import annotations

from tutor.games.kit import GameKit, with_wild
from tutor.games.speed.engine import Chance, State, parse_options
from tutor.games.speed.narrate import event_line, option_error_line
from tutor.games.speed.replay import SHAPE, replay
from tutor.games.speed.session import SpeedSession

KIT = GameKit(
    parse_options=parse_options,
    new_state=lambda players, options, rng: State(players, Chance(rng)),
    record_options=lambda options, players: {"decks": 4},
    session=SpeedSession,
    option_error_line=option_error_line,
    # A learner "loses" a game of 3-13 Speed when they are not among the lowest totals (SPD.8).
    lost=lambda state, seat: seat not in state.winners,
    replay=lambda header, events: with_wild(replay(header, events), "hand_start"),
    event_line=event_line,
    record_shape=SHAPE,
)
