"""33's cards in words: how they are shown, and what a learner may type for them.

Input is accepted in the universal notation (`+7`, `-3`, `1/11`, `+-10`, `0`, also `7`,
`±10`, `−3`) and in the learner's language ("plus 7", "minus 3", "zero", ...). A value
may follow the card (`1/11 11`, `+-10=-10`), and a bare value that only a two-value card
in hand can give (`11`, `-10`) names that card. Commands have words in every language too.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass

from tutor.games.thirty_three.deck import (
    ONE_ELEVEN,
    PLUS_MINUS_TEN,
    VALUES,
    ZERO,
    canonical_face,
)
from tutor.i18n import pgettext
from tutor.typed import whole_number


def show_face(face: str, ascii_only: bool = False) -> str:
    """A face as printed on screen: `+7`, `−3`, `±10` (or plain ASCII)."""
    if ascii_only:
        return face
    if face == PLUS_MINUS_TEN:
        return "±10"
    if face.startswith("-"):
        return "\u2212" + face[1:]
    return face


def show_value(value: int, ascii_only: bool = False) -> str:
    text = f"{value:+d}" if value else "0"
    return text if ascii_only else text.replace("-", "\u2212")


def _fold(text: str) -> str:
    """Lower case, accents kept apart from letters, spaces collapsed: for matching typed words."""
    text = unicodedata.normalize("NFKC", text).lower().strip()
    text = text.replace("\u2212", "-").replace("±", "+-")
    return re.sub(r"\s+", " ", text)


def _alternatives(text: str) -> list[str]:
    return [_fold(a) for a in text.split("|") if a.strip()]


def card_words() -> dict[str, list[str]]:
    """The words for the card kinds in the current language (and English, always accepted)."""
    # TRANSLATORS: words a learner may type before a number for a plus card ("plus 7"),
    # alternatives separated by |. Keep them short and lower case.
    plus = pgettext("card word", "plus")
    # TRANSLATORS: as above, for a minus card ("minus 3").
    minus = pgettext("card word", "minus")
    # TRANSLATORS: words for the 0 card, alternatives separated by |.
    zero = pgettext("card word", "zero|nought")
    # TRANSLATORS: words for the 1/11 card, alternatives separated by |.
    one_eleven = pgettext("card word", "one or eleven|one-eleven")
    # TRANSLATORS: words for the +-10 card, alternatives separated by |.
    plus_minus = pgettext("card word", "plus or minus ten|plus-minus ten|plus minus ten")
    english = {"plus": ["plus"], "minus": ["minus"], "zero": ["zero"], "one_eleven": ["one or eleven"],
               "plus_minus": ["plus or minus ten", "plus minus ten"]}
    words = {
        "plus": _alternatives(plus), "minus": _alternatives(minus), "zero": _alternatives(zero),
        "one_eleven": _alternatives(one_eleven), "plus_minus": _alternatives(plus_minus),
    }
    return {k: list(dict.fromkeys(words[k] + english[k])) for k in words}


@dataclass(frozen=True)
class Parsed:
    """What a learner typed: a face, or a bare value to be matched with a card in hand."""

    face: str | None
    value: int | None


def _number(text: str) -> int | None:
    t = text.replace(" ", "")
    return whole_number(t, -999, 999) if re.fullmatch(r"[+-]?[0-9]{1,3}", t) else None


def _face_from_words(text: str, words: dict[str, list[str]]) -> str | None:
    for w in words["zero"]:
        if text == w:
            return ZERO
    for w in words["one_eleven"]:
        if text == w:
            return ONE_ELEVEN
    for w in words["plus_minus"]:
        if text == w:
            return PLUS_MINUS_TEN
    for kind, sign in (("plus", "+"), ("minus", "-")):
        for w in words[kind]:
            if text.startswith(w + " ") or (text.startswith(w) and text[len(w):].isdigit()):
                n = _number(text[len(w):])
                if n is not None and n >= 0:
                    face = f"{sign}{n}"
                    return face if face in VALUES else None
    return None


def parse_card(text: str) -> Parsed | None:
    """A card (and maybe its value) from what a learner typed, or None if it names no card."""
    t = _fold(text)
    if not t:
        return None
    words = card_words()
    face = canonical_face(t) or _face_from_words(t, words)
    if face:
        return Parsed(face, None)
    # "<card> <value>" or "<card>=<value>" or "<card> as <value>"
    m = re.fullmatch(r"(.+?)\s*(?:=|:|\s)\s*([+-]?[0-9]{1,2})", t)
    if m:
        head = canonical_face(m.group(1)) or _face_from_words(m.group(1).strip(), words)
        if head:
            return Parsed(head, whole_number(m.group(2)))
    n = _number(t)
    if n is not None:
        return Parsed(None, n)  # a bare value, e.g. "11" or "-10"
    return None


def resolve(parsed: Parsed, hand: list[str] | tuple[str, ...]) -> tuple[str, int | None] | None:
    """Turns a bare value into the two-value card in hand that gives it, if there is one."""
    if parsed.face is not None:
        return parsed.face, parsed.value
    value = parsed.value
    for face in (ONE_ELEVEN, PLUS_MINUS_TEN):
        if face in hand and value in VALUES[face]:
            return face, value
    return None

