"""Drill skills for Three Thirteen: positions from seeded games where the skill decides.

Each exercise deals a game at a random round, lets `normal` bots play a few turns, and
keeps the position only when the choice matters: discards that differ in the points
they leave, a draw where the stock and the top discard differ by a point or more, a
hand that can go out, a hand whose best arrangement takes some thought.
"""

from __future__ import annotations

import random
from typing import Any

from tutor.cards import Card
from tutor.cardtext import MELD_EXAMPLE
from tutor.games.three_thirteen import bots, coach, solver
from tutor.games.three_thirteen.engine import Chance, Phase, State
from tutor.i18n import N_, quoted
from tutor.skills import Skill
from tutor.trainer.cardnames import held_card, read_cards
from tutor.trainer.commands import command_word, typed_word


def keep_discard(state: State) -> bool:
    if state.out_cards():
        return False
    ranked = [a.penalty for c, a in solver.discards(state.hands[state.current], state.wild, state.rules)
              if c != state.taken]
    return len(set(ranked)) >= 3 and ranked[0] > 0


def keep_draw(state: State) -> bool:
    verdict_pile = coach.judge_draw(state, "discard")
    return (verdict_pile.pile is not None and verdict_pile.stock is not None
            and abs(verdict_pile.pile - verdict_pile.stock) >= 2 * coach.DRAW_MARGIN)


def keep_go_out(state: State) -> bool:
    return bool(state.out_cards())


def keep_arrange(state: State) -> bool:
    hand = state.hands[state.current]
    best = solver.solve(hand, state.wild, state.rules)
    return len(hand) >= 7 and len(best.melds) >= 2


SKILLS: tuple[Skill, ...] = (
    Skill("best-discard", N_("The best discard"),
          N_("Which card do you discard, to keep the fewest points?"), Phase.DISCARD, keep_discard),
    Skill("stock-or-discard", N_("Stock or discard pile"),
          N_("Do you draw from the stock or take the top discard?"), Phase.DRAW, keep_draw),
    Skill("spot-go-out", N_("Spotting a go-out"),
          N_("Can you go out now, or do you only discard?"), Phase.DISCARD, keep_go_out),
    Skill("arrange", N_("Arranging for the fewest points"),
          N_("Which melds leave the fewest points in your hand?"), Phase.DRAW, keep_arrange),
)


def deal(seed: int, phase: Phase) -> tuple[State, int] | None:
    rng = random.Random(seed)
    players = rng.randint(2, 4)
    state = State(players, None, Chance(rng), first_round=rng.randint(3, 11))
    for _ in range(rng.randint(0, 3 * players)):
        if state.is_over:
            return None
        state.apply(bots.choose("normal", state, rng).action)
    while not state.is_over and state.phase is not phase:
        state.apply(bots.choose("normal", state, rng).action)
    if state.is_over or state.out is not None:
        return None
    return state, state.current


def exercise(skill: Skill, first_seed: int, tries: int = 300) -> tuple[State, int, int] | None:
    for seed in range(first_seed, first_seed + tries):
        dealt = deal(seed, skill.phase)
        if dealt is not None and skill.keep(dealt[0]):
            return dealt[0], dealt[1], seed + 1
    return None


def discard_case(hand: list[Card], card: Card, best: Card, wild: int, rules: solver.MeldRules
                 ) -> tuple[str, tuple[Card, ...]]:
    """Why discarding `card` leaves more points than discarding `best`, as a case the drills put
    in words, read from the best arrangement of the hand without `best`:

    - ("wild", ()): the card is wild;
    - ("meld", meld): the card holds that meld together (without it, the rest is no meld);
    - ("part", meld): the card sits in that meld, which would survive without it;
    - ("loose", ()): the card is left out of the melds too, so `best` counts more.

    3-13 Speed's sets are judged the same way."""
    if card.rank == wild:
        return "wild", ()
    after = [c for c in hand if c is not best]
    for meld in solver.solve(after, wild, rules).melds:
        if card in meld:
            rest = [c for c in meld if c is not card]
            whole = len(rest) >= 3 and solver.is_meld(rest, wild, rules)
            return ("part" if whole else "meld"), tuple(meld)
    return "loose", ()


