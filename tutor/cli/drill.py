"""`tutor drill`: short exercises by skill, the skill chosen by its schedule (`tutor.skills`)."""

from __future__ import annotations

import random
from datetime import datetime, timezone
from typing import TYPE_CHECKING, Any

from tutor.cli.common import UserError
from tutor.i18n import _, ngettext, quoted
from tutor.skills import game_drills, order_skills, rate, skill_key

if TYPE_CHECKING:
    from tutor.cli.common import Display
    from tutor.progress import Progress


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
    from tutor.cli.progress import open_progress, warn_progress
    from tutor.trainer.console import Leave, open_console

    game = find_game(game_name)
    if count < 1:
        raise UserError(_("--count must be 1 or more."), 2)
    progress = open_progress()
    progress.read()
    warn_progress(progress)
    console = open_console(display.color, {"f1": "help", "f2": "rules"}, display.ascii)
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
