"""`tutor progress`, and how every command opens the learner's progress: whatever goes
wrong with the file is said in one line, in the learner's language, and the session goes on."""

from __future__ import annotations

import json
import sys
from typing import TYPE_CHECKING, Any

from tutor.cli.common import reason_text
from tutor.i18n import _, ngettext

if TYPE_CHECKING:
    from tutor.progress import Progress


def progress_warning_line(message: str, params: dict[str, str]) -> str:
    """One line in the learner's language for a warning of `tutor.progress`."""
    values = dict(params, reason=reason_text(params.get("reason", "")))
    if message == "progress_damaged":
        text = _("Warning: your progress file could not be read; it was moved to %(file)s and you start afresh.")
    elif message == "progress_partly_damaged":
        text = _("Warning: parts of your progress file could not be used and were left out; the whole file as "
                 "it was is kept in %(file)s.")
    elif message == "progress_left_alone":
        text = _("Warning: your progress file %(file)s cannot be read or set aside (%(reason)s); it is left as "
                 "it is and nothing is saved this time.")
    elif message == "progress_home_not_folder":
        text = _("Warning: %(folder)s is not a folder, so your progress can be neither read nor saved.")
    else:
        text = _("Warning: your progress could not be saved in %(folder)s (%(reason)s).")
    return text % values


def say_progress_warning(message: str, params: dict[str, str]) -> None:
    sys.stderr.write(progress_warning_line(message, params) + "\n")
    sys.stderr.flush()


def warn_progress(progress: Progress) -> None:
    """Says what `progress` collected (a Progress from `open_progress` says it at once)."""
    for message, params in progress.warnings:
        say_progress_warning(message, params)
    progress.warnings.clear()


def open_progress() -> Progress:
    """The learner's progress; whatever goes wrong with its file is said on stderr as it happens,
    in one line, and the session goes on."""
    from tutor.progress import Progress

    return Progress(report=say_progress_warning)


def progress_summary(data: dict[str, Any]) -> dict[str, Any]:
    """The progress as `tutor progress --json` prints it."""
    return {"version": data["version"], "lessons": data["lessons"], "skills": data["skills"], "games": data["games"]}


def skill_line(game: Any, skill_id: str, entry: dict[str, Any]) -> str:
    """A drill skill: its name, answers right, and when it is due, in the learner's words."""
    from datetime import datetime, timezone

    from babel.dates import format_timedelta

    from tutor import i18n
    from tutor.skills import due_of, game_drills

    skill = next((s for s in game_drills(game.module).SKILLS if s.id == skill_id), None)
    name = _(skill.title) if skill else skill_id
    due = due_of(entry)
    now = datetime.now(timezone.utc)
    if due is None or due <= now:
        when = _("due now")
    else:
        when = _("due %(when)s") % {"when": format_timedelta(due - now, add_direction=True, locale=i18n.current())}
    right = ngettext("%(right)d of %(count)d right", "%(right)d of %(count)d right", entry.get("tried", 0)) % {
        "right": entry.get("right", 0), "count": entry.get("tried", 0)}
    # TRANSLATORS: a drill skill in the progress list: "Choosing 1 or 11: 3 of 4 right, due in 2 days".
    return _("%(skill)s: %(right)s, %(when)s") % {"skill": name, "right": right, "when": when}


def progress_command(as_json: bool) -> int:
    from tutor import games as registry
    from tutor.i18n import translate
    from tutor.lessons.check import lesson_titles

    progress = open_progress()
    data = progress.read()
    warn_progress(progress)
    if as_json:
        print(json.dumps(progress_summary(data), ensure_ascii=False, indent=2, sort_keys=True))
        return 0
    for game in registry.GAMES:
        print(_(game.name))
        lessons = {k.split("/", 1)[1]: v for k, v in data["lessons"].items() if k.startswith(game.id + "/")}
        if lessons:
            # In lesson order, by their titles in the learner's language; a lesson no longer
            # shipped keeps its id, after the others.
            titles = lesson_titles(game.id)
            known = [(lesson_id, translate(title)) for lesson_id, title in titles if lesson_id in lessons]
            gone = [(lesson_id, lesson_id) for lesson_id in sorted(lessons) if lesson_id not in dict(titles)]
            for lesson_id, title in known + gone:
                entry = lessons[lesson_id]
                stars = entry.get("stars", 0)
                mark = "★" * stars + "☆" * (3 - stars)
                state = _("done") if entry.get("done") else _("in progress")
                print(f"  {mark}  {title}  ({state})")
        else:
            print("  " + _("No lessons yet: start with tutor learn %(game)s.") % {"game": game.aliases[0]})
        skills = {k.split("/", 1)[1]: v for k, v in data["skills"].items() if k.startswith(game.id + "/")}
        for skill_id, entry in sorted(skills.items()):
            print("  " + skill_line(game, skill_id, entry))
        games = data["games"].get(game.id)
        if games and games["played"]:
            print("  " + ngettext("%(count)d game played", "%(count)d games played", games["played"]) % {
                "count": games["played"]} + ", " + ngettext("%(count)d lost", "%(count)d lost", games["lost"]) % {
                "count": games["lost"]})
    return 0
