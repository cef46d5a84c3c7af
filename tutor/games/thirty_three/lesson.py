"""33's side of the lessons: positions on the real engine, answers, and judgements.

A `position` step sets the table: `players`, the learner's `seat` (default 0), `hands`
(one list of three faces per seat), `total`, `pile` (bottom first), `stock` (its top
cards, top first; the rest of the deck follows in a seeded order), `current`, and
`options` (`recycle`, `draw`, `forfeit`). Or `seed` alone: a real deal, with bots playing
until the learner's turn. Every position is checked: legal cards, no more copies of a
face than the deck holds, three cards a hand, a total from the lowest the deck's minus
cards could bring it to (-128 with the usual deck) up to 33, seats of the table.

A position is the game since the deal: its `pile`, when given, holds every card played,
so the total must be a sum the pile can make without passing 33 on the way (33.5, 33.7);
`dealer`, if given, must be the seat whose left neighbour began, counting one play a card
(33.4).

A `decide` step's `expect` is a play (`-3`, `1/11 11`, `+-10=-10`) or `best`: the coach
decides. Its answer must be legal in the position and one the coach judges right; `tutor
check` proves both. The learner's play is judged as a game judges it: another play that the
coach's figures cannot tell from the best is right too (the lesson goes on with it), and a
weaker one is compared with the expected play. In manual-draw
mode a play leaves the rest of the turn to the steps that follow: a decision `expect: say`
(the learner types the new total, 33.11) and one `expect: draw` (the learner draws; ending
the turn without drawing is the mistake 33.10 punishes), or a `play_on`.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, replace
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
from tutor.games.thirty_three.engine import Chance, Draw, EndTurn, Phase, Play, Say, State
from tutor.games.thirty_three import narrate
from tutor.games.thirty_three.narrate import illegal_line
from tutor.games.thirty_three.words import parse_card, show_face, show_value
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


POSITION_FIELDS = {"players", "seat", "hands", "total", "pile", "stock", "current", "dealer", "options", "seed"}


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
    _check_pile(pile, total)
    if "dealer" in spec:
        dealer = whole(spec, "dealer", 0, 0, players - 1, "position_bad_seat")
        if (dealer + 1 + len(pile)) % players != current:
            raise PositionError(("dealer",), "position_33_dealer", dealer=dealer, plays=len(pile),
                                expected=(dealer + 1 + len(pile)) % players, player=current, clause="33.4")
        state.dealer = dealer
    else:
        state.dealer = (current - 1 - len(pile)) % players
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


def _check_pile(pile: list[str], total: int) -> None:
    """A pile, when given, is every card played since the deal, so the total is their sum
    (33.5), each two-valued card counted one way or the other, and no play on the way took
    it past 33 (33.7). A position whose total its pile cannot reach contradicts itself.
    (Without a pile the position does not say how the total came about.)"""
    if not pile:
        return
    reachable = {0}
    for card in pile:
        reachable = {t + v for t in reachable for v in VALUES[card] if t + v <= LIMIT}
    if total not in reachable:
        raise PositionError(("total",), "position_33_total", total=total, clause="33.5")


@dataclass(frozen=True)
class TurnAnswer:
    """The rest of a turn in manual-draw mode: the total said (33.11), or draw / end (33.10)."""

    kind: str  # "say" or "draw"
    total: int | None = None  # what the learner said
    draw: bool = True  # drew (True) or ended the turn without drawing (False)

    @property
    def action(self) -> Say | Draw | EndTurn:
        if self.kind == "say":
            return Say(self.total if self.total is not None else 0)
        return Draw() if self.draw else EndTurn()


@dataclass(frozen=True)
class TurnVerdict:
    """The judgement of a TurnAnswer: right, or weaker with the right answer and its reason."""

    kind: str  # "right" or "weaker"
    answer: TurnAnswer
    total: int  # the true new total
    before: int  # the total before the card
    card: str  # the card just played


Answer = Play | TurnAnswer

_PHASE_OF = {"say": Phase.SAY, "draw": Phase.DRAW}


def parse_expect(expect: Any, state: State) -> Answer | None:
    """The expected play (None for "best"), or `say` / `draw` for the rest of a turn in
    manual-draw mode; PositionError if it is not legal here."""

    def read(text: str) -> tuple[Answer, Any]:
        if text.lower() in _PHASE_OF:
            answer = TurnAnswer(text.lower(), total=state.total)
            if state.phase is not _PHASE_OF[answer.kind]:
                raise PositionError(("expect",), "expect_illegal", card=shown(text),
                                    clause="33.11" if answer.kind == "say" else "33.5")
            return answer, answer.action
        parsed = parse_card(text)
        if parsed is None or parsed.face is None:
            raise PositionError(("expect",), "position_bad_card", card=shown(expect))
        values = VALUES[parsed.face]
        value = parsed.value if parsed.value is not None else values[0]
        if parsed.value is None and len(values) > 1:
            raise PositionError(("expect",), "expect_needs_value", card=parsed.face)
        play = Play(parsed.face, value)
        return play, play

    return read_expect(expect, read, state.verify, "position_bad_card",
                       named=lambda answer: answer.card if isinstance(answer, Play) else shown(expect))


_DECISION_PHASES = (Phase.PLAY, Phase.SAY, Phase.DRAW)


def check_decision_position(state: State, seat: int) -> None:
    if state.is_over or state.current != seat or state.phase not in _DECISION_PHASES or seat in state.pending:
        raise PositionError((), "decide_not_your_turn")


def _before(state: State) -> int:
    """The total before the card just played (in the middle of a manual-draw turn): the
    lesson table notes the value of each play, as a two-value card could have either."""
    value = getattr(state, "lesson_last_value", None)
    if value is None and state.pile:
        value = VALUES[state.pile[-1]][0]
    return state.total - (value or 0)


def hint_line(state: State, expected: Answer | None) -> str:
    """A hint for a decision: the total the answer leads to, without naming the card."""
    if state.phase is Phase.SAY:
        return _("Add the value of the card you just played to %(total)d.") % {"total": _before(state)}
    if state.phase is Phase.DRAW:
        return _("Count the cards in your hand. Every player holds three after a turn.")
    target = expected if isinstance(expected, Play) else coach.best_of(coach.assess(state)).play
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
    return (state is not None and not state.is_over and state.current == seat and state.phase in _DECISION_PHASES
            and seat not in state.pending)


def session(console: Any, state: State, seat: int, rng: random.Random, ascii_only: bool) -> Any:
    """The table a lesson shows and reads plays through: a game's, except that while the
    learner is to say the new total the table shows the total before their card, so the
    answer is theirs to work out (33.11)."""
    from tutor.games.thirty_three.session import PlaySession

    class LessonTable(PlaySession):
        def table(self) -> Any:
            frags = super().table()
            if self.state.phase is not Phase.SAY or self.state.current != self.learner:
                return frags
            shown_total = _("Total: %(total)d") % {"total": self.state.total}
            before = _("Total before your card: %(total)d") % {"total": _before(self.state)}
            return [(style, before if text == shown_total else text) for style, text in frags]

        def event_line(self, event: Any) -> str | None:
            if (event.get("event") == "play" and event.get("player") == self.learner
                    and self.state.options.manual_draw):  # the learner says the total next (33.11)
                params = {"card": show_face(event["card"], self.ascii),
                          "value": show_value(event["value"], self.ascii)}
                if event["card"] in ("1/11", "+-10"):
                    return _("You play %(card)s as %(value)s.") % params
                return _("You play %(card)s.") % params
            return super().event_line(event)

        def act(self, action: Any) -> Any:
            if isinstance(action, Play):
                self.state.lesson_last_value = action.value  # type: ignore[attr-defined]
            return super().act(action)

    return LessonTable(console, state, "normal", rng, seat, ascii_only)


def judge(state: State, answer: Answer, expected: Answer | None) -> coach.Verdict | TurnVerdict:
    if isinstance(answer, TurnAnswer):
        before = _before(state)
        card = _last_card(state)
        if answer.kind == "say":
            right = answer.total == state.total
        else:
            right = answer.draw
        return TurnVerdict("right" if right else "weaker", answer, state.total, before, card)
    verdict = coach.judge(state, answer, expected)  # type: ignore[arg-type]
    if verdict.kind == "illegal" and verdict.best is None and state.has_legal_play(state.current):
        # The lesson answers an illegal play with the right one: the coach's best here.
        verdict = replace(verdict, best=coach.best_of(coach.assess(state)))
    return verdict


def _last_card(state: State) -> str:
    return state.pile[-1] if state.pile else ""


def verdict_lines(verdict: Any, ascii_only: bool = False) -> list[str]:
    if not isinstance(verdict, TurnVerdict):
        return narrate.verdict_lines(verdict, ascii_only)
    answer = verdict.answer
    if answer.kind == "say":
        if verdict.kind == "right":
            return [_("Right: the total is now %(total)d.") % {"total": verdict.total}]
        return [_("The new total is %(total)d, not %(said)d: %(before)d and your %(card)s make %(total)d. At a "
                  "table you say it out loud so that everyone can check it (rule 33.11).") % {
            "total": verdict.total, "said": answer.total or 0, "before": verdict.before,
            "card": show_face(verdict.card, ascii_only)}]
    if verdict.kind == "right":
        return [_("Right: you drew, and you hold three cards again.")]
    return [_("Drawing is right. If you end your turn now, you still hold two cards, and once the next player "
              "has played and drawn, you lose the game (rule 33.10).")]


def slip(state: State, play: Play, ascii_only: bool = False) -> str | None:
    """A line for a play naming a card the learner does not hold: a slip of the keys, not a
    decision, so it is answered without being judged."""
    if play.card in state.hands[state.current]:
        return None
    return illegal_line(IllegalAction("33.5", "not_in_hand", card=play.card), ascii_only)


# -- the lesson runner's decision hooks (see tutor.lessons.runner.step_decide)


def read_answer(session: Any, text: str, expected: Answer | None = None) -> Answer | None:
    """What the learner typed, read by the phase: the new total (a number), draw or end, or a
    play; None (with the reason shown) for anything else, such as a card they do not hold."""
    from tutor.trainer.commands import command_of, typed_word
    from tutor.typed import whole_number

    phase = session.state.phase
    if phase is Phase.SAY:
        said = whole_number(text.strip().replace("\u2212", "-"))
        if said is None:
            session.say_error(_("Type the new total as a number."))
            return None
        return TurnAnswer("say", total=said)
    if phase is Phase.DRAW:
        command = command_of(text)
        if command in ("draw", "end"):
            return TurnAnswer("draw", draw=command == "draw")
        session.say_error(_("Type %(draw)s to draw a card, or %(end)s to end your turn without drawing.") % {
            "draw": typed_word("draw"), "end": typed_word("end")})
        return None
    play = session.play_from_text(text)
    if play is None:
        return None
    problem = slip(session.state, play, session.ascii)
    if problem:
        session.console.show([("class:error", problem)])
        return None
    return play


def carry_out(session: Any, answer: Answer, seat: int) -> None:
    """Carries out the answer. A play in manual-draw mode leaves saying the total and drawing
    to the lesson's next steps; otherwise the engine has drawn already."""
    if isinstance(answer, TurnAnswer):
        session.act(answer.action)
        return
    session.act(answer)
    if not session.state.options.manual_draw:
        finish_turn(session, seat)


