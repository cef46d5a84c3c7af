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
    if verdict.kind == "right" and getattr(verdict, "even", False):
        # Within the margin, the other source leaning its way or tying: neither is "better".
        if verdict.source == "discard":
            return [_("The stock was about as good. Points left in your best hand: %(pile)s with the top discard, "
                      "%(stock)s on average with the stock.") % params]
        return [_("The top discard was about as good. Points left in your best hand: %(stock)s on average with "
                  "the stock, %(pile)s with the top discard.") % params]
    if verdict.kind == "right":
        if verdict.source == "discard":
            return [_("Good draw. Points left in your best hand: %(pile)s with the top discard, %(stock)s on "
                      "average with the stock.") % params]
        return [_("Good draw. Points left in your best hand: %(stock)s on average with the stock, %(pile)s with "
                  "the top discard.") % params]
    if verdict.source == "discard":
        return [_("Better: draw from the stock."), *_stock_reason(verdict, ascii_only),
                _("Points left in your best hand: %(stock)s on average with the stock, %(pile)s with the top "
                  "discard.") % params]
    return [_("Better: take %(card)s from the discard pile.") % {"card": _top(verdict, ascii_only)},
            *_pile_reason(verdict, ascii_only),
            _("Points left in your best hand: %(pile)s with the top discard, %(stock)s on average with the "
              "stock.") % params]


def _top(verdict: Any, ascii_only: bool) -> str:
    return show_card(verdict.card.code, ascii_only) if verdict.card is not None else "-"


def _pile_reason(verdict: Any, ascii_only: bool) -> list[str]:
    """Why the top discard was the better draw, in words (TT.7, TT.6, TT.10)."""
    if verdict.card is None:
        return []
    params = {"card": _top(verdict, ascii_only), "cards": _meld(verdict, ascii_only),
              "throw": show_card(verdict.throw, ascii_only) if verdict.throw else "-"}
    if verdict.wild:
        return [_("%(card)s is wild this round, so it fits into any meld (TT.7).") % params]
    if verdict.meld:
        return [_("%(card)s makes a meld with %(cards)s (TT.6).") % params]
    if verdict.throw:
        return [_("%(card)s lets you throw away %(throw)s, which counts more (TT.10).") % params]
    return [_("%(card)s leaves fewer points in your hand than a card from the stock does on average (TT.10).")
            % params]


def _stock_reason(verdict: Any, ascii_only: bool) -> list[str]:
    """Why the stock was the better draw, in words (TT.5, TT.10)."""
    if verdict.card is None:
        return []
    params = {"card": _top(verdict, ascii_only)}
    if not verdict.meld and not verdict.wild:
        return [_("%(card)s joins none of your melds, and a card taken from the discard pile may not go straight "
                  "back this turn (TT.5); a card from the stock may fit, and if not, it may go at once.") % params]
    return [_("%(card)s lowers your points less than a card from the stock does on average (TT.10).") % params]


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
            head = (_("You could have gone out with %(card)s: %(command)s shows your melds and goes out (TT.8).")
                    % {"card": card, "command": quoted(f"{command_word('out')} {verdict.card.code}")})
        else:
            head = _("You could have gone out by discarding %(card)s (TT.8).") % {
                "card": show_card(verdict.outs[0].code, ascii_only)}
        return [head, _("Going out ends the round with 0 points for you, and every other player gets just one more "
                        "turn (TT.8, TT.9).")]
    if verdict.kind == "right" and verdict.going_out:
        return [_("Right: you go out by discarding %(card)s; every other card is in a meld (TT.8).") % {"card": card}]
    if verdict.kind == "right":
        return [ngettext("Good discard: %(card)s leaves %(points)d point in your hand.",
                         "Good discard: %(card)s leaves %(points)d points in your hand.", verdict.left)
                % {"card": card, "points": verdict.left}]
    better = show_card(verdict.best.code, ascii_only)
    lines = [texts.better_discard_line(better, verdict.best_left, verdict.left)]
    if verdict.best.code != verdict.card.code:
        params = {"card": card, "better": better, "cards": _meld(verdict, ascii_only),
                  "high": verdict.best_points, "low": verdict.points}
        if verdict.meld:
            lines.append(_("Keep %(card)s: with %(cards)s it makes a meld, and cards in melds count nothing "
                           "(TT.10).") % params)
        elif verdict.best_points > verdict.points:
            lines.append(ngettext("Neither card is in a meld, so let the one that counts more go: %(better)s counts "
                                  "%(high)d point, %(card)s %(low)d (TT.10).",
                                  "Neither card is in a meld, so let the one that counts more go: %(better)s counts "
                                  "%(high)d points, %(card)s %(low)d (TT.10).", verdict.best_points) % params)
        else:
            lines.append(_("With %(better)s gone, the rest of your hand makes melds that leave fewer points "
                           "(TT.10).") % params)
    if verdict.kept:
        lines.append(_("%(card)s would be the best card to let go, but it was just taken from the discard pile and "
                       "must stay this turn (TT.5).") % {"card": show_card(verdict.kept, ascii_only)})
    return lines


def instead_line(card: str, points: int, ascii_only: bool = False) -> str:
    """After a refused discard: the card the coach would discard, and why (TT.10)."""
    return ngettext("Discard %(card)s instead: it leaves %(points)d point in your hand, the fewest of the cards you "
                    "may discard now (TT.10).",
                    "Discard %(card)s instead: it leaves %(points)d points in your hand, the fewest of the cards you "
                    "may discard now (TT.10).", points) % {"card": show_card(card, ascii_only), "points": points}


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


def _meld(verdict: Any, ascii_only: bool) -> str:
    """The other cards of the meld a verdict names, its wild cards marked."""
    return show_cards(verdict.meld, ascii_only, getattr(verdict, "wild_rank", None))
