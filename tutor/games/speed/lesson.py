"""3-13 Speed's side of the lessons: positions on the real engine, answers, judgements.

A `position` step: `hand` (1-11, which fixes the hand size and the wild rank), `players`
(2-12), `seat` (the learner, default 0), `hands` (card codes per seat: N cards, or N + 1 in
the `discard` phase; seats left out are dealt from the seeded rest of the decks), `piles`
(each seat's own pile, bottom first; seats left out get one seeded card), `middle` (its top cards,
top first; the rest of the four decks follow in a seeded order), `phase` (`match`, the
window before a draw, the default; `draw`; or `discard`), `cycle` (cycles already played,
default 0), `matched` (seats that have matched: the last cycle is under way), `seed`. A
matched seat holds nothing but sets (SPD.7); a pile holds at most one card more than the
cycles played, and exactly its one card before the first draw (SPD.3, SPD.6).

A `decide` step's `expect`: `middle` or `pile` (a draw, after the window passes), a card
code (a discard), `match` or `pass` (the window), or `best` (the coach's choice). The expected
answer must be one the coach judges right (`tutor check`); the learner's answer is judged as
a game judges it, so another answer the coach finds as good is right too.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from tutor.cards import Card, parse_code
from tutor.games.speed import bots, coach
from tutor.games.speed.engine import (
    DECKS,
    MAX_PLAYERS,
    MIN_PLAYERS,
    Chance,
    Discard,
    Draw,
    Match,
    Pass,
    Phase,
    State,
    all_sets,
)
from tutor.games.speed.narrate import (
    discard_verdict_lines,
    draw_verdict_lines,
    window_verdict_lines,
)
from tutor.i18n import _, quoted
from tutor.lessons import playon
from tutor.lessons.positions import (
    MAX_SEED,
    Decks,
    PositionError,
    card_codes,
    is_whole,
    known_fields,
    read_expect,
    shown,
    whole,
)
from tutor.trainer.cardnames import held_card
from tutor.trainer.commands import command_of, typed_word


@dataclass(frozen=True)
class Answer:
    kind: str  # "window", "draw" or "discard"
    call: bool = False  # window: a match call
    source: str | None = None
    card: Card | None = None


POSITION_FIELDS = {"hand", "players", "seat", "hands", "piles", "middle", "phase", "cycle", "matched", "seed"}
MAX_CYCLES = 999  # cycles already played: a count the table shows, never near this
PHASES = {"match": Phase.MATCH, "draw": Phase.DRAW, "discard": Phase.DISCARD}


def build(spec: dict[str, Any]) -> tuple[State, int]:
    known_fields(spec, POSITION_FIELDS)
    number = whole(spec, "hand", 1, 1, 11, "position_hand_number")
    hands_spec = spec.get("hands")
    players = whole(spec, "players", len(hands_spec) if isinstance(hands_spec, list) else 4, MIN_PLAYERS,
                    MAX_PLAYERS, "position_players_range", low=MIN_PLAYERS, high=MAX_PLAYERS, clause="SPD.1")
    seat = whole(spec, "seat", 0, 0, players - 1, "position_bad_seat")
    seed = whole(spec, "seed", 0, 0, MAX_SEED, "position_bad_seed")
    rng = random.Random(seed)
    state = State(players, Chance(rng), first_hand=number)
    state.lesson_seat = seat  # type: ignore[attr-defined]
    if hands_spec is None:
        return state, seat
    phase = PHASES.get(spec.get("phase", "match")) if isinstance(spec.get("phase", "match"), str) else None
    if phase is None:
        raise PositionError(("phase",), "position_phase_speed")
    matched = spec.get("matched", [])
    if not isinstance(matched, list) or len(set(map(str, matched))) != len(matched) or not all(
            is_whole(p, 0, players - 1) and p != seat for p in matched):
        raise PositionError(("matched",), "position_matched")
    if not isinstance(hands_spec, list) or not 1 <= len(hands_spec) <= players:
        raise PositionError(("hands",), "position_hands_count", players=players)
    n = number + 2
    hands = [card_codes(h, ("hands", i)) for i, h in enumerate(hands_spec)]
    for i, hand in enumerate(hands):
        want = n + (1 if phase is Phase.DISCARD and i not in matched else 0)
        if len(hand) != want:
            raise PositionError(("hands", i), "position_hand_count", count=want, clause="SPD.2")
    piles_spec = spec.get("piles", [])
    if not isinstance(piles_spec, list) or len(piles_spec) > players:
        raise PositionError(("piles",), "position_hands_count", players=players)
    piles = [card_codes(p, ("piles", i)) for i, p in enumerate(piles_spec)]
    top = card_codes(spec.get("middle", []), ("middle",))
    decks = Decks(DECKS, "SPD.1")
    state.hands = [[decks.take(c, ("hands", i)) for c in hand] for i, hand in enumerate(hands)]
    state.piles = [[decks.take(c, ("piles", i)) for c in pile] for i, pile in enumerate(piles)]
    middle_top = [decks.take(c, ("middle",)) for c in top]
    rest = decks.rest(rng)
    for p in range(len(hands), players):
        size = n + (1 if phase is Phase.DISCARD and p not in matched else 0)
        state.hands.append([rest.pop() for _ in range(size)])
    state.piles += [[rest.pop()] for _ in range(len(piles), players)]
    state.middle = (middle_top + rest)[::-1]
    state.phase = phase
    state.matched = sorted(matched)
    state.last_cycle = bool(matched)
    state.cycle = whole(spec, "cycle", 0, 0, MAX_CYCLES, "lesson_bad_field", field="cycle")
    _check_table(state, piles, phase)
    state.pending = {}
    if phase is Phase.DISCARD:
        state.begin_discards()
    return state, seat


def _check_table(state: State, piles: list[Any], phase: Phase) -> None:
    """What the table shows fits the rules: a seat shown as matched holds nothing but sets
    (SPD.4, SPD.7); a pile started with one card (SPD.3) and gains at most one discard a
    cycle (SPD.6), so before the first draw each holds exactly its one card."""
    for p in state.matched:
        if not all_sets(state.hands[p], state.wild):
            raise PositionError(("matched",), "position_speed_matched", player=p, clause="SPD.7")
    before_first_draw = state.cycle == 0 and phase is not Phase.DISCARD
    for i, pile in enumerate(piles):
        if before_first_draw and len(pile) != 1:
            raise PositionError(("piles", i), "position_speed_first_piles", clause="SPD.3")
        if len(pile) > state.cycle + 1:
            raise PositionError(("piles", i), "position_speed_pile", cycles=state.cycle, most=state.cycle + 1,
                                count=len(pile), clause="SPD.6")


def ready_for_decision(state: State | None, seat: int) -> bool:
    return state is not None and not state.is_over and seat in state.to_act


def _action(answer: Answer, seat: int) -> Any:
    if answer.kind == "window":
        return Match(seat) if answer.call else Pass(seat)
    if answer.kind == "draw":
        return Draw(seat, answer.source)  # type: ignore[arg-type]
    return Discard(seat, answer.card)  # type: ignore[arg-type]


def parse_expect(expect: Any, state: State, seat: int | None = None) -> Answer | None:
    seat = _seat(state) if seat is None else seat

    def read(text: str) -> tuple[Answer, Any]:
        lower = text.lower()
        if lower in ("match", "pass"):
            answer = Answer("window", call=lower == "match")
        elif lower in ("middle", "pile"):
            answer = Answer("draw", source=lower)
        else:
            parsed = parse_code(text)
            card = state.find_card(Card(*parsed).code, seat) if parsed else None
            if card is None:
                raise PositionError(("expect",), "position_not_a_card", card=shown(text))
            answer = Answer("discard", card=card)
        phase_ok = {"window": Phase.MATCH, "draw": Phase.DRAW, "discard": Phase.DISCARD}[answer.kind]
        if answer.kind == "draw" and state.phase is Phase.MATCH:
            phase_ok = Phase.MATCH  # a draw answered at the window: the window passes first
        if state.phase is not phase_ok:
            raise PositionError(("expect",), "expect_illegal", card=shown(text), clause="SPD.6")
        if answer.kind != "draw" or state.phase is Phase.DRAW:
            return answer, _action(answer, seat)
        if answer.source == "pile" and state.right_top(seat) is None:
            raise PositionError(("expect",), "expect_illegal", card=shown(text), clause="SPD.6")
        return answer, None  # proved when the window has passed

    return read_expect(expect, read, state.verify, "position_not_a_card")


def judge(state: State, answer: Answer, expected: Answer | None, seat: int | None = None) -> Any:
    """The answer judged as a game judges it (one position, one answer): another answer the coach
    finds as good as the lesson's is right too."""
    seat = _seat(state) if seat is None else seat
    if answer.kind == "window":
        return coach.judge_window(state, seat, answer.call)
    if answer.kind == "draw":
        return coach.judge_draw(state, seat, answer.source)  # type: ignore[arg-type]
    return coach.judge_discard(state, seat, answer.card)  # type: ignore[arg-type]


