"""The rules of Toepen (RULEBOOK TOE.1-TOE.14) as a state machine.

Toepen is a trick game with 32 cards (7 8 9 10 J Q K A; in every suit 10 is highest, then
9 8 7 A K Q J; no trumps, TOE.1) for 3-8 players (2 with an option). Players collect
penalty points; whoever reaches the limit (10 by default) has lost the rubber (TOE.2).

A hand: the dealer (random at first, afterwards the winner of the previous hand, TOE.3)
deals four cards each. In the dirty-laundry phase (TOE.4) each player in turn from the
dealer's left may throw in their four cards for four from the stock (`Throw`) or `Keep`
them; after a throw every other player in turn may `Challenge` it or `Pass`, and the
first challenge decides: the thrown hand is shown, and a 7, 8, 9 or 10 in it costs the
thrower a point, otherwise the challenger. Then four tricks are played (TOE.5): follow
suit if you can, the highest card of the suit led wins, its winner leads next, and the
winner of the fourth trick wins the hand.

The hand is worth 1 point (the stake, TOE.6). At every moment a card is about to be
played, any player still in the hand may `Knock` (TOE.7), raising the stake by one -- not
the player who knocked last, and never past the knock limit (TOE.12). Every other player
still in then answers in turn from the knocker's left (TOE.8): `Stay`, or `Fold` and take
the stake as it was before the knock. If all fold, the knocker wins at once (TOE.9).
Folded players play no more cards; a trick they win is led on by the next player still in
on their left, and the fourth trick goes to the players still in (TOE.10). A player one
point below the limit at the start of a hand is poor (TOE.11): they lead, the hand starts
at 2 as if they had knocked, and after the dirty laundry every other player answers with
`Stay` (play for 2) or `Fold` (leave for 1), the same actions as after a knock. With
several poor players the first from the dealer's left is the one who leads; the others
answer like everyone else (decided here). At the end every player still in, except the
winner, takes the stake (TOE.13). With the customs option, whistling and standing up are
announced right after the deal (TOE.14).

Not covered by the rulebook, decided here: with `end=last-survivor`, if the winner of a
hand has just been eliminated (a lost challenge), the next surviving player on their left
deals; if every remaining player reaches the limit in the same hand, the rubber ends with
no survivor (`winners` is empty).

The moves, as frozen dataclasses that all carry the acting `player` (None: whoever is to
act): `Throw`, `Keep` (TOE.4, phase LAUNDRY); `Challenge`, `Pass` (TOE.4, phase CHALLENGE);
`Play(card)` (TOE.5, phase PLAY); `Knock` (TOE.7, phase PLAY, any seat in `knockers()`);
`Stay`, `Fold` (TOE.8 in phase ANSWER, TOE.11 in phase POVERTY).

Randomness comes only through a `Chance` (a seeded `random.Random`, or the orders a record
wrote down), so a seed or a record reproduces a rubber exactly.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import Enum
from typing import Any

from tutor.cards import SUITS, Card, codes, parse_code
from tutor.games.base import Chance, Event, IllegalAction, Rules
from tutor.games.toepen.options import Options, check_players, parse_options

__all__ = [
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
    "codes",
    "parse_options",
    "power",
]

#: TOE.1: the ranks in play, from the highest to the lowest (rank 1 is the ace).
RANKS: tuple[int, ...] = (10, 9, 8, 7, 1, 13, 12, 11)
HAND_SIZE = 4
TRICKS = 4
#: TOE.4: a thrown hand with one of these ranks was a bluff.
HIGH_RANKS = frozenset((7, 8, 9, 10))

# The strength of a card within its suit, indexed by rank: J 0, Q 1, K 2, A 3, 7 4 ... 10 7.
_POWER: list[int] = [-1] * 14
for _i, _r in enumerate(RANKS):
    _POWER[_r] = len(RANKS) - 1 - _i

#: The 32 cards in a fixed order (suit by suit, highest first); a shuffle starts from it.
DECK: tuple[Card, ...] = tuple(Card(rank, suit) for suit in SUITS for rank in RANKS)
_BY_CODE: dict[str, Card] = {c.code: c for c in DECK}

#: Every message id an IllegalAction of this engine carries (the narrator translates each).
MESSAGES: tuple[str, ...] = (
    "rubber_over",  # TOE.2: the rubber has ended
    "no_such_seat",  # TOE.2: player=
    "eliminated",  # TOE.2: player= has lost and is out of the rubber
    "not_your_turn",  # player=, current=
    "not_an_action",
    "laundry_first",  # TOE.4: cards are played after the dirty laundry
    "laundry_over",  # TOE.4: throwing in is only before the first card
    "stock_short",  # TOE.4: stock=, need=
    "challenge_first",  # TOE.4: the exchange of player= is to be challenged or passed first
    "no_exchange",  # TOE.4: nothing to challenge
    "not_in_hand",  # TOE.5: card=
    "must_follow",  # TOE.5: suit=, card=
    "no_knock_laundry",  # TOE.7: nobody knocks in the dirty laundry
    "knocked_last",  # TOE.7: player= knocked last
    "answer_first",  # TOE.8: the knock of player= is still to be answered
    "no_knock",  # TOE.8: no knock to answer
    "knocker_cannot_fold",  # TOE.8 / TOE.11: player=
    "folded",  # TOE.10: player= has folded and plays no more
    "poverty_first",  # TOE.11: player=, everyone answers the poverty first
    "poor_cannot_knock",  # TOE.11: player= (the poor player) cannot knock next
    "knock_limit",  # TOE.12: points=, stake= (after the knock), limit=
)

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


def power(card: Card) -> int:
    """TOE.1: the card's strength within its suit, 0 (jack) to 7 (ten)."""
    return _POWER[card.rank]


