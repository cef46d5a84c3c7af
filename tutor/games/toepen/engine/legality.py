"""Which moves are legal now, and why not (RULEBOOK TOE.2, TOE.4, TOE.5, TOE.7, TOE.8, TOE.10, TOE.11, TOE.12).

`verify` raises an `IllegalAction` carrying the clause and a message id from `MESSAGES` (the
narrator translates it); `can` (from `Rules`) is its yes/no face; `legal_actions` lists the
moves of the player to act and `knockers` every seat that may knock now (TOE.7, TOE.12:
not the last knocker, never past the limit). Nothing here changes the state.
"""

from __future__ import annotations

from tutor.cards import Card
from tutor.games.base import IllegalAction
from tutor.games.toepen.engine.actions import (
    Action,
    Challenge,
    Fold,
    Keep,
    Knock,
    Pass,
    Phase,
    Play,
    Stay,
    Throw,
)
from tutor.games.toepen.engine.deck import HAND_SIZE, card_from_code
from tutor.games.toepen.engine.table import Table

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

#: The clause that says whose turn it is, by phase.
_TURN_CLAUSE = {
    Phase.LAUNDRY: "TOE.4",
    Phase.CHALLENGE: "TOE.4",
    Phase.POVERTY: "TOE.11",
    Phase.PLAY: "TOE.5",
    Phase.ANSWER: "TOE.8",
}


class Legality(Table):
    """The checks and lists of legal moves; `State` inherits them."""

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

