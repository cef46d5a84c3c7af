"""`tutor drill`: short exercises by skill, scheduled by spaced repetition (FSRS).

Each skill has one FSRS card in the learner's progress. An answer the coach judges
right on the first try rates Good, a legal but weaker one Hard, an illegal one Again,
so a skill the learner gets wrong comes back sooner. Without `--skill`, due skills come
first, then skills never drilled, then the rest by how soon they are due.
"""

from __future__ import annotations

import importlib
import random
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime, timezone
from types import ModuleType
from typing import TYPE_CHECKING, Any

from tutor.cli import UserError
from tutor.i18n import _, ngettext, quoted

if TYPE_CHECKING:
    from tutor.cli.app import Display
    from tutor.progress import Progress

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


def run_drills(console: Any, game: Any, progress: Progress, skill_id: str | None, count: int,
               ascii_only: bool = False, now: Any = None) -> list[tuple[str, str]]:
    """Runs `count` exercises; returns (skill id, verdict kind) for each answered one."""
    from tutor.trainer.console import Leave

    drills = game_drills(game.module)
    skills = list(drills.SKILLS)
    if skill_id is not None:
        skills = [s for s in skills if s.id == skill_id]
        if not skills:
            ids = ", ".join(s.id for s in drills.SKILLS)
            raise UserError(_("No skill %(skill)s. Skills: %(ids)s.") % {"skill": quoted(skill_id), "ids": ids}, 2)
    clock = now or (lambda: datetime.now(timezone.utc))
    results: list[tuple[str, str]] = []
    rng = random.Random()
    for n in range(1, count + 1):
        entries = progress.read()["skills"]
        skill = order_skills(skills, entries, game.id, clock())[0]
        key = skill_key(game.id, skill.id)
        entry = entries.get(key, {})
        start = entry.get("next_seed", 1_000 * (1 + [s.id for s in drills.SKILLS].index(skill.id)) * 1_000)
        found = drills.exercise(skill, start)
        if found is None:
            continue
        state, seat, next_seed = found
        console.show([("class:title", _("Drill %(number)d of %(count)d: %(skill)s") % {
            "number": n, "count": count, "skill": _(skill.title)})])
        try:
            kind = drills.ask(console, skill, state, seat, rng, ascii_only)
        except Leave:
            progress.update(lambda data: data["skills"].setdefault(key, {}).update({"next_seed": next_seed}))
            raise
        moment = clock()

        def save(data: dict[str, Any], key: str = key, kind: str = kind, seed: int = next_seed) -> None:
            updated = rate(data["skills"].get(key, {}), kind, moment)
            updated["next_seed"] = max(seed, data["skills"].get(key, {}).get("next_seed", 0))
            data["skills"][key] = updated

        progress.update(save)
        results.append((skill.id, kind))
    return results


def drill_command(game_name: str, skill: str | None, count: int, display: Display) -> int:
    from tutor.cli.info import find_game
    from tutor.learn import open_progress, warn_progress
    from tutor.trainer.console import Leave, open_console

    game = find_game(game_name)
    if count < 1:
        raise UserError(_("--count must be 1 or more."), 2)
    progress = open_progress()
    progress.read()
    warn_progress(progress)
    console = open_console(display.color, {"f1": "help", "f2": "rules"})
    try:
        results = run_drills(console, game, progress, skill, count, display.ascii)
    except Leave as leave:
        console.show(_("Drill stopped; what you answered is saved."))
        return 130 if leave.reason == "interrupt" else 0
    right = sum(1 for _, kind in results if kind == "right")
    console.show([("class:title", ngettext("%(right)d of %(count)d answer was the best play.",
                                           "%(right)d of %(count)d answers were the best play.", len(results))
                  % {"right": right, "count": len(results)})])
    return 0
