"""Drill skills for 3-13 Speed: positions from seeded games where the skill decides.

Each exercise deals a game at a random hand and table size, lets `normal` bots play a few
cycles, and keeps the position only when the choice matters: a pile card that is clearly
better or clearly worse than the middle's average, a discard where the points differ or a
card would feed the left neighbour, a match window where the hand is all sets (or nearly).
"""

from __future__ import annotations

import random
from typing import Any

from tutor.games.speed import bots, coach
from tutor.games.speed.engine import Chance, Phase, State
from tutor.i18n import N_, quoted
from tutor.skills import Skill
from tutor.trainer.cardnames import held_card
from tutor.trainer.commands import typed_word


def keep_draw(state: State, seat: int) -> bool:
    if state.right_top(seat) is None:
        return False
    verdict = coach.judge_draw(state, seat, "middle")
    return verdict.pile is not None and abs(verdict.pile - verdict.middle) >= 3


def keep_pass_left(state: State, seat: int) -> bool:
    options = bots.ranked(state.hands[seat], state.wild)
    best = options[0][1]
    if best == 0 or len({p for _, p in options}) < 3:
        return False
    return any(coach.judge_discard(state, seat, c).feeds for c, p in options if p <= best + 3)


def keep_match(state: State, seat: int) -> bool:
    return len(state.hands[seat]) >= 5 and bots.penalty(state.hands[seat], state.wild) <= 3


SKILLS: tuple[Skill, ...] = (
    Skill("pile-or-middle", N_("Pile or middle"),
          N_("Do you draw from the middle or take the card on the pile on your right?"), Phase.DRAW, keep_draw),
    Skill("pass-left", N_("What to pass left"),
          N_("Which card do you discard? Your left neighbour can take it."), Phase.DISCARD, keep_pass_left),
    Skill("spot-match", N_("Spotting a match"),
          N_("Are all your cards in sets, so that you can call match?"), Phase.MATCH, keep_match),
)


def deal(seed: int, phase: Phase) -> tuple[State, int] | None:
    rng = random.Random(seed)
    players = rng.randint(4, 12)
    state = State(players, Chance(rng), first_hand=rng.randint(2, 11))
    seat, start = 0, state.hand
    for _ in range(rng.randint(0, 6) * 3):
        if state.is_over or state.hand != start:
            return None
        for p, choice in bots.choose_all("normal", state, rng, state.to_act):
            state.apply(choice.action)
    for _ in range(3):
        if state.is_over or state.hand != start or state.last_cycle or seat not in state.to_act:
            return None
        if state.phase is phase:
            return state, seat
        for p, choice in bots.choose_all("normal", state, rng, state.to_act):
            state.apply(choice.action)
    return None


def exercise(skill: Skill, first_seed: int, tries: int = 300) -> tuple[State, int, int] | None:
    for seed in range(first_seed, first_seed + tries):
        dealt = deal(seed, skill.phase)
        if dealt is not None and skill.keep(*dealt):
            return dealt[0], dealt[1], seed + 1
    return None


def how_to_type(skill: Skill) -> str:
    """What to type for the skill's answer, in the exact words."""
    from tutor.cardtext import typing_examples
    from tutor.i18n import _

    if skill.phase is Phase.DRAW:
        return _("Type %(middle)s or %(pile)s.") % {"middle": typed_word("middle"), "pile": typed_word("pile")}
    if skill.phase is Phase.MATCH:
        return _("Type %(match)s to call it, or press Enter to let the window pass.") % {
            "match": typed_word("match")}
    return _("Type the card to discard, like %(examples)s.") % {"examples": typing_examples()}


def position_lines(state: State, seat: int, names: Any, ascii_only: bool) -> list[str]:
    """What the learner knows of this hand beyond the table: their own draw of this cycle, and
    what the left neighbour has taken from their pile (which is why that pile may look bare)."""
    from tutor.cardfaces import show_card, show_cards
    from tutor.i18n import _, ngettext

    lines = []
    if state.phase is Phase.DISCARD and state.drawn[seat] is not None:
        card = state.drawn[seat]
        took = any(c is card for c in state.took[seat])
        lines.append((_("You took %(card)s from the pile on your right.") if took else
                      _("You took %(card)s from the middle.")) % {"card": show_card(card.code, ascii_only)})
    left = state.left(seat)
    taken = state.took[left]
    if taken:
        lines.append(ngettext("This hand %(player)s, on your left, has taken %(count)d card from your pile: "
                              "%(cards)s.",
                              "This hand %(player)s, on your left, has taken %(count)d cards from your pile: "
                              "%(cards)s.", len(taken)) % {
            "player": names(left), "count": len(taken), "cards": show_cards([c.code for c in taken], ascii_only)})
        if state.phase is Phase.DISCARD and state.drawn[left] is taken[-1]:
            lines.append(_("%(player)s, on your left, took %(card)s from your pile.") % {
                "player": names(left), "card": show_card(taken[-1].code, ascii_only)})
    return lines


