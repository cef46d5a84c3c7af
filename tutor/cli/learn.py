"""`tutor learn`: the lessons of a game in order, resumed where the learner stopped."""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING

from tutor.cli.check import lesson_error_line
from tutor.cli.common import UserError
from tutor.cli.progress import open_progress, warn_progress
from tutor.i18n import _, ngettext, quoted

if TYPE_CHECKING:
    from tutor.cli.common import Display


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
        queue = chosen
    else:
        # Resume: the first lesson not yet done (from where it stopped), then the ones after it.
        done = {key for key, entry in data["lessons"].items() if entry.get("done")}
        queue = [lesson for lesson in lessons if lesson_key(game.id, lesson.id) not in done] or lessons[:1]
    console = open_console(display.color, {"f1": "help", "f2": "rules"}, display.ascii)
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
    return 0


