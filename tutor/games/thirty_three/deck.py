"""The cards of 33 (RULEBOOK 33.1) and the options a game is played with.

A card is its face in the universal notation (`+7`, `-3`, `1/11`, `+-10`, `0`); copies of
one face are interchangeable, so a hand is a list of faces and a deck a multiset.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tutor.games.base import OptionError, parse_flag
from tutor.typed import whole_number

PLUS_FACES = tuple(f"+{n}" for n in range(2, 11))
MINUS_FACES = tuple(f"-{n}" for n in range(2, 10))
ONE_ELEVEN = "1/11"
PLUS_MINUS_TEN = "+-10"
ZERO = "0"

#: Every face, in the order the rules screen and deck files list them.
FACES: tuple[str, ...] = PLUS_FACES + MINUS_FACES + (ONE_ELEVEN, PLUS_MINUS_TEN, ZERO)

#: The values a face may be played for (33.1); two values mean the player chooses.
VALUES: dict[str, tuple[int, ...]] = {
    **{f: (int(f[1:]),) for f in PLUS_FACES},
    **{f: (-int(f[1:]),) for f in MINUS_FACES},
    ONE_ELEVEN: (1, 11),
    PLUS_MINUS_TEN: (10, -10),
    ZERO: (0,),
}

#: The lowest value of each face: the card keeps the total at or under 33 iff this does.
LOWEST: dict[str, int] = {f: min(v) for f, v in VALUES.items()}

#: 33.1 (decided): 4 of each `+` face, 2 of each `-` face, 4 each of `1/11`, `+-10`, `0`.
DEFAULT_DECK: dict[str, int] = {
    **{f: 4 for f in PLUS_FACES},
    **{f: 2 for f in MINUS_FACES},
    ONE_ELEVEN: 4,
    PLUS_MINUS_TEN: 4,
    ZERO: 4,
}

LIMIT = 33
HAND_SIZE = 3


def canonical_face(text: str) -> str | None:
    """The face a universal-notation string names (`+7`, `7`, `-3`, `±10`, `1/11`), or None."""
    t = text.strip().replace(" ", "").replace("\u2212", "-").replace("±", "+-")
    t = t.replace("-+", "+-")
    if t in VALUES:
        return t
    number = whole_number(t) if t[:1] not in "+-" else None
    if number is not None and f"+{number}" in VALUES:
        return f"+{number}"
    if t in ("11/1", "1/1/1"):
        return ONE_ELEVEN
    return None


@dataclass(frozen=True)
class Options:
    """How a game of 33 is played: the deck and the optional rules."""

    deck: dict[str, int] = field(default_factory=lambda: dict(DEFAULT_DECK))
    shuffle_recycle: bool = False  # 33.9 option: shuffle instead of flip
    manual_draw: bool = False  # 33.10 / 33.11: players draw and say the total themselves
    forfeit: bool = False  # 33.12: the forfeit draw after the game

    @property
    def deck_size(self) -> int:
        return sum(self.deck.values())

    def to_record(self) -> dict[str, Any]:
        return {
            "deck": {f: self.deck[f] for f in FACES if self.deck.get(f)},
            "recycle": "shuffle" if self.shuffle_recycle else "flip",
            "draw": "manual" if self.manual_draw else "auto",
            "forfeit": self.forfeit,
        }

    @classmethod
    def from_record(cls, data: dict[str, Any]) -> Options:
        return cls(
            deck=validate_deck(data.get("deck", DEFAULT_DECK)),
            shuffle_recycle=data.get("recycle") == "shuffle",
            manual_draw=data.get("draw") == "manual",
            forfeit=bool(data.get("forfeit")),
        )


#: The option keys `--option KEY=VALUE` accepts, with their allowed values.
OPTION_KEYS = ("deck", "recycle", "draw", "forfeit")


def parse_options(raw: dict[str, str]) -> Options:
    """Options from `--option KEY=VALUE` pairs; an unknown key or value is an OptionError."""
    deck = dict(DEFAULT_DECK)
    shuffle_recycle = manual_draw = forfeit = False
    for key, value in raw.items():
        if key == "deck":
            deck = load_deck_file(Path(value))
        elif key == "recycle":
            value = value.strip()
            if value.lower() not in ("flip", "shuffle"):
                raise OptionError("option_bad_value", key=key, value=value, allowed="flip, shuffle")
            shuffle_recycle = value.lower() == "shuffle"
        elif key == "draw":
            value = value.strip()
            if value.lower() not in ("auto", "manual"):
                raise OptionError("option_bad_value", key=key, value=value, allowed="auto, manual")
            manual_draw = value.lower() == "manual"
        elif key == "forfeit":
            forfeit = parse_flag(key, value)
        else:
            raise OptionError("option_unknown", key=key, allowed=", ".join(OPTION_KEYS))
    return Options(deck=deck, shuffle_recycle=shuffle_recycle, manual_draw=manual_draw, forfeit=forfeit)


#: Deck counts are bounded so a hostile deck file or record header cannot fill memory.
MAX_FACE_COUNT = 99
MAX_DECK_SIZE = 500
#: A deck file is a short YAML mapping; anything larger is not one.
DECK_FILE_LIMIT = 64 * 1024


def _shown(value: Any) -> str:
    """A short text for a value read from a file, never walking a nested one (YAML aliases
    can make a small file stand for an enormous structure)."""
    if isinstance(value, (list, tuple)):
        return "[…]"
    if isinstance(value, dict):
        return "{…}"
    return str(value)[:80]


def validate_deck(data: Any, source: str = "") -> dict[str, int]:
    """A deck (face -> count) checked face by face; the message names what is wrong.

    Faces are strings or whole numbers (YAML reads `+7: 4` as the number 7); every count is
    a whole number from 0 to MAX_FACE_COUNT, and the deck holds at most MAX_DECK_SIZE cards.
    """
    if not isinstance(data, dict) or not data:
        raise OptionError("deck_not_mapping", file=source)
    deck: dict[str, int] = {}
    for key, count in data.items():
        face = canonical_face(key) if isinstance(key, str) else None
        if isinstance(key, int) and not isinstance(key, bool):
            face = canonical_face(str(key))
        if face is None:
            raise OptionError("deck_unknown_face", file=source, face=_shown(key))
        if isinstance(count, bool) or not isinstance(count, int) or not 0 <= count <= MAX_FACE_COUNT:
            raise OptionError("deck_bad_count", file=source, face=face, count=_shown(count),
                              high=MAX_FACE_COUNT)
        if face in deck:
            raise OptionError("deck_duplicate_face", file=source, face=face)
        deck[face] = count
    size = sum(deck.values())
    if size > MAX_DECK_SIZE:
        raise OptionError("deck_too_many_cards", size=size, high=MAX_DECK_SIZE)
    return deck


def load_deck_file(path: Path) -> dict[str, int]:
    """Reads a deck file (YAML mapping face -> count) with the safe loader, size-capped."""
    import yaml

    from tutor.storedfile import StoredFileError, read_text

    try:
        text = read_text(path, DECK_FILE_LIMIT)
    except FileNotFoundError:
        raise OptionError("deck_missing", file=str(path)) from None
    except StoredFileError as exc:
        raise OptionError("deck_" + exc.reason, file=str(path), limit=DECK_FILE_LIMIT // 1024) from None
    try:
        data = yaml.safe_load(text)
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None) or getattr(exc, "context_mark", None)
        if mark is not None:
            line = mark.line + 1
        else:  # a character YAML refuses (a control character): the reader gives its position
            line = text.count("\n", 0, getattr(exc, "position", 0)) + 1
        raise OptionError("deck_yaml", file=str(path), line=line) from None
    except RecursionError:
        raise OptionError("deck_too_deep", file=str(path)) from None
    except ValueError:
        # PyYAML's own constructors raise it: a date like 2001-13-45, a number of 5,000 digits.
        raise OptionError("deck_not_mapping", file=str(path)) from None
    return validate_deck(data, str(path))


def check_players(deck: dict[str, int], players: int) -> None:
    """33.2: 2-8 players, and a deck of at least 3 x players + 1 cards."""
    if not 2 <= players <= 8:
        raise OptionError("players_range", players=players, low=2, high=8)
    size = sum(deck.values())
    if size < HAND_SIZE * players + 1:
        raise OptionError("deck_too_small", size=size, players=players, need=HAND_SIZE * players + 1)


def adders(deck: dict[str, int]) -> int:
    """How many plus cards `deck` holds: cards that raise the total whichever value is chosen
    (`+2`..`+10`, `1/11`)."""
    return sum(n for face, n in deck.items() if LOWEST[face] > 0)


def check_can_end(options: Options, players: int) -> None:
    """Refuses a deck with which nobody can ever lose, so no game with it could end.

    The game ends only when a player, on their turn, holds no card that keeps the total at
    or under 33 (33.8). A `0`, a minus card or `+-10` (as -10) can always be played, since
    the total never exceeds 33: only a hand of three plus cards can be stuck. With fewer
    than three in the deck, nobody ever is (`deck_never_stuck`).

    Even with three, the total must climb to 34 minus the smallest of them, and minus cards
    can keep it from ever doing so (`deck_never_high`). When the engine draws for everyone,
    a card played comes back into play no sooner than `w` plays later: with the pile turned
    over (33.9), the O cards outside the hands form a queue that a played card joins at the
    back, so w = O + players; shuffled, it may be drawn at once, but its drawer plays again
    only a round later, so w = players. Any w plays in a row are then w different cards and
    add at most the sum of the deck's w highest values. When that sum is 0 or less, the total
    never exceeds the sum of the positive values among them, however the players choose.
    (With players drawing themselves, a late draw (33.10) breaks the queue, so only the first
    check applies.)
    """
    deck = options.deck
    count = adders(deck)
    if count < HAND_SIZE:
        raise OptionError("deck_never_stuck", count=count, need=HAND_SIZE)
    if options.manual_draw:
        return
    outside = sum(deck.values()) - HAND_SIZE * players
    window = players if options.shuffle_recycle else outside + players
    highest = sorted((max(VALUES[face]) for face in deck_cards(deck)), reverse=True)[:window]
    third = sorted((LOWEST[face] for face in deck_cards(deck) if LOWEST[face] > 0), reverse=True)[HAND_SIZE - 1]
    rise = sum(v for v in highest if v > 0)
    if sum(highest) <= 0 and rise + third <= LIMIT:
        raise OptionError("deck_never_high")


def deck_cards(deck: dict[str, int]) -> list[str]:
    """The deck as a list of cards in face order (the order before any shuffle)."""
    return [face for face in FACES for _ in range(deck.get(face, 0))]