def ask(console: Any, skill: Skill, state: State, seat: int, rng: random.Random, ascii_only: bool) -> str:
    """Shows the position, reads the learner's answer and judges it; the verdict's kind.

    A weaker answer gets the right one, the reason in words and the rule it rests on."""
    from tutor.games.drilling import DrillItem
    from tutor.games.speed.narrate import (
        discard_verdict_lines,
        draw_verdict_lines,
        window_verdict_lines,
    )
    from tutor.games.speed.session import SpeedSession
    from tutor.i18n import _
    from tutor.trainer.commands import command_of

    session = SpeedSession(console, state, "normal", rng, seat, ascii_only)
    for line in position_lines(state, seat, session.names, ascii_only):
        console.show([("class:hint", line)])
    console.show(session.table())
    item = DrillItem(console, session, _(skill.title), _(skill.prompt), how_to_type(skill))
    item.start()
    while True:
        text = item.read(empty_ok=skill.phase is Phase.MATCH)
        command = command_of(text)
        if skill.phase is Phase.MATCH:
            if text.strip() and command != "match":
                item.slip(_("%(text)s is not %(match)s.") % {"text": quoted(text), "match": typed_word("match")})
                continue
            verdict: Any = coach.judge_window(state, seat, called=bool(text.strip()))
            if verdict.kind == "right":
                item.right(window_verdict_lines(verdict, ascii_only) or [
                    _("Right: your cards are all in sets, so you call match (SPD.7).") if text.strip() else
                    _("Right: not every card is in a set yet, so you let the window pass.")])
                return item.kind("right")
            explain_window(item, state, seat, verdict, ascii_only)
            return item.kind("weaker")
        if skill.phase is Phase.DRAW:
            if command not in ("middle", "pile"):
                item.slip(_("%(text)s is neither %(middle)s nor %(pile)s.") % {
                    "text": quoted(text), "middle": typed_word("middle"),
                    "pile": typed_word("pile")})
                continue
            verdict = coach.judge_draw(state, seat, command)
            if verdict.kind == "right":
                item.right(draw_verdict_lines(verdict, ascii_only))
            else:
                explain_draw(item, verdict, ascii_only)
            return item.kind(verdict.kind)
        card = held_card(state, text, seat)  # the notation, or the card in words
        if card is None:
            item.slip(_("%(text)s is not a card in your hand.") % {"text": quoted(text)})
            continue
        verdict = coach.judge_discard(state, seat, card)
        if verdict.kind == "right":
            item.right(discard_verdict_lines(verdict, ascii_only))
        else:
            explain_discard(item, state, seat, verdict, ascii_only)
        return item.kind(verdict.kind)


def explain_window(item: Any, state: State, seat: int, verdict: Any, ascii_only: bool) -> None:
    """A missed match (SPD.7) or a false call (SPD.4)."""
    from tutor.cardfaces import show_cards, show_melds
    from tutor.games.drilling import right_answer_line
    from tutor.games.speed.engine import RULES
    from tutor.games.three_thirteen import solver
    from tutor.i18n import _, ngettext

    if verdict.kind == "missed":
        melds = solver.solve(state.hands[seat], state.wild, RULES).melds
        answer = right_answer_line(typed_word("match"))
        reason = _("All your cards are in sets: %(melds)s. Calling match now scores 0 for you this hand; "
                   "letting the window pass means drawing again, with your points still open.") % {
            "melds": show_melds([[c.code for c in m] for m in melds], ascii_only, state.wild)}
        item.wrong(answer, reason, "SPD.7")
        return
    answer = _("The right answer: press Enter, to let the window pass.")
    reason = ngettext("Not every card is in a set yet: %(cards)s is left over. A call now is turned down; "
                      "match counts only when every card is in a set.",
                      "Not every card is in a set yet: %(cards)s are left over. A call now is turned down; "
                      "match counts only when every card is in a set.", len(verdict.deadwood)) % {
        "cards": show_cards([c.code for c in verdict.deadwood], ascii_only, state.wild)}
    item.wrong(answer, reason, "SPD.4")


