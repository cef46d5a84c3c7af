"""Cards named inside sentences: a markup that texts use instead of card codes.

Lesson texts, prompts, quiz choices and coach lines never spell a card as `KD` or a rank as
`Q`: a translator would see English letters, and a learner would read them under a hand drawn
as `K♦`. They write the card in braces instead, and the trainer draws it exactly as it draws a
hand (the suit symbol, the colour, `--ascii`, the rank letters of the learner's language):

- `{KD}`, `{10C}`, `{AS}`: one card, in the universal notation (DESIGN.md, "Universal card
  notation"), upper case;
- `{Q}`, `{A}`, `{7}`: a rank on its own ("only {A}, {K}, {Q} and {J}", "{Q}-{K}-{A}").

Braces that hold anything else are not markup and stay as they are; `tutor check` and the
catalog tests report them, so that no text ships with a card the trainer cannot draw.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from tutor.cardfaces import card_style, rank_face, show_card
from tutor.cards import parse_code
from tutor.i18n import format_list

#: Anything in braces that could be meant as a card: one word of letters, digits and symbols.
_BRACED = re.compile(r"\{([^{}\s%()]{1,4})\}")
_RANKS = {"A": 1, "J": 11, "Q": 12, "K": 13, **{str(n): n for n in range(2, 11)}}
_SUITS = "CDHS"

#: A card code or an English rank letter standing alone in running text (`KD`, `10C`, `Q-K-A`,
#: "only A, K, Q and J"): what `problems` reports. A lone `A` starting a sentence is a word.
_BARE_CARD = re.compile(r"(?<![\w{/+±−-])(?:10|[2-9AJQK])[CDHS](?![\w}])")
_BARE_RANK = re.compile(r"(?<![\w{%])[JQK](?![\w}'’])|(?<=[-–])A\b|\bA(?=[-–](?:\d|\{|[JQK]\b))|(?<=, )A\b"
                        r"|\bA(?=,)|(?<=\bor )A\b|(?<=\band )A\b|\bA(?= [JQK]\b)")


def token_kind(token: str) -> str | None:
    """"card" for a card code (`KD`), "rank" for a rank (`Q`, `7`), else None."""
    if token in _RANKS:
        return "rank"
    if len(token) >= 2 and token[-1] in _SUITS and token[:-1] in _RANKS:
        return "card"
    return None


def _pieces(text: str) -> Iterator[tuple[str, str]]:
    """The text cut into ("", plain text) and (kind, token) for each piece of markup."""
    at = 0
    for found in _BRACED.finditer(text):
        kind = token_kind(found.group(1))
        if kind is None:
            continue
        if found.start() > at:
            yield "", text[at:found.start()]
        yield kind, found.group(1)
        at = found.end()
    if at < len(text):
        yield "", text[at:]


def _face(kind: str, token: str, ascii_only: bool) -> str:
    return show_card(token, ascii_only) if kind == "card" else rank_face(_RANKS[token])


def render(text: str, ascii_only: bool = False) -> str:
    """The text with every card and rank in it drawn as on the table: `{KD}` -> `K♦`."""
    if "{" not in text:
        return text
    return "".join(piece if not kind else _face(kind, piece, ascii_only) for kind, piece in _pieces(text))


def fragments(text: str, style: str = "", ascii_only: bool = False) -> list[tuple[str, str]]:
    """The text as console fragments in `style`, each card in its suit's colour."""
    if "{" not in text:
        return [(style, text)]
    out: list[tuple[str, str]] = []
    for kind, piece in _pieces(text):
        if kind == "card":
            out.append(((style + " " + card_style(piece)).strip(), _face(kind, piece, ascii_only)))
        else:
            out.append((style, _face(kind, piece, ascii_only) if kind else piece))
    return out


def markup_tokens(text: str) -> list[str]:
    """The cards and ranks a text names through markup, in order (`["KD", "Q"]`)."""
    return [piece for kind, piece in _pieces(text) if kind]


def problems(text: str) -> list[str]:
    """What is wrong with a text's cards: a bare code (`KD`, `Q-K-A`) written without markup,
    or braces around something that is no card (`{KX}`). Each problem is the offending text."""
    found = [m.group(0) for m in _BRACED.finditer(text)
             if token_kind(m.group(1)) is None and parse_code(m.group(1)) is not None]
    plain = _BRACED.sub(" ", text)
    found += [m.group(0) for m in _BARE_CARD.finditer(plain)]
    found += [m.group(0) for m in _BARE_RANK.finditer(plain)]
    return found


#: How melds are typed, shown in prompts and errors (Three Thirteen and Speed): cards in the
#: universal notation, melds separated by a bar.
MELD_EXAMPLE = "3H 4H 5H | 7S 7D 7C"


def typing_examples(codes: tuple[str, ...] = ("10H", "QS", "7D")) -> str:
    """Cards as the learner may type them, in the universal notation that every language accepts,
    joined the way the language joins alternatives ("10H, QS or 7D")."""
    return format_list(list(codes), style="or")
