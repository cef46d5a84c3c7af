"""Knocking and answering (RULEBOOK TOE.6, TOE.7, TOE.8, TOE.9, TOE.11): the stake goes up, the others stay or fold.

A hand is worth 1 to start with (TOE.6). At every moment a card is about to be played, any
player still in the hand may `Knock` (TOE.7), raising the stake by one -- not the player who
knocked last, and never past the knock limit (TOE.12; legality.py checks both). Every other
player still in then answers in turn from the knocker's left (TOE.8): `Stay`, or `Fold` and
take the stake as it was before the knock. If all fold, the knocker wins at once (TOE.9).
A poverty (TOE.11) is answered the same way, with the poor player as the knocker: `Stay` to
play for 2, `Fold` to leave for 1; other poor players answer like everyone else (decided here).
"""

from __future__ import annotations

from tutor.games.base import Event
from tutor.games.toepen.engine.actions import Phase
from tutor.games.toepen.engine.table import Table


class Knocking(Table):
    """The knock and its answers; `State` inherits them."""

    def _knock(self, p: int) -> list[Event]:
        """TOE.6-TOE.8: the stake goes up by one; the others still in answer from the knocker's left."""
        self.stake += 1
        self.knocks += 1
        self.last_knocker = p
        self.pending = [s for s in self.seats_from(p) if self.in_hand[s] and s != p]
        self.phase = Phase.ANSWER
        self.current = self.pending[0]
        return [{"event": "knock", "player": p, "stake": self.stake}]

    def _answer(self, fold: bool) -> list[Event]:
        """TOE.8, TOE.11: stay, or fold taking the stake as it was before the knock (1 in a poverty)."""
        q = self.pending.pop(0)
        if fold:
            cost = self.stake - 1
            self.points[q] += cost
            self.hand_points[q] += cost
            self.in_hand[q] = False
            events: list[Event] = [{"event": "fold", "player": q, "stake": self.stake, "points": cost,
                                     "total": self.points[q]}]
        else:
            events = [{"event": "stay", "player": q, "stake": self.stake}]
        if self.phase is Phase.POVERTY:
            events[0]["poverty"] = True  # an answer to a poverty (TOE.11), not to a knock (TOE.8)
        if self.pending:
            self.current = self.pending[0]
            return events
        if sum(self.in_hand) == 1:
            knocker = self.last_knocker
            assert knocker is not None
            return events + self._end_hand(knocker, True)  # TOE.9
        if self.phase is Phase.POVERTY:
            return events + self._start_play()
        self.phase = Phase.PLAY
        nxt = self._next_to_play()
        if nxt is None:  # the last to play this trick folded
            return events + self._finish_trick()
        self.current = nxt
        return events
