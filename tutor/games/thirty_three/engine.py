"""The rules of 33 (RULEBOOK 33.1-33.12) as a state machine.

Each player holds three cards. On your turn you play one card onto the discard pile,
choosing its value where it has two, and the running total changes by that value; you
say the new total and draw from the stock. No play may take the total above 33 (33.7);
a player whose every card would do so loses (33.8). An empty stock is refilled by
turning the discard pile over (33.9). In manual-draw mode players say the total and
draw themselves, and a player who forgets to draw can lose for it (33.10, 33.11).
After the game an optional forfeit draw picks who sets the loser a funny task (33.12).

Randomness comes only through a `Chance` (tutor.games.base) (a seeded `random.Random`, or the orders a
record wrote down), so a seed or a record reproduces a game exactly.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum

from tutor.games.base import Chance, Event, IllegalAction, Rules
from tutor.games.thirty_three.deck import (
    HAND_SIZE,
    LIMIT,
    LOWEST,
    VALUES,
    Options,
    check_can_end,
    check_players,
    deck_cards,
)


@dataclass(frozen=True)
class Play:
    """Play `card` for `value` (33.5)."""

    card: str
    value: int


@dataclass(frozen=True)
class Say:
    """Say the new total (33.11, manual-draw mode)."""

    total: int


@dataclass(frozen=True)
class Draw:
    """Draw a card: on one's own turn, or late, while still holding two (33.10)."""

    player: int | None = None


@dataclass(frozen=True)
class EndTurn:
    """End the turn without drawing (manual-draw mode; 33.10 makes it risky)."""


@dataclass(frozen=True)
class Pick:
    """Pick a card for the forfeit draw (33.12)."""

    card: str


@dataclass(frozen=True)
class SkipForfeit:
    """Skip the forfeit draw (33.12: it can be skipped)."""


Action = Play | Say | Draw | EndTurn | Pick | SkipForfeit


class Phase(Enum):
    PLAY = "play"
    SAY = "say"
    DRAW = "draw"
    PICK = "pick"
    OVER = "over"


