"""The options a game of Three Thirteen is played with (RULEBOOK TT.1, TT.7, TT.13, TT.14).

`Options` holds them as plain values; `parse_options` reads `--option KEY=VALUE` pairs and
`to_record` / `from_record` write and read the `options` object of a record header. The
meld rules the solver needs (aces, wild limits, face points) come out as `MeldRules`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from tutor.games.base import OptionError, parse_flag
from tutor.games.three_thirteen.solver import MeldRules
from tutor.typed import whole_number

MIN_PLAYERS = 2
MAX_PLAYERS = 8
ROUNDS = 11
MAX_HAND = ROUNDS + 2  # 13 cards in the last round (TT.3)
DECK_SIZE = 52
MAX_DECKS = 12

ACES = ("low", "both")  # "high" is read as "both"
FACE_POINTS = ("10", "11-13")

#: The option keys `--option KEY=VALUE` accepts (a `-` in a key is read as `_`).
OPTION_KEYS = ("decks", "aces", "natural_required", "max_one_wild", "face_points", "no_early_out")


def default_decks(players: int) -> int:
    """TT.1 (decided): one 52-card deck per two players, rounded up."""
    return (players + 1) // 2


@dataclass(frozen=True)
class Options:
    """How a game of Three Thirteen is played; every field's default is the RULEBOOK's main rule."""

    decks: int | None = None  # None: the TT.1 table
    aces: str = "low"  # "low" (TT.2) or "both" (TT.13)
    natural_required: bool = False  # TT.7 option: at least one natural card per meld
    max_one_wild: bool = False  # TT.7 option: at most one wild per meld
    face_points: str = "10"  # "10" (TT.10) or "11-13" (TT.14)
    no_early_out: bool = False  # TT.14: nobody goes out on their first turn of a round

    @property
    def meld_rules(self) -> MeldRules:
        return MeldRules(
            aces=self.aces,
            natural_required=self.natural_required,
            max_one_wild=self.max_one_wild,
            face_points=self.face_points,
        )

    def deck_count(self, players: int) -> int:
        return self.decks if self.decks is not None else default_decks(players)

    def to_record(self, players: int | None = None) -> dict[str, Any]:
        """The header's `options`; with `players`, `decks` is the number actually used."""
        decks = self.deck_count(players) if players is not None else self.decks
        return {
            "decks": decks,
            "aces": self.aces,
            "natural_required": self.natural_required,
            "max_one_wild": self.max_one_wild,
            "face_points": self.face_points,
            "no_early_out": self.no_early_out,
        }

    @classmethod
    def from_record(cls, data: dict[str, Any]) -> Options:
        decks = data.get("decks")
        if decks is not None and (isinstance(decks, bool) or not isinstance(decks, int)):
            raise OptionError("option_bad_value", key="decks", value=str(decks), allowed=f"1-{MAX_DECKS}")
        options = cls(
            decks=decks,
            aces=str(data.get("aces", "low")),
            natural_required=bool(data.get("natural_required", False)),
            max_one_wild=bool(data.get("max_one_wild", False)),
            face_points=str(data.get("face_points", "10")),
            no_early_out=bool(data.get("no_early_out", False)),
        )
        validate(options)
        return options


def validate(options: Options) -> None:
    if options.decks is not None and not 1 <= options.decks <= MAX_DECKS:
        raise OptionError("option_bad_value", key="decks", value=str(options.decks), allowed=f"1-{MAX_DECKS}")
    if options.aces not in ACES:
        raise OptionError("option_bad_value", key="aces", value=options.aces, allowed=", ".join(ACES))
    if options.face_points not in FACE_POINTS:
        raise OptionError(
            "option_bad_value", key="face_points", value=options.face_points, allowed=", ".join(FACE_POINTS)
        )


def check_players(options: Options, players: int) -> None:
    """TT.1: 2-8 players, and enough cards for the last round's hands, the up card and a stock card."""
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise OptionError("players_range", players=players, low=MIN_PLAYERS, high=MAX_PLAYERS)
    validate(options)
    decks = options.deck_count(players)
    need = MAX_HAND * players + 2
    if decks * DECK_SIZE < need:
        raise OptionError("decks_too_few", decks=decks, players=players, need=-(-need // DECK_SIZE))


def parse_options(raw: dict[str, str]) -> Options:
    """Options from `--option KEY=VALUE` pairs; an unknown key or value is an OptionError."""
    values: dict[str, Any] = {}
    for raw_key, value in raw.items():
        key = raw_key.strip().lower().replace("-", "_")
        text = value.strip().lower()
        if key == "decks":
            decks = whole_number(text, 1, MAX_DECKS)
            if decks is None:
                raise OptionError("option_bad_value", key=raw_key, value=value, allowed=f"1-{MAX_DECKS}")
            values["decks"] = decks
        elif key == "aces":
            text = "both" if text == "high" else text  # "aces high or low" (TT.13) names the same variant
            if text not in ACES:
                raise OptionError("option_bad_value", key=raw_key, value=value, allowed=", ".join((*ACES, "high")))
            values["aces"] = text
        elif key == "face_points":
            if text not in FACE_POINTS:
                raise OptionError("option_bad_value", key=raw_key, value=value, allowed=", ".join(FACE_POINTS))
            values["face_points"] = text
        elif key in ("natural_required", "max_one_wild", "no_early_out"):
            values[key] = parse_flag(raw_key, value)
        else:
            raise OptionError("option_unknown", key=raw_key, allowed=", ".join(OPTION_KEYS))
    return Options(**values)
