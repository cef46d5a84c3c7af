"""What a Toepen lesson expects, and how the learner's answer is judged (TOE.4, TOE.5, TOE.7, TOE.8, TOE.11).

A `decide` step's `expect`: a card (`10H`, TOE.5), `knock` (TOE.7), `stay`, `fold` (TOE.8,
TOE.11), `throw`, `keep`, `challenge`, `pass` (TOE.4), or `best` (the coach's choice).
`tutor check` proves the expected answer legal and also that the coach finds it right, and
for knock, stay/fold, throw/keep and challenge/pass the other choice weaker, so no lesson
teaches a toss-up. Another card than the one expected is right too when the expected card is
not clearly better by the coach's figures (beyond their error, and in the figures printed).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from tutor.cards import Card
from tutor.games.base import IllegalAction
from tutor.games.toepen import coach
from tutor.games.toepen.engine import COMMAND_MOVES, Phase, Play, State, card_from_code
from tutor.games.toepen.lesson.positions import learner_seat, ready_for_decision
from tutor.lessons.positions import PositionError, read_expect, shown

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


def _phase_fits(answer: Answer, state: State) -> bool:
    if answer.kind == "card":
        return state.phase is Phase.PLAY
    if answer.kind == "answer":
        return state.phase in (Phase.ANSWER, Phase.POVERTY)
    return WORDS[answer.word][1] is state.phase


def parse_expect(expect: Any, state: State, seat: int | None = None) -> Answer | None:
    """The expected answer (None for "best"); PositionError if it is not legal here."""
    seat = learner_seat(state) if seat is None else seat

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
    seat = learner_seat(state) if seat is None else seat
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
        if not coach.clearly_better(state, seat, expected.card, answer.card):  # type: ignore[arg-type]
            return Verdict("right", verdict, players, seat, expected)  # as good as the card expected
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
        return [knock_verdict_line(inner, ascii_only)]
    if isinstance(inner, coach.AnswerVerdict):
        return [answer_verdict_line(inner, ascii_only)]
    if isinstance(inner, coach.LaundryVerdict):
        return [laundry_verdict_line(inner, ascii_only)]
    return [challenge_verdict_line(inner, names)]


def check_decision(state: State, seat: int, data: dict[str, Any]) -> Answer:
    """The expected answer is legal and clearly right by the coach; the lesson goes on from it."""
    if not ready_for_decision(state, seat):
        raise PositionError((), "decide_not_your_turn")
    expected = parse_expect(data["expect"], state, seat)
    if expected is None:
        expected = best_answer(state, seat)
    else:
        _check_clear(state, seat, expected, shown(data["expect"]))
    state.apply(expected.action(seat))
    return expected


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
