"""`tutor learn`: the lessons of a game in order, resumed where the learner stopped.

When every lesson of the game is done, `learn` offers them as a list with their stars
(a number picks one, Enter the first without three stars) rather than starting lesson 1
again unasked; after the last lesson it says what comes next: the drills that are due, and
a game against bots at `normal`, each with the exact command.
"""

from __future__ import annotations

import sys
from datetime import datetime, timezone
from typing import TYPE_CHECKING, Any

from tutor.cli.check import lesson_error_line
from tutor.cli.common import UserError
from tutor.cli.progress import open_progress, warn_progress
from tutor.i18n import _, format_list, ngettext, quoted

if TYPE_CHECKING:
    from tutor.cli.common import Display
    from tutor.games import GameInfo
    from tutor.lessons.model import Lesson
    from tutor.trainer.console import Console


def stars_text(stars: int, ascii_only: bool = False) -> str:
    full, empty = ("*", "-") if ascii_only else ("\u2605", "\u2606")
    return full * stars + empty * (3 - stars)


def choose_lesson(console: Console, game: GameInfo, lessons: list[Lesson], entries: dict[str, Any],
                  ascii_only: bool = False) -> Lesson:
    """Every lesson is done: the list with stars, and the learner picks one (Enter: the first
    without three stars, or the first lesson). Leave if they quit."""
    from tutor.i18n import translate
    from tutor.progress import lesson_key
    from tutor.trainer.commands import command_of
    from tutor.trainer.console import Leave

    stars = {lesson.id: int(entries.get(lesson_key(game.id, lesson.id), {}).get("stars", 0) or 0)
             for lesson in lessons}
    console.show([("class:title", _("You have done every lesson of %(game)s. Which one would you like to "
                                    "take again?") % {"game": _(game.name)})])
    for lesson in lessons:
        console.show(f"  {lesson.order:>2}. {stars_text(min(3, max(0, stars[lesson.id])), ascii_only)}  "
                     f"{translate(lesson.title)}")
    default = next((lesson for lesson in lessons if stars[lesson.id] < 3), lessons[0])
    numbers = {str(lesson.order): lesson for lesson in lessons}
    while True:
        reply = console.ask(_("A lesson number, or Enter for lesson %(number)d:") % {"number": default.order} + " ",
                            list(numbers))
        if command_of(reply) == "quit":
            raise Leave("quit")
        if not reply.strip():
            return default
        if reply.strip() in numbers:
            return numbers[reply.strip()]
        console.show([("class:error", _("Type the number of a lesson from the list, or press Enter."))])


def what_next(console: Console, game: GameInfo, entries: dict[str, Any]) -> None:
    """After the game's last lesson: the drills that are due, and a game at `normal`, with the commands."""
    from tutor.skills import due_of, game_drills, skill_key

    now = datetime.now(timezone.utc)
    alias = game.aliases[0]
    console.show([("class:title", _("You have finished every lesson of %(game)s. What next:") % {
        "game": _(game.name)})])
    try:
        skills = list(game_drills(game.module).SKILLS)
    except ImportError:
        skills = []
    due = []
    for skill in skills:
        when = due_of(entries.get(skill_key(game.id, skill.id)))
        if when is None or when <= now:
            due.append(_(skill.title))
    if due:
        console.show("  " + ngettext("%(count)d drill is due: %(skills)s. Start it with: %(command)s",
                                     "%(count)d drills are due: %(skills)s. Start them with: %(command)s",
                                     len(due)) % {"count": len(due), "skills": format_list(due),
                                                  "command": f"tutor drill {alias}"})
    elif skills:
        console.show("  " + _("No drill is due today; %(command)s practises anyway.") % {
            "command": f"tutor drill {alias}"})
    console.show("  " + _("A whole game against bots at the normal level: %(command)s") % {
        "command": f"tutor play {alias} --level normal"})


def learn_command(game_name: str, lesson_id: str | None, display: Display) -> int:
    from tutor.cli.info import find_game
    from tutor.lessons.check import adapter_for, load_game_lessons
    from tutor.lessons.runner import LessonRunner
    from tutor.progress import lesson_key
    from tutor.trainer.console import Leave, open_console

    game = find_game(game_name)
    lessons, skipped = load_game_lessons(game.id)
    for err in skipped:
        sys.stderr.write(_("Warning: lesson skipped: %(problem)s") % {"problem": lesson_error_line(err)} + "\n")
    if not lessons:
        raise UserError(_("There are no lessons for %(game)s yet.") % {"game": _(game.name)})
    progress = open_progress()
    data = progress.read()
    warn_progress(progress)
    if lesson_id is not None:
        chosen = [lesson for lesson in lessons if lesson.id == lesson_id or str(lesson.order) == lesson_id]
        if not chosen:
            ids = ", ".join(f"{lesson.order} ({lesson.id})" for lesson in lessons)
            raise UserError(_("No lesson %(lesson)s. Lessons: %(ids)s.") % {"lesson": quoted(lesson_id), "ids": ids}, 2)
    console = open_console(display.color, {"f1": "help", "f2": "rules"}, display.ascii)
    if lesson_id is not None:
        queue = chosen
    else:
        # Resume: the first lesson not yet done (from where it stopped), then the ones after it.
        done = {key for key, entry in data["lessons"].items() if entry.get("done")}
        queue = [lesson for lesson in lessons if lesson_key(game.id, lesson.id) not in done]
        if not queue:
            try:
                queue = [choose_lesson(console, game, lessons, data["lessons"], display.ascii)]
            except Leave as leave:
                return 130 if leave.reason == "interrupt" else 0
    adapter = adapter_for(game.id)
    for lesson in queue:
        entry = data["lessons"].get(lesson_key(game.id, lesson.id), {})
        start = 0 if entry.get("done") else entry.get("step", 0)  # the runner checks it
        runner = LessonRunner(console, lesson, adapter, progress, display.ascii)
        try:
            stars = runner.run(start)
        except Leave as leave:
            console.show(_("Your place in this lesson is saved; tutor learn %(game)s takes you back to it.")
                         % {"game": game.aliases[0]})
            return 130 if leave.reason == "interrupt" else 0
        console.show([("class:title", ngettext("Lesson done: %(count)d star of 3.", "Lesson done: %(count)d stars of 3.",
                                               stars) % {"count": stars})])
        if lesson_id is not None:
            break
    data = progress.read()
    if all(data["lessons"].get(lesson_key(game.id, lesson.id), {}).get("done") for lesson in lessons):
        what_next(console, game, data["skills"])
    return 0
