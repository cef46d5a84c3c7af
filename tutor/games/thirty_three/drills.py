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
from tutor.games.thirty_three.deck import LIMIT, LOWEST, VALUES, Options
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
          N_("The total is high. Which card do you play? Only cards that keep it at 33 or under are allowed; "
             "choose the best of them."), keep_near_limit),
    Skill("two-values", N_("Choosing 1 or 11, +10 or -10"),
          N_("One of your cards has two values. Which card do you play, and at which value?"), keep_two_values),
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


def how_to_type(hand: list[str]) -> str:
    """What to type for a play: the learner's own cards in the notation, a two-value card with each value."""
    from tutor.cardtext import typing_examples
    from tutor.i18n import _

    examples: list[str] = []
    for face in dict.fromkeys(hand):
        values = VALUES[face]
        examples += [f"{face} {v:+d}" if face == "+-10" else f"{face} {v}" for v in values] if len(values) > 1 \
            else [face]
    return _("Type the card to play as it is written, like %(examples)s.") % {
        "examples": typing_examples(tuple(examples))}


def reason_line(mine: coach.Assessment, best: coach.Assessment, ascii_only: bool) -> str:
    """Why the best play beats the learner's, in words; the chances only as support."""
    from tutor.games.thirty_three.narrate import play_text
    from tutor.games.texts import percent_text
    from tutor.i18n import _

    params = {"best": play_text(best.play, ascii_only), "play": play_text(mine.play, ascii_only),
              "total": best.total, "mine_total": mine.total, "best_risk": percent_text(best.risk),
              "mine_risk": percent_text(mine.risk), "best_stuck": percent_text(best.next_stuck),
              "mine_stuck": percent_text(mine.next_stuck)}
    if best.keeps_safe and not mine.keeps_safe:
        return _("With %(best)s you keep a card that can lower or hold the total. After %(play)s every "
                 "card you hold would raise it, so when the total climbs you are the one left without a "
                 "safe card: stuck about %(mine_risk)s of the time in the next two rounds, against "
                 "%(best_risk)s.") % params
    if best.next_stuck - mine.next_stuck >= 0.1:
        return _("%(best)s takes the total to %(total)d, where the next player often has no card that keeps "
                 "it at 33 or under (about %(best_stuck)s of the time), so the game is more likely to end on "
                 "them than on you. At %(mine_total)d, after %(play)s, they are stuck only about "
                 "%(mine_stuck)s of the time.") % params
    return _("%(best)s leaves the total where the cards you keep can still follow it. After %(play)s you "
             "are more likely to be stuck yourself before long: about %(mine_risk)s of the time in the next "
             "two rounds, against %(best_risk)s.") % params


def ask(console: Any, skill: Skill, state: State, seat: int, rng: random.Random, ascii_only: bool) -> str:
    """Shows the position, reads the learner's play and judges it; the verdict's kind.

    A play the rules forbid (over 33) is explained and asked again; a weaker one gets the
    best play, the reason in words and the rule it rests on (33.8)."""
    from tutor.games.drilling import DrillItem, right_answer_line
    from tutor.games.thirty_three import lesson as adapter
    from tutor.games.thirty_three.narrate import illegal_line, play_text, verdict_lines
    from tutor.games.base import IllegalAction
    from tutor.i18n import _

    session = adapter.session(console, state, seat, rng, ascii_only)
    console.show(session.table())
    item = DrillItem(console, session, _(skill.title), _(skill.prompt), how_to_type(state.hands[seat]))
    item.start()
    while True:
        text = item.read()
        play = session.play_from_text(text)  # says why when the text names no card
        if play is None:
            console.show([("class:hint", item.how)])
            continue
        slip = adapter.slip(state, play, ascii_only)
        if slip is not None:
            item.slip(slip)
            continue
        verdict = adapter.judge(state, play, None)
        if verdict.kind != "illegal":
            break
        err = IllegalAction(verdict.clause or "33.7", verdict.message or "not_now", **verdict.params)
        item.illegal(illegal_line(err, ascii_only), err.clause)
    if verdict.kind == "right":
        item.right(verdict_lines(verdict, ascii_only))
    else:
        mine, best = verdict.mine, verdict.best
        assert mine is not None and best is not None
        item.wrong(right_answer_line(play_text(best.play, ascii_only)), reason_line(mine, best, ascii_only), "33.8")
    return item.kind(verdict.kind)
