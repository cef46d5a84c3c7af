"""Sentences every game's narration shares: option errors, and filling a message safely."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tutor.games.base import OptionError
from tutor.i18n import _


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
    return fill(messages.get(err.message, err.message), err.params)


def points_text(x: float) -> str:
    """Points with at most one decimal, written the learner's way (18.5, 18,5)."""
    from babel.numbers import format_decimal

    from tutor import i18n

    return format_decimal(round(x, 1), format="#,##0.#", locale=i18n.current())
