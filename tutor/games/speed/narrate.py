"""3-13 Speed's events, errors and bot remarks as sentences in the learner's language."""

from __future__ import annotations

from typing import Any

from tutor.cardfaces import rank_face, show_card, show_cards, show_melds, with_faces
from tutor.games import texts
from tutor.games.base import Event, IllegalAction, OptionError
from tutor.games.remark import Remark
from tutor.i18n import _, ngettext
from tutor.trainer.table import Names


def event_lines(event: Event, names: Names, ascii_only: bool = False, reveal: bool = False,
                own_draws: bool = True) -> list[str]:
    """The sentences for one event (a cycle says several things at once).

    `own_draws=False` leaves out the learner's own draw, which the trainer showed when it happened.
    """
    kind = event["event"]
    if kind == "hand_start":
        n = event["size"]
        return [ngettext("Hand %(hand)d of 11: %(count)d card each; %(wild)s is wild.",
                         "Hand %(hand)d of 11: %(count)d cards each; %(wild)s is wild.", n) % {
            "hand": event["hand"], "count": n, "wild": rank_face(event["wild"])}]
    if kind == "deal":
        seat = names.learner
        if seat is None:
            return [_("Everyone takes their cards and turns one up on their left (SPD.3).")]
        players = len(event["piles"])
        right = (seat - 1) % players
        return [_("Your pile on the left starts with %(mine)s; the pile on your right shows %(right)s (SPD.3).") % {
            "mine": show_card(event["piles"][seat][-1], ascii_only),
            "right": show_card(event["piles"][right][-1], ascii_only)}]
    if kind == "cycle":
        return _cycle_lines(event, names, ascii_only, reveal, own_draws)
    if kind == "match":
        lines = []
        for seat, melds in zip(event["players"], event["melds"]):
            # `_wild`: the hand's wild rank, given by whoever shows the event (never recorded).
            params = {"player": names(seat), "melds": show_melds(melds, ascii_only, event.get("_wild"))}
            if names.is_you(seat):
                lines.append(_("You call match: %(melds)s (SPD.7).") % params)
            else:
                lines.append(_("%(player)s calls match: %(melds)s (SPD.7).") % params)
            if seat in event.get("late", []):
                lines.append(_("The call comes late, but it counts (SPD.9)."))
        if event["cycle"] == 0:
            lines.append(_("A match before the first draw (SPD.5)."))
        return lines
    if kind == "hand_end":
        return [_("Hand %(hand)d is over.") % {"hand": event["hand"]}]
    if kind == "game_over":
        return [texts.winners_line(event["totals"], event["winners"], names, "SPD.8")]
    return []


def event_line(event: Event, names: Names, ascii_only: bool = False, reveal: bool = False) -> str | None:
    """An event's sentences as one text (a cycle on several lines), or None: for `tutor replay`."""
    lines = event_lines(event, names, ascii_only, reveal)
    if event["event"] == "hand_end":
        lines += hand_end_lines(event, names, ascii_only)
    return "\n".join(lines) if lines else None


def _cycle_lines(event: Event, names: Names, ascii_only: bool, reveal: bool, own_draws: bool) -> list[str]:
    lines = []
    seat = names.learner
    for draw in event["draws"]:
        p = draw["player"]
        # At a network table a draw from the middle comes without its card but to its drawer (net.redact).
        card = show_card(draw["card"], ascii_only) if "card" in draw else "-"
        if names.is_you(p):
            if not own_draws:
                continue
            line = (_("You took %(card)s from the pile on your right.") if draw["from"] == "pile" else
                    _("You took %(card)s from the middle.")) % {"card": card}
            lines.append(line)
        elif seat is not None and p == (seat + 1) % len(event["discards"]) and draw["from"] == "pile":
            lines.append(_("%(player)s, on your left, took %(card)s from your pile.") % {
                "player": names(p), "card": card})
        elif reveal:
            lines.append((_("%(player)s took %(card)s from the pile.") if draw["from"] == "pile" else
                          _("%(player)s took %(card)s from the middle.")) % {"player": names(p), "card": card})
    if event.get("rebuilt"):
        lines.append(_("The middle ran out: every pile but its top card was shuffled into a new middle (SPD.10)."))
    shown = [f"{names(p)} {show_card(code, ascii_only)}" for p, code in enumerate(event["discards"]) if code]
    lines.append(_("Caller: \"discard!\" Face up: %(cards)s.") % {"cards": " · ".join(shown)})
    return lines


def hand_end_lines(event: Event, names: Names, ascii_only: bool = False) -> list[str]:
    """Each hand's scoring after a hand (SPD.8), its wild cards marked."""
    wild = event["hand"] + 2  # SPD.2
    lines = texts.score_lines(event, names, ascii_only, wild)
    for seat in event["matched"]:
        lines[seat] = _("%(player)s: matched: %(melds)s; 0 points, total %(total)d.") % {
            "player": names(seat), "total": event["totals"][seat],
            "melds": show_melds(event["arrangements"][seat]["melds"], ascii_only, wild) or "-"}
    return lines