def _seat(state: State) -> int:
    """The learner's seat, which `build` wrote on the state (the runner's hooks take no seat)."""
    return getattr(state, "lesson_seat", 0)


def verdict_lines(verdict: Any, ascii_only: bool = False) -> list[str]:
    if isinstance(verdict, coach.WindowVerdict):
        return window_verdict_lines(verdict, ascii_only) or [_("Right.")]
    if isinstance(verdict, coach.DrawVerdict):
        return draw_verdict_lines(verdict, ascii_only)
    return discard_verdict_lines(verdict, ascii_only)


def read_answer(session: Any, text: str, expected: Answer | None) -> Answer | None:
    state = session.state
    seat = session.learner
    command = command_of(text)
    if state.phase is Phase.MATCH and (expected is None or expected.kind == "window"):
        if command == "match":
            return Answer("window", call=True)
        if command in ("middle", "pile"):
            return Answer("window", call=False, source=command)  # the window passes, then this draw
        if not text.strip() or command == "pass":
            return Answer("window", call=False)  # Enter lets the window pass; the draw is asked next
        session.say_error(_("Type %(match)s to call match, or %(middle)s or %(pile)s to let the window pass and "
                            "draw.") % {w: typed_word(w) for w in ("match", "middle", "pile")})
        return None
    if state.phase in (Phase.MATCH, Phase.DRAW):
        if command in ("middle", "pile"):
            return Answer("draw", source=command)
        session.say_error(_("Type %(middle)s or %(pile)s.") % {
            "middle": typed_word("middle"), "pile": typed_word("pile")})
        return None
    card = held_card(state, text, seat)  # the notation, or the card in words
    if card is None:
        session.say_error(_("%(text)s is not a card in your hand.") % {"text": quoted(text)})
        return None
    return Answer("discard", card=card)


