"""A Toepen lesson's `position` step as a real engine state (RULEBOOK TOE.1-TOE.5, TOE.7, TOE.8, TOE.11).

A `position` step (built with `State.from_position`): `hands` (card codes per seat; in
trick play each seat still in holds 4 cards less one per finished trick, less one if it
has played to the current trick; a folded seat holds what it kept), `seat` (the learner,
default 0), `dealer` (default: the seat on the learner's right, so the learner is first
from the dealer's left), `points` (penalty totals per seat), `options` (`limit`, `end`,
`customs`, `two`, as for `tutor play toepen`), `laundry: true` (the hand has just been
dealt: customs and poverty follow, then the dirty laundry), `stock` (its top cards, top
first), and for trick play `stake`, `last_knocker`, `folded` (seats), `tricks` (the
finished tricks, each a list of `[seat, card]` in the order played), `tricks_done` (more
finished tricks than are spelled out), `trick` (the current one so far), `leader`, and
`thrown` (hands thrown in this hand's dirty laundry: `[{seat: 0, cards: [...], shown: false}]`,
four cards each; the learner's own and every shown one are cards the learner has seen, which
the coach counts, as in play). The cards of the tricks spelled out are seen too, and a seat
that did not follow suit in them holds none of that suit: spell the tricks out for the coach
to know what a player at the table would. `moves` then plays moves on that position, each by the player to act unless a seat
follows the word: `keep`, `throw`, `pass`, `challenge`, `stay`, `fold`, a card code, or
`knock 2` (seat 2 knocks). `history` gives a seat's dirty laundry earlier in the rubber,
which the coach weighs when judging a challenge: `[{seat: 2, hands: 5, threw: 2, caught: 2,
honest: 0}]` (hands dealt before this one, hands thrown in, of those shown holding a 7-10,
and shown honest). `seed` orders the unplaced cards of the stock. Or `players` and `seed`
alone: a real seeded deal, with `normal` bots playing until the learner's turn.

Cards not of the 32 cite TOE.1, a table size TOE.2, hand sizes TOE.3, tricks and scripted
moves TOE.5 (or the engine's clause for an illegal move). A trick must be led by the player
the rules name: the first of the hand by the player on the dealer's left, or the poor
player (TOE.5, TOE.11), a later one by the winner of the trick before when that trick is
spelled out (TOE.10); so a position whose first trick a bot leads gives the `dealer`. `bot_step` is one step of the
bots at the lesson table (knocks out of turn, TOE.7, before the player to act decides).
"""

from __future__ import annotations

import random
from typing import Any

from tutor.cards import Card
from tutor.games.base import IllegalAction, OptionError
from tutor.games.toepen import bots, engine
from tutor.games.toepen.engine import (
    COMMAND_MOVES,
    RANKS,
    Chance,
    Phase,
    Play,
    State,
    card_from_code,
)
from tutor.games.toepen.options import (
    MAX_PLAYERS,
    MIN_PLAYERS,
    MIN_PLAYERS_TWO,
    parse_options,
)
from tutor.lessons import playon
from tutor.lessons.positions import (
    MAX_SEED,
    PositionError,
    card_codes,
    is_whole,
    known_fields,
    shown,
    word,
)
from tutor.typed import whole_number

POSITION_FIELDS = {"players", "seat", "hands", "dealer", "points", "options", "laundry", "stock", "stake",
                   "last_knocker", "folded", "tricks", "tricks_done", "trick", "leader", "thrown", "moves",
                   "history", "seed"}

#: Hands dealt earlier in the rubber, in a position's `history`: more than any rubber lasts.
MAX_HISTORY_HANDS = 999

#: Engine PositionError ids (engine.POSITION_MESSAGES) as lesson message ids (tutor/learn.py).
_ENGINE_ERRORS = {
    "position_card": "position_toepen_card",
    "position_duplicate": "position_too_many",
    "position_seat": "position_toepen_seat",
    "position_hand_size": "position_hand_count",
    "position_trick": "position_toepen_trick",
}


