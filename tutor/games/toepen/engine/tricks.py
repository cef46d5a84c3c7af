"""Trick play (RULEBOOK TOE.5, TOE.10): playing a card, and who wins each trick and leads the next.

TOE.5: the player on the dealer's left leads the first trick (a poor player leads instead,
TOE.11); everyone follows suit if they can (legality.py checks it), the highest card of the
suit led wins the trick, and its winner leads the next. TOE.10: folded players play no more
cards; a trick they win is led on by the next player still in on their left, and the fourth
trick goes to the highest card of the suit led among the players still in (if none of them
followed suit, to the first of them to play to it). Its winner wins the hand (scoring.py).
"""

from __future__ import annotations

from tutor.cards import Card
from tutor.games.base import Event
from tutor.games.toepen.engine.actions import Phase
from tutor.games.toepen.engine.deck import POWER_BY_RANK, TRICKS
from tutor.games.toepen.engine.table import Table


class Tricks(Table):
    """Playing to the trick and finishing it; `State` inherits them."""

    def _start_play(self) -> list[Event]:
        self.phase = Phase.PLAY
        if not self.in_hand[self.leader]:
            self.leader = self._next_in_hand(self.leader)
        self.current = self.leader
        return []

    def _play(self, card: Card) -> list[Event]:
        p = self.current
        self.hands[p].remove(card)
        if not self.trick:
            self.led_suit = card.suit
        self.trick.append((p, card))
        self._played[p] = True
        events: list[Event] = [{"event": "play", "player": p, "card": card.code}]
        nxt = self._next_to_play()
        if nxt is None:
            return events + self._finish_trick()
        self.current = nxt
        return events

    def _finish_trick(self) -> list[Event]:
        """TOE.5, TOE.10: the highest card of the suit led wins; the fourth trick only among those still in."""
        trick = self.trick
        led = self.led_suit
        number = len(self.tricks) + 1
        in_hand = self.in_hand
        if number == TRICKS:
            still = [x for x in trick if in_hand[x[0]]]
            follow = [x for x in still if x[1].suit == led]
            winner = max(follow, key=lambda x: POWER_BY_RANK[x[1].rank])[0] if follow else still[0][0]
        else:
            winner = max((x for x in trick if x[1].suit == led), key=lambda x: POWER_BY_RANK[x[1].rank])[0]
        self.tricks.append(trick)
        self.trick_winners.append(winner)
        self.trick = []
        self.led_suit = None
        self._played = [False] * self.players
        event: Event = {
            "event": "trick",
            "number": number,
            "cards": [[s, c.code] for s, c in trick],
            "winner": winner,
        }
        if number == TRICKS:
            return [event] + self._end_hand(winner, False)
        self.leader = winner if in_hand[winner] else self._next_in_hand(winner)
        event["leads"] = self.leader
        self.current = self.leader
        return [event]
