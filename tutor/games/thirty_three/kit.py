"""33 for `tutor play` and `tutor replay` (see tutor.games.kit)."""

from __future__ import annotations

from tutor.games.kit import GameKit
from tutor.games.thirty_three.deck import parse_options
from tutor.games.thirty_three.engine import Chance, State
from tutor.games.thirty_three.narrate import event_line, option_error_line
from tutor.games.thirty_three.replay import SHAPE, replay
from tutor.games.thirty_three.session import PlaySession

KIT = GameKit(
    parse_options=parse_options,
    new_state=lambda players, options, rng: State(players, options, Chance(rng)),
    record_options=lambda options, players: options.to_record(),
    session=PlaySession,
    option_error_line=option_error_line,
    lost=lambda state, seat: state.loser == seat,
    replay=replay,
    event_line=event_line,
    record_shape=SHAPE,
)