def _cards(value: Any, where: tuple[Any, ...]) -> list[str]:
    """A YAML list of Toepen cards as codes; PositionError (TOE.1) names a card not in the 32."""
    try:
        parsed = card_codes(value, where)
    except PositionError as err:
        if err.message != "position_not_a_card":
            raise
        raise PositionError(err.where, "position_toepen_card", card=err.params.get("card", ""),
                            clause="TOE.1") from None  # already shown quoted
    out = []
    for i, (rank, suit) in enumerate(parsed):
        card = Card(rank, suit)
        if rank not in RANKS:
            raise PositionError(where + (i,), "position_toepen_card", card=card.code, clause="TOE.1")
        out.append(card.code)
    return out


def _int(spec: dict[str, Any], name: str, default: int | None, low: int, high: int) -> int | None:
    value = spec.get(name, default)
    if value is None and default is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise PositionError((name,), "lesson_bad_field", field=name)
    return value


def _seats(spec: dict[str, Any], name: str, players: int) -> list[int]:
    value = spec.get(name, [])
    if not isinstance(value, list) or not all(is_whole(s, 0, players - 1) for s in value):
        raise PositionError((name,), "position_toepen_seat", player=shown(value))
    return list(value)


def _trick(value: Any, where: tuple[Any, ...], players: int) -> list[tuple[int, str]]:
    """A trick as `[[seat, card], ...]` in the order played."""
    if not isinstance(value, list):
        raise PositionError(where, "position_toepen_trick", clause="TOE.5")
    out = []
    for i, pair in enumerate(value):
        if not (isinstance(pair, list) and len(pair) == 2 and isinstance(pair[0], int)
                and not isinstance(pair[0], bool) and 0 <= pair[0] < players):
            raise PositionError(where + (i,), "position_toepen_trick", clause="TOE.5")
        out.append((pair[0], _cards([pair[1]], where + (i, 1))[0]))
    return out


def _where_card(spec: dict[str, Any], code: str) -> tuple[Any, ...]:
    """Where a card stands in the position (its last place: the second of a duplicate)."""
    found: tuple[Any, ...] = ()

    def same(item: Any) -> bool:
        card = card_from_code(str(item))
        return card is not None and card.code == code

    for i, hand in enumerate(spec.get("hands") or []):
        for j, item in enumerate(hand if isinstance(hand, list) else []):
            if same(item):
                found = ("hands", i, j)
    for t, trick in enumerate(spec.get("tricks") or []):
        for j, pair in enumerate(trick if isinstance(trick, list) else []):
            if isinstance(pair, list) and len(pair) == 2 and same(pair[1]):
                found = ("tricks", t, j)
    for j, pair in enumerate(spec.get("trick") or []):
        if isinstance(pair, list) and len(pair) == 2 and same(pair[1]):
            found = ("trick", j)
    for j, item in enumerate(spec.get("stock") or []):
        if same(item):
            found = ("stock", j)
    return found


def _engine_error(err: engine.PositionError, spec: dict[str, Any]) -> PositionError:
    """The engine's PositionError as the lesson's, with a message id tutor/learn.py translates."""
    params = dict(err.params)
    message = _ENGINE_ERRORS.get(err.message, "position_toepen_trick")
    if err.message == "position_duplicate":
        return PositionError(_where_card(spec, str(params.get("card"))), message, count=2,
                             card=params.get("card", ""), deck=1, clause="TOE.1")
    if err.message == "position_card":
        return PositionError(_where_card(spec, str(params.get("card"))), message, card=params.get("card", ""),
                             clause="TOE.1")
    if err.message == "position_hand_size":
        return PositionError(("hands", params.get("player", 0)), message, count=params.get("expected", 4),
                             clause="TOE.3")
    if err.message == "position_seat":
        return PositionError((), message, player=params.get("player", ""))
    return PositionError(("trick",) if spec.get("trick") else ("tricks",), message, clause="TOE.5")


