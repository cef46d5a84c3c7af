"""Toepen's side of the lessons: positions on the real engine, answers, judgements (RULEBOOK TOE.1-TOE.14).

This package is the adapter the lesson runner and `tutor check` call (`tutor.lessons`): its
names below are the same for every game. From a clause to its code:

    TOE.1-TOE.5, TOE.11   positions.py   a `position` step as an engine state, scripted `moves`,
                                         a seeded deal; `bot_step`, the bots at the lesson table
    TOE.4, TOE.5, TOE.7,  answers.py     a `decide` step's `expect`, the coach's verdict, the
    TOE.8, TOE.11                        best answer, `tutor check`'s proof that it is clear
    TOE.4-TOE.8           __init__.py    at the table: the learner's answer read by the phase,
                                         hints, carrying it out, `play_on`, the lesson table

The learner plays at a lesson table without the pause before each bot card (the trainer's
knock offer): in a lesson the learner knocks at the decisions the lesson asks, or on their
own turn during `play_on` with `until: end`, which plays to the end of the hand.
"""

from __future__ import annotations

import random
from typing import Any

from tutor.games.toepen.engine import Phase, State, power
from tutor.games.toepen.lesson.answers import (
    WORDS,
    Answer,
    Verdict,
    check_decision,
    judge,
    parse_expect,
    verdict_lines,
)
from tutor.games.toepen.lesson.positions import (
    bot_step,
    build,
    learner_seat,
    ready_for_decision,
)
from tutor.i18n import _, quoted
from tutor.lessons import playon
from tutor.lessons.positions import PositionError
from tutor.trainer.cardnames import held_card

__all__ = [
    "Answer",
    "PositionError",
    "Verdict",
    "answers",
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


def read_answer(session: Any, text: str, expected: Answer | None) -> Answer | None:
    """What the learner typed, read by the phase; a slip (not a card in hand, a word that does
    not fit) is pointed out and asked again."""
    from tutor.trainer.commands import split_command, typed_word

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
        session.say_error(slip % {word: typed_word(word) for word in allowed})
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
    seat = learner_seat(state)
    phase = state.phase
    if phase in (Phase.ANSWER, Phase.POVERTY):
        return _("Folding costs %(fold)d now; staying costs %(stake)d if you lose the last trick. How likely is "
                 "that?") % {"fold": state.stake - 1, "stake": state.stake}
    if phase is Phase.LAUNDRY:
        return _("Does your hand hold a 7, 8, 9 or 10? Only a hand of {A}, {K}, {Q} and {J} is thrown in honestly.")
    if phase is Phase.CHALLENGE:
        return _("An honest hand holds only {A}, {K}, {Q} and {J}. How likely is that here? A lost challenge costs you "
                 "1 point.")
    if expected is not None and expected.kind == "knock":
        return _("How likely are you to take the last trick? Which stronger cards could still beat yours?")
    hand = state.hands[seat]
    if state.led_suit is not None and any(c.suit == state.led_suit for c in hand):
        follow = [c for c in hand if c.suit == state.led_suit]
        if len(follow) == 1:
            return _("You hold a card of the suit led, so you must play it: %(card)s.") % {
                "card": "{%s}" % follow[0].code}  # markup: the console draws it as the hand
    keeper = max(hand, key=power)
    return _("Which of your cards is strongest? Think of keeping %(card)s for the last trick.") % {
        "card": "{%s}" % keeper.code}


def play_on_quietly(state: State, seat: int, spec: dict[str, Any]) -> None:
    """As `tutor check` runs it: seeded bots, and the learner's seat played by a `normal` bot."""
    rng = random.Random(0)
    levels = [spec.get("level", "normal")] * state.players
    try:
        _loop(state, seat, spec, lambda: bot_step(state, seat, levels, rng),
              lambda: bot_step(state, seat, levels, rng))
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


# -- hooks of the lesson runner and `tutor check` (tutor.lessons): an answer named, a deal continued


def answers(state: State, seat: int, expected: Answer | None = None) -> list[Answer]:
    """The answers the learner can give at this decision, for `tutor check` to judge each: each
    card in hand (one that does not follow suit is judged illegal) and a knock where the rules
    allow one and the step does not ask for a card (`read_answer` turns it down there); or the
    two words of the phase."""
    words = {Phase.ANSWER: ("stay", "fold"), Phase.POVERTY: ("stay", "fold"), Phase.LAUNDRY: ("throw", "keep"),
             Phase.CHALLENGE: ("challenge", "pass")}.get(state.phase)
    if words is not None:
        return [Answer(WORDS[word][0], word) for word in words]
    found = [Answer("card", card=card) for card in state.hands[seat]]
    if state.may_knock(seat) and (expected is None or expected.kind != "card"):
        found.append(Answer("knock", "knock"))
    return found


def answer_expect(answer: Answer) -> str:
    """The answer as a lesson's `expect` writes it: a card ("10H") or a word ("knock", "stay")."""
    return answer.text


def continues(start: State, arrived: State, new: State, seat: int) -> None:
    """A position that continues the deal before (`deal: continue`): the same dealer, and once the
    dirty laundry is over nobody gets a card, so every hand is what the lesson left less the
    cards played since (a card played before is never back in a hand)."""
    from collections import Counter

    if new.dealer != arrived.dealer:
        raise PositionError(("dealer",), "position_continue_table")
    if arrived.phase in (Phase.LAUNDRY, Phase.CHALLENGE):
        return  # a thrown-in hand is dealt again (TOE.4)
    for p in range(new.players):
        extra = Counter(c.code for c in new.hands[p]) - Counter(c.code for c in arrived.hands[p])
        if extra:
            raise PositionError(("hands", p), "position_continue_back", card=next(iter(extra)))
