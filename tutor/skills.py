"""Drill skills and their schedule: spaced repetition by FSRS (the `fsrs` package).

Each skill has one FSRS card in the learner's progress. An answer the coach judges
right on the first try rates Good, a legal but weaker one Hard, an illegal one Again,
so a skill the learner gets wrong comes back sooner. Due skills come first, then skills
never drilled, then the rest by how soon they are due.

Each game's `drills` module lists its `SKILLS`; the `tutor drill` command runs them.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from types import ModuleType
from typing import Any

RATING_BY_VERDICT = {"right": "Good", "weaker": "Hard", "illegal": "Again"}


@dataclass(frozen=True)
class Skill:
    """A drill skill of a game: its id, title and prompt (message ids), where the learner
    stands when asked (the game's phase), and which dealt positions make a good exercise."""

    id: str
    title: str
    prompt: str
    phase: Any
    keep: Callable[..., bool]


def skill_key(game: str, skill: str) -> str:
    return f"{game}/{skill}"


def scheduler() -> Any:
    import fsrs

    return fsrs.Scheduler(enable_fuzzing=False)


def due_of(entry: dict[str, Any] | None) -> datetime | None:
    import fsrs

    if not entry or "card" not in entry:
        return None
    return fsrs.Card.from_dict(entry["card"]).due


def order_skills(skills: list[Any], entries: dict[str, dict[str, Any]], game: str, now: datetime) -> list[Any]:
    """Due skills first (most overdue first), then new ones, then the rest by due date."""
    def key(skill: Any) -> tuple[int, datetime]:
        due = due_of(entries.get(skill_key(game, skill.id)))
        if due is None:
            return (1, now)
        return (0 if due <= now else 2, due)

    return sorted(skills, key=key)


def rate(entry: dict[str, Any], verdict_kind: str, now: datetime) -> dict[str, Any]:
    """The skill's entry after one answer, with its FSRS card reviewed."""
    import fsrs

    card = fsrs.Card.from_dict(entry["card"]) if "card" in entry else fsrs.Card()
    card, _log = scheduler().review_card(card, getattr(fsrs.Rating, RATING_BY_VERDICT[verdict_kind]), now)
    entry = dict(entry)
    entry["card"] = card.to_dict()
    entry["tried"] = entry.get("tried", 0) + 1
    entry["right"] = entry.get("right", 0) + int(verdict_kind == "right")
    return entry


def game_drills(module: str) -> ModuleType:
    """A game's drills module: `SKILLS`, `exercise(skill, first_seed)` and `ask(...)` -> the verdict."""
    return importlib.import_module(module + ".drills")