def build(spec: dict[str, Any]) -> tuple[State, int]:
    """The state a position step describes, and the learner's seat; PositionError if unusable."""
    known_fields(spec, POSITION_FIELDS)
    try:
        options = parse_options({str(k): str(v).lower() if isinstance(v, bool) else str(v)
                                 for k, v in (spec.get("options") or {}).items()})
    except (OptionError, AttributeError, ValueError):
        raise PositionError(("options",), "position_toepen_options") from None
    hands_spec = spec.get("hands")
    players = spec.get("players", len(hands_spec) if isinstance(hands_spec, list) else 4)
    low = MIN_PLAYERS_TWO if options.two else MIN_PLAYERS
    if isinstance(players, bool) or not isinstance(players, int) or not low <= players <= MAX_PLAYERS:
        raise PositionError(("players",), "position_players_range", low=low, high=MAX_PLAYERS, clause="TOE.2")
    seat = spec.get("seat", 0)
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < players:
        raise PositionError(("seat",), "position_bad_seat")
    seed = spec.get("seed", 0)
    if not is_whole(seed, 0, MAX_SEED):
        raise PositionError(("seed",), "position_bad_seed")
    rng = random.Random(seed)
    if hands_spec is None:
        return _seeded_deal(players, seat, options, rng)
    if not isinstance(hands_spec, list) or len(hands_spec) != players:
        raise PositionError(("hands",), "position_hands_count", players=players)
    hands = [_cards(h, ("hands", i)) for i, h in enumerate(hands_spec)]
    dealer = _int(spec, "dealer", (seat - 1) % players, 0, players - 1)
    points = spec.get("points", [0] * players)
    if not (isinstance(points, list) and len(points) == players
            and all(isinstance(p, int) and not isinstance(p, bool) and 0 <= p < options.limit for p in points)):
        raise PositionError(("points",), "lesson_bad_field", field="points")
    laundry = spec.get("laundry", False)
    if not isinstance(laundry, bool):
        raise PositionError(("laundry",), "lesson_bad_field", field="laundry")
    stock = _cards(spec.get("stock", []), ("stock",))
    kwargs: dict[str, Any] = {}
    if not laundry:
        kwargs = {
            "stake": _int(spec, "stake", 1, 1, options.limit),
            "last_knocker": _int(spec, "last_knocker", None, 0, players - 1),
            "folded": _seats(spec, "folded", players),
            "tricks": [_trick(t, ("tricks", i), players) for i, t in enumerate(_list(spec, "tricks"))],
            "tricks_done": _int(spec, "tricks_done", None, 0, 3),
            "trick": _trick(spec.get("trick", []), ("trick",), players),
            "leader": _int(spec, "leader", None, 0, players - 1),
        }
        kwargs["thrown"], kwargs["shown"] = _thrown(spec.get("thrown", []), players)
    else:
        trick_fields = sorted({"stake", "last_knocker", "folded", "tricks", "tricks_done", "trick", "leader",
                               "thrown"} & set(spec))
        if trick_fields:
            raise PositionError((trick_fields[0],), "lesson_bad_field", field=trick_fields[0])
    try:
        state = State.from_position(hands, dealer=dealer, options=options, points=points, laundry=laundry,
                                    stock=stock, chance=Chance(rng), **kwargs)
    except engine.PositionError as err:
        raise _engine_error(err, spec) from None
    if not laundry:
        _check_leaders(state, spec, dealer)
    _history(state, spec.get("history", []))
    state.lesson_seat = seat  # type: ignore[attr-defined]
    events = list(state.opening)
    for i, move in enumerate(_list(spec, "moves")):
        events += _move(state, move, ("moves", i))
    state.lesson_events = events  # type: ignore[attr-defined]
    return state, seat


