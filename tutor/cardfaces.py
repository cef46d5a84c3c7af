"""French-suited cards as the learner sees them: Three Thirteen, 3-13 Speed and Toepen alike.

What a card looks like on screen and in a sentence lives here and nowhere else: its face text
(`10♥`, or `10H` with `--ascii`), its colour (red hearts and diamonds), the `*` on a card of the
wild rank (TT.3, TT.7; SPD.2, SPD.4), melds shown in brackets (TT.6, TT.8, TT.10; SPD.7, SPD.8)
and a hand drawn in rummy order. Records, `--json` and the lesson files keep the universal
notation of `tutor.cards` (the RULEBOOK's "Card notation"); 33's deck has faces of its own and
draws them in its own session.

Every rank on screen comes from `rank_face`: the rank letters of the learner's language, which
its catalog holds (`В Д К Т` in Russian, `B D K A` in German, `V D R A` in French, `Kn D K E` in
Norwegian; J Q K A where players' packs print those; docs/glossary/<lang>.md gives the reasons),
or J Q K A everywhere with `--cards international` (`use_faces`). The learner may type those
letters back, before a universal suit letter or a symbol (`Д♥`, `DD` for the German Dame of
diamonds), as well as the universal codes (`read_face`).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from tutor.cards import Card, parse_code, parse_suit, rank_code, suit_symbol
from tutor.i18n import current, pgettext

#: The mark after a card of the wild rank, in a hand, a meld or a list of cards.
WILD_MARK = "*"

#: Suits in a shown hand: black and red alternate.
SUIT_ORDER = {"S": 0, "H": 1, "C": 2, "D": 3}


#: How ranks are shown: in the letters of the learner's language, or J Q K A in every language.
FACES: tuple[str, ...] = ("local", "international")
_faces = "local"
#: The court and ace letters of each language, read from its catalog once.
_letters: dict[str, dict[int, str]] = {}
_LETTERED = (11, 12, 13, 1)  # jack, queen, king, ace: the ranks a letter stands for
_LONGEST = 2  # characters of a rank letter ("Kn"), as wide as "10"


def use_faces(faces: str) -> None:
    """Show ranks from now on in the language's letters ("local") or as J Q K A ("international")."""
    global _faces
    if faces not in FACES:
        raise ValueError(faces)
    _faces = faces


def faces() -> str:
    """The faces in use: "local" or "international"."""
    return _faces


def local_letters() -> dict[int, str]:
    """The letters of the learner's language for the jack, queen, king and ace (11, 12, 13, 1),
    from its catalog. Letters that could not be typed back and read as the same card (empty,
    not letters, longer than two, two ranks alike, or a universal rank letter of another rank,
    like T for an ace) leave the language with J Q K A."""
    lang = current()
    found = _letters.get(lang)
    if found is not None:
        return found
    # TRANSLATORS: the letter on a jack in the packs of French-suited cards your players use
    # (Russian В, German B, French V, Norwegian Kn); keep J if their packs print J. One or two
    # letters, no digit, distinct from your letters for the queen, king and ace. It is shown on
    # every jack (В♠) and the learner may type it before a suit (В♠, ВS).
    jack = pgettext("rank letter", "J")
    # TRANSLATORS: as above, for a queen (Russian Д, German D, French D, Norwegian D; or Q).
    queen = pgettext("rank letter", "Q")
    # TRANSLATORS: as above, for a king (Russian К, German K, French R, Norwegian K; or K).
    king = pgettext("rank letter", "K")
    # TRANSLATORS: as above, for an ace (Russian Т, German A, French A, Norwegian E; or A).
    ace = pgettext("rank letter", "A")
    letters = {rank: text.strip() for rank, text in zip(_LETTERED, (jack, queen, king, ace))}
    usable = all(0 < len(t) <= _LONGEST and t.isalpha() and parse_code(t + "S") in (None, (rank, "S"))
                 for rank, t in letters.items())
    if not usable or len({t.casefold() for t in letters.values()}) < len(letters):
        letters = {rank: rank_code(rank) for rank in _LETTERED}
    _letters[lang] = letters
    return letters


