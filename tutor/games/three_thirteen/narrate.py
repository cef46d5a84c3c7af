"""Three Thirteen's events, errors and bot remarks as sentences in the learner's language."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from tutor.cardfaces import rank_face, show_card, show_cards, show_melds, with_faces
from tutor.games import texts
from tutor.games.base import Event, IllegalAction, OptionError
from tutor.games.remark import Remark
from tutor.i18n import _, ngettext, quoted
from tutor.trainer.commands import command_word
from tutor.trainer.table import Names


def event_line(event: Event, names: Names, ascii_only: bool = False, reveal: bool = False) -> str | None:
    kind = event["event"]
    p = event.get("player")
    you = names.is_you(p)
    who = names(p) if p is not None else ""
    card = show_card(event["card"], ascii_only) if "card" in event else ""
    if kind == "round_start":
        n = event["round"] + 2
        line = ngettext("Round %(round)d of 11: %(count)d card each; %(wild)s is wild.",
                        "Round %(round)d of 11: %(count)d cards each; %(wild)s is wild.", n) % {
            "round": event["round"], "count": n, "wild": rank_face(event["wild"])}
        dealer = event["dealer"]
        deals = _("You deal.") if names.is_you(dealer) else _("%(player)s deals.") % {"player": names(dealer)}
        return f"{line} {deals}"
    if kind == "deal":
        return _("The discard pile starts with %(card)s.") % {"card": show_card(event["up"], ascii_only)}
    if kind == "draw":
        if event["from"] == "discard":
            return (_("You take %(card)s from the discard pile.") if you else
                    _("%(player)s takes %(card)s from the discard pile.")) % {"player": who, "card": card}
        if you:
            return _("You draw %(card)s from the stock.") % {"card": card}
        if reveal:
            return _("%(player)s draws %(card)s from the stock.") % {"player": who, "card": card}
        return _("%(player)s draws from the stock.") % {"player": who}
    if kind == "discard":
        return (_("You discard %(card)s.") if you else _("%(player)s discards %(card)s.")) % {"player": who, "card": card}
    if kind == "go_out":
        # `_wild`: the round's wild rank, given by whoever shows the event (never recorded).
        params = {"player": who, "card": card, "melds": show_melds(event["melds"], ascii_only, event.get("_wild"))}
        return (_("You go out, discarding %(card)s: %(melds)s (TT.8).") if you else
                _("%(player)s goes out, discarding %(card)s: %(melds)s (TT.8).")) % params
    if kind == "recycle":
        return _("The stock is empty: the discard pile, less its top card, is shuffled into a new stock (TT.12).")
    if kind == "round_end":
        return _("Round %(round)d is over.") % {"round": event["round"]}
    if kind == "game_over":
        return texts.winners_line(event["totals"], event["winners"], names, "TT.11")
    return None


def round_lines(event: Event, names: Names, ascii_only: bool = False) -> list[str]:
    """Each hand's scoring arrangement after a round (TT.10), its wild cards marked."""
    return texts.score_lines(event, names, ascii_only, event["round"] + 2)  # TT.3: the wild rank


def replay_line(event: Event, names: Names, ascii_only: bool = False, reveal: bool = False) -> str | None:
    """An event as `tutor replay` tells it: the end of a round goes on with every hand's scoring."""
    line = event_line(event, names, ascii_only, reveal)
    if line and event["event"] == "round_end":
        return "\n".join([line, *round_lines(event, names, ascii_only)])
    return line


def illegal_line(err: IllegalAction, ascii_only: bool = False) -> str:
    p = with_faces(err.params, ascii_only)
    messages = {
        "game_over": _("The game is over."),
        "not_your_turn": _("It is not your turn."),
        "draw_first": _("First draw a card: from the stock or the discard pile."),
        "discard_first": _("You have drawn already; now discard a card."),
        "discard_empty": _("The discard pile is empty."),
        "stock_empty": _("The stock is empty."),
        "bad_source": _("Draw from the stock or from the discard pile."),
        "not_in_hand": _("You do not hold %(card)s."),
        "just_drawn": _("You have just taken %(card)s from the discard pile; it cannot go straight back."),
        "cannot_go_out": _("You cannot go out: the other cards are not all in melds."),
        "no_early_out": _("Nobody may go out before every player has had a turn."),
        "not_an_action": _("That is not a move in this game."),
    }
    text = messages.get(err.message, _("That is not allowed."))
    text = texts.fill(text, p)
    return _("%(reason)s (rule %(clause)s)") % {"reason": text, "clause": err.clause}


def option_error_line(err: OptionError) -> str:
    return texts.option_error_line(err, {
        "players_range": _("Three Thirteen needs %(low)d to %(high)d players, not %(players)d (TT.1)."),
        "decks_too_few": ngettext("%(decks)d deck is not enough for %(players)d players: it needs %(need)d (TT.1).",
                                  "%(decks)d decks are not enough for %(players)d players: it needs %(need)d (TT.1).",
                                  err.params.get("decks", 2)),
    })


