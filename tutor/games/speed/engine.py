"""The rules of 3-13 Speed (RULEBOOK SPD.1-SPD.10) as a state machine.

Two to twelve players share four 52-card decks (SPD.1). A game has eleven hands; in hand h
everyone holds N = h + 2 cards and the rank N is wild (SPD.2). Each hand starts from a full
shuffle into the middle: every seat takes N cards, then one more face up on its left, the
start of its own pile (SPD.3). Seats are numbered clockwise, so a seat's left neighbour is
the next seat: seat p draws from the pile of seat p - 1 (on p's right) and discards onto its
own pile, which seat p + 1 draws from.

Play is simultaneous and the engine is the caller. A hand is a chain of windows and cycles:

- a match window (before the first draw, SPD.5, and after every discard, SPD.7): every seat
  still playing says `Match` or `Pass`; a match is checked (SPD.9: a false call is refused
  with the reason and the seat may choose again; a late call is accepted);
- a cycle (SPD.6): on "draw" every seat chooses `Draw("middle")` or `Draw("pile")`; on
  "discard" every seat chooses a card. Nobody's choice is revealed until every seat has
  chosen: `apply` keeps it aside and reports nothing until the last one comes in.

After the first window with a match, the matchers' hands are frozen and everyone else plays
one last cycle with no window after it; then the hand is scored (SPD.8). When the middle runs
out, every pile but its top card is gathered and shuffled into a new middle (SPD.10).

Draws resolve in a fixed order: first every draw from a pile (each pile has one taker), then
the draws from the middle in seat order, the middle rebuilt whenever it is empty.

Events are record lines: `hand_start`, `shuffle`, `deal`, one `cycle` per cycle (its draws,
any rebuilt middle with its order, the revealed discards), `match` when a window has callers,
`hand_end`, and `game_over`.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum
from typing import Any

from tutor.cards import Card, codes, make_decks
from tutor.games.base import Chance, Event, IllegalAction, OptionError, Rules
from tutor.games.three_thirteen import solver

__all__ = [
    "HANDS",
    "MAX_PLAYERS",
    "MIN_PLAYERS",
    "Action",
    "Chance",
    "Discard",
    "Draw",
    "Match",
    "Pass",
    "Phase",
    "State",
    "View",
    "check_players",
    "hand_size",
    "parse_options",
]

MIN_PLAYERS = 2
MAX_PLAYERS = 12
DECKS = 4
HANDS = 11
SOURCES = ("middle", "pile")
RULES = solver.MeldRules()  # SPD.2 and SPD.4: aces low, any number of wilds, J Q K score 10


@dataclass(frozen=True)
class Draw:
    """Take the top card of the middle or of the pile on your right (SPD.6)."""

    player: int
    source: str


@dataclass(frozen=True)
class Discard:
    """Lay `card` face down as your discard; it is revealed with everyone's (SPD.6)."""

    player: int
    card: Card


@dataclass(frozen=True)
class Match:
    """Call "match": every card in hand is in a set (SPD.5, SPD.7, SPD.9)."""

    player: int


@dataclass(frozen=True)
class Pass:
    """Let a match window go by without calling."""

    player: int


Action = Draw | Discard | Match | Pass


class Phase(Enum):
    MATCH = "match"
    DRAW = "draw"
    DISCARD = "discard"
    OVER = "over"


def hand_size(hand: int) -> int:
    """SPD.2: hand h is played with N = h + 2 cards, and the rank N is wild."""
    return hand + 2


def check_players(players: int) -> None:
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise OptionError("players_range", players=players, low=MIN_PLAYERS, high=MAX_PLAYERS)


def parse_options(raw: dict[str, str]) -> dict[str, Any]:
    """3-13 Speed has no options: the RULEBOOK fixes its decks and scoring."""
    for key in raw:
        raise OptionError("option_unknown", key=key, allowed="-")
    return {}


def all_sets(hand: Sequence[Card], wild: int) -> bool:
    """SPD.4: every card of the hand sits in a set."""
    return solver.solve(hand, wild, RULES).penalty == 0


