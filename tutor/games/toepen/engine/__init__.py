"""The rules of Toepen (RULEBOOK TOE.1-TOE.14) as a state machine; this package's public names.

Toepen is a trick game with 32 cards for 3-8 players (2 with an option). Players collect
penalty points; whoever reaches the limit (10 by default) has lost the rubber. A hand: deal
four cards each, the dirty laundry, then four tricks, with knocks raising the stake on the
way; the players still in at the end, except the winner, take the stake.

Everything the rest of the tutor uses is imported from here (`from tutor.games.toepen.engine
import State, Play, ...`); the rooms below import each other directly, never this file.
From a clause to its code:

    TOE.1            deck.py       the cards, their order in a suit, card codes
    TOE.2            scoring.py    losing and the end of the rubber (legality.py: seats that are out)
    TOE.3            laundry.py    the deal (scoring.py: who deals next)
    TOE.4            laundry.py    dirty laundry: throw in, keep, challenge, pass
    TOE.5            tricks.py     trick play (legality.py: following suit)
    TOE.6-TOE.9      knocking.py   the stake, knocks, staying and folding, everyone folding
    TOE.10           tricks.py     folded players and the tricks they win
    TOE.11           laundry.py    poverty at the deal; knocking.py: its answers
    TOE.12           legality.py   the knock limit
    TOE.13           scoring.py    scoring a hand
    TOE.14           laundry.py    table customs
    moves, phases    actions.py    Throw Keep Challenge Pass Play Knock Stay Fold, Phase, command words
    legality         legality.py   verify / can / legal_actions / knockers, MESSAGES
    one seat's view  view.py       View
    built positions  position.py   State.from_position, PositionError
    the fields       table.py      what a rubber and a hand hold; who plays next
    the whole        state.py      State: a rubber from its first deal, apply()
"""

from __future__ import annotations

from tutor.games.base import Chance
from tutor.games.toepen.engine.actions import (
    COMMAND_MOVES,
    DECISION_EVENTS,
    Action,
    Challenge,
    Fold,
    Keep,
    Knock,
    Pass,
    Phase,
    Play,
    Stay,
    Throw,
)
from tutor.games.toepen.engine.deck import DECK, HAND_SIZE, RANKS, card_from_code, power
from tutor.games.toepen.engine.legality import MESSAGES
from tutor.games.toepen.engine.position import POSITION_MESSAGES, PositionError
from tutor.games.toepen.engine.state import State
from tutor.games.toepen.engine.view import View
from tutor.games.toepen.options import Options

__all__ = [
    "COMMAND_MOVES",
    "DECISION_EVENTS",
    "DECK",
    "HAND_SIZE",
    "MESSAGES",
    "POSITION_MESSAGES",
    "RANKS",
    "Action",
    "Challenge",
    "Chance",
    "Fold",
    "Keep",
    "Knock",
    "Options",
    "Pass",
    "Phase",
    "Play",
    "PositionError",
    "State",
    "Stay",
    "Throw",
    "View",
    "card_from_code",
    "power",
]