def stronger(verdict: Any, expected: Answer | None) -> Answer:
    """The answer the lesson goes on with after a weaker or illegal one: the play the coach named
    as stronger (the lesson's answer whenever the figures put it clearly ahead), else the
    lesson's answer or the coach's best."""
    if isinstance(verdict, coach.Verdict) and verdict.kind == "weaker" and verdict.best is not None:
        return verdict.best.play
    if expected is not None:
        return expected
    if isinstance(verdict, TurnVerdict):
        return TurnAnswer(verdict.answer.kind, total=verdict.total)
    return verdict.best.play  # type: ignore[no-any-return]


def check_decision(state: State, seat: int, data: dict[str, Any]) -> Play:
    """For `tutor check`: the decision can be asked here, its answer is legal and one the coach
    judges right (a lesson may not call weaker what a game calls right); then it is made.
    Returns the answer made (the expected one, or the coach's best)."""
    check_decision_position(state, seat)
    expected = parse_expect(data["expect"], state)
    if isinstance(expected, TurnAnswer):
        state.apply(expected.action)
        return expected  # type: ignore[return-value]
    if expected is not None and len(state.legal_plays()) > 1:
        verdict = coach.judge(state, expected)
        if verdict.kind != "right":
            assert verdict.best is not None
            raise PositionError(("expect",), "expect_coach_weaker", card=answer_expect(expected),
                                better=answer_expect(verdict.best.play))
    play = expected or coach.best_of(coach.assess(state)).play
    state.lesson_last_value = play.value  # type: ignore[attr-defined]
    state.apply(play)
    if not state.options.manual_draw:
        finish_quietly(state, seat)
    return play