def _thrown(value: Any, players: int) -> tuple[dict[int, list[str]], list[int]]:
    """The hands thrown in this hand (`[{seat, cards, shown}]`), by seat, and the seats shown (TOE.4)."""
    if not isinstance(value, list):
        raise PositionError(("thrown",), "lesson_bad_field", field="thrown")
    thrown: dict[int, list[str]] = {}
    shown_seats: list[int] = []
    for i, entry in enumerate(value):
        if not (isinstance(entry, dict) and set(entry) <= {"seat", "cards", "shown"}
                and is_whole(entry.get("seat"), 0, players - 1) and entry["seat"] not in thrown
                and isinstance(entry.get("shown", False), bool)):
            raise PositionError(("thrown", i), "lesson_bad_field", field="thrown")
        cards = _cards(entry.get("cards", []), ("thrown", i, "cards"))
        if len(cards) != engine.HAND_SIZE:
            raise PositionError(("thrown", i, "cards"), "position_hand_count", count=engine.HAND_SIZE,
                                clause="TOE.4")
        thrown[entry["seat"]] = cards
        if entry.get("shown", False):
            shown_seats.append(entry["seat"])
    return thrown, shown_seats


def _first_leader(state: State, dealer: int, folded: bool) -> tuple[list[int], str]:
    """Who may lead the first trick of the hand, and the clause that says so: the poor player
    first from the dealer's left (TOE.11), else the player on the dealer's left, or the next
    one still in if that player folded before the first card (TOE.5)."""
    seats = state.seats_from(dealer)
    poor = [s for s in seats if state.points[s] == state.limit - 1]
    if poor and not folded:  # a fold in this hand moves points: the start of the hand is unknown then
        return [poor[0]], "TOE.11"
    first = seats[0]
    return ([first] if state.in_hand[first] else [first, state._next_in_hand(first)]), "TOE.5"


def _after(state: State, winner: int) -> list[int]:
    """Who may lead after a trick `winner` took: the winner, or, if they have folded since,
    the next player still in on their left (TOE.10)."""
    return [winner] if state.in_hand[winner] else [winner, state._next_in_hand(winner)]


def _check_leaders(state: State, spec: dict[str, Any], dealer: int) -> None:
    """Every trick of the position is led by the player the rules name (TOE.5, TOE.10, TOE.11):
    the first by the player on the dealer's left (or the poor player), each later one by the
    winner of the trick before, where that trick is spelled out. A position whose first
    trick is led by someone else contradicts its own dealer."""
    done = len(state.tricks)
    skipped = done - len(_list(spec, "tricks"))  # tricks counted by `tricks_done` only
    folded = bool(spec.get("folded"))
    for index in range(done + 1):
        if index < done:
            if not state.tricks[index]:
                continue
            leader, where = state.tricks[index][0][0], ("tricks", index - skipped, 0)
        elif state.trick:
            leader, where = state.trick[0][0], ("trick", 0, 0)
        else:
            leader, where = state.leader, ("leader",) if "leader" in spec else ("dealer",)
        if index == 0:
            allowed, clause = _first_leader(state, dealer, folded)
        elif state.trick_winners[index - 1] >= 0:
            allowed, clause = _after(state, state.trick_winners[index - 1]), "TOE.10"
            if allowed == [state.trick_winners[index - 1]]:
                clause = "TOE.5"
        else:
            continue  # the trick before is not spelled out: anyone may have won it
        if leader not in allowed:
            raise PositionError(where, "position_toepen_leader", trick=index + 1, player=leader,
                                expected=allowed[-1], dealer=dealer, clause=clause)


def _list(spec: dict[str, Any], name: str) -> list[Any]:
    value = spec.get(name, [])
    if not isinstance(value, list):
        raise PositionError((name,), "lesson_bad_field", field=name)
    return value


