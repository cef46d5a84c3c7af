"""Drill skills for 33: positions dealt on the engine and kept only where the skill decides.

Each exercise comes from a fresh seed (the learner's progress remembers the next seed of
each skill), so a drill never repeats a position by chance. A position is kept when the
coach finds a real difference between the plays on offer: a tempting card that breaks
the limit, a value choice that matters, or a play that squeezes the next player.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from tutor.games.thirty_three import bots, coach
from tutor.games.thirty_three.deck import LIMIT, LOWEST, Options
from tutor.games.thirty_three.engine import Chance, State
from tutor.i18n import N_


@dataclass(frozen=True)
class Skill:
    id: str
    title: str  # message id
    prompt: str  # message id
    keep: Callable[[State], bool]


#: Screening positions for a drill needs rough figures only; the learner's play is judged with
#: the coach's full precision.
SCREEN = {"target": 0.03, "max_worlds": 2048}


def _contested(state: State) -> list[coach.Assessment] | None:
    """The assessments, if at least one legal play is clearly weaker than the best."""
    plays = state.legal_plays()
    if len(plays) < 2:
        return None
    found = coach.assess(state, **SCREEN)
    best = coach.best_of(found)
    if any(a.risk - best.risk > coach.TOLERANCE for a in found):
        return found
    return None


def keep_near_limit(state: State) -> bool:
    hand = state.hands[state.current]
    if state.total < 23 or all(state.total + LOWEST[c] <= LIMIT for c in hand):
        return False  # near the limit, with at least one card that would break it
    return _contested(state) is not None


def keep_two_values(state: State) -> bool:
    hand = state.hands[state.current]
    both = [c for c in ("1/11", "+-10") if len([p for p in state.legal_plays() if p.card == c]) == 2 and c in hand]
    if not both:
        return False
    found = coach.assess(state, quoted=tuple(state.legal_plays()), **SCREEN)
    for card in both:
        first, second = (a for a in found if a.play.card == card)
        if abs(first.risk - second.risk) > coach.TOLERANCE or abs(first.next_stuck - second.next_stuck) >= 0.15:
            return True
    return False


def keep_squeeze(state: State) -> bool:
    if state.total < 18:
        return False
    found = _contested(state)
    if found is None:
        return False
    best = coach.best_of(found)
    return best.next_stuck >= 0.2 and any(best.next_stuck - a.next_stuck >= 0.15 for a in found)


SKILLS: tuple[Skill, ...] = (
    Skill("near-limit", N_("Playing safely near the limit"),
          N_("The total is high. Which card is safe, and which is best?"), keep_near_limit),
    Skill("two-values", N_("Choosing 1 or 11, +10 or -10"),
          N_("One of your cards has two values. What do you play, and for how much?"), keep_two_values),
    Skill("squeeze", N_("Leaving the next player without a safe card"),
          N_("Which play leaves the next player the fewest safe cards?"), keep_squeeze),
)


def find_skill(skill_id: str) -> Skill | None:
    return next((s for s in SKILLS if s.id == skill_id), None)


def deal(seed: int) -> tuple[State, int] | None:
    """A position from a real game: a seeded deal played on by bots for a few turns."""
    rng = random.Random(seed)
    players = rng.randint(3, 5)
    state = State(players, Options(), Chance(rng))
    for _ in range(rng.randint(0, 16)):
        if state.is_over:
            return None
        state.apply(bots.choose("normal", state, rng).action)
    if state.is_over:
        return None
    return state, state.current


def exercise(skill: Skill, first_seed: int, tries: int = 400) -> tuple[State, int, int] | None:
    """The first position from `first_seed` on where `skill` decides: (state, seat, next seed)."""
    for seed in range(first_seed, first_seed + tries):
        dealt = deal(seed)
        if dealt is not None and skill.keep(dealt[0]):
            return dealt[0], dealt[1], seed + 1
    return None


def ask(console: Any, skill: Skill, state: State, seat: int, rng: random.Random, ascii_only: bool) -> str:
    """Shows the position, reads the learner's play and judges it; the verdict's kind."""
    from tutor.games.thirty_three import lesson as adapter
    from tutor.i18n import _
    from tutor.trainer.commands import command_of

    session = adapter.session(console, state, seat, rng, ascii_only)
    console.show(session.table())
    while True:
        text = console.ask(_(skill.prompt) + " ", session.choices(), " " + _(skill.title))
        command = command_of(text)
        if command is not None:
            session.handle_command(command)  # quit raises Leave
            continue
        if not text.strip():
            continue
        play = session.play_from_text(text)
        if play is None:
            continue
        slip = adapter.slip(state, play, ascii_only)
        if slip is None:
            break
        console.show([("class:error", slip)])
    verdict = adapter.judge(state, play, None)
    style = "class:you" if verdict.kind == "right" else "class:error"
    for line in adapter.verdict_lines(verdict, ascii_only):
        console.show([(style, line)])
    return verdict.kind
