"""Three Thirteen for `tutor play` and `tutor replay` (see tutor.games.kit)."""

from __future__ import annotations

from tutor.games.kit import GameKit, with_wild
from tutor.games.three_thirteen.engine import Chance, State
from tutor.games.three_thirteen.narrate import option_error_line, replay_line
from tutor.games.three_thirteen.options import parse_options
from tutor.games.three_thirteen.replay import SHAPE, replay
from tutor.games.three_thirteen.session import TTSession

KIT = GameKit(
    parse_options=parse_options,
    new_state=lambda players, options, rng: State(players, options, Chance(rng)),
    record_options=lambda options, players: options.to_record(players),
    session=TTSession,
    option_error_line=option_error_line,
    # A learner "loses" a game of Three Thirteen when they are not among the winners (TT.11).
    lost=lambda state, seat: seat not in state.winners,
    replay=lambda header, events: with_wild(replay(header, events), "round_start"),
    event_line=replay_line,
    record_shape=SHAPE,
)