# -- hooks of the lesson runner and `tutor check` (tutor.lessons): an answer named, a deal continued


def answers(state: State, seat: int, expected: Answer | None = None) -> list[Answer]:
    """The answers the learner can give at this decision, for `tutor check` to judge each: every
    legal play; in manual-draw mode the right total and a wrong one, or drawing and ending."""
    if state.phase is Phase.SAY:
        return [TurnAnswer("say", total=state.total), TurnAnswer("say", total=state.total + 1)]
    if state.phase is Phase.DRAW:
        return [TurnAnswer("draw", draw=True), TurnAnswer("draw", draw=False)]
    return [play for play in state.legal_actions() if isinstance(play, Play)]


def answer_expect(play: Play | TurnAnswer) -> str:
    """The play as a lesson's `expect` writes it ("+6", "1/11 11", "+-10 -10"); the rest of a
    manual-draw turn as the total said ("33") or the word (`draw`, `end`)."""
    if isinstance(play, TurnAnswer):
        if play.kind == "say":
            return str(play.total)
        return "draw" if play.draw else "end"
    if len(VALUES[play.card]) > 1:
        return f"{play.card} {play.value:+d}" if play.card == "+-10" else f"{play.card} {play.value}"
    return play.card


def answer_shown(play: Play | TurnAnswer, ascii_only: bool = False) -> str:
    """The play as the table shows it (`+6`, `1/11 +11`); a said total as its number, drawing
    or ending the turn as the word the learner types."""
    from tutor.games.thirty_three.narrate import play_text
    from tutor.trainer.commands import command_word

    if isinstance(play, TurnAnswer):
        if play.kind == "say":
            return str(play.total)
        return command_word("draw" if play.draw else "end")

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
