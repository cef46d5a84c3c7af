"""French-suited cards in the learner's words, beside the universal notation.

A learner may type `QH`, `q♥`, the rank letters of their language before a suit (`Д♥`, `B♣`,
German `DD` for the Dame of diamonds: `tutor.cardfaces.read_face`), or name the card: "queen of
hearts", "dame de cœur", "Herz Dame", "Herzdame", "червовая дама", "дама червей", "srdcová dáma",
"hjerter dame".
A card in words is a rank (a number 1-10, or a word for it or for ace, jack, queen, king) and a suit
(any word that begins with one of the suit's stems, so that every inflection counts: "черв"
covers черви, червей, червовая), in either order, with filler words ("of", "de") between.
The words come from the catalog of the learner's language; English is always understood.
German-style compounds of a suit and a rank ("Pikass", "Kreuzkönig") are read too.

The engines never see these words: the trainer turns them into (rank, suit) first.
"""

from __future__ import annotations

import re
import unicodedata
from typing import Any

from tutor.cardfaces import local_letters, rank_face, read_face
from tutor.cards import Card, rank_code
from tutor.i18n import _, current, format_list, pgettext, quoted
from tutor.typed import whole_number

_ENGLISH = {
    "ranks": {"ace": 1, "jack": 11, "knave": 11, "queen": 12, "king": 13,
              **{w: n for n, w in enumerate("two three four five six seven eight nine ten".split(), 2)}},
    "suits": [("club", "C"), ("diamond", "D"), ("heart", "H"), ("spade", "S")],
    "fillers": {"of"},
}
_cache: dict[str, dict[str, object]] = {}


def _fold(text: str) -> str:
    return unicodedata.normalize("NFKC", text).lower().strip()


def _alternatives(text: str) -> list[str]:
    return [_fold(a) for a in text.split("|") if a.strip()]


def _words() -> dict[str, object]:
    """The rank words, suit stems and fillers of the current language, with English."""
    lang = current()
    found = _cache.get(lang)
    if found is not None:
        return found
    # TRANSLATORS: words a learner may type for an ace, in any case or form they might use
    # ("туз|туза"), alternatives separated by |, lower case. Numbers 2-10 are typed as digits.
    ace = pgettext("card name", "ace")
    # TRANSLATORS: as above, for a jack.
    jack = pgettext("card name", "jack|knave")
    # TRANSLATORS: as above, for a queen.
    queen = pgettext("card name", "queen")
    # TRANSLATORS: as above, for a king.
    king = pgettext("card name", "king")
    # TRANSLATORS: the beginnings of the words for the suit of clubs: a typed word that begins
    # with one of them names the suit, whatever its ending ("треф" for трефы, трефовый).
    # Alternatives separated by |, lower case; keep them long enough not to begin other words.
    clubs = pgettext("suit stem", "club")
    # TRANSLATORS: as above, for diamonds.
    diamonds = pgettext("suit stem", "diamond")
    # TRANSLATORS: as above, for hearts.
    hearts = pgettext("suit stem", "heart")
    # TRANSLATORS: as above, for spades.
    spades = pgettext("suit stem", "spade")
    # TRANSLATORS: words a learner may type for the number cards, in any form they might use
    # ("семёрка|семерка|семёрку|семь"), alternatives separated by |, lower case. Digits always work.
    numbers = [
        pgettext("card name", "two|deuce"), pgettext("card name", "three|trey"), pgettext("card name", "four"),
        pgettext("card name", "five"), pgettext("card name", "six"), pgettext("card name", "seven"),
        pgettext("card name", "eight"), pgettext("card name", "nine"), pgettext("card name", "ten"),
    ]
    # TRANSLATORS: small words that may stand between a rank and a suit ("queen of hearts"),
    # alternatives separated by |; leave empty if your language needs none ("-").
    fillers = pgettext("card name", "of")
    ranks: dict[str, int] = dict(_ENGLISH["ranks"])  # type: ignore[arg-type]
    for text, rank in ((ace, 1), (jack, 11), (queen, 12), (king, 13), *zip(numbers, range(2, 11))):
        ranks.update({word: rank for word in _alternatives(text)})
    suits = list(_ENGLISH["suits"])  # type: ignore[arg-type]
    for text, suit in ((clubs, "C"), (diamonds, "D"), (hearts, "H"), (spades, "S")):
        suits += [(stem, suit) for stem in _alternatives(text)]
    suits.sort(key=lambda pair: -len(pair[0]))  # the longest stem first
    found = {
        "ranks": ranks,
        "suits": suits,
        "fillers": set(_ENGLISH["fillers"]) | {w for w in _alternatives(fillers) if w != "-"},  # type: ignore[arg-type]
    }
    _cache[lang] = found
    return found


def _rank(word: str, ranks: dict[str, int]) -> int | None:
    number = whole_number(word, 1, 10) if word[:1] not in "+-" else None
    return number if number is not None else ranks.get(word)


