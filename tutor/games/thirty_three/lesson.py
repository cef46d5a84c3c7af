"""33's side of the lessons: positions on the real engine, answers, and judgements.

A `position` step sets the table: `players`, the learner's `seat` (default 0), `hands`
(one list of three faces per seat), `total`, `pile` (bottom first), `stock` (its top
cards, top first; the rest of the deck follows in a seeded order), `current`, and
`options` (`recycle`, `draw`, `forfeit`). Or `seed` alone: a real deal, with bots playing
until the learner's turn. Every position is checked: legal cards, no more copies of a
face than the deck holds, three cards a hand, a total from the lowest the deck's minus
cards could bring it to (-128 with the usual deck) up to 33, seats of the table.

A `decide` step's `expect` is a play (`-3`, `1/11 11`, `+-10=-10`) or `best`: the coach
decides. Its answer must be legal in the position; `tutor check` proves it.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import replace
from typing import Any

from tutor.games.base import IllegalAction, OptionError
from tutor.games.thirty_three import bots, coach
from tutor.games.thirty_three.deck import (
    HAND_SIZE,
    LIMIT,
    LOWEST,
    VALUES,
    parse_options,
)
from tutor.games.thirty_three.engine import Chance, Phase, Play, State
from tutor.games.thirty_three.narrate import illegal_line, verdict_lines  # noqa: F401 (verdict_lines: for runners)
from tutor.games.thirty_three.words import parse_card
from tutor.i18n import _
from tutor.lessons import playon
from tutor.lessons.positions import (
    MAX_SEED,
    MAX_WORD,
    PositionError,
    known_fields,
    read_expect,
    shown,
    whole,
)

GAME = "thirty-three"


def _faces(value: Any, where: tuple[Any, ...]) -> list[str]:
    if not isinstance(value, list):
        raise PositionError(where, "position_not_cards")
    cards = []
    for i, item in enumerate(value):
        ok = isinstance(item, (str, int)) and not isinstance(item, bool) and len(str(item)) <= MAX_WORD
        parsed = parse_card(str(item)) if ok else None
        if parsed is None or parsed.face is None or parsed.value is not None:
            raise PositionError(where + (i,), "position_bad_card", card=shown(item))
        cards.append(parsed.face)
    return cards


POSITION_FIELDS = {"players", "seat", "hands", "total", "pile", "stock", "current", "options", "seed"}


def build(spec: dict[str, Any]) -> tuple[State, int]:
    """The state a position step describes, and the learner's seat; PositionError if unusable."""
    known_fields(spec, POSITION_FIELDS)
    hands_spec = spec.get("hands")
    players = whole(spec, "players", len(hands_spec) if isinstance(hands_spec, list) else 4, 2, 8,
                    "position_players", clause="33.2")
    seat = whole(spec, "seat", 0, 0, players - 1, "position_bad_seat")
    raw_options = spec.get("options") or {}
    if not isinstance(raw_options, dict) or "deck" in raw_options:
        raise PositionError(("options",), "position_bad_options")
    try:
        options = parse_options({str(k): str(v) for k, v in raw_options.items()})
    except (OptionError, ValueError):
        raise PositionError(("options",), "position_bad_options") from None
    seed = whole(spec, "seed", 0, 0, MAX_SEED, "position_bad_seed")
    rng = random.Random(seed)
    state = State(players, options, Chance(rng))
    if hands_spec is None:
        # A real deal: bots play on until it is the learner's turn.
        steps = playon.Steps()
        try:
            while not state.is_over and state.current != seat:
                steps.tick()
                state.apply(bots.choose("normal", state, rng).action)
        except playon.Endless:
            raise playon.endless(("seed",)) from None
        if state.is_over:
            raise PositionError(("seed",), "position_seed_over")
        return state, seat
    if not isinstance(hands_spec, list) or len(hands_spec) != players:
        raise PositionError(("hands",), "position_hands_count", players=players)
    hands = [_faces(h, ("hands", i)) for i, h in enumerate(hands_spec)]
    for i, hand in enumerate(hands):
        if len(hand) != HAND_SIZE:
            raise PositionError(("hands", i), "position_hand_size", clause="33.5")
    pile = _faces(spec.get("pile", []), ("pile",))
    top = _faces(spec.get("stock", []), ("stock",))
    deck = Counter(options.deck)
    # 33.7: the total may go below 0, but no lower than every minus card of the deck takes it.
    lowest = sum(n * min(0, LOWEST[face]) for face, n in deck.items())
    total = whole(spec, "total", 0, lowest, LIMIT, "position_total", low=lowest, high=LIMIT, clause="33.7")
    current = whole(spec, "current", seat, 0, players - 1, "position_bad_seat")
    used = Counter(c for h in hands for c in h) + Counter(pile) + Counter(top)
    for face, n in used.items():
        if n > deck[face]:
            raise PositionError(("hands",), "position_too_many", card=face, count=n, deck=deck[face], clause="33.1")
    rest = list((deck - used).elements())
    rng.shuffle(rest)
    state.hands = hands
    state.pile = pile
    state.stock = (top + rest)[::-1]  # the engine keeps the top card last
    state.total = total
    state.current = current
    state.phase = Phase.PLAY
    if not state.has_legal_play(current):
        raise PositionError(("hands", current), "position_stuck", clause="33.8")
    return state, seat