def carry_out(session: Any, answer: Answer, seat: int) -> None:
    state = session.state
    if answer.kind == "draw" and state.phase is Phase.MATCH:
        session.act(Pass(seat))
        session.bots_act()
    if answer.kind == "window" and answer.call and not state.can_match(seat):
        answer = Answer("window", call=False)  # a false call is turned down; the window passes
    session.act(_action(answer, seat))
    session.bots_act()
    if answer.kind == "window" and answer.source and state.phase is Phase.DRAW and seat in state.to_act:
        if answer.source == "middle" or state.right_top(seat) is not None:
            session.act(Draw(seat, answer.source))  # the draw the learner named with the pass
            session.bots_act()


def stronger(verdict: Any, expected: Answer | None) -> Answer:
    if expected is not None:
        return expected
    if isinstance(verdict, coach.WindowVerdict):
        return Answer("window", call=verdict.kind == "missed")
    if isinstance(verdict, coach.DrawVerdict):
        better = "pile" if verdict.pile is not None and (verdict.pile == 0 or verdict.pile < verdict.middle) \
            else "middle"
        return Answer("draw", source=better)
    return Answer("discard", card=verdict.best)


def hint_line(state: State, expected: Answer | None) -> str:
    seat = _seat(state)
    if state.phase is Phase.MATCH and (expected is None or expected.kind == "window"):
        return _("Is every one of your cards in a set of three or more?")
    if state.phase in (Phase.MATCH, Phase.DRAW):
        return _("Compare: what does the card on the pile on your right do for your sets?")
    best = bots.high_first(bots.ranked(state.hands[seat], state.wild))[0]
    return _("Which card belongs to no set and counts the most? Think of %(card)s.") % {"card": "{%s}" % best.code}


def check_decision(state: State, seat: int, data: dict[str, Any]) -> Answer:
    if not ready_for_decision(state, seat):
        raise PositionError((), "decide_not_your_turn")
    expected = parse_expect(data["expect"], state, seat)
    if expected is None:
        probe = (Answer("window") if state.phase is Phase.MATCH else
                 Answer("draw", source="middle") if state.phase is Phase.DRAW else
                 Answer("discard", card=state.hands[seat][0]))
        expected = stronger(judge(state, probe, None, seat), None)
    else:
        verdict = judge(state, expected, None, seat)
        if verdict.kind != "right":  # a lesson may not call weaker what a game calls right
            raise PositionError(("expect",), "expect_coach_weaker", card=answer_expect(expected),
                                better=answer_expect(stronger(verdict, None)))
    apply_quietly(state, expected, seat)
    return expected


def _bots_quietly(state: State, seat: int, rng: random.Random) -> None:
    for p, choice in bots.choose_all("normal", state, rng, [p for p in state.to_act if p != seat]):
        state.apply(choice.action)