def card_from_code(code: str) -> Card | None:
    """The Toepen card a code names (`10H`, `as`, `T♥`), or None."""
    card = _BY_CODE.get(code)
    if card is not None:
        return card
    parsed = parse_code(code)
    if parsed is None:
        return None
    return _BY_CODE.get(Card(*parsed).code)


# --------------------------------------------------------------------------- actions


@dataclass(frozen=True, slots=True)
class Throw:
    """TOE.4: throw in the four cards face down and take four new ones from the stock."""

    player: int | None = None


@dataclass(frozen=True, slots=True)
class Keep:
    """TOE.4: keep the hand dealt."""

    player: int | None = None


@dataclass(frozen=True, slots=True)
class Challenge:
    """TOE.4: challenge the hand just thrown in (it is shown)."""

    player: int | None = None


@dataclass(frozen=True, slots=True)
class Pass:
    """TOE.4: let the hand just thrown in go unchallenged."""

    player: int | None = None


@dataclass(frozen=True, slots=True)
class Play:
    """TOE.5: play `card` to the trick."""

    card: Card
    player: int | None = None


@dataclass(frozen=True, slots=True)
class Knock:
    """TOE.7: knock (toep), raising the stake by one; any seat in `knockers()` may."""

    player: int | None = None


@dataclass(frozen=True, slots=True)
class Stay:
    """TOE.8: stay in after a knock; TOE.11: play the poor player's hand for 2."""

    player: int | None = None


@dataclass(frozen=True, slots=True)
class Fold:
    """TOE.8: fold after a knock, taking the stake before it; TOE.11: leave a poor hand for 1."""

    player: int | None = None


Action = Throw | Keep | Challenge | Pass | Play | Knock | Stay | Fold


class Phase(Enum):
    LAUNDRY = "laundry"  # TOE.4: the player to act throws in or keeps
    CHALLENGE = "challenge"  # TOE.4: the player to act challenges the exchange or passes
    POVERTY = "poverty"  # TOE.11: the player to act plays for 2 or leaves for 1
    PLAY = "play"  # TOE.5: the player to act plays a card; anyone in `knockers()` may knock
    ANSWER = "answer"  # TOE.8: the player to act stays or folds
    OVER = "over"  # TOE.2: the rubber has ended


_TURN_CLAUSE = {
    Phase.LAUNDRY: "TOE.4",
    Phase.CHALLENGE: "TOE.4",
    Phase.POVERTY: "TOE.11",
    Phase.PLAY: "TOE.5",
    Phase.ANSWER: "TOE.8",
}
_CUSTOMS = {(10, 3): "whistle_must", (11, 3): "whistle_may", (10, 4): "stand_must", (11, 4): "stand_may"}


