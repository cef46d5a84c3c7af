"""Drill skills for 3-13 Speed: positions from seeded games where the skill decides.

Each exercise deals a game at a random hand and table size, lets `normal` bots play a few
cycles, and keeps the position only when the choice matters: a pile card that is clearly
better or clearly worse than the middle's average, a discard where the points differ or a
card would feed the left neighbour, a match window where the hand is all sets (or nearly).
"""

from __future__ import annotations

import random
from typing import Any

from tutor.games.speed import bots, coach
from tutor.games.speed.engine import Chance, Phase, State
from tutor.i18n import N_, quoted
from tutor.skills import Skill
from tutor.trainer.cardnames import held_card


def keep_draw(state: State, seat: int) -> bool:
    if state.right_top(seat) is None:
        return False
    verdict = coach.judge_draw(state, seat, "middle")
    return verdict.pile is not None and abs(verdict.pile - verdict.middle) >= 3


def keep_pass_left(state: State, seat: int) -> bool:
    options = bots.ranked(state.hands[seat], state.wild)
    best = options[0][1]
    if best == 0 or len({p for _, p in options}) < 3:
        return False
    return any(coach.judge_discard(state, seat, c).feeds for c, p in options if p <= best + 3)


def keep_match(state: State, seat: int) -> bool:
    return len(state.hands[seat]) >= 5 and bots.penalty(state.hands[seat], state.wild) <= 3


SKILLS: tuple[Skill, ...] = (
    Skill("pile-or-middle", N_("Pile or middle"),
          N_("Do you draw from the middle or take the card on the pile on your right?"), Phase.DRAW, keep_draw),
    Skill("pass-left", N_("What to pass left"),
          N_("Which card do you discard? Your left neighbour can take it."), Phase.DISCARD, keep_pass_left),
    Skill("spot-match", N_("Spotting a match"),
          N_("Type %(match)s if all your cards are in sets, or press Enter to let the window pass."), Phase.MATCH,
          keep_match),
)


def deal(seed: int, phase: Phase) -> tuple[State, int] | None:
    rng = random.Random(seed)
    players = rng.randint(4, 12)
    state = State(players, Chance(rng), first_hand=rng.randint(2, 11))
    seat, start = 0, state.hand
    for _ in range(rng.randint(0, 6) * 3):
        if state.is_over or state.hand != start:
            return None
        for p, choice in bots.choose_all("normal", state, rng, state.to_act):
            state.apply(choice.action)
    for _ in range(3):
        if state.is_over or state.hand != start or state.last_cycle or seat not in state.to_act:
            return None
        if state.phase is phase:
            return state, seat
        for p, choice in bots.choose_all("normal", state, rng, state.to_act):
            state.apply(choice.action)
    return None


def exercise(skill: Skill, first_seed: int, tries: int = 300) -> tuple[State, int, int] | None:
    for seed in range(first_seed, first_seed + tries):
        dealt = deal(seed, skill.phase)
        if dealt is not None and skill.keep(*dealt):
            return dealt[0], dealt[1], seed + 1
    return None


def ask(console: Any, skill: Skill, state: State, seat: int, rng: random.Random, ascii_only: bool) -> str:
    """Shows the position, reads the learner's answer and judges it; the verdict's kind."""
    from tutor.games.speed.narrate import (
        discard_verdict_lines,
        draw_verdict_lines,
        window_verdict_lines,
    )
    from tutor.games.speed.session import SpeedSession
    from tutor.i18n import _
    from tutor.trainer.commands import command_of, split_command, typed_word

    session = SpeedSession(console, state, "normal", rng, seat, ascii_only)
    console.show(session.table())
    while True:
        text = console.ask(_(skill.prompt) % {"match": typed_word("match")} + " ", session.choices(), " " + _(skill.title))
        words = text.split()
        command, _rest = split_command(text)
        if command not in (None, "middle", "pile", "match") and session.handle_command(command):
            continue
        if skill.phase is Phase.MATCH:
            if words and command != "match":
                session.say_error(_("Type %(match)s, or press Enter.") % {"match": typed_word("match")})
                continue
            verdict: Any = coach.judge_window(state, seat, called=bool(words))
            lines = window_verdict_lines(verdict, ascii_only) or [
                _("Right: your cards are all in sets, so you call match (SPD.7).") if words else
                _("Right: not every card is in a set yet, so you let the window pass.")]
            kind = "right" if verdict.kind == "right" else "weaker"
        elif skill.phase is Phase.DRAW:
            command = command_of(text)
            if command not in ("middle", "pile"):
                session.say_error(_("Type %(middle)s or %(pile)s.") % {
                    "middle": typed_word("middle"), "pile": typed_word("pile")})
                continue
            verdict = coach.judge_draw(state, seat, command)
            lines = draw_verdict_lines(verdict, ascii_only)
            kind = verdict.kind
        else:
            card = held_card(state, text, seat)  # the notation, or the card in words
            if card is None:
                session.say_error(_("%(text)s is not a card in your hand.") % {"text": quoted(text)})
                continue
            verdict = coach.judge_discard(state, seat, card)
            lines = discard_verdict_lines(verdict, ascii_only)
            kind = verdict.kind
        style = "class:you" if kind == "right" else "class:error"
        for line in lines:
            console.show([(style, line)])
        return kind
