"""Hand-built positions for tests and lessons (RULEBOOK TOE.2-TOE.5, TOE.10, TOE.11, TOE.14 as their checks).

`State.from_position` sets a table up mid-rubber: the hands, points and eliminated seats
(TOE.2), either just dealt (the customs, poverty and dirty laundry then follow as after a
real deal: TOE.14, TOE.11, TOE.4) or in trick play with finished tricks, a trick under way,
a stake and folded players (TOE.5, TOE.8, TOE.10). A position the rules cannot reach is
refused with a `PositionError` whose message id is one of `POSITION_MESSAGES`.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from typing import Any, Self

from tutor.cards import Card
from tutor.games.base import Chance
from tutor.games.toepen.engine.actions import Phase
from tutor.games.toepen.engine.deck import (
    DECK,
    HAND_SIZE,
    TRICKS,
    card_from_code,
    power,
)
from tutor.games.toepen.engine.table import Table
from tutor.games.toepen.options import Options, check_players

#: Message ids of a PositionError (a hand-built position that cannot be).
POSITION_MESSAGES: tuple[str, ...] = (
    "position_card",  # card= is not a Toepen card
    "position_duplicate",  # card= is placed twice
    "position_seat",  # player= is not a seat (or not one that may be there)
    "position_hand_size",  # player=, size=, expected=
    "position_trick",  # the current trick is complete, or not led by its leader
)


class PositionError(ValueError):
    """A position given to `State.from_position` that the rules cannot reach; `message` is a message id."""

    def __init__(self, message: str, **params: Any) -> None:
        super().__init__(f"{message} {params}")
        self.message = message
        self.params = params


class Positions(Table):
    """`from_position`, the one way into a rubber that does not start with a deal; `State` inherits it."""

    @classmethod
    def from_position(
        cls,
        hands: Sequence[str | Sequence[str | Card]],
        *,
        dealer: int = 0,
        options: Options | None = None,
        points: Sequence[int] | None = None,
        eliminated: Iterable[int] = (),
        laundry: bool = False,
        stock: str | Sequence[str | Card] | None = None,
        stake: int = 1,
        last_knocker: int | None = None,
        folded: Iterable[int] = (),
        tricks: Sequence[Sequence[tuple[int, str | Card]]] = (),
        tricks_done: int | None = None,
        trick: Sequence[tuple[int, str | Card]] = (),
        leader: int | None = None,
        thrown: Mapping[int, str | Sequence[str | Card]] | None = None,
        shown: Iterable[int] = (),
        chance: Chance | None = None,
    ) -> Self:
        """A hand-built position, for tests and lessons; raises PositionError if it cannot be.

        `hands` gives each seat's cards (codes, as a list or one string `"10H 9H AS"`); an
        eliminated seat (`end=last-survivor`) holds none. With `laundry=True` the hand has
        just been dealt: customs and poverty follow from the hands and `points` (their
        events are in `opening`) and the dirty laundry starts from the dealer's left.
        Otherwise trick play is under way: `tricks` are the finished tricks of this hand as
        (seat, card) pairs in the order played (`tricks_done` may count more when the earlier
        ones are not spelled out: they stand in `tricks` as empty lists, their winners as -1;
        their cards are in the stock), `trick` is the current one so far (its first seat led it),
        `leader` who leads when it is empty, and `stake`, `last_knocker` and `folded` the
        state of the knocking; `thrown` the hands thrown in this hand's dirty laundry, by seat
        (four cards each, out of play), and `shown` the seats whose thrown hand a challenge
        showed (TOE.4). Cards not placed anywhere are the stock (`stock`, top card first, places
        some of them in that order on top). The player to act is whoever plays next to the trick.
        """
        n = len(hands)
        state = cls.__new__(cls)
        state.options = options or Options()
        check_players(state.options, n)
        state.players = n
        state.limit = state.options.limit
        state.chance = chance or Chance(random.Random(0))
        state.points = list(points) if points is not None else [0] * n
        if len(state.points) != n:
            raise PositionError("position_seat", player=len(state.points))
        state.active = [True] * n
        state.losers = []
        state.winners = []
        for s in eliminated:
            _check_seat(s, n)
            state.active[s] = False
            state.losers.append(s)
        state.hand_number = 1
        state.hand_winners = []
        state.log = []
        state._reset_rubber_counts()
        _check_seat(dealer, n)
        if not state.active[dealer]:
            raise PositionError("position_seat", player=dealer)
        state.dealt = [1 if a else 0 for a in state.active]
        state._reset_hand(dealer)
        seen: set[Card] = set()

        def take(items: str | Sequence[str | Card]) -> list[Card]:
            out = []
            for item in items.split() if isinstance(items, str) else items:
                card = item if isinstance(item, Card) else card_from_code(str(item))
                if card is None or card not in DECK:
                    raise PositionError("position_card", card=str(item))
                if card in seen:
                    raise PositionError("position_duplicate", card=card.code)
                seen.add(card)
                out.append(card)
            return out

        state.hands = [take(h) for h in hands]
        for s in range(n):
            if not state.active[s] and state.hands[s]:
                raise PositionError("position_hand_size", player=s, size=len(state.hands[s]), expected=0)
        if laundry:
            for s in range(n):
                if state.active[s] and len(state.hands[s]) != HAND_SIZE:
                    raise PositionError("position_hand_size", player=s, size=len(state.hands[s]), expected=HAND_SIZE)
            state.stock = _rest_as_stock(state, take(stock or ()), seen)
            state.opening = state._open_hand()
            state.log = list(state.opening)
            return state

        state.tricks = []
        for done in tricks:
            cards = [(s, c) for s, c in ((_check_seat(s, n), take([c])[0]) for s, c in done)]
            if not cards:
                raise PositionError("position_trick")
            state.tricks.append(cards)
            led = cards[0][1].suit
            state.trick_winners.append(max((x for x in cards if x[1].suit == led), key=lambda x: power(x[1]))[0])
        count = len(state.tricks) if tricks_done is None else tricks_done
        if not len(state.tricks) <= count < TRICKS:
            raise PositionError("position_trick")
        if count > len(state.tricks):  # earlier tricks not spelled out
            state.tricks = [[] for _ in range(count - len(state.tricks))] + state.tricks
            state.trick_winners = [-1] * (count - len(state.trick_winners)) + state.trick_winners
        state.trick = [(_check_seat(s, n), take([c])[0]) for s, c in trick]
        for s, cards in (thrown or {}).items():
            _check_seat(s, n)
            state.thrown[s] = take(cards)
            if len(state.thrown[s]) != HAND_SIZE:
                raise PositionError("position_hand_size", player=s, size=len(state.thrown[s]), expected=HAND_SIZE)
            state.exchanges[s] += 1
        for s in shown:
            _check_seat(s, n)
            if not state.thrown[s]:
                raise PositionError("position_seat", player=s)
            state.shown[s] = True
        for s in folded:
            _check_seat(s, n)
            state.in_hand[s] = False
        for s, _ in state.trick:
            if state._played[s] or not state.active[s]:
                raise PositionError("position_trick")
            state._played[s] = True
        state.led_suit = state.trick[0][1].suit if state.trick else None
        if state.trick:
            state.leader = state.trick[0][0]
        elif leader is not None:
            state.leader = _check_seat(leader, n)
        else:
            state.leader = state.seats_from(dealer)[0]
        if not state.in_hand[state.leader] and not state.trick:
            state.leader = state._next_in_hand(state.leader)
        for s in range(n):
            if not state.in_hand[s]:
                continue
            expected = HAND_SIZE - count - (1 if state._played[s] else 0)
            if len(state.hands[s]) != expected:
                raise PositionError("position_hand_size", player=s, size=len(state.hands[s]), expected=expected)
        if sum(state.in_hand) < 2:
            raise PositionError("position_seat", player=next(s for s in range(n) if state.in_hand[s]))
        state.stake = stake
        if last_knocker is not None:
            _check_seat(last_knocker, n)
            if not state.in_hand[last_knocker]:
                raise PositionError("position_seat", player=last_knocker)
        state.last_knocker = last_knocker
        state.knocks = max(0, stake - 1)
        state.stock = _rest_as_stock(state, take(stock or ()), seen)
        state.phase = Phase.PLAY
        nxt = state._next_to_play()
        if nxt is None:
            raise PositionError("position_trick")
        state.current = nxt
        state.opening = []
        return state


def _check_seat(seat: int, players: int) -> int:
    if not (isinstance(seat, int) and 0 <= seat < players):
        raise PositionError("position_seat", player=seat)
    return seat


def _rest_as_stock(state: Table, top: list[Card], seen: set[Card]) -> list[Card]:
    """The stock of a built position: `top` (top card first) above the unplaced cards, shuffled."""
    rest = state.chance.shuffle([c for c in DECK if c not in seen])
    return (top + rest)[::-1]