def _card_word(word: str, ranks: dict[str, int], suits: list[tuple[str, str]]) -> tuple[int | None, str | None]:
    """What one word names: a rank, a suit (by its stem), both ("herzdame", "pik10"), or neither."""
    rank = _rank(word, ranks)
    if rank is not None:
        return rank, None
    for stem, suit in suits:
        if word.startswith(stem):
            return _rank(word[len(stem):], ranks), suit
    return None, None


def _read(words: list[str]) -> tuple[int, str] | None:
    """A card from words (folded): one rank and one suit, fillers aside."""
    table = _words()
    ranks, suits, fillers = table["ranks"], table["suits"], table["fillers"]
    rank: int | None = None
    suit: str | None = None
    for word in words:
        if word in fillers:  # type: ignore[operator]
            continue
        r, s = _card_word(word, ranks, suits)  # type: ignore[arg-type]
        if r is None and s is None:
            return None
        if r is not None:
            if rank is not None:
                return None
            rank = r
        if s is not None:
            if suit is not None:
                return None
            suit = s
    return (rank, suit) if rank is not None and suit is not None else None


def _split(text: str) -> list[str]:
    return [w for w in re.split(r"[\s\-–—]+", _fold(text)) if w]


def read_card(text: str) -> tuple[int, str] | None:
    """The (rank, suit) a learner typed: universal notation (`QH`, `q♥`), the rank letters of
    their language before a suit (`Д♥`, German `DD`), or words."""
    parsed = read_face(text)
    if parsed is not None:
        return parsed
    return _read(_split(text))


def held_card(state: Any, text: str, seat: int | None = None) -> Card | None:
    """The card `text` names (the notation or words) in `seat`'s hand, by the engine's
    `find_card` (the player to act when no seat is given), or None."""
    parsed = read_card(text)
    return state.find_card(Card(*parsed).code, seat) if parsed else None


def read_cards(text: str) -> list[tuple[int, str]] | None:
    """Several cards, each in the notation or in words ("QH, 10 de cœur as de pique"), or None
    if some of the text names no card. Commas separate cards; without them, each card ends
    as soon as it has a rank and a suit. A word that is both a code and a rank word ("as":
    the ace of spades, or French for an ace) is read as words when the next ones complete it."""
    ranks = _words()["ranks"]
    cards: list[tuple[int, str]] = []
    for chunk in text.split(","):
        words = _split(chunk)
        i = 0
        while i < len(words):
            code = read_face(words[i])
            if code is not None and words[i] in ranks:  # type: ignore[operator]
                ahead = next((k for k in range(2, 5) if _read(words[i:i + k]) is not None), None)
                if ahead is not None:
                    cards.append(_read(words[i:i + ahead]))  # type: ignore[arg-type]
                    i += ahead
                    continue
            if code is not None:
                cards.append(code)
                i += 1
                continue
            for k in range(1, 5):
                card = _read(words[i:i + k]) if i + k <= len(words) else None
                if card is not None:
                    cards.append(card)
                    i += k
                    break
            else:
                return None
    return cards


def stray_word(text: str) -> str | None:
    """The first word of `text` that is no part of a card (neither the notation, nor a rank,
    a suit or a filler word), as typed; None if every word is part of some card."""
    table = _words()
    for raw in re.split(r"[\s,]+", text):
        word = _fold(raw)
        if not word or read_face(word) is not None or word in table["fillers"]:  # type: ignore[operator]
            continue
        if not all(any(_card_word(w, table["ranks"], table["suits"])) for w in _split(word)):  # type: ignore[arg-type]
            return raw
    return None


def words_hint() -> str:
    """One line for a game's help: cards may be named in words too."""
    # TRANSLATORS: an example of a card named in words, as a learner would type it in your language.
    example = pgettext("card name", "queen of spades")
    return _("You may also name a card in words, like %(example)s.") % {"example": quoted(example)}


def faces_hint() -> list[str]:
    """Lines for a game's help: the letters on the court cards and aces as the screen shows
    them, each with its name, and, where the language has letters of its own, that a card may
    be typed with them or with the universal codes."""
    names = {
        # TRANSLATORS: the name of the card, as in a legend of the letters on the cards
        # ("Д (дама)"), nominative singular, capitalised as a noun is in your language.
        11: pgettext("rank name", "jack"),
        12: pgettext("rank name", "queen"),
        13: pgettext("rank name", "king"),
        1: pgettext("rank name", "ace"),
    }
    legend = [f"{rank_face(rank)} ({name})" for rank, name in names.items()]
    lines = [_("Letters on the cards: %(letters)s.") % {"letters": format_list(legend)}]
    local = local_letters()
    if any(face != rank_code(rank) for rank, face in local.items()):
        lines.append(_("Type a card with either letters, then its suit: %(local)s or %(universal)s.") % {
            "local": local[12] + "H", "universal": rank_code(12) + "H"})
    return lines
