"""A lesson's `play_on` step, the same for every game: bots play on, the learner finishes
their own turn.

Each game says only when the learner is in the middle of a turn that a decision began
(33: saying the total, drawing, a forfeit pick; Three Thirteen: the discard after a draw).
`tutor check` and the trainer use the same seeded bots (Random(0)), so the line a lesson
takes is the line its check proved.

Every play-on is bounded: a lesson file may set up a position that no bot ever finishes
(a 33 total of -1,000,000,000 with `until: end`), so after `MAX_STEPS` moves `tutor check`
refuses the step (`play_on_endless`), and a lesson that passed its check but took another
line at the table simply goes on to its next step.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from tutor.lessons.positions import PositionError

#: Moves one play-on (or a seeded deal) may take. A whole Three Thirteen game of eight
#: seats takes about 600; a lesson's play-on a handful.
MAX_STEPS = 5_000


class Endless(Exception):
    """A play-on took more than MAX_STEPS moves."""


class Steps:
    """Counts the moves of one play-on; `tick()` raises Endless past the limit."""

    def __init__(self, limit: int | None = None) -> None:
        self.limit = MAX_STEPS if limit is None else limit
        self.taken = 0

    def tick(self) -> None:
        self.taken += 1
        if self.taken > self.limit:
            raise Endless()


def endless(where: tuple[Any, ...] = ()) -> PositionError:
    """The lesson error for a play-on (or a seeded deal) that does not end in MAX_STEPS moves."""
    return PositionError(where, "play_on_endless", steps=MAX_STEPS)


def loop(state: Any, seat: int, spec: dict[str, Any], mid_turn: Callable[[Any], bool],
         bot_turn: Callable[[], None], learner_turn: Callable[[], None], steps: Steps | None = None) -> None:
    until_end = spec.get("until", "turn") == "end"
    steps = steps or Steps()
    while not state.is_over:
        if state.current == seat and mid_turn(state):
            steps.tick()
            learner_turn()
        elif state.current == seat and not until_end:
            return
        else:
            steps.tick()
            bot_turn()


def quietly(state: Any, seat: int, spec: dict[str, Any], mid_turn: Callable[[Any], bool],
            choose: Callable[[str, Any, random.Random], Any]) -> None:
    """As `tutor check` runs it: seeded bots, and the learner's own steps done by a sound bot.
    PositionError (`play_on_endless`) if it does not end within MAX_STEPS moves."""
    rng = random.Random(0)
    level = spec.get("level", "normal")
    try:
        loop(state, seat, spec, mid_turn, lambda: state.apply(choose(level, state, rng).action),
             lambda: state.apply(choose("normal", state, rng).action))
    except Endless:
        raise endless() from None


def at_the_table(session: Any, seat: int, spec: dict[str, Any], mid_turn: Callable[[Any], bool] | None = None,
                 run: Callable[..., None] | None = None) -> None:
    """At the trainer: narrated, the learner asked for their own steps.

    `run(state, seat, spec, bot_turn, learner_turn)` replaces the usual loop for a game whose
    turns it does not fit (Toepen: knocks out of turn). Past MAX_STEPS moves the play-on
    stops and the lesson goes on (its check proved the scripted line ends sooner).
    """
    session.rng = random.Random(0)
    session.level = spec.get("level", "normal")

    def learner_turn() -> None:
        action = session.learner_action()
        if action is not None:
            session.act(action)

    try:
        if run is not None:
            run(session.state, seat, spec, session.bot_turn, learner_turn)
        else:
            assert mid_turn is not None
            loop(session.state, seat, spec, mid_turn, session.bot_turn, learner_turn)
    except Endless:
        return