def rank_face(rank: int) -> str:
    """A rank as the screen shows it: `2` ... `10`, and the language's letter for a jack, queen,
    king or ace (`J Q K A` in English or with `--cards international`); a wild rank's name too."""
    if _faces == "local" and rank in _LETTERED:
        return local_letters()[rank]
    return rank_code(rank)


def typed_card(code: str) -> str:
    """A card as the learner may type it and completion offers it: its face's rank and the
    universal suit letter (`QH` in English, `ДH` in Russian, `DD` in German); `read_face` reads
    it back in the same language."""
    parsed = parse_code(code)
    return code if parsed is None else rank_face(parsed[0]) + parsed[1]


def read_face(text: str) -> tuple[int, str] | None:
    """The (rank, suit) a card code typed by the learner names, or None.

    The universal notation comes first (`QH`, `q♥`, `10h`), in every language; then the letters
    of the learner's language before a universal suit letter or a symbol (`Д♥`, `дh` in Russian;
    `DD`, the Dame of diamonds, `B♣` in German; `RD` in French; `Kn♠` in Norwegian). The suit is
    always the last character, so a letter that is also a suit letter is read by its place.
    """
    parsed = parse_code(text)
    if parsed is not None:
        return parsed
    t = text.strip().replace(" ", "")
    suit = parse_suit(t[-1:])
    if suit is None or len(t) < 2:
        return None
    letter = t[:-1].casefold()
    rank = next((r for r, face in local_letters().items() if face.casefold() == letter), None)
    return None if rank is None else (rank, suit)


def show_card(code: str, ascii_only: bool = False, wild: int | None = None) -> str:
    """A card as printed: `10♥`, `A♠` (or `10H`, `AS` in ASCII), with `*` if of the `wild` rank.

    Whatever the learner may type for a card (`7♦`, `qs`, `T♥`) comes out the same way; text that
    is no card comes back as it is.
    """
    parsed = parse_code(code)
    if parsed is None:
        return code
    rank, suit = parsed
    face = rank_face(rank) + (suit if ascii_only else suit_symbol(suit))
    return face + WILD_MARK if rank == wild else face


def card_style(code: str) -> str:
    """The console style a card is drawn in: red for hearts and diamonds, black for the others."""
    return "class:card.red" if code[-1] in "HD" else "class:card.black"


def show_cards(codes: Sequence[str], ascii_only: bool = False, wild: int | None = None) -> str:
    """Cards as printed, those of the `wild` rank (if given) marked with `*`, as in a hand."""
    return " ".join(show_card(c, ascii_only, wild) for c in codes)


def show_melds(melds: Sequence[Sequence[str]], ascii_only: bool = False, wild: int | None = None) -> str:
    """Melds as printed, each in brackets: `[7♠ 7♥ 3♦*]  [9♣ 10♣ J♣]`."""
    return "  ".join("[" + show_cards(m, ascii_only, wild) + "]" for m in melds)


def with_faces(params: Mapping[str, Any], ascii_only: bool = False, lists: Iterable[str] = ()) -> dict[str, Any]:
    """A copy of a message's parameters with the card in `card` shown as printed, and the lists
    of cards under the keys `lists` too (the engines and bots name cards by their codes)."""
    shown = dict(params)
    if isinstance(shown.get("card"), str):
        shown["card"] = show_card(shown["card"], ascii_only)
    for key in lists:
        if key in shown:
            shown[key] = show_cards(shown[key], ascii_only)
    return shown


def rummy_order(cards: Iterable[Card], wild: int | None) -> list[Card]:
    """A rummy hand as shown: wild cards last; the rest by suit, then rank."""
    return sorted(cards, key=lambda c: (c.rank == wild, SUIT_ORDER[c.suit], c.rank, c.copy))


def hand_fragments(cards: Sequence[Card], ascii_only: bool, wild: int | None = None,
                   marked: Card | None = None) -> list[tuple[str, str]]:
    """A hand for the console: each card coloured by suit; a wild one with `*`, the `marked`
    one (just drawn) in brackets."""
    frags: list[tuple[str, str]] = []
    for card in cards:
        text = show_card(card.code, ascii_only, wild)
        if card is marked:
            text = "(" + text + ")"
        frags += [(card_style(card.code), text), ("", " ")]
    return frags