def remark_line(remark: Remark, ascii_only: bool = False) -> str:
    """What a bot says about its draw or discard (`bots.remark`): only what the table saw."""
    detail = with_faces(remark.detail, ascii_only)
    messages = {
        "random_draw": _("I drew without much thought."),
        "random_discard": _("I threw a card without much thought."),
        "only_choice": _("There was only one place to draw from."),
        "took_discard": _("I took %(card)s from the discard pile."),
        "took_wild": _("I took %(card)s from the discard pile: it is wild this round."),
        "drew_stock": _("I drew from the stock rather than take %(card)s."),
        "discarded": _("I discarded %(card)s."),
        "go_out": _("All my other cards were in melds, so I went out."),
    }
    return texts.fill(messages.get(remark.code, ""), detail)


def draw_verdict_lines(verdict: Any, ascii_only: bool = False) -> list[str]:
    """What the coach says about a draw (the stock or the top discard)."""
    if verdict.kind == "illegal":
        return [illegal_line(IllegalAction(verdict.clause, verdict.message), ascii_only)]
    # Points as a bare number after a label: an average such as 1.5 takes no noun to agree with.
    params = {"pile": texts.points_text(verdict.pile) if verdict.pile is not None else "-",
              "stock": texts.points_text(verdict.stock) if verdict.stock is not None else "-"}
    if verdict.kind == "right":
        if verdict.source == "discard":
            return [_("Good draw. Points left in your best hand: %(pile)s with the top discard, %(stock)s on "
                      "average with the stock.") % params]
        return [_("Good draw. Points left in your best hand: %(stock)s on average with the stock, %(pile)s with "
                  "the top discard.") % params]
    if verdict.source == "discard":
        return [_("The stock was better. Points left in your best hand: %(stock)s on average with the stock, "
                  "%(pile)s with the top discard.") % params]
    return [_("The top discard was better. Points left in your best hand: %(pile)s with the top discard, "
              "%(stock)s on average with the stock.") % params]


def discard_verdict_lines(verdict: Any, ascii_only: bool = False) -> list[str]:
    """What the coach says about a discard or going out."""
    if verdict.kind == "illegal":
        err = IllegalAction(verdict.clause, verdict.message, **(verdict.params or {}))
        return [illegal_line(err, ascii_only)]
    card = show_card(verdict.card.code, ascii_only)
    lines = _discard_lines(verdict, card, ascii_only)
    if verdict.makers:
        lines.append(makers_line(verdict.makers, ascii_only))
    if verdict.feeds:
        lines.append(_("The next player took %(taken)s from the discard pile: %(card)s may help them.") % {
            "taken": show_card(verdict.feeds, ascii_only), "card": card})
    return lines


def makers_line(codes: Sequence[str], ascii_only: bool = False) -> str:
    """The cards that would complete a meld after a discard: named when few, else counted."""
    if len(codes) <= MAKERS_NAMED:
        return ngettext("Card that would now complete a meld: %(cards)s.",
                        "Cards that would now complete a meld: %(cards)s.", len(codes)) % {
            "cards": show_cards(codes, ascii_only)}
    return ngettext("%(count)d different card would now complete a meld.",
                    "%(count)d different cards would now complete a meld.", len(codes)) % {"count": len(codes)}


MAKERS_NAMED = 8  # the most cards named one by one


def _discard_lines(verdict: Any, card: str, ascii_only: bool) -> list[str]:
    if verdict.outs and verdict.best_left == 0 and verdict.kind == "weaker":
        if any(c.code == verdict.card.code for c in verdict.outs):  # the right card, only not shown as going out
            return [_("You could have gone out with %(card)s: %(command)s shows your melds and goes out (TT.8).")
                    % {"card": card, "command": quoted(f"{command_word('out')} {verdict.card.code}")}]
        return [_("You could have gone out by discarding %(card)s (TT.8).") % {
            "card": show_card(verdict.outs[0].code, ascii_only)}]
    if verdict.kind == "right" and verdict.going_out:
        return [_("Right: you go out by discarding %(card)s; every other card is in a meld (TT.8).") % {"card": card}]
    if verdict.kind == "right":
        return [ngettext("Good discard: %(card)s leaves %(points)d point in your hand.",
                         "Good discard: %(card)s leaves %(points)d points in your hand.", verdict.left)
                % {"card": card, "points": verdict.left}]
    return [texts.better_discard_line(show_card(verdict.best.code, ascii_only), verdict.best_left, verdict.left)]


def arrangement_verdict_lines(verdict: Any, ascii_only: bool = False) -> list[str]:
    best = show_melds([[c.code for c in m] for m in verdict.best.melds], ascii_only) or "-"
    if verdict.kind == "illegal":
        group = show_cards([c.code for c in verdict.bad_meld or ()], ascii_only)
        return [_("%(cards)s is not a meld: a set needs three or more of one rank, a run three or more in "
                  "sequence in one suit (TT.6, TT.7).") % {"cards": group}]
    if verdict.kind == "right":
        return [ngettext("Right: %(points)d point left, the fewest possible (TT.10).",
                         "Right: %(points)d points left, the fewest possible (TT.10).", verdict.penalty)
                % {"points": verdict.penalty}]
    return [ngettext("Your melds leave %(mine)d point; the best arrangement leaves %(best)d: %(melds)s (TT.10).",
                     "Your melds leave %(mine)d points; the best arrangement leaves %(best)d: %(melds)s (TT.10).",
                     verdict.penalty) % {"mine": verdict.penalty, "best": verdict.best.penalty, "melds": best}]