MESSAGES_FOR_ILLEGAL = (
    "game_over", "not_an_action", "frozen", "already_chosen", "no_window", "false_match", "not_draw_call",
    "bad_source", "pile_empty", "not_discard_call", "not_in_hand",
)


def illegal_line(err: IllegalAction, ascii_only: bool = False) -> str:
    p = with_faces(err.params, ascii_only, lists=("deadwood",))
    messages = {
        "game_over": _("The game is over."),
        "not_an_action": _("That is not a move in this game."),
        "frozen": _("You have matched: your hand stays as it is until the hand ends."),
        "already_chosen": _("You have already chosen; the caller waits for the others."),
        "no_window": _("You can call match only right after \"discard\" or before the first \"draw\"."),
        "false_match": ngettext("Not a match: still outside sets: %(deadwood)s (%(penalty)d point). No penalty; "
                                "play on.",
                                "Not a match: still outside sets: %(deadwood)s (%(penalty)d points). No penalty; "
                                "play on.", p.get("penalty", 2)),
        "not_draw_call": _("The caller has not called \"draw\"."),
        "bad_source": _("Draw from the middle or from the pile on your right."),
        "pile_empty": _("The pile on your right is empty; draw from the middle."),
        "not_discard_call": _("Draw a card first; then choose your discard."),
        "not_in_hand": _("You do not hold %(card)s."),
    }
    text = texts.fill(messages.get(err.message, _("That is not allowed.")), p)
    return _("%(reason)s (rule %(clause)s)") % {"reason": text, "clause": err.clause}


def remark_line(remark: Remark, ascii_only: bool = False) -> str:
    """What a bot says about its choice (`bots.remark`): only what the table saw."""
    detail = with_faces(remark.detail, ascii_only)
    messages = {
        "match": _("All my cards were in sets, so I called match."),
        "random_draw": _("I drew without much thought."),
        "random_discard": _("I threw a card without much thought."),
        "wild_on_pile": _("A wild card lay on the pile, so I took it."),
        "took_pile": _("I took %(card)s from the pile on my right."),
        "drew_middle": _("I drew from the middle rather than take %(card)s."),
        "pile_empty": _("The pile on my right was empty, so I drew from the middle."),
        "discarded": _("I discarded %(card)s."),
    }
    return texts.fill(messages.get(remark.code, ""), detail)


def option_error_line(err: OptionError) -> str:
    return texts.option_error_line(err, {
        "players_range": _("3-13 Speed needs %(low)d to %(high)d players, not %(players)d (SPD.1)."),
    })


def draw_verdict_lines(verdict: Any, ascii_only: bool = False) -> list[str]:
    """What the coach says about a draw: the pile card against the middle's average; for a weaker
    draw the better one, why in words (with the clause), and the points behind it."""
    params = {"card": show_card(verdict.card.code, ascii_only) if verdict.card else "-",
              "pile": verdict.pile if verdict.pile is not None else "-", "middle": texts.points_text(verdict.middle),
              "before": verdict.before}
    # Points as bare numbers after a label: an average such as 1.5 takes no noun to agree with.
    if verdict.kind == "right" and getattr(verdict, "even", False):
        # Within the margin, the other source leaning its way or tying: neither is "better".
        if verdict.source == "pile":
            return [_("The middle was about as good. Points in your hand: %(before)s before, %(pile)s with "
                      "%(card)s, %(middle)s on average with the middle.") % params]
        return [_("The pile was about as good. Points in your hand: %(before)s before, %(middle)s on average "
                  "with the middle, %(pile)s with %(card)s.") % params]
    if verdict.kind == "right":
        if verdict.source == "pile":
            return [_("Good draw. Points in your hand: %(before)s before, %(pile)s with %(card)s, %(middle)s on "
                      "average with the middle.") % params]
        if verdict.pile is not None and verdict.pile >= verdict.before:
            return [_("Good draw: %(card)s does nothing for your sets. Points left with the middle: %(middle)s "
                      "on average.") % params]
        return [_("Good draw. Points left: %(middle)s on average with the middle, %(pile)s with %(card)s.")
                % params]
    # As printed, the two may be equal (8 against an average of 8.04): then they are as good as each other.
    even = verdict.pile is not None and texts.points_text(verdict.pile) == params["middle"]
    if verdict.source == "pile":
        head = (_("Drawing from the middle was as good as taking %(card)s, on average.") if even else
                _("Better: draw from the middle."))
        return [head % params, *_middle_reason(verdict, params),
                _("Points left: %(middle)s on average with the middle, %(pile)s with %(card)s.") % params]
    head = (_("Taking %(card)s from the pile was as good as the middle on average, and it is a sure card.") if even
            else _("Better: take %(card)s from the pile on your right."))
    return [head % params, *_pile_reason(verdict, params, ascii_only),
            _("Points in your hand: %(before)s before, %(pile)s with %(card)s, %(middle)s on average with the "
              "middle.") % params]


