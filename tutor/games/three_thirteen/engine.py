"""The rules of Three Thirteen (RULEBOOK TT.1-TT.14) as a state machine.

Two to eight players use one 52-card deck per two players (TT.1); identical cards from
different decks are distinct physical cards (`Card.copy`). A game has eleven rounds: in
round r everyone is dealt n = r + 2 cards and the rank n is wild (TT.3). The first dealer
is random and the deal passes left (TT.4); the rest of the cards are the stock, whose top
card is turned up to start the discard pile.

A turn is a draw, from the stock or the top of the discard pile, then a discard (TT.5); a
card just taken from the discard pile may not go straight back. A player whose cards after
the draw, less one, all fit into melds may go out with that last card as the discard
(TT.8). Everyone else then takes exactly one more turn (TT.9), and may meld everything
too. Each hand is scored by the solver's best arrangement (TT.10), totals add up over the
rounds, and the lowest total wins (TT.11). An empty stock is refilled from the discard
pile, less its top card, shuffled (TT.12). The options are in `options.py`; with
`no_early_out` (TT.14) nobody may go out during their own first turn of a round, so the
first go-out comes once every player has finished a turn.

Randomness comes only through a `Chance` (a seeded `random.Random`, or the orders a record
wrote down), so a seed or a record reproduces a game exactly.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace
from enum import Enum
from typing import Any

from tutor.cards import Card, codes, make_decks, parse_code
from tutor.games.base import Chance, Event, IllegalAction, OptionError, Rules
from tutor.games.three_thirteen import solver
from tutor.games.three_thirteen.options import (
    ROUNDS,
    Options,
    check_players,
    parse_options,
)

__all__ = [
    "ANY_COPY",
    "ROUNDS",
    "Action",
    "Chance",
    "Discard",
    "Draw",
    "GoOut",
    "Options",
    "Phase",
    "State",
    "View",
    "arrangement_record",
    "parse_options",
    "wild_rank",
]

SOURCES = ("stock", "discard")

#: The `copy` of a card named by its code alone (a network player's move: a client sees codes,
#: not decks). The engine then takes the card of that code in the hand that `find_card` picks.
ANY_COPY = -1


@dataclass(frozen=True)
class Draw:
    """Draw the top card of the stock or of the discard pile (TT.5)."""

    source: str
    player: int | None = None  # who means to act; None: whoever's turn it is


@dataclass(frozen=True)
class Discard:
    """Discard `card` face up, ending the turn (TT.5)."""

    card: Card
    player: int | None = None


@dataclass(frozen=True)
class GoOut:
    """Show every other card in melds and discard `card` (TT.8)."""

    card: Card
    player: int | None = None


Action = Draw | Discard | GoOut


class Phase(Enum):
    DRAW = "draw"
    DISCARD = "discard"
    OVER = "over"


def wild_rank(round_number: int) -> int:
    """TT.3: the rank that is wild in a round is its hand size, r + 2."""
    return round_number + 2


def arrangement_record(arrangement: solver.Arrangement) -> dict[str, Any]:
    return {
        "melds": [codes(m) for m in arrangement.melds],
        "deadwood": codes(arrangement.deadwood),
        "penalty": arrangement.penalty,
    }


class State(Rules):
    """One game of Three Thirteen, from the first deal to the final totals."""

    def __init__(
        self,
        players: int,
        options: Options | None = None,
        chance: Chance | None = None,
        first_round: int = 1,
    ) -> None:
        """`first_round` > 1 starts at a later round (a drill of the long hands); totals start at 0."""
        self.options = options or Options()
        check_players(self.options, players)
        if not 1 <= first_round <= ROUNDS:
            raise OptionError("option_bad_value", key="first_round", value=str(first_round), allowed=f"1-{ROUNDS}")
        self.players = players
        self.rules = self.options.meld_rules
        self.chance = chance or Chance(random.Random())
        self.deck: list[Card] = make_decks(self.options.deck_count(players))
        self.totals = [0] * players
        self.history: list[list[int]] = []  # each finished round's penalties
        self.round = 0
        self.first_dealer = self.chance.dealer(players)
        self.dealer = self.first_dealer
        self.current = 0
        self.phase = Phase.DRAW
        self.hands: list[list[Card]] = [[] for _ in range(players)]
        self.stock: list[Card] = []  # the top card is stock[-1]
        self.discard: list[Card] = []  # the top card is discard[-1]
        self.taken: Card | None = None  # the card just taken from the discard pile (TT.5)
        self.turn = 0  # turns begun this round, the current one included
        self.out: int | None = None  # who went out this round (TT.8)
        self.last_turns = 0  # turns still owed after someone went out (TT.9)
        self.log: list[Event] = []  # every event of the current round, in order
        self.winners: list[int] = []
        self._discards: dict[int, Discard] = {}  # the Discard action of each card, by id()
        self.opening: list[Event] = self._start_round(first_round)

    # ----------------------------------------------------------------- queries

    @property
    def wild(self) -> int:
        return wild_rank(self.round)

    @property
    def hand_size(self) -> int:
        return wild_rank(self.round)

    @property
    def current_player(self) -> int | None:
        return None if self.phase is Phase.OVER else self.current

    @property
    def is_over(self) -> bool:
        return self.phase is Phase.OVER

    @property
    def top_discard(self) -> Card | None:
        return self.discard[-1] if self.discard else None

    @property
    def first_turns(self) -> bool:
        """TT.14 option: True while some player has not yet finished a turn this round."""
        return self.turn <= self.players

    def stock_drawable(self) -> bool:
        """The stock has a card, or the discard pile holds more than its top card to refill it (TT.12)."""
        return bool(self.stock) or len(self.discard) > 1

    def out_cards(self, player: int | None = None) -> list[Card]:
        """The cards `player` (after drawing) may go out with: the rest is all melds (TT.8)."""
        p = self.current if player is None else player
        if self.phase is not Phase.DISCARD or p != self.current:
            return []
        if self.options.no_early_out and self.first_turns:
            return []
        hand = self.hands[p]
        outs = solver.can_go_out(hand, self.wild, self.rules)
        if not outs:
            return []
        ok = {(c.rank, c.suit) for c in outs}
        taken = self.taken
        return [c for c in hand if (c.rank, c.suit) in ok and (taken is None or c != taken)]

    def legal_actions(self) -> list[Action]:
        if self.phase is Phase.DRAW:
            if self.discard:
                return [_DRAW_STOCK, _DRAW_DISCARD] if self.stock_drawable() else [_DRAW_DISCARD]
            return [_DRAW_STOCK] if self.stock_drawable() else []
        if self.phase is Phase.DISCARD:
            hand = self.hands[self.current]
            taken = self.taken
            actions: list[Action] = [GoOut(c) for c in self.out_cards()]
            # Discard actions are immutable: each card keeps one (a new one per call cost
            # more than the rest of a turn).
            made = self._discards
            for c in hand:
                if taken is not None and c == taken:
                    continue
                action = made.get(id(c))
                if action is None or action.card is not c:
                    action = made[id(c)] = Discard(c)
                actions.append(action)
            return actions
        return []

    def find_card(self, code: str, player: int | None = None) -> Card | None:
        """A card named by `code` in any notation `parse_code` reads (`10H`, `kd`, `K♦`) in the
        player's hand, preferring one that may be discarded now."""
        parsed = parse_code(code)
        if parsed is None:
            return None
        code = Card(*parsed).code
        p = self.current if player is None else player
        matches = [c for c in self.hands[p] if c.code == code]
        if not matches:
            return None
        allowed = [c for c in matches if c != self.taken or p != self.current]
        return (allowed or matches)[0]

    def physical(self, action: Action) -> Action:
        """`action` with a card named by its code alone (copy `ANY_COPY`) replaced by the card of
        that code in the player's hand that `find_card` picks; any other action as it is."""
        if isinstance(action, (Discard, GoOut)) and getattr(action.card, "copy", None) == ANY_COPY:
            found = self.find_card(action.card.code, action.player)
            if found is not None:
                return replace(action, card=found)
        return action

    def verify(self, action: Action) -> None:
        """Raises IllegalAction, with the RULEBOOK clause, unless `action` is legal now."""
        action = self.physical(action)
        if self.phase is Phase.OVER:
            raise IllegalAction("TT.11", "game_over")
        p = self.current
        actor = getattr(action, "player", None)
        if actor is not None and actor != p:
            raise IllegalAction("TT.5", "not_your_turn", player=actor, current=p)
        if isinstance(action, Draw):
            if self.phase is not Phase.DRAW:
                raise IllegalAction("TT.5", "discard_first")
            if action.source not in SOURCES:
                raise IllegalAction("TT.5", "bad_source", source=str(action.source))
            if action.source == "discard" and not self.discard:
                raise IllegalAction("TT.5", "discard_empty")
            if action.source == "stock" and not self.stock_drawable():
                raise IllegalAction("TT.12", "stock_empty")
            return
        if isinstance(action, (Discard, GoOut)):
            if self.phase is not Phase.DISCARD:
                raise IllegalAction("TT.5", "draw_first")
            card = action.card
            if not _holds(self.hands[p], card):
                raise IllegalAction("TT.5", "not_in_hand", card=getattr(card, "code", str(card)))
            if self.taken is not None and card == self.taken:
                raise IllegalAction("TT.5", "just_drawn", card=card.code)
            if isinstance(action, GoOut):
                if self.options.no_early_out and self.first_turns:
                    raise IllegalAction("TT.14", "no_early_out")
                rest = list(self.hands[p])
                rest.remove(card)
                arrangement = solver.solve(rest, self.wild, self.rules)
                if arrangement.penalty != 0:
                    raise IllegalAction(
                        "TT.8", "cannot_go_out", card=card.code, penalty=arrangement.penalty,
                        deadwood=codes(arrangement.deadwood),
                    )
            return
        raise IllegalAction("TT.5", "not_an_action")

    # ------------------------------------------------------------------ moves

    def apply(self, action: Action) -> list[Event]:
        """Carries out a legal action and returns what happened, as record events."""
        action = self.physical(action)
        self.verify(action)
        if isinstance(action, Draw):
            events = self._draw(action.source)
        elif isinstance(action, GoOut):
            events = self._discard(action.card, going_out=True)
        else:
            events = self._discard(action.card, going_out=False)
        return events

    def _emit(self, events: list[Event]) -> list[Event]:
        self.log.extend(events)
        return events

    def _draw(self, source: str) -> list[Event]:
        p = self.current
        events: list[Event] = []
        if source == "stock":
            if not self.stock:
                events.append(self._recycle())
            card = self.stock.pop()
            self.taken = None
        else:
            card = self.discard.pop()
            self.taken = card
        self.hands[p].append(card)
        self.phase = Phase.DISCARD
        events.append({"event": "draw", "player": p, "from": source, "card": card.code})
        return self._emit(events)

    def _recycle(self) -> Event:
        """TT.12: the top discard stays; the rest of the pile, shuffled, is the new stock."""
        top = self.discard.pop()
        order = self.chance.shuffle(self.discard)
        self.stock = order[::-1]
        self.discard = [top]
        return {"event": "recycle", "stock": codes(order), "top": top.code}

    def _discard(self, card: Card, going_out: bool) -> list[Event]:
        p = self.current
        hand = self.hands[p]
        _remove(hand, card)
        self.discard.append(card)
        self.taken = None
        if going_out:
            melds = solver.solve(hand, self.wild, self.rules).melds
            event: Event = {"event": "go_out", "player": p, "card": card.code, "melds": [codes(m) for m in melds]}
        else:
            event = {"event": "discard", "player": p, "card": card.code}
        self._emit([event])
        events = [event]
        if self.out is not None:
            self.last_turns -= 1
        elif going_out:
            self.out = p
            self.last_turns = self.players - 1  # TT.9
        if self.out is not None and self.last_turns == 0:
            return events + self._end_round()
        self.current = (p + 1) % self.players
        self.phase = Phase.DRAW
        self.turn += 1
        return events

    def _end_round(self) -> list[Event]:
        """TT.10-TT.11: score every hand by its best arrangement; after round 11 the game ends."""
        arrangements = [solver.solve(h, self.wild, self.rules) for h in self.hands]
        penalties = [0 if q == self.out else a.penalty for q, a in enumerate(arrangements)]
        for q, pts in enumerate(penalties):
            self.totals[q] += pts
        self.history.append(penalties)
        end: Event = {
            "event": "round_end",
            "round": self.round,
            "out": self.out,
            "penalties": penalties,
            "totals": list(self.totals),
            "arrangements": [arrangement_record(a) for a in arrangements],
        }
        self._emit([end])
        if self.round == ROUNDS:
            low = min(self.totals)
            self.winners = [q for q, t in enumerate(self.totals) if t == low]
            self.phase = Phase.OVER
            over: Event = {"event": "game_over", "totals": list(self.totals), "winners": list(self.winners)}
            self._emit([over])
            return [end, over]
        return [end] + self._start_round(self.round + 1)

    def _start_round(self, number: int) -> list[Event]:
        """TT.3-TT.4: gather and shuffle every card, deal n each from the dealer's left, turn one up."""
        self.round = number
        self.dealer = (self.first_dealer + len(self.history)) % self.players
        self.log = []
        order = self.chance.shuffle(self.deck)
        self.stock = order[::-1]
        self.hands = [[] for _ in range(self.players)]
        n = self.hand_size
        for _ in range(n):
            for i in range(1, self.players + 1):
                self.hands[(self.dealer + i) % self.players].append(self.stock.pop())
        self.discard = [self.stock.pop()]
        self.current = (self.dealer + 1) % self.players  # TT.5
        self.phase = Phase.DRAW
        self.taken = None
        self.turn = 1
        self.out = None
        self.last_turns = 0
        return self._emit([
            {"event": "round_start", "round": number, "wild": self.wild, "dealer": self.dealer},
            {"event": "shuffle", "stock": codes(order)},
            {"event": "deal", "hands": [codes(h) for h in self.hands], "up": self.discard[-1].code},
        ])

    # ------------------------------------------------------------------ views

    def view(self, player: int) -> View:
        """What `player` can see: their own hand, the discard pile, sizes and scores."""
        return View(
            player=player,
            players=self.players,
            round=self.round,
            wild=self.wild,
            dealer=self.dealer,
            hand=tuple(self.hands[player]),
            discard=tuple(self.discard),
            stock_size=len(self.stock),
            hand_sizes=tuple(len(h) for h in self.hands),
            current=self.current_player,
            phase=self.phase.value,
            taken=self.taken,  # public: everyone saw it leave the pile
            out=self.out,
            last_turn=self.out is not None and self.phase is not Phase.OVER,
            totals=tuple(self.totals),
        )


_DRAW_STOCK = Draw("stock")
_DRAW_DISCARD = Draw("discard")


def _holds(hand: list[Card], card: Card) -> bool:
    """`card in hand`, trying the card itself before comparing values."""
    for c in hand:
        if c is card:
            return True
    return card in hand


def _remove(hand: list[Card], card: Card) -> None:
    """`hand.remove(card)`, finding the card itself before comparing values."""
    for k, c in enumerate(hand):
        if c is card:
            del hand[k]
            return
    hand.remove(card)


@dataclass(frozen=True)
class View:
    player: int
    players: int
    round: int
    wild: int
    dealer: int
    hand: tuple[Card, ...]
    discard: tuple[Card, ...]
    stock_size: int
    hand_sizes: tuple[int, ...]
    current: int | None
    phase: str
    taken: Card | None
    out: int | None
    last_turn: bool
    totals: tuple[int, ...]
