"""French-suited cards as the learner sees them: Three Thirteen, 3-13 Speed and Toepen alike.

What a card looks like on screen and in a sentence lives here and nowhere else: its face text
(`10♥`, or `10H` with `--ascii`), its colour (red hearts and diamonds), the `*` on a card of the
wild rank (TT.3, TT.7; SPD.2, SPD.4), melds shown in brackets (TT.6, TT.8, TT.10; SPD.7, SPD.8)
and a hand drawn in rummy order. Records, `--json` and input keep the universal notation of
`tutor.cards` (the RULEBOOK's "Card notation"); 33's deck has faces of its own and draws them in
its own session.

Every rank on screen comes from `rank_face`, so that the rank letters of the learner's language
(DESIGN.md, "each language's card faces") can later be chosen in that one place.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from tutor.cards import Card, parse_code, rank_code, suit_symbol

#: The mark after a card of the wild rank, in a hand, a meld or a list of cards.
WILD_MARK = "*"

#: Suits in a shown hand: black and red alternate.
SUIT_ORDER = {"S": 0, "H": 1, "C": 2, "D": 3}


def rank_face(rank: int) -> str:
    """A rank as the screen shows it: `A`, `2` ... `10`, `J`, `Q`, `K` (a wild rank's name too)."""
    return rank_code(rank)


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
