"""Toepen's moves and phases: what a player can do, and when (RULEBOOK TOE.4, TOE.5, TOE.7, TOE.8, TOE.11).

The moves are frozen dataclasses that all carry the acting `player` (None: whoever is to
act): `Throw`, `Keep` (TOE.4, phase LAUNDRY); `Challenge`, `Pass` (TOE.4, phase CHALLENGE);
`Play(card)` (TOE.5, phase PLAY); `Knock` (TOE.7, phase PLAY, any seat in `knockers()`);
`Stay`, `Fold` (TOE.8 in phase ANSWER, TOE.11 in phase POVERTY). `Phase` says which of them
the player to act chooses from; `DECISION_EVENTS` names the record event each seat-only
move writes, and `COMMAND_MOVES` the move each command word names.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from tutor.cards import Card


@dataclass(frozen=True, slots=True)
class Throw:
    """TOE.4: throw in the four cards face down and take four new ones from the stock."""

    player: int | None = None


@dataclass(frozen=True, slots=True)
class Keep:
    """TOE.4: keep the hand dealt."""

    player: int | None = None


@dataclass(frozen=True, slots=True)
class Challenge:
    """TOE.4: challenge the hand just thrown in (it is shown)."""

    player: int | None = None


@dataclass(frozen=True, slots=True)
class Pass:
    """TOE.4: let the hand just thrown in go unchallenged."""

    player: int | None = None


@dataclass(frozen=True, slots=True)
class Play:
    """TOE.5: play `card` to the trick."""

    card: Card
    player: int | None = None


@dataclass(frozen=True, slots=True)
class Knock:
    """TOE.7: knock (toep), raising the stake by one; any seat in `knockers()` may."""

    player: int | None = None


@dataclass(frozen=True, slots=True)
class Stay:
    """TOE.8: stay in after a knock; TOE.11: play the poor player's hand for 2."""

    player: int | None = None


@dataclass(frozen=True, slots=True)
class Fold:
    """TOE.8: fold after a knock, taking the stake before it; TOE.11: leave a poor hand for 1."""

    player: int | None = None


Action = Throw | Keep | Challenge | Pass | Play | Knock | Stay | Fold


class Phase(Enum):
    LAUNDRY = "laundry"  # TOE.4: the player to act throws in or keeps
    CHALLENGE = "challenge"  # TOE.4: the player to act challenges the exchange or passes
    POVERTY = "poverty"  # TOE.11: the player to act plays for 2 or leaves for 1
    PLAY = "play"  # TOE.5: the player to act plays a card; anyone in `knockers()` may knock
    ANSWER = "answer"  # TOE.8: the player to act stays or folds
    OVER = "over"  # TOE.2: the rubber has ended


#: The record event `State.apply` writes for each move that names only its player (a replay
#: turns the event back into the move; `play` carries its card and is read apart).
DECISION_EVENTS: dict[str, type[Throw | Keep | Challenge | Pass | Knock | Stay | Fold]] = {
    "keep": Keep,
    "exchange": Throw,
    "pass": Pass,
    "challenge": Challenge,
    "knock": Knock,
    "stay": Stay,
    "fold": Fold,
}

#: The move each command word names: what the learner types at the table (the trainer shows
#: the word in their language) and what a lesson's `moves` and `expect` write.
COMMAND_MOVES: dict[str, type[Throw | Keep | Challenge | Pass | Knock | Stay | Fold]] = {
    "knock": Knock,
    "stay": Stay,
    "fold": Fold,
    "throw": Throw,
    "keep": Keep,
    "challenge": Challenge,
    "pass": Pass,
}