def parse_expect(expect: Any, state: State) -> Play | None:
    """The expected play (None for "best"); PositionError if it is not a legal play here."""

    def read(text: str) -> tuple[Play, Play]:
        parsed = parse_card(text)
        if parsed is None or parsed.face is None:
            raise PositionError(("expect",), "position_bad_card", card=shown(expect))
        values = VALUES[parsed.face]
        value = parsed.value if parsed.value is not None else values[0]
        if parsed.value is None and len(values) > 1:
            raise PositionError(("expect",), "expect_needs_value", card=parsed.face)
        play = Play(parsed.face, value)
        return play, play

    return read_expect(expect, read, state.verify, "position_bad_card", named=lambda play: play.card)


def check_decision_position(state: State, seat: int) -> None:
    if state.is_over or state.current != seat or state.phase is not Phase.PLAY:
        raise PositionError((), "decide_not_your_turn")


def hint_line(state: State, expected: Play | None) -> str:
    """A hint for a decision: the total the answer leads to, without naming the card."""
    target = expected or coach.best_of(coach.assess(state)).play
    return _("Look for the play that takes the total to %(total)d.") % {"total": state.total + target.value}


def mid_turn(state: State) -> bool:
    """The learner is in the middle of a turn a decision began."""
    return state.phase is not Phase.PLAY


def play_on_quietly(state: State, seat: int, spec: dict[str, Any]) -> None:
    playon.quietly(state, seat, spec, mid_turn, bots.choose)


def play_on(session: Any, seat: int, spec: dict[str, Any]) -> None:
    playon.at_the_table(session, seat, spec, mid_turn)


def finish_turn(session: Any, seat: int) -> None:
    """After a decision in manual-draw mode: the learner says the total and draws (33.10, 33.11)."""
    state = session.state
    while not state.is_over and state.current == seat and state.phase in (Phase.SAY, Phase.DRAW):
        action = session.learner_action()
        if action is not None:
            session.act(action)


def finish_quietly(state: State, seat: int) -> None:
    """`finish_turn` as `tutor check` runs it: the right total said, the card drawn."""
    while not state.is_over and state.current == seat and state.phase in (Phase.SAY, Phase.DRAW):
        state.apply(state.legal_actions()[0])


def ready_for_decision(state: State | None, seat: int) -> bool:
    return state is not None and not state.is_over and state.current == seat and state.phase is Phase.PLAY


def session(console: Any, state: State, seat: int, rng: random.Random, ascii_only: bool) -> Any:
    """The table a lesson shows and reads plays through (the same as in a game)."""
    from tutor.games.thirty_three.session import PlaySession

    return PlaySession(console, state, "normal", rng, seat, ascii_only)


def judge(state: State, play: Play, expected: Play | None) -> coach.Verdict:
    verdict = coach.judge(state, play, expected)
    if verdict.kind == "illegal" and verdict.best is None and state.has_legal_play(state.current):
        # The lesson answers an illegal play with the right one: the coach's best here.
        verdict = replace(verdict, best=coach.best_of(coach.assess(state)))
    return verdict


def slip(state: State, play: Play, ascii_only: bool = False) -> str | None:
    """A line for a play naming a card the learner does not hold: a slip of the keys, not a
    decision, so it is answered without being judged."""
    if play.card in state.hands[state.current]:
        return None
    return illegal_line(IllegalAction("33.5", "not_in_hand", card=play.card), ascii_only)


# -- the lesson runner's decision hooks (see tutor.lessons.runner.step_decide)


def read_answer(session: Any, text: str, expected: Play | None = None) -> Play | None:
    """The play a learner typed; None (with the reason shown) if it names no card they hold."""
    play = session.play_from_text(text)
    if play is None:
        return None
    problem = slip(session.state, play, session.ascii)
    if problem:
        session.console.show([("class:error", problem)])
        return None
    return play


def carry_out(session: Any, play: Play, seat: int) -> None:
    session.act(play)
    finish_turn(session, seat)


def stronger(verdict: coach.Verdict, expected: Play | None) -> Play:
    return expected or verdict.best.play  # type: ignore[union-attr]


def check_decision(state: State, seat: int, data: dict[str, Any]) -> Play:
    """For `tutor check`: the decision can be asked here, its answer is legal; then it is made.
    Returns the answer made (the expected one, or the coach's best)."""
    check_decision_position(state, seat)
    expected = parse_expect(data["expect"], state)
    play = expected or coach.best_of(coach.assess(state)).play
    state.apply(play)
    finish_quietly(state, seat)
    return play


# -- hooks of the lesson runner and `tutor check` (tutor.lessons): an answer named, a deal continued


def answer_expect(play: Play) -> str:
    """The play as a lesson's `expect` writes it ("+6", "1/11 11", "+-10 -10")."""
    if len(VALUES[play.card]) > 1:
        return f"{play.card} {play.value:+d}" if play.card == "+-10" else f"{play.card} {play.value}"
    return play.card


def answer_shown(play: Play, ascii_only: bool = False) -> str:
    """The play as the table shows it (`+6`, `1/11 +11`)."""
    from tutor.games.thirty_three.narrate import play_text

    return play_text(play, ascii_only)


def continues(start: State, arrived: State, new: State, seat: int) -> None:
    """A position that continues the deal before (`deal: continue`): the discard pile the lesson
    left lies under the new one, in order, and every card that left a hand since is on the pile
    (unless the stock ran out and the pile was turned over, 33.9). PositionError if not."""
    if len(new.pile) < len(arrived.pile):
        return  # the pile became the stock (33.9): nothing to compare
    if new.pile[:len(arrived.pile)] != arrived.pile:
        raise PositionError(("pile",), "position_continue_pile")
    played = Counter(new.pile[len(arrived.pile):])
    for p in range(new.players):
        gone = Counter(arrived.hands[p]) - Counter(new.hands[p])
        missing = gone - played
        if missing:
            raise PositionError(("hands", p), "position_continue_gone", card=next(iter(missing)))
