"""Bots for Toepen at three levels: a private reason for each choice, and a public remark (RULEBOOK TOE.1-TOE.14).

`choose(level, state, rng)` decides for the player to act; `knock_choice(level, state, rng,
seat)` is asked of a bot at a moment a card is about to be played when it is not its turn,
and answers a Knock or None (TOE.7). `play_step` runs one such moment at a table of bots.

easy is legal but careless; normal judges its hand by the card it keeps for the last trick;
hard deals the cards it cannot see at random (`estimate`, the coach's own figure), plays every
deal out, decides by its chance of taking the last trick, and bluffs. A `Choice`'s reason is the bot's own reckoning and never
reaches the table; what a bot says there is `remark`, from public information only.

Everything the rest of the tutor uses is imported from here (`from tutor.games.toepen import
bots`); the rooms below import each other directly, never this file. From a clause to its code:

    TOE.7                  __init__.py    who may knock at a moment, and in what order: `play_step`
    every decision         choice.py      Choice: the move, its reason code (REASONS), details
    every decision         easy.py        the easy bot
    TOE.2 TOE.4 TOE.8      judgement.py   what normal and hard reckon alike: points near the limit,
    TOE.11 TOE.13                         staying or folding, a knock's gain, a thrown hand's odds
    TOE.4 TOE.5 TOE.7      normal.py      the normal bot: `hand_value`, its cards, knocks, answers
    TOE.8 TOE.12
    TOE.1 TOE.4 TOE.5      sampling.py    the chance of the last trick, for hard and the coach alike:
    TOE.10                                `estimate` (a position's canonical form, the deals that fit)
    TOE.5 TOE.10           worlds.py      those deals, exact or drawn, and their playouts (numpy)
    TOE.4 TOE.7 TOE.8      hard.py        the hard bot: cards, knocks, bluffs, answers by that chance,
    TOE.11 TOE.12                         calibrated once others knocked against it
    what the table hears   remarks.py     `remark`: what a bot says, from public information only
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from tutor.games.base import Event
from tutor.games.toepen.bots.choice import REASONS, Choice
from tutor.games.toepen.bots.easy import choose_easy, knock_easy
from tutor.games.toepen.bots.hard import choose_hard, knock_hard
from tutor.games.toepen.bots.judgement import bluff_chance
from tutor.games.toepen.bots.normal import choose_normal, hand_value, knock_normal
from tutor.games.toepen.bots.remarks import REMARK_DETAILS, REMARKS, remark
from tutor.games.toepen.bots.sampling import BOT_SAMPLES, COACH_SAMPLES, Estimate, estimate, last_trick_chance
from tutor.games.toepen.engine import Phase, State

__all__ = [
    "BOT_SAMPLES",
    "CHOOSERS",
    "COACH_SAMPLES",
    "KNOCKERS",
    "LEVELS",
    "REASONS",
    "REMARKS",
    "REMARK_DETAILS",
    "Choice",
    "Estimate",
    "bluff_chance",
    "choose",
    "estimate",
    "hand_value",
    "knock_choice",
    "last_trick_chance",
    "play_step",
    "remark",
]

LEVELS = ("easy", "normal", "hard")

CHOOSERS = {"easy": choose_easy, "normal": choose_normal, "hard": choose_hard}
KNOCKERS = {"easy": knock_easy, "normal": knock_normal, "hard": knock_hard}


def choose(level: str, state: State, rng: random.Random) -> Choice:
    """The decision of the bot at `level` for the player to act."""
    return CHOOSERS[level](state, rng)


def knock_choice(level: str, state: State, rng: random.Random, seat: int) -> Choice | None:
    """Asked at a moment a card is about to be played, of a bot whose turn it is not: a Knock, or None."""
    if not state.may_knock(seat):
        return None
    return KNOCKERS[level](state, rng, seat)


def play_step(state: State, levels: Sequence[str], rng: random.Random) -> tuple[int, Choice, list[Event]]:
    """One decision at a table of bots (`levels[seat]`): returns who acted, their choice and the events.

    While a card is about to be played, the bots that may knock are asked first, in turn from
    the player to act's left (TOE.7: any of them may knock); then the player to act decides.
    """
    p = state.current
    if state.phase is Phase.PLAY:
        for seat in state.seats_from(p):
            if seat != p and state.may_knock(seat):
                choice = knock_choice(levels[seat], state, rng, seat)
                if choice is not None:
                    return seat, choice, state.apply(choice.action)
    choice = choose(levels[p], state, rng)
    return p, choice, state.apply(choice.action)
