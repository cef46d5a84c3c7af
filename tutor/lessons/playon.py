"""A lesson's `play_on` step, the same for every game: bots play on, the learner finishes
their own turn.

Each game says only when the learner is in the middle of a turn that a decision began
(33: saying the total, drawing, a forfeit pick; Three Thirteen: the discard after a draw).
`tutor check` and the trainer use the same seeded bots (Random(0)), so the line a lesson
takes is the line its check proved.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any


def loop(state: Any, seat: int, spec: dict[str, Any], mid_turn: Callable[[Any], bool],
         bot_turn: Callable[[], None], learner_turn: Callable[[], None]) -> None:
    until_end = spec.get("until", "turn") == "end"
    while not state.is_over:
        if state.current == seat and mid_turn(state):
            learner_turn()
        elif state.current == seat and not until_end:
            return
        else:
            bot_turn()


def quietly(state: Any, seat: int, spec: dict[str, Any], mid_turn: Callable[[Any], bool],
            choose: Callable[[str, Any, random.Random], Any]) -> None:
    """As `tutor check` runs it: seeded bots, and the learner's own steps done by a sound bot."""
    rng = random.Random(0)
    level = spec.get("level", "normal")
    loop(state, seat, spec, mid_turn, lambda: state.apply(choose(level, state, rng).action),
         lambda: state.apply(choose("normal", state, rng).action))


def at_the_table(session: Any, seat: int, spec: dict[str, Any], mid_turn: Callable[[Any], bool] | None = None,
                 run: Callable[..., None] | None = None) -> None:
    """At the trainer: narrated, the learner asked for their own steps.

    `run(state, seat, spec, bot_turn, learner_turn)` replaces the usual loop for a game whose
    turns it does not fit (Toepen: knocks out of turn).
    """
    session.rng = random.Random(0)
    session.level = spec.get("level", "normal")

    def learner_turn() -> None:
        action = session.learner_action()
        if action is not None:
            session.act(action)

    if run is not None:
        run(session.state, seat, spec, session.bot_turn, learner_turn)
    else:
        assert mid_turn is not None
        loop(session.state, seat, spec, mid_turn, session.bot_turn, learner_turn)
