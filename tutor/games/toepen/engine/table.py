"""The fields every room of the Toepen engine shares, and who is next (RULEBOOK TOE.2, TOE.5, TOE.10).

`Table` is the base of `State` (state.py) and of each room that `State` is built from
(legality.py, laundry.py, knocking.py, tricks.py, scoring.py, position.py): it lists the
fields of a rubber (points and who is still in, TOE.2) and of a hand, sets up a fresh hand,
and answers the seat-order questions every room asks: the seats in turn from someone's left,
the next player still in the hand (TOE.10), and who plays next to the trick (TOE.5).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tutor.cards import Card
from tutor.games.base import Chance, Event, Rules
from tutor.games.toepen.engine.actions import Phase
from tutor.games.toepen.options import Options


class Table(Rules):
    """The state of a rubber and of its current hand; the rooms add the moves."""

    # The rubber (set by State.__init__ or State.from_position).
    options: Options
    players: int
    limit: int
    chance: Chance
    points: list[int]  # penalty totals (TOE.2)
    active: list[bool]  # still in the rubber (False: lost, with end=last-survivor)
    losers: list[int]  # seats that have lost, in order
    winners: list[int]  # set when the rubber is over
    hand_number: int
    hand_winners: list[int]  # the winner of each finished hand
    log: list[Event]  # every event of the current hand
    opening: list[Event]  # what came before the first move: the first deal (a built position: customs, poverty)

    def _reset_rubber_counts(self) -> None:
        """Public dirty-laundry history of the rubber, per seat (what a player could count at the table)."""
        n = self.players
        self.dealt = [0] * n  # hands dealt to the seat
        self.exchanges = [0] * n  # hands it threw in (TOE.4)
        self.bluffs_shown = [0] * n  # its thrown hands shown holding a 7-10
        self.honest_shown = [0] * n  # its thrown hands shown holding only A K Q J

    def _reset_hand(self, dealer: int) -> None:
        n = self.players
        self.dealer = dealer
        self.phase = Phase.LAUNDRY
        self.current = 0
        self.hands: list[list[Card]] = [[] for _ in range(n)]
        self.stock: list[Card] = []  # the top card is stock[-1]
        self.thrown: list[list[Card]] = [[] for _ in range(n)]  # TOE.4: out of play until the next deal
        self.shown = [False] * n  # a thrown hand shown in a challenge
        self.in_hand = list(self.active)  # not folded (TOE.8)
        self.stake = 1  # TOE.6
        self.knocks = 0  # knocks this hand (poverty's opening stake is not one)
        self.last_knocker: int | None = None
        self.poor: int | None = None  # TOE.11
        self.pending: list[int] = []  # who still answers the knock, the poverty or the exchange
        self.thrower: int | None = None
        self.laundry: list[int] = []  # who still decides on dirty laundry, in turn
        self.leader = 0
        self.trick: list[tuple[int, Card]] = []  # the current trick, in the order played
        self.led_suit: str | None = None
        self.tricks: list[list[tuple[int, Card]]] = []  # the finished tricks of this hand
        self.trick_winners: list[int] = []
        self.hand_points = [0] * n  # points taken during this hand
        self._played = [False] * n  # who has played to the current trick

    # ----------------------------------------------------------------- queries

    @property
    def current_player(self) -> int | None:
        return None if self.phase is Phase.OVER else self.current

    @property
    def is_over(self) -> bool:
        return self.phase is Phase.OVER

    @property
    def tricks_done(self) -> int:
        return len(self.tricks)

    @property
    def poverty(self) -> bool:
        """TOE.11: this hand started at 2 for a poor player."""
        return self.poor is not None

    def seats_from(self, seat: int) -> list[int]:
        """The seats still in the rubber, in turn from `seat`'s left, `seat` (if active) last."""
        n = self.players
        active = self.active
        return [s for s in ((seat + i) % n for i in range(1, n + 1)) if active[s]]

    def _next_in_hand(self, seat: int) -> int:
        """The next player still in the hand on `seat`'s left (TOE.10)."""
        n = self.players
        in_hand = self.in_hand
        for i in range(1, n + 1):
            s = (seat + i) % n
            if in_hand[s]:
                return s
        raise AssertionError("nobody is in the hand")

    def _next_to_play(self) -> int | None:
        """Who plays next to the current trick: in turn, players still in who have not played yet."""
        n = self.players
        trick = self.trick
        start = (trick[-1][0] + 1) % n if trick else self.leader
        in_hand = self.in_hand
        played = self._played
        for i in range(n):
            s = (start + i) % n
            if in_hand[s] and not played[s]:
                return s
        return None

    if TYPE_CHECKING:  # The hand-offs between the rooms, each defined in the room named.

        def _deal(self, dealer: int) -> list[Event]: ...  # laundry.py (TOE.3)

        def _open_hand(self) -> list[Event]: ...  # laundry.py (TOE.14, TOE.11, TOE.4)

        def _start_play(self) -> list[Event]: ...  # tricks.py (TOE.5)

        def _finish_trick(self) -> list[Event]: ...  # tricks.py (TOE.5, TOE.10)

        def _end_hand(self, winner: int, all_folded: bool) -> list[Event]: ...  # scoring.py (TOE.13, TOE.2)