def how_to_type(skill: Skill) -> str:
    """What to type for the skill's answer, in the exact words."""
    from tutor.cardtext import MELD_EXAMPLE, typing_examples
    from tutor.i18n import _

    if skill.id == "stock-or-discard":
        return _("Type %(stock)s or %(pile)s.") % {"stock": typed_word("stock"), "pile": typed_word("pile")}
    if skill.id == "spot-go-out":
        return _("Type %(out)s and a card to go out with it, like %(example)s, or just a card to discard it.") % {
            "out": typed_word("out"), "example": quoted(command_word("out") + " 7D")}
    if skill.id == "arrange":
        return _("Type each meld as its cards, melds separated by |, like %(example)s. Cards you leave out "
                 "count against you.") % {"example": quoted(MELD_EXAMPLE)}
    return _("Type the card to discard, like %(examples)s.") % {"examples": typing_examples()}


def position_lines(state: State, seat: int, names: Any, ascii_only: bool) -> list[str]:
    """What the learner did just before the question: the draw, and so the card that must stay (TT.5)."""
    from tutor.games.three_thirteen.narrate import event_line
    from tutor.i18n import _

    if state.phase is not Phase.DISCARD:
        return []
    draw = next((e for e in reversed(state.log) if e.get("event") == "draw" and e.get("player") == seat), None)
    if draw is None:
        return []
    lines = [event_line(draw, names, ascii_only) or ""]
    if state.taken is not None:
        lines.append(_("The card you took from the discard pile must stay in your hand this turn (TT.5)."))
    return lines


def ask(console: Any, skill: Skill, state: State, seat: int, rng: random.Random, ascii_only: bool) -> str:
    """Shows the position, reads the learner's answer and judges it; the verdict's kind.

    An answer the rules forbid (the card just taken, a false go-out, a group that is no meld)
    is explained and asked again; a weaker one gets the right answer, why, and the rule."""
    from tutor.games.base import IllegalAction
    from tutor.games.drilling import DrillItem
    from tutor.games.three_thirteen.narrate import (
        arrangement_verdict_lines,
        discard_verdict_lines,
        draw_verdict_lines,
        illegal_line,
    )
    from tutor.games.three_thirteen.session import TTSession
    from tutor.i18n import _
    from tutor.trainer.commands import command_of, split_command

    session = TTSession(console, state, "normal", rng, seat, ascii_only)
    for line in position_lines(state, seat, session.names, ascii_only):
        console.show([("class:hint", line)])
    console.show(session.table())
    item = DrillItem(console, session, _(skill.title), _(skill.prompt), how_to_type(skill))
    item.start()
    while True:
        text = item.read()
        words = text.split()
        if skill.id == "arrange":
            melds = read_melds(text, state, seat)
            if melds is None:
                item.slip(_("Write each meld as cards like %(example)s, melds separated by |.")
                          % {"example": quoted(MELD_EXAMPLE.split(" | ")[0])})
                continue
            verdict: Any = coach.judge_arrangement(state.hands[seat], state.wild, state.rules, melds)
            if verdict.kind == "illegal":
                item.illegal(arrangement_verdict_lines(verdict, ascii_only)[0], "TT.6")
                continue
            lines, explain = arrangement_verdict_lines, lambda: explain_arrangement(
                item, state, seat, melds, verdict, ascii_only)
        else:
            if skill.phase is Phase.DRAW:
                command = command_of(text)  # a draw word may be several words ("из колоды")
                if command not in ("stock", "pile"):
                    item.slip(_("%(text)s is neither %(stock)s nor %(pile)s.") % {
                        "text": quoted(text), "stock": typed_word("stock"),
                        "pile": typed_word("pile")})
                    continue
                verdict = coach.judge_draw(state, "stock" if command == "stock" else "discard")
                lines, explain = draw_verdict_lines, lambda: explain_draw(item, state, verdict, ascii_only)
            else:
                command, rest = split_command(text)
                going_out = command == "out"
                card = held_card(state, " ".join(rest if going_out else words))  # the notation, or words
                if card is None:
                    item.slip(_("%(text)s is not a card in your hand.") % {"text": quoted(text)})
                    continue
                verdict = coach.judge_discard(state, card, going_out)
                lines, explain = discard_verdict_lines, lambda: explain_discard(item, state, verdict, ascii_only)
            if verdict.kind == "illegal":
                err = IllegalAction(verdict.clause, verdict.message, **(getattr(verdict, "params", None) or {}))
                item.illegal(illegal_line(err, ascii_only), err.clause)
                continue
        if verdict.kind == "right":
            item.right(lines(verdict, ascii_only))
        else:
            explain()
        return item.kind(verdict.kind)


