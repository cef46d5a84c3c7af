"""Toepen's side of the lessons: positions on the real engine, answers, judgements.

A `position` step (built with `State.from_position`): `hands` (card codes per seat; in
trick play each seat still in holds 4 cards less one per finished trick, less one if it
has played to the current trick; a folded seat holds what it kept), `seat` (the learner,
default 0), `dealer` (default: the seat on the learner's right, so the learner is first
from the dealer's left), `points` (penalty totals per seat), `options` (`limit`, `end`,
`customs`, `two`, as for `tutor play toepen`), `laundry: true` (the hand has just been
dealt: customs and poverty follow, then the dirty laundry), `stock` (its top cards, top
first), and for trick play `stake`, `last_knocker`, `folded` (seats), `tricks` (the
finished tricks, each a list of `[seat, card]` in the order played), `tricks_done` (more
finished tricks than are spelled out), `trick` (the current one so far), `leader`.
`moves` then plays moves on that position, each by the player to act unless a seat
follows the word: `keep`, `throw`, `pass`, `challenge`, `stay`, `fold`, a card code, or
`knock 2` (seat 2 knocks). `history` gives a seat's dirty laundry earlier in the rubber,
which the coach weighs when judging a challenge: `[{seat: 2, hands: 5, threw: 2, caught: 2,
honest: 0}]` (hands dealt before this one, hands thrown in, of those shown holding a 7-10,
and shown honest). `seed` orders the unplaced cards of the stock. Or `players` and `seed`
alone: a real seeded deal, with `normal` bots playing until the learner's turn.

A `decide` step's `expect`: a card (`10H`), `knock`, `stay`, `fold`, `throw`, `keep`,
`challenge`, `pass`, or `best` (the coach's choice). `tutor check` proves the expected
answer legal and also that the coach finds it right, and for knock, stay/fold, throw/keep
and challenge/pass the other choice weaker, so no lesson teaches a toss-up.

The learner plays at a lesson table without the pause before each bot card (the trainer's
knock offer): in a lesson the learner knocks at the decisions the lesson asks, or on their
own turn during `play_on` with `until: end`, which plays to the end of the hand.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace
from typing import Any

from tutor.cards import Card
from tutor.games.base import IllegalAction, OptionError
from tutor.games.toepen import bots, coach
from tutor.games.toepen import engine
from tutor.games.toepen.engine import COMMAND_MOVES, RANKS, Chance, Phase, Play, State, card_from_code, power
from tutor.games.toepen.options import MAX_PLAYERS, MIN_PLAYERS, MIN_PLAYERS_TWO, parse_options
from tutor.i18n import _, quoted
from tutor.trainer.cardnames import held_card
from tutor.lessons import playon
from tutor.lessons.positions import (MAX_SEED, PositionError, card_codes, is_whole, known_fields, read_expect, shown,
                                     word)
from tutor.typed import whole_number

__all__ = [
    "Answer",
    "PositionError",
    "Verdict",
    "build",
    "carry_out",
    "check_decision",
    "hint_line",
    "judge",
    "parse_expect",
    "play_on",
    "play_on_quietly",
    "read_answer",
    "ready_for_decision",
    "session",
    "stronger",
    "verdict_lines",
]

#: What each answer word is, and the phase it answers in.
WORDS = {
    "knock": ("knock", Phase.PLAY),
    "stay": ("answer", None),
    "fold": ("answer", None),
    "throw": ("laundry", Phase.LAUNDRY),
    "keep": ("laundry", Phase.LAUNDRY),
    "challenge": ("challenge", Phase.CHALLENGE),
    "pass": ("challenge", Phase.CHALLENGE),
}


@dataclass(frozen=True)
class Answer:
    kind: str  # "card", "knock", "answer" (stay/fold), "laundry" (throw/keep) or "challenge" (challenge/pass)
    word: str = ""  # the command word: "knock", "stay", "fold", "throw", "keep", "challenge", "pass"
    card: Card | None = None

    def action(self, seat: int) -> Any:
        if self.kind == "card":
            return Play(self.card, seat)  # type: ignore[arg-type]
        return COMMAND_MOVES[self.word](seat)

    @property
    def text(self) -> str:
        return self.card.code if self.card is not None else self.word


@dataclass(frozen=True)
class Verdict:
    """The lesson's judgement: `kind` ("right", "weaker" or "illegal"), the coach's verdict
    (or the IllegalAction) that explains it, and the stronger answer for the runner."""

    kind: str
    coach: Any
    players: int
    seat: int
    better: Answer | None = None


POSITION_FIELDS = {"players", "seat", "hands", "dealer", "points", "options", "laundry", "stock", "stake",
                   "last_knocker", "folded", "tricks", "tricks_done", "trick", "leader", "moves", "history",
                   "seed"}

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


# --------------------------------------------------------------------------- positions


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
    else:
        trick_fields = sorted({"stake", "last_knocker", "folded", "tricks", "tricks_done", "trick", "leader"}
                              & set(spec))
        if trick_fields:
            raise PositionError((trick_fields[0],), "lesson_bad_field", field=trick_fields[0])
    try:
        state = State.from_position(hands, dealer=dealer, options=options, points=points, laundry=laundry,
                                    stock=stock, chance=Chance(rng), **kwargs)
    except engine.PositionError as err:
        raise _engine_error(err, spec) from None
    _history(state, spec.get("history", []))
    state.lesson_seat = seat  # type: ignore[attr-defined]
    events = list(state.opening)
    for i, move in enumerate(_list(spec, "moves")):
        events += _move(state, move, ("moves", i))
    state.lesson_events = events  # type: ignore[attr-defined]
    return state, seat


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
        events += _bot_step(state, seat, levels, rng)
    if state.is_over:
        raise PositionError(("seed",), "position_seed_over")
    state.lesson_events = events  # type: ignore[attr-defined]
    return state, seat


def _bot_step(state: State, seat: int, levels: list[str], rng: random.Random) -> list[dict[str, Any]]:
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


def _seat(state: State) -> int:
    """The learner's seat, which `build` wrote on the state (the runner's hooks take no seat)."""
    return getattr(state, "lesson_seat", 0)


def ready_for_decision(state: State | None, seat: int) -> bool:
    return state is not None and not state.is_over and state.current_player == seat


# --------------------------------------------------------------------------- answers


def _phase_fits(answer: Answer, state: State) -> bool:
    if answer.kind == "card":
        return state.phase is Phase.PLAY
    if answer.kind == "answer":
        return state.phase in (Phase.ANSWER, Phase.POVERTY)
    return WORDS[answer.word][1] is state.phase


def parse_expect(expect: Any, state: State, seat: int | None = None) -> Answer | None:
    """The expected answer (None for "best"); PositionError if it is not legal here."""
    seat = _seat(state) if seat is None else seat

    def read(text: str) -> tuple[Answer, Any]:
        lower = text.lower()
        if lower in WORDS:
            answer = Answer(WORDS[lower][0], lower)
        else:
            card = card_from_code(text)
            if card is None:
                raise PositionError(("expect",), "position_toepen_card", card=shown(text), clause="TOE.1")
            answer = Answer("card", card=card)
        if not _phase_fits(answer, state):
            clause = {"card": "TOE.5", "knock": "TOE.7", "answer": "TOE.8"}.get(answer.kind, "TOE.4")
            raise PositionError(("expect",), "expect_illegal", card=shown(text), clause=clause)
        return answer, answer.action(seat)

    return read_expect(expect, read, state.verify, "position_toepen_card", clause="TOE.1")


def _coach_verdict(state: State, seat: int, answer: Answer) -> Any:
    """The coach's own verdict on a legal (or, for a card, possibly illegal) answer."""
    if answer.kind == "card":
        return coach.judge_card(state, seat, answer.card)  # type: ignore[arg-type]
    if answer.kind == "knock":
        return coach.judge_knock(state, seat, True)
    if answer.kind == "answer":
        return coach.judge_answer(state, seat, answer.word == "stay")
    if answer.kind == "laundry":
        return coach.judge_laundry(state, seat, answer.word == "throw")
    return coach.judge_challenge(state, seat, answer.word == "challenge")


