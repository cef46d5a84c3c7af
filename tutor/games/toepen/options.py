"""The options a rubber of Toepen is played with (RULEBOOK TOE.2, TOE.14).

`Options` holds them as plain values; `parse_options` reads `--option KEY=VALUE` pairs and
`to_record` / `from_record` write and read the `options` object of a record header.
`check_players` says whether a table of that many players may play under them.

Keys: `limit` (10, 15, 20, 25 or 30 penalty points, TOE.2), `end` (`first-loser`: the rubber
ends when someone reaches the limit; `last-survivor`: they are eliminated and play goes on
until one is left, TOE.2), `customs` (on/off, the table customs of TOE.14) and `two`
(on/off: allow a game for two, TOE.2).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from tutor.games.base import OptionError, parse_flag
from tutor.typed import whole_number

MIN_PLAYERS = 3
MIN_PLAYERS_TWO = 2  # with the option `two=on`
MAX_PLAYERS = 8
LIMITS = (10, 15, 20, 25, 30)
ENDS = ("first-loser", "last-survivor")

#: The option keys `--option KEY=VALUE` accepts.
OPTION_KEYS = ("limit", "end", "customs", "two")

#: Message ids of the OptionErrors raised here (the shared `option_*` ones are in tutor.games.texts).
OPTION_MESSAGES = ("option_bad_value", "option_unknown", "players_range", "players_two")


@dataclass(frozen=True)
class Options:
    """How a rubber of Toepen is played; every field's default is the RULEBOOK's main rule."""

    limit: int = 10  # TOE.2: the penalty points at which a player has lost
    end: str = "first-loser"  # TOE.2 (decided); "last-survivor" plays on, eliminating
    customs: bool = False  # TOE.14: whistle and stand up (announced, no score)
    two: bool = False  # TOE.2 option: a game for two players

    @property
    def last_survivor(self) -> bool:
        return self.end == "last-survivor"

    def to_record(self, players: int | None = None) -> dict[str, Any]:
        """The header's `options` (`players` is accepted for the shape the game kits share)."""
        return {"limit": self.limit, "end": self.end, "customs": self.customs, "two": self.two}

    @classmethod
    def from_record(cls, data: dict[str, Any]) -> Options:
        limit = data.get("limit", 10)
        if isinstance(limit, bool) or not isinstance(limit, int):
            raise OptionError("option_bad_value", key="limit", value=str(limit), allowed=_allowed(LIMITS))
        options = cls(
            limit=limit,
            end=str(data.get("end", "first-loser")),
            customs=bool(data.get("customs", False)),
            two=bool(data.get("two", False)),
        )
        validate(options)
        return options


def _allowed(values: tuple[Any, ...]) -> str:
    return ", ".join(str(v) for v in values)


def validate(options: Options) -> None:
    if options.limit not in LIMITS:
        raise OptionError("option_bad_value", key="limit", value=str(options.limit), allowed=_allowed(LIMITS))
    if options.end not in ENDS:
        raise OptionError("option_bad_value", key="end", value=options.end, allowed=_allowed(ENDS))


def check_players(options: Options, players: int) -> None:
    """TOE.2: 3-8 players; 2 only with the option `two=on`."""
    validate(options)
    if players == MIN_PLAYERS_TWO and not options.two:
        raise OptionError("players_two", players=players, low=MIN_PLAYERS, high=MAX_PLAYERS, option="two=on")
    low = MIN_PLAYERS_TWO if options.two else MIN_PLAYERS
    if not low <= players <= MAX_PLAYERS:
        raise OptionError("players_range", players=players, low=low, high=MAX_PLAYERS)


def parse_options(raw: dict[str, str]) -> Options:
    """Options from `--option KEY=VALUE` pairs; an unknown key or value is an OptionError."""
    values: dict[str, Any] = {}
    for raw_key, value in raw.items():
        key = raw_key.strip().lower().replace("-", "_")
        text = value.strip().lower()
        if key == "limit":
            limit = whole_number(text)
            if limit not in LIMITS:
                raise OptionError("option_bad_value", key=raw_key, value=value, allowed=_allowed(LIMITS))
            values["limit"] = limit
        elif key == "end":
            text = text.replace("_", "-")
            if text not in ENDS:
                raise OptionError("option_bad_value", key=raw_key, value=value, allowed=_allowed(ENDS))
            values["end"] = text
        elif key in ("customs", "two"):
            values[key] = parse_flag(raw_key, value)
        else:
            raise OptionError("option_unknown", key=raw_key, allowed=", ".join(OPTION_KEYS))
    return Options(**values)
