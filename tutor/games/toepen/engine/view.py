"""What one seat can see of the table (RULEBOOK TOE.4: thrown hands stay face down unless shown).

`View` is the observer of OpenSpiel's habit: a bot, the coach or the screen of a seat gets
its own hand and thrown hand, the table (points, stake, knocks, tricks), and the thrown hands
a challenge showed (TOE.4) -- never the other hands or the stock. `State.view(player)` makes one.
"""

from __future__ import annotations

from dataclasses import dataclass

from tutor.cards import Card
from tutor.games.toepen.engine.actions import Phase
from tutor.games.toepen.engine.legality import Legality


@dataclass(frozen=True)
class View:
    """One seat's view of the table: other hands, the stock and unshown thrown hands are hidden."""

    player: int
    players: int
    hand_number: int
    dealer: int
    phase: Phase
    current: int | None
    hand: tuple[Card, ...]
    hand_sizes: tuple[int, ...]
    stock_size: int
    threw: tuple[bool, ...]  # who threw in this hand (TOE.4)
    thrown: tuple[tuple[Card, ...] | None, ...]  # thrown hands this seat has seen (its own, or shown)
    points: tuple[int, ...]
    limit: int
    active: tuple[bool, ...]
    in_hand: tuple[bool, ...]
    stake: int
    last_knocker: int | None
    poor: int | None
    pending: tuple[int, ...]
    knockers: tuple[int, ...]
    leader: int
    led_suit: str | None
    trick: tuple[tuple[int, Card], ...]
    tricks: tuple[tuple[tuple[int, Card], ...], ...]
    trick_winners: tuple[int, ...]

    @property
    def tricks_done(self) -> int:
        return len(self.tricks)


def seat_view(state: Legality, player: int) -> View:
    """What `player` can see: their own hand (and thrown hand), the table, and shown hands."""
    thrown = tuple(
        tuple(h) if h and (s == player or state.shown[s]) else None for s, h in enumerate(state.thrown)
    )
    return View(
        player=player,
        players=state.players,
        hand_number=state.hand_number,
        dealer=state.dealer,
        phase=state.phase,
        current=state.current_player,
        hand=tuple(state.hands[player]),
        hand_sizes=tuple(len(h) for h in state.hands),
        stock_size=len(state.stock),
        threw=tuple(bool(h) for h in state.thrown),
        thrown=thrown,
        points=tuple(state.points),
        limit=state.limit,
        active=tuple(state.active),
        in_hand=tuple(state.in_hand),
        stake=state.stake,
        last_knocker=state.last_knocker,
        poor=state.poor,
        pending=tuple(state.pending),
        knockers=tuple(state.knockers()),
        leader=state.leader,
        led_suit=state.led_suit,
        trick=tuple(state.trick),
        tricks=tuple(tuple(t) for t in state.tricks),
        trick_winners=tuple(state.trick_winners),
    )