def _history(state: State, value: Any) -> None:
    """A seat's dirty laundry earlier in the rubber (what `bots.bluff_chance` weighs)."""
    if not isinstance(value, list):
        raise PositionError(("history",), "position_history")
    hand_number = 1
    for i, entry in enumerate(value):
        keys = ("seat", "hands", "threw", "caught", "honest")
        if not (isinstance(entry, dict) and set(entry) <= set(keys) and "seat" in entry
                and all(is_whole(entry.get(k, 0), 0, MAX_HISTORY_HANDS) for k in keys)):
            raise PositionError(("history", i), "position_history")
        seat, hands = entry["seat"], entry.get("hands", 0)
        threw, caught, honest = entry.get("threw", 0), entry.get("caught", 0), entry.get("honest", 0)
        if not (0 <= seat < state.players and 0 <= caught + honest <= threw <= hands and min(caught, honest) >= 0):
            raise PositionError(("history", i), "position_history")
        state.dealt[seat] += hands
        state.exchanges[seat] += threw
        state.bluffs_shown[seat] += caught
        state.honest_shown[seat] += honest
        hand_number = max(hand_number, hands + 1)
    state.hand_number = hand_number


def _move(state: State, move: Any, where: tuple[Any, ...]) -> list[dict[str, Any]]:
    """One scripted move of a position's `moves`: a word or a card, optionally with the seat."""
    words = word(move, where, "position_move", move=shown(move), clause="TOE.5").split()
    seat = whole_number(words[1], 0, state.players - 1) if len(words) == 2 else state.current
    if not words or len(words) > 2 or seat is None:
        raise PositionError(where, "position_move", move=shown(move), clause="TOE.5")
    name = words[0].lower()
    if name in COMMAND_MOVES:
        action: Any = COMMAND_MOVES[name](seat)
    else:
        card = card_from_code(words[0])
        if card is None:
            raise PositionError(where, "position_move", move=shown(move), clause="TOE.5")
        action = Play(card, seat)
    try:
        return state.apply(action)
    except IllegalAction as err:
        raise PositionError(where, "position_move", move=shown(move), clause=err.clause) from None


def _seeded_deal(players: int, seat: int, options: Any, rng: random.Random) -> tuple[State, int]:
    """A real deal: `normal` bots play (knocks included) until the learner is to act."""
    state = State(players, options, Chance(rng))
    state.lesson_seat = seat  # type: ignore[attr-defined]
    events = list(state.opening)
    levels = ["normal"] * players
    steps = playon.Steps()
    while not state.is_over and state.current != seat:
        try:
            steps.tick()
        except playon.Endless:
            raise playon.endless(("seed",)) from None
        events += bot_step(state, seat, levels, rng)
    if state.is_over:
        raise PositionError(("seed",), "position_seed_over")
    state.lesson_events = events  # type: ignore[attr-defined]
    return state, seat


def bot_step(state: State, seat: int, levels: list[str], rng: random.Random) -> list[dict[str, Any]]:
    """One step of the bots, as the lesson table takes it: before a card, the bots other than
    the player to act and the learner may knock (once per moment, from the player to act's
    left); then the player to act decides. The learner's own decisions (quietly) by `normal`."""
    p = state.current
    if state.phase is Phase.PLAY:
        for s in state.seats_from(p):
            if s == p or s == seat or not state.may_knock(s):
                continue
            choice = bots.knock_choice(levels[s], state, rng, s)
            if choice is not None:
                return state.apply(choice.action)
    level = "normal" if p == seat else levels[p]
    return state.apply(bots.choose(level, state, rng).action)


def learner_seat(state: State) -> int:
    """The learner's seat, which `build` wrote on the state (the runner's hooks take no seat)."""
    return getattr(state, "lesson_seat", 0)


def ready_for_decision(state: State | None, seat: int) -> bool:
    return state is not None and not state.is_over and state.current_player == seat