class State(Rules):
    """One rubber of Toepen, from the first deal to the loser."""

    def __init__(self, players: int, options: Options | None = None, chance: Chance | None = None) -> None:
        self.options = options or Options()
        check_players(self.options, players)
        self.players = players
        self.limit = self.options.limit
        self.chance = chance or Chance(random.Random())
        self.points = [0] * players  # penalty totals (TOE.2)
        self.active = [True] * players  # still in the rubber (False: lost, with end=last-survivor)
        self.losers: list[int] = []  # seats that have lost, in order
        self.winners: list[int] = []  # set when the rubber is over
        self.hand_number = 0
        self.hand_winners: list[int] = []  # the winner of each finished hand
        self.log: list[Event] = []  # every event of the current hand
        self._reset_rubber_counts()
        self._reset_hand(0)
        self.opening: list[Event] = self._deal(self.chance.dealer(players))

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

    def may_knock(self, seat: int) -> bool:
        """TOE.7, TOE.12: `seat` may knock now."""
        return (
            self.phase is Phase.PLAY
            and self.in_hand[seat]
            and seat != self.last_knocker
            and self.points[seat] + self.stake + 1 <= self.limit
        )

    def knockers(self) -> list[int]:
        """Every seat that may knock at this moment (TOE.7): only while a card is about to be played."""
        if self.phase is not Phase.PLAY:
            return []
        return [s for s in range(self.players) if self.may_knock(s)]

    def playable(self, seat: int | None = None) -> list[Card]:
        """TOE.5: the cards `seat` (default: the player to act) could play to the current trick."""
        hand = self.hands[self.current if seat is None else seat]
        led = self.led_suit
        if led is not None:
            follow = [c for c in hand if c.suit == led]
            if follow:
                return follow
        return list(hand)

    def legal_actions(self) -> list[Action]:
        """The actions of the player to act (`current_player`), Knock included when they may."""
        phase = self.phase
        p = self.current
        if phase is Phase.PLAY:
            hand = self.hands[p]
            led = self.led_suit
            cards = hand
            if led is not None:
                cards = [c for c in hand if c.suit == led] or hand
            actions: list[Action] = [Play(c, p) for c in cards]
            if p != self.last_knocker and self.points[p] + self.stake < self.limit:
                actions.append(Knock(p))
            return actions
        if phase is Phase.ANSWER or phase is Phase.POVERTY:
            return [Stay(p), Fold(p)]
        if phase is Phase.LAUNDRY:
            return [Throw(p), Keep(p)]
        if phase is Phase.CHALLENGE:
            return [Challenge(p), Pass(p)]
        return []

    def find_card(self, code: str, player: int | None = None) -> Card | None:
        """The card with this code in the player's hand (default: the player to act), or None."""
        card = card_from_code(code)
        hand = self.hands[self.current if player is None else player]
        return card if card is not None and card in hand else None

    def verify(self, action: Action) -> None:
        """Raises IllegalAction, with the RULEBOOK clause, unless `action` is legal now."""
        phase = self.phase
        if phase is Phase.OVER:
            raise IllegalAction("TOE.2", "rubber_over")
        kind = type(action)
        actor = getattr(action, "player", None)
        if actor is not None and not (isinstance(actor, int) and 0 <= actor < self.players):
            raise IllegalAction("TOE.2", "no_such_seat", player=actor)
        if kind is Knock:
            self._verify_knock(self.current if actor is None else actor)
            return
        p = self.current
        # First whether this kind of move fits the moment, then whose turn it is.
        if kind is Play:
            if phase is not Phase.PLAY:
                self._not_now()
        elif kind is Throw or kind is Keep:
            if phase is Phase.CHALLENGE:
                raise IllegalAction("TOE.4", "challenge_first", player=self.thrower)
            if phase is not Phase.LAUNDRY:
                if kind is Throw and len(self.stock) < HAND_SIZE and not self.tricks and not self.trick:
                    raise IllegalAction("TOE.4", "stock_short", stock=len(self.stock), need=HAND_SIZE)
                raise IllegalAction("TOE.4", "laundry_over")
        elif kind is Challenge or kind is Pass:
            if phase is not Phase.CHALLENGE:
                raise IllegalAction("TOE.4", "no_exchange")
        elif kind is Stay or kind is Fold:
            if phase is Phase.LAUNDRY or phase is Phase.CHALLENGE:
                raise IllegalAction("TOE.4", "laundry_first")
            if phase is not Phase.POVERTY and phase is not Phase.ANSWER:
                raise IllegalAction("TOE.8", "no_knock")
            if kind is Fold and actor is not None and actor == self.last_knocker:
                raise IllegalAction("TOE.11" if phase is Phase.POVERTY else "TOE.8", "knocker_cannot_fold", player=actor)
        else:
            raise IllegalAction("TOE.5", "not_an_action")
        if actor is not None and actor != p:
            if not self.active[actor]:
                raise IllegalAction("TOE.2", "eliminated", player=actor)
            if not self.in_hand[actor] and phase is Phase.PLAY:
                raise IllegalAction("TOE.10", "folded", player=actor)
            raise IllegalAction(_TURN_CLAUSE[phase], "not_your_turn", player=actor, current=p)
        if kind is Play:
            card = action.card  # type: ignore[union-attr]
            hand = self.hands[p]
            if card not in hand:
                raise IllegalAction("TOE.5", "not_in_hand", card=getattr(card, "code", str(card)))
            led = self.led_suit
            if led is not None and card.suit != led and any(c.suit == led for c in hand):
                raise IllegalAction("TOE.5", "must_follow", suit=led, card=card.code)
        elif kind is Throw and len(self.stock) < HAND_SIZE:
            raise IllegalAction("TOE.4", "stock_short", stock=len(self.stock), need=HAND_SIZE)

    def _not_now(self) -> None:
        """Why no card may be played now: the laundry, the poverty or a knock is not settled."""
        if self.phase is Phase.POVERTY:
            raise IllegalAction("TOE.11", "poverty_first", player=self.poor)
        if self.phase is Phase.ANSWER:
            raise IllegalAction("TOE.8", "answer_first", player=self.last_knocker)
        raise IllegalAction("TOE.4", "laundry_first")

    def _verify_knock(self, p: int) -> None:
        phase = self.phase
        if phase is Phase.LAUNDRY or phase is Phase.CHALLENGE:
            raise IllegalAction("TOE.7", "no_knock_laundry")
        if phase is not Phase.PLAY:
            self._not_now()
        if not self.active[p]:
            raise IllegalAction("TOE.2", "eliminated", player=p)
        if not self.in_hand[p]:
            raise IllegalAction("TOE.10", "folded", player=p)
        if p == self.last_knocker:
            if p == self.poor and self.knocks == 0:
                raise IllegalAction("TOE.11", "poor_cannot_knock", player=p)
            raise IllegalAction("TOE.7", "knocked_last", player=p)
        if self.points[p] + self.stake + 1 > self.limit:
            raise IllegalAction("TOE.12", "knock_limit", points=self.points[p], stake=self.stake + 1, limit=self.limit)

    # ------------------------------------------------------------------ moves

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

    # ---- the deal, customs, poverty and the dirty laundry (TOE.3, TOE.4, TOE.11, TOE.14)

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

    # ---- trick play, knocks and answers (TOE.5-TOE.10)

    def _start_play(self) -> list[Event]:
        self.phase = Phase.PLAY
        if not self.in_hand[self.leader]:
            self.leader = self._next_in_hand(self.leader)
        self.current = self.leader
        return []

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
            winner = max(follow, key=lambda x: _POWER[x[1].rank])[0] if follow else still[0][0]
        else:
            winner = max((x for x in trick if x[1].suit == led), key=lambda x: _POWER[x[1].rank])[0]
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

    # ---- the end of a hand and of the rubber (TOE.2, TOE.9, TOE.13)

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

    # ------------------------------------------------------------ positions

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
        chance: Chance | None = None,
    ) -> State:
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
        state of the knocking. Cards not placed anywhere are the stock (`stock`, top card
        first, places some of them in that order on top). The player to act is whoever plays
        next to the trick.
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
                if card is None or card not in _BY_CODE.values():
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

    # ------------------------------------------------------------------ views

    def view(self, player: int) -> View:
        """What `player` can see: their own hand (and thrown hand), the table, and shown hands."""
        thrown = tuple(
            tuple(h) if h and (s == player or self.shown[s]) else None for s, h in enumerate(self.thrown)
        )
        return View(
            player=player,
            players=self.players,
            hand_number=self.hand_number,
            dealer=self.dealer,
            phase=self.phase,
            current=self.current_player,
            hand=tuple(self.hands[player]),
            hand_sizes=tuple(len(h) for h in self.hands),
            stock_size=len(self.stock),
            threw=tuple(bool(h) for h in self.thrown),
            thrown=thrown,
            points=tuple(self.points),
            limit=self.limit,
            active=tuple(self.active),
            in_hand=tuple(self.in_hand),
            stake=self.stake,
            last_knocker=self.last_knocker,
            poor=self.poor,
            pending=tuple(self.pending),
            knockers=tuple(self.knockers()),
            leader=self.leader,
            led_suit=self.led_suit,
            trick=tuple(self.trick),
            tricks=tuple(tuple(t) for t in self.tricks),
            trick_winners=tuple(self.trick_winners),
        )


def _check_seat(seat: int, players: int) -> int:
    if not (isinstance(seat, int) and 0 <= seat < players):
        raise PositionError("position_seat", player=seat)
    return seat


def _rest_as_stock(state: State, top: list[Card], seen: set[Card]) -> list[Card]:
    """The stock of a built position: `top` (top card first) above the unplaced cards, shuffled."""
    rest = state.chance.shuffle([c for c in DECK if c not in seen])
    return (top + rest)[::-1]


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
