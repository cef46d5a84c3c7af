"""Sentences every game's narration shares: option errors, winners, a rummy hand's score (TT.10,
SPD.8), and filling a message safely."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tutor.games.base import Event, OptionError
from tutor.i18n import _, format_list, ngettext, quoted


def fill(text: str, params: Mapping[str, Any]) -> str:
    """`text % params`, or the text as it is if a parameter is missing or of the wrong kind."""
    try:
        return text % params
    except (KeyError, TypeError, ValueError):
        return text


def option_error_line(err: OptionError, game_messages: Mapping[str, str]) -> str:
    """One line for a bad `--option`: the game's own messages first, then the shared ones."""
    messages = {
        "option_unknown": _("Unknown option %(key)s. Options: %(allowed)s."),
        "option_bad_value": _("Option %(key)s cannot be %(value)s. Choose: %(allowed)s."),
        "option_syntax": _("Options are written KEY=VALUE, not %(text)s."),
        **game_messages,
    }
    params = dict(err.params)
    # What the user typed is echoed quoted and shortened: a value, a KEY=VALUE pair, an unknown key.
    for name in ("value", "text") + (("key",) if err.message == "option_unknown" else ()):
        if isinstance(params.get(name), str):
            params[name] = quoted(params[name])
    return fill(messages.get(err.message, err.message), params)


def winners_line(totals: list[int], winners: list[int], names: Any, clause: str) -> str:
    """Who won the game with how many points (lowest total wins), citing `clause`."""
    total = totals[winners[0]]
    params = {"total": total, "clause": clause}
    if len(winners) > 1:
        others = [names(w) for w in winners if not names.is_you(w)]
        if len(others) < len(winners):  # the learner is among them: a sentence of their own
            params["others"] = format_list(others)
            return ngettext("You and %(others)s share the win with %(total)d point each (%(clause)s).",
                            "You and %(others)s share the win with %(total)d points each (%(clause)s).",
                            total) % params
        params["players"] = format_list(others)
        return ngettext("%(players)s share the win with %(total)d point each (%(clause)s).",
                        "%(players)s share the win with %(total)d points each (%(clause)s).", total) % params
    if names.is_you(winners[0]):
        return ngettext("You win with %(total)d point (%(clause)s).",
                        "You win with %(total)d points (%(clause)s).", total) % params
    params["player"] = names(winners[0])
    return ngettext("%(player)s wins with %(total)d point (%(clause)s).",
                    "%(player)s wins with %(total)d points (%(clause)s).", total) % params


def score_line(player: str, melds: str, left: str, points: int, total: int) -> str:
    """One hand's score at the end of a round: its melds, the cards left over, the points."""
    return ngettext("%(player)s: %(melds)s; left over: %(left)s; %(points)d point, total %(total)d.",
                    "%(player)s: %(melds)s; left over: %(left)s; %(points)d points, total %(total)d.", points) % {
        "player": player, "melds": melds, "left": left, "points": points, "total": total}


def score_lines(event: Event, names: Any, ascii_only: bool, wild: int) -> list[str]:
    """Each seat's melds, left-over cards, points and running total from a round's (or 3-13
    Speed hand's) end event, the cards of the `wild` rank marked."""
    from tutor.cardfaces import (  # here: 33 shares this module, not these cards
        show_cards,
        show_melds,
    )

    return [score_line(names(seat), show_melds(arrangement["melds"], ascii_only, wild) or "-",
                        show_cards(arrangement["deadwood"], ascii_only, wild) or "-", points, total)
            for seat, (arrangement, points, total) in enumerate(
                zip(event["arrangements"], event["penalties"], event["totals"]))]


def better_discard_line(better: str, best: int, mine: int) -> str:
    """The coach on a discard that leaves more points than the best one."""
    return ngettext("Discarding %(better)s would leave %(best)d point instead of %(mine)d.",
                    "Discarding %(better)s would leave %(best)d points instead of %(mine)d.", best) % {
        "better": better, "best": best, "mine": mine}


def percent_text(x: float) -> str:
    """A chance (0 to 1) as a whole percent, written the learner's way (8%, 8 %, 8 %)."""
    from babel.numbers import format_percent

    from tutor import i18n

    return format_percent(x, locale=i18n.current())  # the locale's own pattern: whole percents


def points_text(x: float) -> str:
    """Points with at most one decimal, written the learner's way (18.5, 18,5)."""
    from babel.numbers import format_decimal

    from tutor import i18n

    return format_decimal(round(x, 1), format="#,##0.#", locale=i18n.current())
