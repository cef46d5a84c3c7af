"""Checks the progress file value by value, at every depth, before anything uses it.

The file is JSON that a person, a crash or another program may have changed. `clean`
rebuilds it from what is sound: every section, entry and field is checked for its type
and range, and whatever is wrong is left out (an entry) or put back in range (a field:
stars 0 to 3, counts up to a billion). It also says whether anything was left out or
changed, so the caller keeps a copy of the file as it was. A missing field is simply
its default: older versions of tutor wrote fewer of them.

The file holds exactly what is described here; anything else is left out too, so what
tutor writes back and prints is always well-formed.
"""

from __future__ import annotations

import math
from datetime import datetime
from typing import Any

from tutor.cardfaces import FACES
from tutor.i18n import LANGUAGES

VERSION = 1
SECTIONS = ("settings", "lessons", "skills", "games")
MAX_KEY = 200  # characters of a lesson, skill or game key
MAX_STEP = 10_000  # a lesson step to resume at
MAX_COUNT = 10**9  # games played, answers tried
MAX_SEED = 2**53
MAX_STARS = 3

Data = dict[str, Any]


def empty() -> Data:
    return {"version": VERSION, "settings": {}, "lessons": {}, "skills": {}, "games": {}}


class _Cleaner:
    """One pass over a parsed file; `changed` is set by anything left out or put in range."""

    def __init__(self) -> None:
        self.changed = False

    def whole(self, value: Any, low: int, high: int, default: int) -> int:
        """A whole number in low..high (out of range: the nearest end; not a number: `default`)."""
        if isinstance(value, bool) or not isinstance(value, int):
            self.changed = True
            return default
        if not low <= value <= high:
            self.changed = True
            return min(max(value, low), high)
        return value

    def flag(self, value: Any) -> bool:
        if not isinstance(value, bool):
            self.changed = True
            return False
        return value

    def known_fields(self, entry: dict[str, Any], fields: tuple[str, ...]) -> None:
        if any(key not in fields for key in entry):
            self.changed = True

    def section(self, value: Any, check_key: Any, check_entry: Any) -> dict[str, Any]:
        """A mapping of keys to entries: each bad key or entry left out, the rest kept."""
        if not isinstance(value, dict):
            self.changed = True
            return {}
        kept = {}
        for key, entry in value.items():
            if not check_key(key):
                self.changed = True
                continue
            cleaned = check_entry(entry)
            if cleaned is None:
                self.changed = True
                continue
            kept[key] = cleaned
        return kept

    # -- the sections

    def settings(self, value: Any) -> dict[str, Any]:
        if not isinstance(value, dict):
            self.changed = True
            return {}
        self.known_fields(value, tuple(SETTINGS))
        kept = {}
        for name, check in SETTINGS.items():
            if name not in value:
                continue
            setting = check(value)
            if setting is None:
                self.changed = True  # a setting that is not one is left out: its default holds
                continue
            kept[name] = setting
        return kept

    def lesson(self, entry: Any) -> dict[str, Any] | None:
        if not isinstance(entry, dict):
            return None
        self.known_fields(entry, ("stars", "done", "step"))
        return {
            "stars": self.whole(entry.get("stars", 0), 0, MAX_STARS, 0),
            "done": self.flag(entry.get("done", False)),
            "step": self.whole(entry.get("step", 0), 0, MAX_STEP, 0),
        }

    def skill(self, entry: Any) -> dict[str, Any] | None:
        if not isinstance(entry, dict):
            return None
        self.known_fields(entry, ("tried", "right", "next_seed", "card"))
        tried = self.whole(entry.get("tried", 0), 0, MAX_COUNT, 0)
        kept: dict[str, Any] = {"tried": tried, "right": self.whole(entry.get("right", 0), 0, tried, 0)}
        seed = entry.get("next_seed")
        if _whole_in(seed, 0, MAX_SEED):
            kept["next_seed"] = seed
        elif "next_seed" in entry:
            self.changed = True  # the drills start from the skill's first seed again
        if "card" in entry:
            card = fsrs_card(entry["card"])
            if card is None:
                self.changed = True  # the skill's schedule starts again; its counts stay
            else:
                kept["card"] = card
        return kept

    def game(self, entry: Any) -> dict[str, Any] | None:
        if not isinstance(entry, dict):
            return None
        self.known_fields(entry, ("played", "lost"))
        played = self.whole(entry.get("played", 0), 0, MAX_COUNT, 0)
        return {"played": played, "lost": self.whole(entry.get("lost", 0), 0, played, 0)}


