"""Drill skills for Three Thirteen: positions from seeded games where the skill decides.

Each exercise deals a game at a random round, lets `normal` bots play a few turns, and
keeps the position only when the choice matters: discards that differ in the points
they leave, a draw where the stock and the top discard differ by a point or more, a
hand that can go out, a hand whose best arrangement takes some thought.
"""

from __future__ import annotations

import random
from typing import Any

from tutor.cardtext import MELD_EXAMPLE
from tutor.games.three_thirteen import bots, coach, solver
from tutor.games.three_thirteen.engine import Chance, Phase, State
from tutor.i18n import N_, quoted
from tutor.skills import Skill
from tutor.trainer.cardnames import held_card, read_cards


def keep_discard(state: State) -> bool:
    if state.out_cards():
        return False
    ranked = [a.penalty for c, a in solver.discards(state.hands[state.current], state.wild, state.rules)
              if c != state.taken]
    return len(set(ranked)) >= 3 and ranked[0] > 0


def keep_draw(state: State) -> bool:
    verdict_pile = coach.judge_draw(state, "discard")
    return (verdict_pile.pile is not None and verdict_pile.stock is not None
            and abs(verdict_pile.pile - verdict_pile.stock) >= 2 * coach.DRAW_MARGIN)


def keep_go_out(state: State) -> bool:
    return bool(state.out_cards())


def keep_arrange(state: State) -> bool:
    hand = state.hands[state.current]
    best = solver.solve(hand, state.wild, state.rules)
    return len(hand) >= 7 and len(best.melds) >= 2


SKILLS: tuple[Skill, ...] = (
    Skill("best-discard", N_("The best discard"),
          N_("Which card do you discard, to keep the fewest points?"), Phase.DISCARD, keep_discard),
    Skill("stock-or-discard", N_("Stock or discard pile"),
          N_("Do you draw from the stock or take the top discard?"), Phase.DRAW, keep_draw),
    Skill("spot-go-out", N_("Spotting a go-out"),
          N_("Can you go out? Type %(out)s and the card, or just a card to discard."), Phase.DISCARD, keep_go_out),
    Skill("arrange", N_("Arranging for the fewest points"),
          N_("Type your melds, separated by |, e.g. %(example)s."), Phase.DRAW, keep_arrange),
)


def deal(seed: int, phase: Phase) -> tuple[State, int] | None:
    rng = random.Random(seed)
    players = rng.randint(2, 4)
    state = State(players, None, Chance(rng), first_round=rng.randint(3, 11))
    for _ in range(rng.randint(0, 3 * players)):
        if state.is_over:
            return None
        state.apply(bots.choose("normal", state, rng).action)
    while not state.is_over and state.phase is not phase:
        state.apply(bots.choose("normal", state, rng).action)
    if state.is_over or state.out is not None:
        return None
    return state, state.current


def exercise(skill: Skill, first_seed: int, tries: int = 300) -> tuple[State, int, int] | None:
    for seed in range(first_seed, first_seed + tries):
        dealt = deal(seed, skill.phase)
        if dealt is not None and skill.keep(dealt[0]):
            return dealt[0], dealt[1], seed + 1
    return None


def ask(console: Any, skill: Skill, state: State, seat: int, rng: random.Random, ascii_only: bool) -> str:
    """Shows the position, reads the learner's answer and judges it; the verdict's kind."""
    from tutor.games.three_thirteen.narrate import (
        arrangement_verdict_lines,
        discard_verdict_lines,
        draw_verdict_lines,
    )
    from tutor.games.three_thirteen.session import TTSession
    from tutor.i18n import _
    from tutor.trainer.commands import command_of, split_command, typed_word

    session = TTSession(console, state, "normal", rng, seat, ascii_only)
    console.show(session.table())
    while True:
        prompt = _(skill.prompt) % {"example": quoted(MELD_EXAMPLE), "out": typed_word("out")}
        text = console.ask(prompt + " ", session.choices(), " " + _(skill.title))
        words = text.split()
        command = command_of(words[0]) if words else None
        if not words or (command not in (None, "out", "stock", "pile") and session.handle_command(command)):
            continue
        if skill.id == "arrange":
            melds = read_melds(text, state, seat)
            if melds is None:
                session.say_error(_("Write each meld as cards like %(example)s, melds separated by |.")
                              % {"example": quoted(MELD_EXAMPLE.split(" | ")[0])})
                continue
            verdict: Any = coach.judge_arrangement(state.hands[seat], state.wild, state.rules, melds)
            lines = arrangement_verdict_lines(verdict, ascii_only)
        elif skill.phase is Phase.DRAW:
            command = command_of(text)  # a draw word may be several words ("из колоды")
            if command not in ("stock", "pile"):
                session.say_error(_("Type %(stock)s or %(pile)s.") % {
                    "stock": typed_word("stock"), "pile": typed_word("pile")})
                continue
            verdict = coach.judge_draw(state, "stock" if command == "stock" else "discard")
            lines = draw_verdict_lines(verdict, ascii_only)
        else:
            command, rest = split_command(text)
            going_out = command == "out"
            card = held_card(state, " ".join(rest if going_out else words))  # the notation, or words
            if card is None:
                session.say_error(_("%(text)s is not a card in your hand.") % {"text": quoted(text)})
                continue
            verdict = coach.judge_discard(state, card, going_out)
            lines = discard_verdict_lines(verdict, ascii_only)
        style = "class:you" if verdict.kind == "right" else "class:error"
        for line in lines:
            console.show([(style, line)])
        return "illegal" if verdict.kind == "illegal" else verdict.kind


def read_melds(text: str, state: State, seat: int) -> list[list[Any]] | None:
    """The learner's melds as physical cards of their hand, or None if a card is unreadable
    or the text names none."""
    hand = list(state.hands[seat])
    melds = []
    for group in text.split("|"):
        meld = []
        cards = read_cards(group)  # the notation, or cards in words
        if cards is None:
            return None
        for parsed in cards:
            card = next((c for c in hand if (c.rank, c.suit) == parsed), None)
            if card is None:
                return None
            hand.remove(card)
            meld.append(card)
        if meld:
            melds.append(meld)
    return melds or None
