"""Bots for 33 at three levels: a private reason for each choice, and a public remark (RULEBOOK 33.1-33.12).

`choose(level, state, rng)` decides for the player to act. easy plays any legal card; normal
keeps its safe cards (minus cards, 0, +-10) for a high total and otherwise pushes the total
as high as it can; hard deals the cards it cannot see into possible worlds, plays each on to
the end, and chooses the play it loses with least often. A `Choice`'s reason is the bot's own
reckoning and never reaches the table; what a bot says there is `remark`, from public
information only.

Everything the rest of the tutor uses is imported from here (`from tutor.games.thirty_three
import bots`); the rooms below import each other directly, never this file. From a clause to
its code:

    33.5 33.11 33.12       normal.py     what every level does between plays: says the total,
                                         draws, picks a forfeit card (`non_play`)
    33.5-33.8              normal.py     Choice; the easy and normal bots; `normal_play`
                                         (also the coach's), `unseen_cards`
    33.1 33.3-33.9         hard.py       the hard bot: worlds dealt to agree with the table,
                                         the flip-over stock remembered (33.9), playouts
    33.5 33.7              remarks.py    `remark`: what a bot says, from public information only
"""

from __future__ import annotations

import random

from tutor.games.thirty_three.bots.hard import choose_hard
from tutor.games.thirty_three.bots.normal import (
    Choice,
    choose_easy,
    choose_normal,
    normal_play,
    unseen_cards,
)
from tutor.games.thirty_three.bots.remarks import REMARK_DETAILS, REMARKS, remark
from tutor.games.thirty_three.engine import State

__all__ = [
    "CHOOSERS",
    "LEVELS",
    "REMARKS",
    "REMARK_DETAILS",
    "Choice",
    "choose",
    "choose_easy",
    "choose_hard",
    "choose_normal",
    "normal_play",
    "remark",
    "unseen_cards",
]

LEVELS = ("easy", "normal", "hard")

CHOOSERS = {"easy": choose_easy, "normal": choose_normal, "hard": choose_hard}


def choose(level: str, state: State, rng: random.Random) -> Choice:
    """The decision of the bot at `level` for the player to act."""
    return CHOOSERS[level](state, rng)
