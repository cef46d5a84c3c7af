"""The registry of games: ids, aliases and where each game's code lives.

Engines are imported only when a command needs one, so `tutor --help` stays quick.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from types import ModuleType
from typing import Any

from tutor.i18n import N_


@dataclass(frozen=True)
class GameInfo:
    id: str
    aliases: tuple[str, ...]
    name: str  # a message id, translated when shown
    summary: str  # a message id
    module: str
    min_players: int
    max_players: int
    default_players: int

    def load(self) -> ModuleType:
        return importlib.import_module(self.module)

    def kit(self) -> Any:
        """What `play` and `replay` need from the game (tutor.games.kit.GameKit)."""
        return importlib.import_module(self.module + ".kit").KIT


GAMES: tuple[GameInfo, ...] = (
    GameInfo(
        id="thirty-three",
        aliases=("33",),
        # TRANSLATORS: the name of the adding card game "33"; keep the number.
        name=N_("33"),
        summary=N_("An adding game with a special deck: never push the total over 33."),
        module="tutor.games.thirty_three",
        min_players=2,
        max_players=8,
        default_players=4,
    ),
    GameInfo(
        id="three-thirteen",
        aliases=("3-13",),
        name=N_("Three Thirteen"),
        summary=N_("Rummy in eleven rounds, from 3 to 13 cards, with a new wild rank each round."),
        module="tutor.games.three_thirteen",
        min_players=2,
        max_players=8,
        default_players=4,
    ),
    GameInfo(
        id="three-thirteen-speed",
        aliases=("speed",),
        name=N_("3-13 Speed"),
        summary=N_("Three Thirteen for big tables: everyone draws and discards at once, with a caller."),
        module="tutor.games.speed",
        min_players=2,
        max_players=12,
        default_players=6,
    ),
    GameInfo(
        id="toepen",
        aliases=("toep",),
        name=N_("Toepen"),
        summary=N_("A Dutch trick game for the last trick: knock to raise the stake, fold or stay, bluff."),
        module="tutor.games.toepen",
        min_players=2,
        max_players=8,
        default_players=4,
    ),
)


class UnknownGame(LookupError):
    def __init__(self, name: str) -> None:
        super().__init__(name)
        self.name = name


def find(name: str) -> GameInfo:
    """The game a learner named, by id or alias (`33`, `thirty-three`)."""
    key = name.strip().lower()
    for game in GAMES:
        if key == game.id or key in game.aliases:
            return game
    raise UnknownGame(name)
