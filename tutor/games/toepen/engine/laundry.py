"""The deal, then customs, poverty and the dirty laundry (RULEBOOK TOE.3, TOE.14, TOE.11, TOE.4).

TOE.3: four cards each, one at a time from the dealer's left; the rest is the stock. Right
after the deal, with the customs option, whistling and standing up are announced (TOE.14);
a poor player (one point below the limit) makes the hand start at 2 and leads (TOE.11; with
several, the first from the dealer's left). Then the dirty laundry (TOE.4): each player in
turn from the dealer's left may `Throw` in their four cards for four from the stock while it
holds four, or `Keep` them; after a throw every other player in turn may `Challenge` it or
`Pass`, and the first challenge decides: the thrown hand is shown, and a 7, 8, 9 or 10 in it
costs the thrower a point, otherwise the challenger. After the laundry, a poverty is
answered (phase POVERTY, knocking.py) or the first trick starts (tricks.py).
"""

from __future__ import annotations

from tutor.cards import codes
from tutor.games.base import Event
from tutor.games.toepen.engine.actions import Phase
from tutor.games.toepen.engine.deck import DECK, HAND_SIZE
from tutor.games.toepen.engine.table import Table

#: TOE.4: a thrown hand with one of these ranks was a bluff.
HIGH_RANKS = frozenset((7, 8, 9, 10))
#: TOE.14: the custom a count of tens (rank 10) or jacks (rank 11) in a hand calls for.
_CUSTOMS = {(10, 3): "whistle_must", (11, 3): "whistle_may", (10, 4): "stand_must", (11, 4): "stand_may"}


class Laundry(Table):
    """The deal, the customs, the start of a poverty and the dirty-laundry moves; `State` inherits them."""

    def _deal(self, dealer: int) -> list[Event]:
        """TOE.3: shuffle, four cards each one at a time from the dealer's left, the rest is the stock."""
        self._reset_hand(dealer)
        self.hand_number += 1
        self.log = []
        order = self.chance.shuffle(DECK)
        stock = order[::-1]
        seats = self.seats_from(dealer)
        for seat in seats:
            self.dealt[seat] += 1
        hands = self.hands
        for _ in range(HAND_SIZE):
            for s in seats:
                hands[s].append(stock.pop())
        self.stock = stock
        deal: Event = {
            "event": "deal",
            "hand": self.hand_number,
            "dealer": dealer,
            "stock": codes(order),
            "hands": [codes(h) for h in hands],
        }
        events = [deal] + self._open_hand()
        self.log = list(events)
        return events

    def _open_hand(self) -> list[Event]:
        """After the deal: customs (TOE.14), poverty (TOE.11), then the dirty laundry (TOE.4)."""
        events: list[Event] = []
        seats = self.seats_from(self.dealer)
        if self.options.customs:
            for s in seats:
                for rank in (10, 11):
                    count = sum(c.rank == rank for c in self.hands[s])
                    name = _CUSTOMS.get((rank, count))
                    if name:
                        events.append({"event": "custom", "player": s, "custom": name})
        poor = next((s for s in seats if self.points[s] == self.limit - 1), None)
        self.leader = seats[0]  # TOE.5
        if poor is not None:
            self.poor = poor
            self.stake = 2
            self.last_knocker = poor
            self.leader = poor
            events.append({"event": "poverty", "player": poor, "stake": 2})
        self.laundry = seats
        return events + self._next_laundry()

    def _next_laundry(self) -> list[Event]:
        if self.laundry and len(self.stock) >= HAND_SIZE:
            self.phase = Phase.LAUNDRY
            self.current = self.laundry[0]
            return []
        self.laundry = []
        if self.poor is not None:
            self.pending = [s for s in self.seats_from(self.poor) if self.in_hand[s] and s != self.poor]
            self.phase = Phase.POVERTY
            self.current = self.pending[0]
            return []
        return self._start_play()

    def _keep(self) -> list[Event]:
        p = self.laundry.pop(0)
        return [{"event": "keep", "player": p}] + self._next_laundry()

    def _throw(self) -> list[Event]:
        p = self.laundry.pop(0)
        stock = self.stock
        thrown = self.hands[p]
        new = [stock.pop() for _ in range(HAND_SIZE)]
        self.hands[p] = new
        self.thrown[p] = thrown
        self.thrower = p
        self.exchanges[p] += 1
        self.pending = [s for s in self.seats_from(p) if s != p]
        self.phase = Phase.CHALLENGE
        self.current = self.pending[0]
        return [{"event": "exchange", "player": p, "thrown": codes(thrown), "cards": codes(new)}]

    def _pass(self) -> list[Event]:
        q = self.pending.pop(0)
        events: list[Event] = [{"event": "pass", "player": q}]
        if self.pending:
            self.current = self.pending[0]
            return events
        self.thrower = None
        return events + self._next_laundry()

    def _challenge(self) -> list[Event]:
        """TOE.4: the thrown hand is shown; a 7-10 in it costs the thrower, otherwise the challenger."""
        q = self.pending[0]
        t = self.thrower
        assert t is not None
        thrown = self.thrown[t]
        bluff = any(c.rank in HIGH_RANKS for c in thrown)
        loser = t if bluff else q
        if bluff:
            self.bluffs_shown[t] += 1
        else:
            self.honest_shown[t] += 1
        self.points[loser] += 1
        self.hand_points[loser] += 1
        self.shown[t] = True
        self.pending = []
        self.thrower = None
        event: Event = {
            "event": "challenge",
            "player": q,
            "thrower": t,
            "shown": codes(thrown),
            "bluff": bluff,
            "loser": loser,
            "points": 1,
            "total": self.points[loser],
        }
        return [event] + self._next_laundry()