_OTHER = {"stay": "fold", "fold": "stay", "throw": "keep", "keep": "throw", "challenge": "pass",
          "pass": "challenge"}


def best_answer(state: State, seat: int) -> Answer:
    """What the coach judges best here."""
    phase = state.phase
    if phase is Phase.PLAY:
        missed = coach.judge_knock(state, seat, False)
        if missed is not None and missed.kind == "weaker":
            return Answer("knock", "knock")
        options = state.playable(seat)
        verdict = coach.judge_card(state, seat, options[0])
        return Answer("card", card=verdict.best or options[0])
    word = {Phase.ANSWER: "stay", Phase.POVERTY: "stay", Phase.LAUNDRY: "keep", Phase.CHALLENGE: "pass"}[phase]
    first = Answer(WORDS[word][0], word)
    if _coach_verdict(state, seat, first).kind == "right":
        return first
    return Answer(first.kind, _OTHER[word])


def judge(state: State, answer: Answer, expected: Answer | None, seat: int | None = None) -> Verdict:
    """The answer judged by the coach; with an expected answer, right only when it is that one."""
    seat = _seat(state) if seat is None else seat
    players = state.players
    try:
        state.verify(answer.action(seat))
    except IllegalAction as err:
        if answer.kind == "card":
            verdict = coach.judge_card(state, seat, answer.card)  # type: ignore[arg-type]
        else:
            verdict = err
        return Verdict("illegal", verdict, players, seat, expected or best_answer(state, seat))
    if answer.kind == "card" and (expected is None or expected.kind == "knock"):
        missed = coach.judge_knock(state, seat, False)
        if missed is not None and (missed.kind == "weaker" or expected is not None):
            return Verdict("weaker", replace(missed, kind="weaker"), players, seat, Answer("knock", "knock"))
    verdict = _coach_verdict(state, seat, answer)
    if expected is None:
        better = answer if verdict.kind == "right" else best_answer(state, seat)
        return Verdict(verdict.kind, verdict, players, seat, better)
    if answer == expected:
        return Verdict("right", verdict, players, seat, expected)
    if answer.kind == "card" and expected.kind == "card" and verdict.kind != "illegal":
        # Name the expected card as the better one, with its own chance.
        verdict = replace(verdict, kind="weaker", best=expected.card,
                          best_chance=coach.chance_after(state, seat, expected.card))  # type: ignore[arg-type]
    else:
        verdict = replace(verdict, kind="weaker")
    return Verdict("weaker", verdict, players, seat, expected)


