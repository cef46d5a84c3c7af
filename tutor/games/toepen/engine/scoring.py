"""The end of a hand and of the rubber (RULEBOOK TOE.13, TOE.2, TOE.3, TOE.9).

TOE.13: every player still in the hand, except its winner (the winner of the fourth trick,
or the knocker everyone folded to, TOE.9), takes the stake in penalty points. TOE.2: a player
at or above the limit has lost; the rubber ends then, or with `end=last-survivor` plays on
without them until one is left. TOE.3: the winner of the hand deals the next.

Not covered by the rulebook, decided here: with `end=last-survivor`, if the winner of a
hand has just been eliminated (a lost challenge), the next surviving player on their left
deals; if every remaining player reaches the limit in the same hand, the rubber ends with
no survivor (`winners` is empty).
"""

from __future__ import annotations

from tutor.games.base import Event
from tutor.games.toepen.engine.actions import Phase
from tutor.games.toepen.engine.table import Table


class Scoring(Table):
    """The hand's penalties, the losers, the end of the rubber or the next deal; `State` inherits them."""

    def _end_hand(self, winner: int, all_folded: bool) -> list[Event]:
        """TOE.13: every player still in except the winner takes the stake; then TOE.2."""
        stake = self.stake
        penalties = [stake if self.in_hand[s] and s != winner else 0 for s in range(self.players)]
        for s, pts in enumerate(penalties):
            if pts:
                self.points[s] += pts
                self.hand_points[s] += pts
        self.hand_winners.append(winner)
        events: list[Event] = [{
            "event": "hand_end",
            "hand": self.hand_number,
            "winner": winner,
            "stake": stake,
            "all_folded": all_folded,
            "penalties": penalties,
            "totals": list(self.points),
        }]
        newly = [s for s in range(self.players) if self.active[s] and self.points[s] >= self.limit]
        for s in newly:
            self.active[s] = False
            self.losers.append(s)
            events.append({"event": "lose", "player": s, "total": self.points[s]})
        left = sum(self.active)
        if (newly and not self.options.last_survivor) or left <= 1:
            self.phase = Phase.OVER
            self.pending = []
            self.winners = [s for s in range(self.players) if self.active[s]]
            events.append({
                "event": "game_over",
                "hands": self.hand_number,
                "totals": list(self.points),
                "losers": list(self.losers),
                "winners": list(self.winners),
            })
            return events
        dealer = winner if self.active[winner] else self.seats_from(winner)[0]
        return events + self._deal(dealer)
