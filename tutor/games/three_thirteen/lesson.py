"""Three Thirteen's side of the lessons: positions on the real engine, answers, judgements.

A `position` step: `round` (1-11, which fixes the hand size and the wild rank), `players`,
`seat` (the learner, default 0), `hands` (card codes per seat: round + 2 cards each, one
more for the player who is about to discard), `discard` (the discard pile, bottom first),
`stock` (its top cards, top first; the rest of the decks follow in a seeded order),
`current` (default: the learner), `phase` (`draw` or `discard`), `options` (as for
`tutor play three-thirteen`), `out` (a seat that has just gone out: the others, from
`current` on, are taking their last turns, TT.9; give that seat the melded hand it went
out with, all in melds, TT.8), `turns` (turns already finished this round: 0 is the first
turn, where the discard pile holds just the card turned up, TT.4; the dealer follows from
it, and the deal passes left to the next round). No physical card may appear more often than the
decks hold.

A `decide` step's `expect`: `stock` or `pile` (a draw), a card code (`KD`, a discard), `out KD`
(going out with that discard), `arrange` (the learner types their melds, judged against
the solver), or `best` (the coach's choice for the phase). The expected answer must be one the
coach judges right (`tutor check`); the learner's answer is judged as a game judges it, so
another answer the coach finds as good (a draw within the margin, a discard leaving as few
points) is right too.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace
from typing import Any

from tutor.cards import Card, parse_code
from tutor.cardtext import MELD_EXAMPLE
from tutor.games.base import OptionError
from tutor.games.three_thirteen import bots, coach, solver
from tutor.games.three_thirteen.engine import Chance, Discard, Draw, GoOut, Phase, State
from tutor.games.three_thirteen.narrate import (
    arrangement_verdict_lines,
    discard_verdict_lines,
    draw_verdict_lines,
)
from tutor.games.three_thirteen.options import parse_options
from tutor.i18n import _, ngettext, quoted
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


@dataclass(frozen=True)
class Answer:
    kind: str  # "draw", "discard", "out" or "arrange"
    source: str | None = None
    card: Card | None = None
    melds: tuple[tuple[Card, ...], ...] = ()


POSITION_FIELDS = {"round", "players", "seat", "hands", "discard", "stock", "current", "phase", "options", "seed",
                   "out", "turns"}

#: Turns already played in a round: more than any round of the longest game lasts.
MAX_TURNS = 9_999


def build(spec: dict[str, Any]) -> tuple[State, int]:
    known_fields(spec, POSITION_FIELDS)
    round_ = whole(spec, "round", 1, 1, 11, "position_round")
    hands_spec = spec.get("hands")
    players = whole(spec, "players", len(hands_spec) if isinstance(hands_spec, list) else 2, 2, 8,
                    "position_players", clause="TT.1")
    seat = whole(spec, "seat", 0, 0, players - 1, "position_bad_seat")
    current = whole(spec, "current", seat, 0, players - 1, "position_bad_seat")
    try:
        options = parse_options({str(k): str(v) for k, v in (spec.get("options") or {}).items()})
    except (OptionError, AttributeError, ValueError):
        raise PositionError(("options",), "position_tt_options") from None
    seed = whole(spec, "seed", 0, 0, MAX_SEED, "position_bad_seed")
    rng = random.Random(seed)
    state = State(players, options, Chance(rng), first_round=round_)
    if hands_spec is None:
        return state, seat
    phase = {"draw": Phase.DRAW, "discard": Phase.DISCARD}.get(spec.get("phase", "draw"))
    if phase is None:
        raise PositionError(("phase",), "position_bad_phase")
    if not isinstance(hands_spec, list) or len(hands_spec) != players:
        raise PositionError(("hands",), "position_hands_count", players=players)
    n = round_ + 2
    hands = [card_codes(h, ("hands", i)) for i, h in enumerate(hands_spec)]
    for i, hand in enumerate(hands):
        want = n + (1 if (i == current and phase is Phase.DISCARD) else 0)
        if len(hand) != want:
            raise PositionError(("hands", i), "position_hand_count", count=want, clause="TT.3")
    pile = card_codes(spec.get("discard", []), ("discard",))
    top = card_codes(spec.get("stock", []), ("stock",))
    if phase is Phase.DRAW and not pile and not top:
        raise PositionError(("discard",), "position_no_draw")
    decks = Decks(options.deck_count(players), "TT.1")
    state.hands = [[decks.take(c, ("hands", i)) for c in hand] for i, hand in enumerate(hands)]
    state.discard = [decks.take(c, ("discard",)) for c in pile]
    stock_top = [decks.take(c, ("stock",)) for c in top]
    state.stock = (stock_top + decks.rest(rng))[::-1]  # the engine keeps the top card last
    state.current = current
    state.phase = phase
    state.taken = None
    state.turn = players + 1  # everyone has finished a turn this round (TT.14's option does not bite)
    _turns(state, spec, len(pile))
    out = spec.get("out")
    if out is not None:
        if not is_whole(out, 0, players - 1) or out == current:
            raise PositionError(("out",), "position_bad_seat")
        if solver.solve(state.hands[out], state.wild, state.rules).penalty:
            raise PositionError(("hands", out), "position_tt_out", clause="TT.8")
        state.out = out
        state.last_turns = (out - current) % players  # TT.9: everyone from `current` up to the one who went out
    return state, seat


def _turns(state: State, spec: dict[str, Any], pile: int) -> None:
    """`turns`, the turns already finished this round, against the discard pile and the
    dealer (TT.4, TT.5): the round starts with one card face up and the player on the
    dealer's left; each turn adds one discard and takes at most one card off the pile. So
    at a player's first turn of the round the pile holds one card, and the stock all the
    rest. Without `turns` the fewest the pile allows are assumed. The dealer follows, and
    the next round is dealt by the player on their left."""
    given = "turns" in spec
    turns = whole(spec, "turns", max(pile - 1, 0), 0, MAX_TURNS, "lesson_bad_field", field="turns")
    least = 1 if state.phase is Phase.DRAW else 0
    if given and not least <= pile <= turns + 1:
        raise PositionError(("discard",), "position_tt_turns", turns=turns, least=least, most=turns + 1,
                            count=pile, clause="TT.4")
    state.dealer = state.first_dealer = (state.current - 1 - turns) % state.players
    if given:
        state.turn = turns + 1  # TT.14's option counts them


def ready_for_decision(state: State | None, seat: int) -> bool:
    """The learner is to act: on an ordinary turn, or on their last turn after someone went out (TT.9)."""
    return state is not None and not state.is_over and state.current == seat


def _action(answer: Answer) -> Draw | Discard | GoOut | None:
    """The move that carries out an answer (None for an arrangement, which only the coach judges)."""
    if answer.kind == "draw":
        return Draw(answer.source)  # type: ignore[arg-type]
    if answer.kind == "discard":
        return Discard(answer.card)  # type: ignore[arg-type]
    if answer.kind == "out":
        return GoOut(answer.card)  # type: ignore[arg-type]
    return None


def parse_expect(expect: Any, state: State) -> Answer | None:
    """The expected answer (None for "best"); PositionError if it is not legal here."""

    def read(text: str) -> tuple[Answer, Any]:
        lower = text.lower()
        if lower == "arrange":
            return Answer("arrange"), None
        if lower in ("stock", "pile"):
            answer = Answer("draw", source="stock" if lower == "stock" else "discard")
            return answer, _action(answer)
        words = text.split()
        out = len(words) == 2 and words[0].lower() == "out"
        card = state.find_card(words[-1]) if words and parse_code(words[-1]) else None
        if card is None or len(words) > 2 or (len(words) == 2 and not out):
            raise PositionError(("expect",), "position_not_a_card", card=shown(text))
        answer = Answer("out" if out else "discard", card=card)
        return answer, _action(answer)

    return read_expect(expect, read, state.verify, "position_not_a_card")


def judge(state: State, answer: Answer, expected: Answer | None) -> Any:
    """The answer judged as a game judges it (one position, one answer): another answer the coach
    finds as good as the lesson's is right too. A weaker answer where the lesson goes out names
    that card."""
    if answer.kind == "arrange":
        hand = state.hands[state.current]
        return coach.judge_arrangement(hand, state.wild, state.rules, [list(m) for m in answer.melds])
    if answer.kind == "draw":
        return coach.judge_draw(state, answer.source)  # type: ignore[arg-type]
    verdict = coach.judge_discard(state, answer.card, answer.kind == "out")  # type: ignore[arg-type]
    if expected is not None and expected.kind == "out" and verdict.kind == "weaker":
        verdict = replace(verdict, best=expected.card, best_left=0)
    return verdict


def verdict_lines(verdict: Any, ascii_only: bool = False) -> list[str]:
    if isinstance(verdict, coach.DrawVerdict):
        return draw_verdict_lines(verdict, ascii_only)
    if isinstance(verdict, coach.DiscardVerdict):
        return discard_verdict_lines(verdict, ascii_only)
    return arrangement_verdict_lines(verdict, ascii_only)


def read_answer(session: Any, text: str, expected: Answer | None) -> Answer | None:
    """What the learner typed, read by the phase: a draw, a discard, `out CARD`, or melds."""
    from tutor.games.three_thirteen.drills import read_melds
    from tutor.trainer.commands import command_of, split_command, typed_word

    state = session.state
    if expected is not None and expected.kind == "arrange":
        melds = read_melds(text, state, state.current)
        if melds is None:
            session.say_error(_("Write each meld as cards like %(example)s, melds separated by |.")
                              % {"example": quoted(MELD_EXAMPLE.split(" | ")[0])})
            return None
        return Answer("arrange", melds=tuple(tuple(m) for m in melds))
    command, rest = split_command(text)
    if state.phase is Phase.DRAW:
        command = command_of(text)  # a draw word may be several words ("из колоды")
        if command in ("stock", "pile"):
            return Answer("draw", source="stock" if command == "stock" else "discard")
        session.say_error(_("Type %(stock)s or %(pile)s.") % {
            "stock": typed_word("stock"), "pile": typed_word("pile")})
        return None
    out = command == "out"
    card = held_card(state, " ".join(rest) if out else text)  # the notation, or the card in words
    if card is None:
        session.say_error(_("%(text)s is not a card in your hand.") % {"text": quoted(text)})
        return None
    return Answer("out" if out else "discard", card=card)


def carry_out(session: Any, answer: Answer, seat: int) -> None:
    action = _action(answer)
    if action is not None:
        session.act(action)


def stronger(verdict: Any, expected: Answer | None) -> Answer:
    if expected is not None and expected.kind != "arrange":
        return expected
    if isinstance(verdict, coach.DrawVerdict):
        better = "discard" if verdict.pile is not None and (verdict.stock is None or verdict.pile < verdict.stock) \
            else "stock"
        return Answer("draw", source=better)
    if isinstance(verdict, coach.DiscardVerdict):
        if verdict.outs:
            return Answer("out", card=verdict.outs[0])
        return Answer("discard", card=verdict.best)
    return Answer("arrange", melds=tuple(tuple(m) for m in verdict.best.melds))


def hint_line(state: State, expected: Answer | None) -> str:
    if expected is not None and expected.kind == "arrange":
        best = solver.solve(state.hands[state.current], state.wild, state.rules)
        return ngettext("The best arrangement leaves %(points)d point.",
                        "The best arrangement leaves %(points)d points.", best.penalty) % {"points": best.penalty}
    if state.phase is Phase.DRAW:
        return _("Compare: what does the top discard do for your melds?")
    outs = state.out_cards()
    if outs:
        return _("Look closely: can every card but one go into melds?")
    best_card = solver.discards(state.hands[state.current], state.wild, state.rules)[0][0]
    return _("Which card belongs to no meld and counts the most? Think of %(card)s.") % {
        "card": "{%s}" % best_card.code}  # markup, drawn by the console


def check_decision(state: State, seat: int, data: dict[str, Any]) -> Answer:
    if not ready_for_decision(state, seat):
        raise PositionError((), "decide_not_your_turn")
    expected = parse_expect(data["expect"], state)
    if expected is not None and expected.kind == "arrange":
        return expected
    if expected is None:
        expected = stronger(judge(state, _best_probe(state), None), None)
    else:
        verdict = judge(state, expected, None)
        if verdict.kind != "right":  # a lesson may not call weaker what a game calls right
            raise PositionError(("expect",), "expect_coach_weaker", card=answer_expect(expected),
                                better=answer_expect(stronger(verdict, None)))
    apply_quietly(state, expected)
    return expected


def _best_probe(state: State) -> Answer:
    """Any legal answer, to ask the coach for the stronger one."""
    if state.phase is Phase.DRAW:
        return Answer("draw", source="stock" if state.stock_drawable() else "discard")
    card = next(c for c in state.hands[state.current] if c != state.taken)
    return Answer("discard", card=card)


def apply_quietly(state: State, answer: Answer) -> None:
    action = _action(answer)
    if action is not None:
        state.apply(action)


def mid_turn(state: State) -> bool:
    """The learner is in the middle of a turn a decision began."""
    return state.phase is Phase.DISCARD


def play_on_quietly(state: State, seat: int, spec: dict[str, Any]) -> None:
    playon.quietly(state, seat, spec, mid_turn, bots.choose)


def play_on(session: Any, seat: int, spec: dict[str, Any]) -> None:
    playon.at_the_table(session, seat, spec, mid_turn)


def session(console: Any, state: State, seat: int, rng: random.Random, ascii_only: bool) -> Any:
    from tutor.games.three_thirteen.session import TTSession

    return TTSession(console, state, "normal", rng, seat, ascii_only)


# -- hooks of the lesson runner and `tutor check` (tutor.lessons): an answer named, a deal continued


def answers(state: State, seat: int, expected: Answer | None = None) -> list[Answer]:
    """The answers the learner can give at this decision, for `tutor check` to judge each: the
    stock and the pile to draw from, or each card to discard and each to go out with (none for
    an arrangement, which is judged as a whole)."""
    if expected is not None and expected.kind == "arrange":
        return []
    if state.phase is Phase.DRAW:
        return [Answer("draw", source=source) for source, able in
                (("stock", state.stock_drawable()), ("discard", bool(state.discard))) if able]
    return [Answer("discard", card=card) for card in state.hands[state.current]] + [
        Answer("out", card=card) for card in state.out_cards()]


def answer_expect(answer: Answer) -> str:
    """The answer as a lesson's `expect` writes it: "stock", "pile", "KD", "out KD", or melds."""
    if answer.kind == "draw":
        return "stock" if answer.source == "stock" else "pile"
    if answer.kind == "arrange":
        return " | ".join(" ".join(card.code for card in meld) for meld in answer.melds)
    code = answer.card.code  # type: ignore[union-attr]
    return f"out {code}" if answer.kind == "out" else code


def continues(start: State, arrived: State, new: State, seat: int) -> None:
    """A position that continues the deal before (`deal: continue`): the same round; the cards
    buried in the discard pile stay there, in order; every card that left a hand is on the pile
    or in a hand (unless the stock ran out and the pile became the stock, TT.12)."""
    from collections import Counter

    if new.round != arrived.round:
        raise PositionError(("round",), "position_continue_round")
    buried = [c.code for c in arrived.discard[:-1]]
    if len(new.discard) < len(buried):
        return  # the pile became the stock (TT.12): nothing to compare
    if [c.code for c in new.discard[:len(buried)]] != buried:
        raise PositionError(("discard",), "position_continue_pile")
    somewhere = Counter(c.code for c in new.discard) + Counter(c.code for hand in new.hands for c in hand)
    for p in range(new.players):
        gone = Counter(c.code for c in arrived.hands[p]) - Counter(c.code for c in new.hands[p])
        missing = gone - somewhere
        if missing:
            raise PositionError(("hands", p), "position_continue_gone", card=next(iter(missing)))