def explain_draw(item: Any, state: State, verdict: Any, ascii_only: bool) -> None:
    from tutor.cardfaces import show_card
    from tutor.games.texts import points_text
    from tutor.i18n import _

    params = {"card": show_card(state.discard[-1].code, ascii_only), "pile": points_text(verdict.pile),
              "stock": points_text(verdict.stock)}
    if verdict.source == "stock":  # the top discard was better
        answer = _("The right answer: %(word)s, to take %(card)s from the discard pile.") % {
            **params, "word": typed_word("pile")}
        reason = _("%(card)s fits with your cards, so taking it is a sure gain; a card from the stock helps only "
                   "sometimes. Points left in your best hand: %(pile)s with %(card)s, %(stock)s on average with "
                   "the stock.") % params
    else:
        answer = _("The right answer: %(word)s, to draw from the stock.") % {"word": typed_word("stock")}
        reason = _("%(card)s does little for your melds, and a card taken from the discard pile must stay in "
                   "your hand this turn, so another card would have to go. A card from the stock may go "
                   "straight back if it does not help. Points left in your best hand: %(stock)s on average with "
                   "the stock, %(pile)s with %(card)s.") % params
    item.wrong(answer, reason, "TT.5")


def explain_discard(item: Any, state: State, verdict: Any, ascii_only: bool) -> None:
    """A weaker discard: a missed go-out (TT.8), or a card that leaves more points (TT.10)."""
    from tutor.cardfaces import show_card, show_cards
    from tutor.games.drilling import right_answer_line
    from tutor.i18n import _, ngettext

    card = show_card(verdict.card.code, ascii_only)
    if verdict.outs and verdict.best_left == 0:
        out = next((c for c in verdict.outs if c.code == verdict.card.code), verdict.outs[0])
        params = {"card": show_card(out.code, ascii_only), "typed": quoted(f"{command_word('out')} {out.code}"),
                  "yours": card, "mine": verdict.left}
        answer = _("The right answer: %(typed)s, to go out with %(card)s.") % params
        if out.code == verdict.card.code:
            reason = _("Discarding %(card)s was right, but only %(typed)s goes out and shows your melds. A plain "
                       "discard keeps the round going: the others go on drawing and may go out first.") % params
        else:
            reason = ngettext(
                "Every other card is in a meld, so discarding %(card)s takes you out: your hand scores 0, and "
                "the others get only one more turn each. Discarding %(yours)s leaves %(mine)d point in your "
                "hand and gives them time.",
                "Every other card is in a meld, so discarding %(card)s takes you out: your hand scores 0, and "
                "the others get only one more turn each. Discarding %(yours)s leaves %(mine)d points in your "
                "hand and gives them time.", verdict.left) % params
        item.wrong(answer, reason, "TT.8")
        return
    hand = list(state.hands[state.current])
    case, meld = discard_case(hand, verdict.card, verdict.best, state.wild, state.rules)
    params = {"card": card, "best": show_card(verdict.best.code, ascii_only), "mine": verdict.left,
              "best_left": verdict.best_left, "meld": show_cards([c.code for c in meld], ascii_only, state.wild)}
    clause = "TT.10"
    if case == "wild":
        reason = ngettext(
            "%(card)s is wild this round: it can complete any meld, so it is the last card to give away. "
            "Discarding %(best)s leaves %(best_left)d point in your hand instead of %(mine)d.",
            "%(card)s is wild this round: it can complete any meld, so it is the last card to give away. "
            "Discarding %(best)s leaves %(best_left)d points in your hand instead of %(mine)d.",
            verdict.best_left) % params
        clause = "TT.7"
    elif case == "meld":
        reason = ngettext(
            "%(card)s holds the meld %(meld)s together: without it those cards would count against you. "
            "Discarding %(best)s keeps your melds whole and leaves %(best_left)d point in your hand instead of "
            "%(mine)d.",
            "%(card)s holds the meld %(meld)s together: without it those cards would count against you. "
            "Discarding %(best)s keeps your melds whole and leaves %(best_left)d points in your hand instead of "
            "%(mine)d.", verdict.best_left) % params
    elif case == "part":
        reason = ngettext(
            "%(card)s sits in the meld %(meld)s, where it counts nothing, while %(best)s is left out of your "
            "melds and counts against you. Discarding %(best)s leaves %(best_left)d point in your hand "
            "instead of %(mine)d.",
            "%(card)s sits in the meld %(meld)s, where it counts nothing, while %(best)s is left out of your "
            "melds and counts against you. Discarding %(best)s leaves %(best_left)d points in your hand "
            "instead of %(mine)d.", verdict.best_left) % params
    else:
        reason = ngettext(
            "%(best)s and %(card)s are both left out of your melds, and %(best)s counts more, so it is the "
            "card to throw: discarding it leaves %(best_left)d point in your hand instead of "
            "%(mine)d.",
            "%(best)s and %(card)s are both left out of your melds, and %(best)s counts more, so it is the "
            "card to throw: discarding it leaves %(best_left)d points in your hand instead of "
            "%(mine)d.", verdict.best_left) % params
    extra = []
    if verdict.feeds:
        extra.append(_("The next player took %(taken)s from the discard pile: %(card)s may help them.") % {
            "taken": show_card(verdict.feeds, ascii_only), "card": card})
    item.wrong(right_answer_line(params["best"]), reason, clause, extra)