def verdict_lines(verdict: Verdict, ascii_only: bool = False) -> list[str]:
    from tutor.games.toepen.narrate import (
        answer_verdict_line,
        card_verdict_line,
        challenge_verdict_line,
        illegal_line,
        knock_verdict_line,
        laundry_verdict_line,
    )
    from tutor.trainer.table import Names

    inner = verdict.coach
    names = Names(verdict.players, verdict.seat)
    if isinstance(inner, IllegalAction):
        return [illegal_line(inner, ascii_only, names)]
    if isinstance(inner, coach.CardVerdict):
        return [card_verdict_line(inner, ascii_only)]
    if isinstance(inner, coach.KnockVerdict):
        return [knock_verdict_line(inner)]
    if isinstance(inner, coach.AnswerVerdict):
        return [answer_verdict_line(inner)]
    if isinstance(inner, coach.LaundryVerdict):
        return [laundry_verdict_line(inner, ascii_only)]
    return [challenge_verdict_line(inner, names)]


def read_answer(session: Any, text: str, expected: Answer | None) -> Answer | None:
    """What the learner typed, read by the phase; a slip (not a card in hand, a word that does
    not fit) is pointed out and asked again."""
    from tutor.trainer.commands import command_word, split_command

    state = session.state
    seat = session.learner
    words = text.split()
    command, rest = split_command(text)
    if rest:
        command = None
    # A phase that asks one of two words: the answer's kind, the words, what to type instead.
    two_words = {
        Phase.ANSWER: ("answer", ("stay", "fold"), _("Type %(stay)s or %(fold)s.")),
        Phase.POVERTY: ("answer", ("stay", "fold"), _("Type %(stay)s or %(fold)s.")),
        Phase.LAUNDRY: ("laundry", ("keep", "throw"), _("Type %(keep)s or %(throw)s.")),
        Phase.CHALLENGE: ("challenge", ("challenge", "pass"), _("Type %(challenge)s or %(pass)s.")),
    }
    if state.phase in two_words:
        kind, allowed, slip = two_words[state.phase]
        if command in allowed:
            return Answer(kind, command)
        session.say_error(slip % {word: command_word(word) for word in allowed})
        return None
    if command == "knock":
        if expected is not None and expected.kind == "card" and state.may_knock(seat):
            session.say_error(_("This step asks which card you play. Type one of your cards, like %(card)s.") % {
                "card": state.playable(seat)[0].code})
            return None
        return Answer("knock", "knock")
    card = held_card(state, " ".join(words), seat)  # the notation, or the card in words
    if card is None:
        session.say_error(_("%(text)s is not a card in your hand.") % {"text": quoted(text)})
        return None
    return Answer("card", card=card)


def carry_out(session: Any, answer: Answer, seat: int) -> None:
    session.act(answer.action(seat))


def stronger(verdict: Verdict, expected: Answer | None) -> Answer:
    if expected is not None:
        return expected
    assert verdict.better is not None
    return verdict.better