class State(Rules):
    """One game of 3-13 Speed, from the first shuffle to the final totals."""

    def __init__(self, players: int, chance: Chance | None = None, first_hand: int = 1) -> None:
        check_players(players)
        if not 1 <= first_hand <= HANDS:
            raise OptionError("option_bad_value", key="first_hand", value=str(first_hand), allowed=f"1-{HANDS}")
        self.players = players
        self.chance = chance or Chance(random.Random())
        self.deck = make_decks(DECKS)
        self.totals = [0] * players
        self.history: list[list[int]] = []
        self.hand = 0
        self.phase = Phase.MATCH
        self.hands: list[list[Card]] = [[] for _ in range(players)]
        self.piles: list[list[Card]] = [[] for _ in range(players)]  # seat p's own pile, top last
        self.middle: list[Card] = []  # top last
        self.cycle = 0  # cycles completed this hand
        self.pending: dict[int, Action] = {}  # choices made in this phase, not yet revealed
        self.matched: list[int] = []  # who matched (SPD.7); their hands are frozen
        self.last_cycle = False
        self.could_match: set[int] = set()  # seats that passed a window holding all sets (SPD.9)
        self.drawn: list[Card | None] = [None] * players  # the card each seat took this cycle
        self._cycle_draws: list[dict[str, Any]] = []  # this cycle's draws, for its event
        self._rebuilt: list[list[str]] = []  # the middles rebuilt this cycle (SPD.10)
        self.revealed: list[Card | None] = [None] * players  # the discards of the last cycle
        self.took: list[list[Card]] = [[] for _ in range(players)]  # taken from a pile this hand (public)
        self.holding: list[list[Card]] = [[] for _ in range(players)]  # taken from a pile, not yet discarded
        self.gathered: list[Card] | None = None  # the piles gathered into the middle last (SPD.10), public
        self.since: list[list[Card]] = [[] for _ in range(players)]  # each seat's middle draws since then
        self.winners: list[int] = []
        self.opening: list[Event] = self._start_hand(first_hand)

    # ----------------------------------------------------------------- queries

    @property
    def wild(self) -> int:
        return hand_size(self.hand)

    @property
    def size(self) -> int:
        return hand_size(self.hand)

    @property
    def is_over(self) -> bool:
        return self.phase is Phase.OVER

    @property
    def current_player(self) -> int | None:
        """Speed has no turns; the first seat still to choose (see `to_act`)."""
        waiting = self.to_act
        return waiting[0] if waiting else None

    @property
    def playing(self) -> list[int]:
        """The seats that take part in the cycles now: all but the frozen matchers."""
        return [p for p in range(self.players) if p not in self.matched]

    @property
    def to_act(self) -> list[int]:
        """The seats the caller is still waiting for in this phase."""
        if self.phase is Phase.OVER:
            return []
        return [p for p in self.playing if p not in self.pending]

    def right(self, player: int) -> int:
        """The seat on `player`'s right, whose pile `player` draws from."""
        return (player - 1) % self.players

    def left(self, player: int) -> int:
        """The seat on `player`'s left, who draws from `player`'s pile."""
        return (player + 1) % self.players

    def pile_top(self, player: int) -> Card | None:
        """The top of `player`'s own pile."""
        pile = self.piles[player]
        return pile[-1] if pile else None

    def right_top(self, player: int) -> Card | None:
        """The card `player` may take from the pile on their right."""
        return self.pile_top(self.right(player))

    def can_match(self, player: int) -> bool:
        return all_sets(self.hands[player], self.wild)

    def find_card(self, code: str, player: int) -> Card | None:
        """A card with this code in `player`'s hand."""
        for card in self.hands[player]:
            if card.code == code:
                return card
        return None

    def legal_actions(self, player: int | None = None) -> list[Action]:
        p = self.current_player if player is None else player
        if p is None or p not in self.to_act:
            return []
        if self.phase is Phase.MATCH:
            actions: list[Action] = [Pass(p)]
            if self.can_match(p):
                actions.insert(0, Match(p))
            return actions
        if self.phase is Phase.DRAW:
            actions = [Draw(p, "middle")]
            if self.piles[self.right(p)]:
                actions.append(Draw(p, "pile"))
            return actions
        seen: set[Card] = set()
        out: list[Action] = []
        for card in self.hands[p]:
            if card not in seen:
                seen.add(card)
                out.append(Discard(p, card))
        return out

    def verify(self, action: Action) -> None:
        """Raises IllegalAction, with the RULEBOOK clause, unless `action` is legal now."""
        if self.phase is Phase.OVER:
            raise IllegalAction("SPD.8", "game_over")
        p = getattr(action, "player", None)
        if not isinstance(p, int) or not 0 <= p < self.players:
            raise IllegalAction("SPD.6", "not_an_action")
        if p in self.matched:
            raise IllegalAction("SPD.7", "frozen", player=p)
        if p in self.pending:
            raise IllegalAction("SPD.6", "already_chosen", player=p)
        phase = self.phase
        if isinstance(action, (Match, Pass)):
            if phase is not Phase.MATCH:
                # A match is called right after "discard" or before the first "draw" (SPD.5, SPD.7).
                raise IllegalAction("SPD.7", "no_window", call=phase.value)
            if isinstance(action, Match):
                arrangement = solver.solve(self.hands[p], self.wild, RULES)
                if arrangement.penalty:
                    raise IllegalAction("SPD.9", "false_match", penalty=arrangement.penalty,
                                        deadwood=codes(arrangement.deadwood))
            return
        if isinstance(action, Draw):
            if phase is not Phase.DRAW:
                raise IllegalAction("SPD.6", "not_draw_call", call=phase.value)
            if action.source not in SOURCES:
                raise IllegalAction("SPD.6", "bad_source", source=str(action.source))
            if action.source == "pile" and not self.piles[self.right(p)]:
                raise IllegalAction("SPD.6", "pile_empty")
            return
        if isinstance(action, Discard):
            if phase is not Phase.DISCARD:
                raise IllegalAction("SPD.6", "not_discard_call", call=phase.value)
            if not isinstance(action.card, Card) or self.find_card(action.card.code, p) is None:
                raise IllegalAction("SPD.6", "not_in_hand", card=getattr(action.card, "code", str(action.card)))
            return
        raise IllegalAction("SPD.6", "not_an_action")

    # ------------------------------------------------------------------ moves

    def apply(self, action: Action) -> list[Event]:
        """Takes one seat's choice; when the caller has every choice of the phase, reveals them."""
        self.verify(action)
        if isinstance(action, Discard) and action.card not in self.hands[action.player]:
            # Copies are alike (SPD.1): a discard named by its code stands for the copy held.
            action = Discard(action.player, self.find_card(action.card.code, action.player))  # type: ignore[arg-type]
        self.pending[action.player] = action
        if self.to_act:
            return []
        chosen, self.pending = self.pending, {}
        if self.phase is Phase.MATCH:
            return self._close_window(chosen)
        if self.phase is Phase.DRAW:
            self._draws(chosen)
            return []
        return self._discards(chosen)

    def _close_window(self, chosen: dict[int, Action]) -> list[Event]:
        callers = sorted(p for p, a in chosen.items() if isinstance(a, Match))
        if not callers:
            self.could_match.update(p for p in chosen if self.can_match(p))
            self.phase = Phase.DRAW
            return []
        late = [p for p in callers if p in self.could_match]
        self.matched = callers
        self.last_cycle = True
        event: Event = {
            "event": "match",
            "hand": self.hand,
            "cycle": self.cycle,
            "players": callers,
            "late": late,
            "melds": [[codes(m) for m in solver.solve(self.hands[p], self.wild, RULES).melds] for p in callers],
        }
        if not self.playing:  # everyone matched at once: nobody is left for a last cycle
            return [event] + self._end_hand()
        self.phase = Phase.DRAW
        return [event]

    def begin_discards(self) -> None:
        """The discard phase of this cycle, as if every seat still playing had just drawn the
        last card of its hand from the middle: for a table laid out by hand (a lesson or a drill
        position), whose hands already hold the drawn card."""
        playing = [p for p in range(self.players) if p not in self.matched]
        self.drawn = [self.hands[p][-1] if p in playing else None for p in range(self.players)]
        self._cycle_draws = [{"player": p, "from": "middle", "card": self.hands[p][-1].code} for p in playing]
        self._rebuilt = []
        self.pending = {}
        self.phase = Phase.DISCARD

    def _draws(self, chosen: dict[int, Action]) -> None:
        self._cycle_draws = []
        self._rebuilt = []
        taken: dict[int, tuple[str, Card]] = {}
        for p, action in chosen.items():
            assert isinstance(action, Draw)
            if action.source == "pile":
                taken[p] = ("pile", self.piles[self.right(p)].pop())
        for p in sorted(chosen):
            if p in taken:
                continue
            if not self.middle:
                self._rebuild()
            taken[p] = ("middle", self.middle.pop())
            if self.gathered is not None:
                self.since[p].append(taken[p][1])
        for p in sorted(taken):
            source, card = taken[p]
            self.hands[p].append(card)
            self.drawn[p] = card
            if source == "pile":
                self.took[p].append(card)
                self.holding[p].append(card)
            self._cycle_draws.append({"player": p, "from": source, "card": card.code})
        self.phase = Phase.DISCARD

    def _rebuild(self) -> None:
        """SPD.10: every pile but its top card, gathered and shuffled, is the new middle."""
        gathered: list[Card] = []
        for pile in self.piles:
            if len(pile) > 1:
                gathered += pile[:-1]
                del pile[:-1]
        order = self.chance.shuffle(gathered)
        self.middle = order[::-1]
        self.gathered = list(gathered)
        self.since = [[] for _ in range(self.players)]
        self._rebuilt.append(codes(order))

    def _discards(self, chosen: dict[int, Action]) -> list[Event]:
        self.revealed = [None] * self.players
        for p in sorted(chosen):
            action = chosen[p]
            assert isinstance(action, Discard)
            self.hands[p].remove(action.card)
            self.piles[p].append(action.card)
            self.revealed[p] = action.card
            held = self.holding[p]
            code = action.card.code
            same = next((i for i, c in enumerate(held) if c.code == code), None)
            if same is not None:
                del held[same]  # copies are alike: a known card counts as thrown first
        self.cycle += 1
        event: Event = {
            "event": "cycle",
            "hand": self.hand,
            "cycle": self.cycle,
            "draws": self._cycle_draws,
            "discards": [c.code if c else None for c in self.revealed],
        }
        if self._rebuilt:
            event["rebuilt"] = self._rebuilt
        if self.last_cycle:
            return [event] + self._end_hand()
        self.phase = Phase.MATCH
        return [event]

    def _end_hand(self) -> list[Event]:
        """SPD.8: matchers score 0; everyone else their best arrangement's unmatched cards."""
        arrangements = [solver.solve(h, self.wild, RULES) for h in self.hands]
        penalties = [0 if p in self.matched else a.penalty for p, a in enumerate(arrangements)]
        for p, points in enumerate(penalties):
            self.totals[p] += points
        self.history.append(penalties)
        end: Event = {
            "event": "hand_end",
            "hand": self.hand,
            "matched": list(self.matched),
            "penalties": penalties,
            "totals": list(self.totals),
            "arrangements": [
                {"melds": [codes(m) for m in a.melds], "deadwood": codes(a.deadwood), "penalty": a.penalty}
                for a in arrangements
            ],
        }
        if self.hand == HANDS:
            low = min(self.totals)
            self.winners = [p for p, t in enumerate(self.totals) if t == low]
            self.phase = Phase.OVER
            return [end, {"event": "game_over", "totals": list(self.totals), "winners": list(self.winners)}]
        return [end] + self._start_hand(self.hand + 1)

    def _start_hand(self, number: int) -> list[Event]:
        """SPD.3: shuffle every card into the middle; each seat takes N cards, then one face up on its left."""
        self.hand = number
        order = self.chance.shuffle(self.deck)
        self.middle = order[::-1]
        n = self.size
        self.hands = [[self.middle.pop() for _ in range(n)] for _ in range(self.players)]
        self.piles = [[self.middle.pop()] for _ in range(self.players)]
        self.phase = Phase.MATCH
        self.cycle = 0
        self.pending = {}
        self.matched = []
        self.last_cycle = False
        self.could_match = set()
        self.drawn = [None] * self.players
        self.revealed = [None] * self.players
        self.took = [[] for _ in range(self.players)]
        self.holding = [[] for _ in range(self.players)]
        self.gathered = None
        self.since = [[] for _ in range(self.players)]
        return [
            {"event": "hand_start", "hand": number, "size": n, "wild": self.wild},
            {"event": "shuffle", "middle": codes(order)},
            {"event": "deal", "hands": [codes(h) for h in self.hands], "piles": [codes(p) for p in self.piles]},
        ]

    # ------------------------------------------------------------------ views

    def view(self, player: int) -> View:
        """What `player` can see: their own hand, every pile's top, sizes and scores."""
        return View(
            player=player,
            players=self.players,
            hand_number=self.hand,
            wild=self.wild,
            phase=self.phase.value,
            hand=tuple(self.hands[player]),
            tops=tuple(self.pile_top(p) for p in range(self.players)),
            pile_sizes=tuple(len(p) for p in self.piles),
            middle_size=len(self.middle),
            matched=tuple(self.matched),
            last_cycle=self.last_cycle,
            cycle=self.cycle,
            chosen=player in self.pending,
            totals=tuple(self.totals),
        )


@dataclass(frozen=True)
class View:
    player: int
    players: int
    hand_number: int
    wild: int
    phase: str
    hand: tuple[Card, ...]
    tops: tuple[Card | None, ...]
    pile_sizes: tuple[int, ...]
    middle_size: int
    matched: tuple[int, ...]
    last_cycle: bool
    cycle: int
    chosen: bool
    totals: tuple[int, ...]