class State(Rules):
    """One game of 33 from the deal to the end."""

    def __init__(self, players: int, options: Options | None = None, chance: Chance | None = None) -> None:
        self.options = options or Options()
        check_players(self.options.deck, players)
        check_can_end(self.options, players)
        self.players = players
        self.chance = chance or Chance(random.Random())
        self.total = 0
        self.pile: list[str] = []  # bottom first; the top card is pile[-1]
        self.hands: list[list[str]] = [[] for _ in range(players)]
        # What the whole table knows beyond the pile (33.9): after a flip-over the stock is the
        # old pile in the order it was played, so its order, and every card drawn from it, is
        # public; a shuffle makes it secret again.
        self.stock_public = False
        self.shown: list[list[str]] = [[] for _ in range(players)]  # drawn from a public stock, not yet played
        self.pending: list[int] = []  # players who ended a turn without drawing (33.10)
        self.picks: dict[int, str] = {}
        self.loser: int | None = None
        self.lose_rule: str | None = None
        self.phase = Phase.PLAY
        self.plays = 0
        self.dealer = self.chance.dealer(players)
        order = self.chance.shuffle(deck_cards(self.options.deck))
        self.stock: list[str] = order[::-1]  # the top card is stock[-1]
        self.opening: list[Event] = [{"event": "shuffle", "stock": order}]
        # 33.3: three cards each, one at a time, from the dealer's left.
        for _ in range(HAND_SIZE):
            for i in range(1, players + 1):
                self.hands[(self.dealer + i) % players].append(self.stock.pop())
        self.current = (self.dealer + 1) % players  # 33.4
        self.opening.append({"event": "deal", "dealer": self.dealer, "hands": [list(h) for h in self.hands]})

    # ----------------------------------------------------------------- queries

    @property
    def current_player(self) -> int | None:
        if self.phase is Phase.OVER:
            return None
        return self.current

    @property
    def is_over(self) -> bool:
        return self.phase is Phase.OVER

    def legal_plays(self, hand: Sequence[str] | None = None) -> list[Play]:
        """The plays that keep the total at or under 33 (33.7), one per distinct face and value."""
        hand = self.hands[self.current] if hand is None else hand
        total = self.total
        return [Play(c, v) for c in dict.fromkeys(hand) for v in VALUES[c] if total + v <= LIMIT]

    def has_legal_play(self, player: int) -> bool:
        return any(self.total + LOWEST[c] <= LIMIT for c in self.hands[player])

    def legal_actions(self) -> list[Action]:
        p = self.current
        if self.phase is Phase.PLAY:
            if p in self.pending:
                return [Draw(p)]
            return list(self.legal_plays())
        if self.phase is Phase.SAY:
            return [Say(self.total)]
        if self.phase is Phase.DRAW:
            return [Draw(), EndTurn()]
        if self.phase is Phase.PICK:
            taken = set(self.picks.values())
            return [Pick(f) for f, n in self.options.deck.items() if n and f not in taken] + [SkipForfeit()]
        return []

    def verify(self, action: Action) -> None:
        """Raises IllegalAction, with the clause, unless `action` is legal now."""
        if self.phase is Phase.OVER:
            raise IllegalAction("33.8", "game_over")
        if self.phase is Phase.PICK and not isinstance(action, (Pick, SkipForfeit)):
            raise IllegalAction("33.12", "not_now")
        p = self.current
        if isinstance(action, Draw) and action.player not in (None, p):
            if action.player not in self.pending or self.loser is not None:
                raise IllegalAction("33.5", "not_your_turn")
            return
        if isinstance(action, Play):
            self._verify_play(action)
        elif isinstance(action, Say):
            if self.phase is not Phase.SAY:
                raise IllegalAction("33.11", "not_now")
        elif isinstance(action, Draw):
            if not (self.phase is Phase.DRAW or (self.phase is Phase.PLAY and p in self.pending)):
                raise IllegalAction("33.5", "not_now")
        elif isinstance(action, EndTurn):
            if self.phase is not Phase.DRAW:
                raise IllegalAction("33.10", "not_now")
        elif isinstance(action, (Pick, SkipForfeit)):
            if self.phase is not Phase.PICK:
                raise IllegalAction("33.12", "not_now")
            if isinstance(action, Pick):
                if not self.options.deck.get(action.card):
                    raise IllegalAction("33.12", "forfeit_no_such_card", card=action.card)
                if action.card in self.picks.values():
                    raise IllegalAction("33.12", "forfeit_taken", card=action.card)
        else:
            raise IllegalAction("33.5", "not_now")

    def _verify_play(self, play: Play) -> None:
        p = self.current
        if self.phase is Phase.SAY:
            raise IllegalAction("33.11", "say_first")
        if self.phase is Phase.DRAW:
            raise IllegalAction("33.5", "draw_first")
        if self.phase is not Phase.PLAY:
            raise IllegalAction("33.12", "not_now")
        if p in self.pending:
            raise IllegalAction("33.10", "draw_first")
        hand = self.hands[p]
        if play.card not in hand:
            raise IllegalAction("33.5", "not_in_hand", card=play.card)
        values = VALUES[play.card]
        if play.value not in values:
            raise IllegalAction("33.1", "bad_value", card=play.card, value=play.value)
        if self.total + play.value > LIMIT:
            raise IllegalAction(
                "33.7", "over_limit", card=play.card, value=play.value,
                total=self.total, new_total=self.total + play.value,
            )

    # ------------------------------------------------------------------ moves

    def apply(self, action: Action) -> list[Event]:
        """Carries out a legal action and returns what happened, as record events."""
        self.verify(action)
        p = self.current
        if isinstance(action, Play):
            return self._play(action)
        if isinstance(action, Say):
            self.phase = Phase.DRAW
            said = action.total
            return [{"event": "say", "player": p, "said": said, "total": self.total, "correct": said == self.total}]
        if isinstance(action, Draw):
            who = p if action.player is None else action.player
            if who != p or self.phase is Phase.PLAY:
                return self._late_draw(who)
            events = self._draw(p)
            if self.loser is None:
                events += self._next_turn()
            return events
        if isinstance(action, EndTurn):
            self.pending.append(p)
            events: list[Event] = [{"event": "end_turn", "player": p}]
            return events + self._next_turn()
        if isinstance(action, Pick):
            return self._pick(action.card)
        assert isinstance(action, SkipForfeit)
        self.phase = Phase.OVER
        return [{"event": "forfeit_skip", "player": p}, self._game_over()]

    def _play(self, play: Play) -> list[Event]:
        p = self.current
        self.hands[p].remove(play.card)
        if play.card in self.shown[p]:
            self.shown[p].remove(play.card)  # copies are alike: a known card counts as played first
        self.pile.append(play.card)
        self.total += play.value
        self.plays += 1
        events: list[Event] = [
            {"event": "play", "player": p, "card": play.card, "value": play.value, "total": self.total}
        ]
        if self.options.manual_draw:
            self.phase = Phase.SAY
            return events
        events += self._draw(p)
        return events + self._next_turn()

    def _refill(self) -> Event:
        """33.9: the discard pile becomes the stock, turned over (or shuffled, as an option)."""
        shuffled = self.options.shuffle_recycle
        if shuffled:
            order = self.chance.shuffle(self.pile)
        else:
            order = list(self.pile)  # turned face down: the old bottom card is now on top
        self.stock = order[::-1]
        self.pile = []
        self.stock_public = not shuffled
        return {"event": "recycle", "shuffled": shuffled, "stock": order, "total": self.total}

    def _take(self, player: int) -> list[Event]:
        events: list[Event] = []
        if not self.stock:
            events.append(self._refill())
        card = self.stock.pop()
        self.hands[player].append(card)
        if self.stock_public:
            self.shown[player].append(card)
        events.append({"event": "draw", "player": player, "card": card, "from": "stock"})
        return events

    def _draw(self, player: int) -> list[Event]:
        """A player draws at the end of their own turn; 33.10 catches whoever forgot before."""
        events = self._take(player)
        late = [q for q in self.pending if q != player]
        if late:
            events += self._lose(late[0], "33.10")
        return events

    def _late_draw(self, player: int) -> list[Event]:
        self.pending.remove(player)
        events = self._take(player)
        if player == self.current and self.phase is Phase.PLAY:
            events += self._check_stuck()
        return events

    def _next_turn(self) -> list[Event]:
        self.current = (self.current + 1) % self.players
        self.phase = Phase.PLAY
        if self.current in self.pending:
            return []  # they must draw first (33.10); the check follows their draw
        return self._check_stuck()

    def _check_stuck(self) -> list[Event]:
        if self.has_legal_play(self.current):
            return []
        return self._lose(self.current, "33.8")

    def _lose(self, player: int, rule: str) -> list[Event]:
        self.loser = player
        self.lose_rule = rule
        events: list[Event] = [
            {"event": "lose", "player": player, "rule": rule, "total": self.total, "hand": list(self.hands[player])}
        ]
        if self.options.forfeit:
            self.phase = Phase.PICK
            self.current = (player + 1) % self.players  # picks go round from the loser's left
            return events
        self.phase = Phase.OVER
        return events + [self._game_over()]

    def _pick(self, card: str) -> list[Event]:
        p = self.current
        self.picks[p] = card
        events: list[Event] = [{"event": "forfeit_pick", "player": p, "card": card}]
        if len(self.picks) < self.players:
            self.current = (p + 1) % self.players
            return events
        mixed = self.chance.shuffle([self.picks[q] for q in range(self.players)])
        drawn = mixed[0]
        owner = next(q for q, c in self.picks.items() if c == drawn)
        self.phase = Phase.OVER
        events.append({"event": "forfeit_draw", "player": self.loser, "cards": mixed, "card": drawn, "owner": owner})
        return events + [self._game_over()]

    def _game_over(self) -> Event:
        return {"event": "game_over", "loser": self.loser, "rule": self.lose_rule, "plays": self.plays}

    # ------------------------------------------------------------------ views

    def view(self, player: int) -> View:
        """What `player` can see: their own hand, the table, and how many cards the others hold."""
        return View(
            player=player,
            hand=tuple(self.hands[player]),
            total=self.total,
            pile=tuple(self.pile),
            stock_size=len(self.stock),
            hand_sizes=tuple(len(h) for h in self.hands),
            current=self.current_player,
            players=self.players,
            deck=dict(self.options.deck),
            stock=tuple(self.stock) if self.stock_public else None,
            shown=tuple(tuple(h) if q != player else () for q, h in enumerate(self.shown)),
        )


@dataclass(frozen=True)
class View:
    player: int
    hand: tuple[str, ...]
    total: int
    pile: tuple[str, ...]
    stock_size: int
    hand_sizes: tuple[int, ...]
    current: int | None
    players: int
    deck: dict[str, int]
    stock: tuple[str, ...] | None = None  # the stock's order (top card last) when it is public (33.9)
    shown: tuple[tuple[str, ...], ...] = ()  # each other player's cards drawn from a public stock
