"""One rubber of Toepen as a state machine (RULEBOOK TOE.1-TOE.14): `State`, built from the rooms.

`State` starts a rubber (the first dealer is random, TOE.3) and carries out each legal move
(`apply`), handing it to the room whose clauses it is: legality.py checks it, laundry.py
deals and runs the dirty laundry (TOE.3, TOE.4, TOE.11, TOE.14), knocking.py the knocks and
answers (TOE.6-TOE.9, TOE.11), tricks.py the tricks (TOE.5, TOE.10), scoring.py the end of a
hand and of the rubber (TOE.13, TOE.2). position.py builds a position by hand, view.py what
one seat sees. Randomness comes only through a `Chance` (a seeded `random.Random`, or the
orders a record wrote down), so a seed or a record reproduces a rubber exactly.
"""

from __future__ import annotations

import random

from tutor.games.base import Chance, Event
from tutor.games.toepen.engine.actions import (
    Action,
    Challenge,
    Fold,
    Keep,
    Knock,
    Play,
    Stay,
    Throw,
)
from tutor.games.toepen.engine.knocking import Knocking
from tutor.games.toepen.engine.laundry import Laundry
from tutor.games.toepen.engine.legality import Legality
from tutor.games.toepen.engine.position import Positions
from tutor.games.toepen.engine.scoring import Scoring
from tutor.games.toepen.engine.tricks import Tricks
from tutor.games.toepen.engine.view import View, seat_view
from tutor.games.toepen.options import Options, check_players


class State(Legality, Laundry, Knocking, Tricks, Scoring, Positions):
    """One rubber of Toepen, from the first deal to the loser."""

    def __init__(self, players: int, options: Options | None = None, chance: Chance | None = None) -> None:
        self.options = options or Options()
        check_players(self.options, players)
        self.players = players
        self.limit = self.options.limit
        self.chance = chance or Chance(random.Random())
        self.points = [0] * players
        self.active = [True] * players
        self.losers = []
        self.winners = []
        self.hand_number = 0
        self.hand_winners = []
        self.log = []
        self._reset_rubber_counts()
        self._reset_hand(0)
        self.opening = self._deal(self.chance.dealer(players))

    def apply(self, action: Action) -> list[Event]:
        """Carries out a legal action and returns what happened, as record events."""
        self.verify(action)
        hand = self.hand_number
        kind = type(action)
        if kind is Play:
            events = self._play(action.card)  # type: ignore[union-attr]
        elif kind is Knock:
            p = action.player
            events = self._knock(self.current if p is None else p)
        elif kind is Stay:
            events = self._answer(False)
        elif kind is Fold:
            events = self._answer(True)
        elif kind is Throw:
            events = self._throw()
        elif kind is Keep:
            events = self._keep()
        elif kind is Challenge:
            events = self._challenge()
        else:
            events = self._pass()
        if self.hand_number == hand:  # a new deal started its own log
            self.log.extend(events)
        return events

    def view(self, player: int) -> View:
        """What `player` can see: their own hand (and thrown hand), the table, and shown hands."""
        return seat_view(self, player)