def clean(value: Any) -> tuple[Data | None, bool]:
    """(the sound data, whether anything was left out or changed); None when nothing in it
    can be used: not an object, or not a version this tutor knows."""
    if not isinstance(value, dict):
        return None, True
    version = value.get("version")
    if isinstance(version, bool) or version != VERSION:
        return None, True
    cleaner = _Cleaner()
    cleaner.known_fields(value, ("version", *SECTIONS))
    data = empty()
    data["settings"] = cleaner.settings(value.get("settings", {}))
    data["lessons"] = cleaner.section(value.get("lessons", {}), _pair_key, cleaner.lesson)
    data["skills"] = cleaner.section(value.get("skills", {}), _pair_key, cleaner.skill)
    data["games"] = cleaner.section(value.get("games", {}), _plain_key, cleaner.game)
    return data, cleaner.changed


def settings_language(settings: Any) -> str | None:
    """The language chosen in the home menu, if `settings` holds one tutor has."""
    language = settings.get("language") if isinstance(settings, dict) else None
    return language if isinstance(language, str) and language in LANGUAGES else None


def settings_cards(settings: Any) -> str | None:
    """The card faces chosen in the home menu ("local" or "international"), if `settings` holds them."""
    cards = settings.get("cards") if isinstance(settings, dict) else None
    return cards if isinstance(cards, str) and cards in FACES else None


#: What the settings hold, each read by its own check (None: not a value tutor has).
SETTINGS = {"language": settings_language, "cards": settings_cards}


def _plain_key(key: str) -> bool:
    """A game id: short and printable (it is shown, so no control or bidi characters)."""
    return 0 < len(key) <= MAX_KEY and key.isprintable()


def _pair_key(key: str) -> bool:
    """`game/lesson` or `game/skill`."""
    return _plain_key(key) and "/" in key.strip("/")


# -- a drill skill's FSRS card (see fsrs.Card.to_dict): what the scheduler needs to review it

CARD_FIELDS = ("card_id", "state", "step", "stability", "difficulty", "due", "last_review")
LEARNING, REVIEW, RELEARNING = 1, 2, 3


def fsrs_card(value: Any) -> dict[str, Any] | None:
    """The card if `fsrs.Card.from_dict` and a review of it both work, else None."""
    if not isinstance(value, dict) or set(value) != set(CARD_FIELDS):
        return None
    card_id, state, step = value["card_id"], value["state"], value["step"]
    if not _whole_in(card_id, 0, 2**63) or not _whole_in(state, LEARNING, RELEARNING):
        return None
    if step is None:
        if state != REVIEW:
            return None
    elif state == REVIEW or not _whole_in(step, 0, 100):
        return None
    stability, difficulty = value["stability"], value["difficulty"]
    if stability is None or difficulty is None:
        if stability is not difficulty or state != LEARNING:  # a new card has neither
            return None
    elif not (_number_in(stability, 0.001, 1e6) and _number_in(difficulty, 1.0, 10.0)):
        return None
    if not _moment(value["due"]) or not (value["last_review"] is None or _moment(value["last_review"])):
        return None
    return dict(value)


def _whole_in(value: Any, low: int, high: int) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and low <= value <= high


def _number_in(value: Any, low: float, high: float) -> bool:
    return (isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(value)
            and low <= value <= high)


def _moment(value: Any) -> bool:
    """An ISO date and time with its offset from UTC (one without cannot be compared with now)."""
    if not isinstance(value, str) or len(value) > 40 or not value.isascii():
        return False
    try:
        moment = datetime.fromisoformat(value)
    except ValueError:
        return False
    # Years far from now would overflow when moved to UTC; no review is that old or that far off.
    return moment.utcoffset() is not None and 1970 <= moment.year <= 9000