def _pile_reason(verdict: Any, params: dict[str, Any], ascii_only: bool) -> list[str]:
    """Why the pile card was the better draw, in words (SPD.4, SPD.8)."""
    if verdict.card is None:
        return []
    params = {**params, "cards": _meld(verdict, ascii_only),
              "throw": show_card(verdict.throw, ascii_only) if verdict.throw else "-"}
    if verdict.wild:
        return [_("%(card)s is wild this hand, so it completes any set (SPD.4).") % params]
    if verdict.meld:
        return [_("%(card)s makes a set with %(cards)s (SPD.4).") % params]
    if verdict.throw:
        return [_("%(card)s lets you throw away %(throw)s, which counts more (SPD.8).") % params]
    return [_("%(card)s leaves fewer points in your hand than a card from the middle does on average (SPD.8).")
            % params]


def _middle_reason(verdict: Any, params: dict[str, Any]) -> list[str]:
    """Why the middle was the better draw, in words; and that the card just taken may go again (SPD.6)."""
    if verdict.card is None:
        return []
    if verdict.meld or verdict.wild:
        return [_("%(card)s lowers your points less than a card from the middle does on average (SPD.8).") % params]
    return [_("%(card)s makes no set with your cards; a card from the middle may (SPD.4).") % params,
            _("Now that you have it, you may discard %(card)s again in this cycle: discarding the card you just took "
              "is allowed (SPD.6).") % params]


def discard_verdict_lines(verdict: Any, ascii_only: bool = False) -> list[str]:
    """What the coach says about a discard: points left, why in words (with the clause), and what
    it hands the left neighbour."""
    card = show_card(verdict.card.code, ascii_only)
    lines: list[str] = []
    drawn = getattr(verdict, "drawn", None)
    if verdict.left == verdict.best_left:
        lines.append(ngettext("Good discard: %(card)s leaves %(points)d point in your hand.",
                              "Good discard: %(card)s leaves %(points)d points in your hand.", verdict.left)
                     % {"card": card, "points": verdict.left})
        if drawn is not None and drawn.code == verdict.card.code and verdict.kind == "right":
            lines.append(_("Discarding the card you just drew is allowed (SPD.6)."))
    else:
        better = show_card(verdict.best.code, ascii_only)
        lines.append(texts.better_discard_line(better, verdict.best_left, verdict.left))
        params = {"card": card, "better": better, "cards": _meld(verdict, ascii_only),
                  "high": verdict.best_points, "low": verdict.points}
        if drawn is not None and drawn.code == verdict.best.code:
            lines.append(_("%(better)s, the card you just drew, fits none of your sets, and you may discard it at "
                           "once: that is allowed (SPD.6).") % params)
        elif verdict.meld:
            lines.append(_("Keep %(card)s: with %(cards)s it makes a set, and cards in sets count nothing (SPD.8).")
                         % params)
        elif verdict.best_points > verdict.points:
            lines.append(ngettext("Neither card is in a set, so let the one that counts more go: %(better)s counts "
                                  "%(high)d point, %(card)s %(low)d (SPD.8).",
                                  "Neither card is in a set, so let the one that counts more go: %(better)s counts "
                                  "%(high)d points, %(card)s %(low)d (SPD.8).", verdict.best_points) % params)
        else:
            lines.append(_("With %(better)s gone, the rest of your hand makes sets that leave fewer points (SPD.8).")
                         % params)
    if verdict.feeds == "wild":
        lines.append(_("%(card)s is wild this hand: your left neighbour can take it from your pile (SPD.6).")
                     % {"card": card})
    elif verdict.feeds == "took":
        lines.append(_("Your left neighbour took %(taken)s from your pile: %(card)s may help them.") % {
            "taken": show_card(verdict.took.code, ascii_only), "card": card})
    if verdict.last_cycle and verdict.kind == "right":
        lines.append(_("In the last cycle only your points count: nobody draws your discard."))
    return lines


def window_verdict_lines(verdict: Any, ascii_only: bool = False) -> list[str]:
    if verdict.kind == "missed":
        return [_("You could have called match: all your cards are in sets (SPD.7). You may still call it "
                  "in a later window (SPD.9).")]
    if verdict.kind == "false":
        return [ngettext("Not a match yet: %(cards)s is not in a set (SPD.9).",
                         "Not a match yet: %(cards)s are not in sets (SPD.9).", len(verdict.deadwood)) % {
            "cards": show_cards([c.code for c in verdict.deadwood], ascii_only)}]
    return []


def _meld(verdict: Any, ascii_only: bool) -> str:
    """The other cards of the meld a verdict names, its wild cards marked."""
    return show_cards(verdict.meld, ascii_only, getattr(verdict, "wild_rank", None))