def explain_arrangement(item: Any, state: State, seat: int, melds: list[list[Any]], verdict: Any,
                        ascii_only: bool) -> None:
    """Weaker melds: the best ones, and what each leaves out (TT.10)."""
    from tutor.cardfaces import rummy_order, show_cards, show_melds
    from tutor.games.drilling import right_answer_line
    from tutor.i18n import ngettext

    hand = state.hands[seat]
    used = [c for meld in melds for c in meld]
    mine_out = [c.code for c in rummy_order([c for c in hand if c not in used], state.wild)]
    best = verdict.best
    params = {"cards": show_cards([c.code for c in rummy_order(best.deadwood, state.wild)], ascii_only, state.wild),
              "mine_cards": show_cards(mine_out, ascii_only, state.wild) or "-",
              "best": best.penalty, "mine": verdict.penalty}
    answer = right_answer_line(show_melds([[c.code for c in m] for m in best.melds], ascii_only, state.wild))
    if best.penalty == 0:
        reason = ngettext("Those melds take in every card, so nothing counts against you. Yours leave "
                          "%(mine_cards)s out: %(mine)d point.",
                          "Those melds take in every card, so nothing counts against you. Yours leave "
                          "%(mine_cards)s out: %(mine)d points.", verdict.penalty) % params
    else:
        reason = ngettext("Those melds leave only %(cards)s out: %(best)d point. Yours leave %(mine_cards)s out, "
                          "%(mine)d in all: a card that could sit in a meld still counts against you.",
                          "Those melds leave only %(cards)s out: %(best)d points. Yours leave %(mine_cards)s "
                          "out, %(mine)d in all: a card that could sit in a meld still counts against you.",
                          best.penalty) % params
    item.wrong(answer, reason, "TT.10")


def read_melds(text: str, state: State, seat: int) -> list[list[Any]] | None:
    """The learner's melds as physical cards of their hand, or None if a card is unreadable
    or the text names none."""
    hand = list(state.hands[seat])
    melds = []
    for group in text.split("|"):
        meld = []
        cards = read_cards(group)  # the notation, or cards in words
        if cards is None:
            return None
        for parsed in cards:
            card = next((c for c in hand if (c.rank, c.suit) == parsed), None)
            if card is None:
                return None
            hand.remove(card)
            meld.append(card)
        if meld:
            melds.append(meld)
    return melds or None