def hint_line(state: State, expected: Answer | None) -> str:
    seat = _seat(state)
    phase = state.phase
    if phase in (Phase.ANSWER, Phase.POVERTY):
        return _("Folding costs %(fold)d now; staying costs %(stake)d if you lose the last trick. How likely is "
                 "that?") % {"fold": state.stake - 1, "stake": state.stake}
    if phase is Phase.LAUNDRY:
        return _("Does your hand hold a 7, 8, 9 or 10? Only a hand of A, K, Q and J is thrown in honestly.")
    if phase is Phase.CHALLENGE:
        return _("An honest hand holds only A, K, Q and J. How likely is that here? A lost challenge costs you "
                 "1 point.")
    if expected is not None and expected.kind == "knock":
        return _("How likely are you to take the last trick? Which stronger cards could still beat yours?")
    hand = state.hands[seat]
    if state.led_suit is not None and any(c.suit == state.led_suit for c in hand):
        follow = [c for c in hand if c.suit == state.led_suit]
        if len(follow) == 1:
            return _("You hold a card of the suit led, so you must play it: %(card)s.") % {"card": follow[0].code}
    keeper = max(hand, key=power)
    return _("Which of your cards is strongest? Think of keeping %(card)s for the last trick.") % {
        "card": keeper.code}


# --------------------------------------------------------------------------- checking


def check_decision(state: State, seat: int, data: dict[str, Any]) -> None:
    """The expected answer is legal and clearly right by the coach; the lesson goes on from it."""
    if not ready_for_decision(state, seat):
        raise PositionError((), "decide_not_your_turn")
    expected = parse_expect(data["expect"], state, seat)
    if expected is None:
        expected = best_answer(state, seat)
    else:
        _check_clear(state, seat, expected, shown(data["expect"]))
    state.apply(expected.action(seat))


def _check_clear(state: State, seat: int, expected: Answer, text: str) -> None:
    """The coach judges the expected answer right, and the other choice weaker."""
    verdict = _coach_verdict(state, seat, expected)
    clear = verdict is not None and verdict.kind == "right"
    if expected.kind == "card":
        pass  # a card is judged as a card (a lesson step that asks for one does not take a knock)
    elif expected.kind == "knock":
        missed = coach.judge_knock(state, seat, False)
        clear = clear and missed is not None and missed.kind == "weaker"
    else:
        other = _coach_verdict(state, seat, Answer(expected.kind, _OTHER[expected.word]))
        clear = clear and other.kind == "weaker"
    if not clear:
        raise PositionError(("expect",), "expect_not_clear", card=text)


def play_on_quietly(state: State, seat: int, spec: dict[str, Any]) -> None:
    """As `tutor check` runs it: seeded bots, and the learner's seat played by a `normal` bot."""
    rng = random.Random(0)
    levels = [spec.get("level", "normal")] * state.players
    try:
        _loop(state, seat, spec, lambda: _bot_step(state, seat, levels, rng),
              lambda: _bot_step(state, seat, levels, rng))
    except playon.Endless:
        raise playon.endless() from None


def _loop(state: State, seat: int, spec: dict[str, Any], bot_turn: Any, learner_turn: Any) -> None:
    """Bots play on until the learner is to act (`until: turn`) or the hand is over (`until: end`)."""
    until_end = spec.get("until", "turn") == "end"
    hand = state.hand_number
    steps = playon.Steps()
    while not state.is_over and state.hand_number == hand:
        if state.current == seat:
            if not until_end:
                return
            steps.tick()
            learner_turn()
        else:
            steps.tick()
            bot_turn()


def play_on(session: Any, seat: int, spec: dict[str, Any]) -> None:
    """At the trainer: the same seeded bots, narrated; the learner plays their own turns."""
    playon.at_the_table(session, seat, spec, run=_loop)


def session(console: Any, state: State, seat: int, rng: random.Random, ascii_only: bool) -> Any:
    """The lesson table: the trainer's Toepen session with the coach on (for the learner's own
    turns in `play_on`) and without the pause before each bot card; what happened while the
    position was set up (customs, a poverty, scripted moves) is told once."""
    from tutor.games.toepen.session import ToepenSession

    class LessonSession(ToepenSession):
        def offer_knock(self) -> bool:
            return False

    state.lesson_seat = seat  # type: ignore[attr-defined]
    table = LessonSession(console, state, "normal", rng, seat, ascii_only, coach=True)
    events = getattr(state, "lesson_events", None)
    if events:
        table.emit(events)
        state.lesson_events = []  # type: ignore[attr-defined]
    return table