def apply_quietly(state: State, answer: Answer, seat: int) -> None:
    rng = random.Random(0)
    if answer.kind == "draw" and state.phase is Phase.MATCH:
        state.apply(Pass(seat))
        _bots_quietly(state, seat, rng)
    state.apply(_action(answer, seat))
    _bots_quietly(state, seat, rng)


def play_on_quietly(state: State, seat: int, spec: dict[str, Any]) -> None:
    """As `tutor check` runs it: seeded bots, and the learner's seat played by a normal bot."""
    rng = random.Random(0)
    level = spec.get("level", "normal")
    start = state.hand
    until_end = spec.get("until", "turn") == "end"
    steps = playon.Steps()
    while not state.is_over and state.hand == start:
        if seat in state.to_act and not until_end:
            return
        try:
            steps.tick()
        except playon.Endless:
            raise playon.endless() from None
        levels = [level] * state.players
        levels[seat] = "normal"
        for p, choice in bots.choose_all(levels, state, rng, state.to_act):
            state.apply(choice.action)


def play_on(session: Any, seat: int, spec: dict[str, Any]) -> None:
    """At the trainer: bots choose with the learner, who is asked at every call, to the end of the hand."""
    session.rng = random.Random(0)
    session.level = spec.get("level", "normal")
    state = session.state
    start = state.hand
    until_end = spec.get("until", "turn") == "end"
    steps = playon.Steps()
    while not state.is_over and state.hand == start:
        try:
            steps.tick()
        except playon.Endless:
            return  # `tutor check` proved the scripted line ends sooner; the lesson goes on
        if seat in state.to_act:
            if not until_end:
                return
            for action in session.learner_actions():
                if not session.act(action):
                    break
        else:
            session.bots_act()


def session(console: Any, state: State, seat: int, rng: random.Random, ascii_only: bool) -> Any:
    from tutor.games.speed.session import SpeedSession

    state.lesson_seat = seat  # type: ignore[attr-defined]
    return SpeedSession(console, state, "normal", rng, seat, ascii_only)


# -- hooks of the lesson runner and `tutor check` (tutor.lessons): an answer named, Enter, a deal continued


def answers(state: State, seat: int, expected: Answer | None = None) -> list[Answer]:
    """The answers the learner can give at this decision, for `tutor check` to judge each: at
    the window match or pass (or, when a draw is asked, a draw after it passes); a draw from the
    middle or the pile; each card to discard."""
    draws = [Answer("draw", source="middle")] + (
        [Answer("draw", source="pile")] if state.right_top(seat) is not None else [])
    if state.phase is Phase.MATCH:
        if expected is None or expected.kind == "window":
            return [Answer("window", call=True), Answer("window", call=False)]
        return draws
    if state.phase is Phase.DRAW:
        return draws
    return [Answer("discard", card=card) for card in state.hands[seat]]


def answer_expect(answer: Answer) -> str:
    """The answer as a lesson's `expect` writes it: "match", "pass", "middle", "pile" or a card."""
    if answer.kind == "window":
        return "match" if answer.call else "pass"
    if answer.kind == "draw":
        return str(answer.source)
    return answer.card.code  # type: ignore[union-attr]


def takes_enter(state: State, expected: Answer | None) -> bool:
    """Enter is an answer here: it lets the match window pass."""
    return state.phase is Phase.MATCH and (expected is None or expected.kind == "window")


def continues(start: State, arrived: State, new: State, seat: int) -> None:
    """A position that continues the deal before (`deal: continue`): the same hand; every pile
    keeps the cards under its top, in order (unless the middle ran out and was rebuilt from
    them, SPD.10); every card that left a hand is on a pile or in a hand."""
    from collections import Counter

    if new.hand != arrived.hand:
        raise PositionError(("hand",), "position_continue_round")
    for p in range(new.players):
        buried = [c.code for c in arrived.piles[p][:-1]]
        if len(new.piles[p]) < len(buried):
            return  # the piles were gathered into a new middle (SPD.10): nothing to compare
        if [c.code for c in new.piles[p][:len(buried)]] != buried:
            raise PositionError(("piles", p), "position_continue_pile")
    somewhere = Counter(c.code for pile in new.piles for c in pile) + Counter(
        c.code for hand in new.hands for c in hand)
    for p in range(new.players):
        gone = Counter(c.code for c in arrived.hands[p]) - Counter(c.code for c in new.hands[p])
        missing = gone - somewhere
        if missing:
            raise PositionError(("hands", p), "position_continue_gone", card=next(iter(missing)))