def explain_draw(item: Any, verdict: Any, ascii_only: bool) -> None:
    """A weaker draw: the pile card against the middle's average (SPD.6)."""
    from tutor.cardfaces import show_card
    from tutor.games.texts import points_text
    from tutor.i18n import _

    params = {"card": show_card(verdict.card.code, ascii_only), "pile": verdict.pile,
              "middle": points_text(verdict.middle)}
    if verdict.source == "middle":  # the pile was better
        answer = _("The right answer: %(word)s, to take %(card)s from the pile on your right.") % {
            **params, "word": typed_word("pile")}
        reason = _("%(card)s fits your sets, so taking it is a sure gain; a card from the middle helps only "
                   "sometimes. Points in your hand: %(pile)d with %(card)s, %(middle)s on average with the "
                   "middle.") % params
    else:
        answer = _("The right answer: %(word)s, to draw from the middle.") % {"word": typed_word("middle")}
        reason = _("%(card)s does little for your sets, while a card from the middle may help, and one that "
                   "does not can go straight onto your pile. Points in your hand: %(middle)s on average with "
                   "the middle, %(pile)d with %(card)s.") % params
    item.wrong(answer, reason, "SPD.6")


def explain_discard(item: Any, state: State, seat: int, verdict: Any, ascii_only: bool) -> None:
    """A weaker discard: a wild handed to the left neighbour (SPD.3), or more points left (SPD.8)."""
    from tutor.cardfaces import show_card, show_cards
    from tutor.games.drilling import right_answer_line
    from tutor.games.speed.engine import RULES
    from tutor.games.three_thirteen.drills import discard_case
    from tutor.i18n import _, ngettext

    card = show_card(verdict.card.code, ascii_only)
    params = {"card": card, "best": show_card(verdict.best.code, ascii_only), "mine": verdict.left,
              "best_left": verdict.best_left}
    extra = []
    if verdict.feeds == "wild":
        reason = ngettext("%(card)s is wild this hand: on your pile it goes to your left neighbour, who can fit "
                          "it into any set. Discard %(best)s instead: it leaves %(best_left)d point in your hand.",
                          "%(card)s is wild this hand: on your pile it goes to your left neighbour, who can fit "
                          "it into any set. Discard %(best)s instead: it leaves %(best_left)d points in your hand.",
                          verdict.best_left) % params
        clause = "SPD.3"
    else:
        case, meld = discard_case(list(state.hands[seat]), verdict.card, verdict.best, state.wild, RULES)
        params["meld"] = show_cards([c.code for c in meld], ascii_only, state.wild)
        if case == "wild":
            reason = ngettext(
                "%(card)s is wild this hand: it can complete any set, so it is the last card to give away. "
                "Discarding %(best)s leaves %(best_left)d point in your hand instead of %(mine)d.",
                "%(card)s is wild this hand: it can complete any set, so it is the last card to give away. "
                "Discarding %(best)s leaves %(best_left)d points in your hand instead of %(mine)d.",
                verdict.best_left) % params
        elif case == "meld":
            reason = ngettext(
                "%(card)s holds the set %(meld)s together: without it those cards would count against you. "
                "Discarding %(best)s keeps your sets whole and leaves %(best_left)d point in your hand instead "
                "of %(mine)d.",
                "%(card)s holds the set %(meld)s together: without it those cards would count against you. "
                "Discarding %(best)s keeps your sets whole and leaves %(best_left)d points in your hand instead "
                "of %(mine)d.", verdict.best_left) % params
        elif case == "part":
            reason = ngettext(
                "%(card)s sits in the set %(meld)s, where it counts nothing, while %(best)s is left out of your "
                "sets and counts against you. Discarding %(best)s leaves %(best_left)d point in your hand "
                "instead of %(mine)d.",
                "%(card)s sits in the set %(meld)s, where it counts nothing, while %(best)s is left out of your "
                "sets and counts against you. Discarding %(best)s leaves %(best_left)d points in your hand "
                "instead of %(mine)d.", verdict.best_left) % params
        else:
            reason = ngettext(
                "%(best)s and %(card)s are both left out of your sets, and %(best)s counts more, so it is the "
                "card to throw: discarding it leaves %(best_left)d point in your hand instead of "
                "%(mine)d.",
                "%(best)s and %(card)s are both left out of your sets, and %(best)s counts more, so it is the "
                "card to throw: discarding it leaves %(best_left)d points in your hand instead of "
                "%(mine)d.", verdict.best_left) % params
        clause = "SPD.8"
        if verdict.feeds == "took":
            extra.append(_("Your left neighbour took %(taken)s from your pile: %(card)s may help them.") % {
                "taken": show_card(verdict.took.code, ascii_only), "card": card})
    item.wrong(right_answer_line(params["best"]), reason, clause, extra)
