"""`tutor learn`, `tutor check` and `tutor progress`: lessons and what the learner has done."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

from tutor.cli import UserError, reason_text
from tutor.games import texts
from tutor.i18n import _, ngettext, quoted

if TYPE_CHECKING:
    from tutor.cli.app import Display
    from tutor.lessons.model import LessonError
    from tutor.progress import Progress


def _one_line(text: str) -> str:
    """Text from a file or its name, on one line: control characters shown as `?`."""
    import unicodedata

    return "".join("?" if unicodedata.category(ch)[0] == "C" else ch for ch in text)


def lesson_error_line(err: LessonError) -> str:
    """`file:line:column: reason`, the reason in the learner's language, on one line."""
    messages = {
        "lesson_unreadable": _("the file cannot be read (%(reason)s)"),
        "lesson_not_a_file": _("this is not a regular file"),
        "lesson_file_too_big": _("the file is too big for a lesson (more than %(kb)d KB)"),
        "lesson_not_utf8": _("the file is not UTF-8 text"),
        "lesson_too_deep": _("the data is nested too deeply here"),
        "lesson_bad_number": _("the number %(number)s is too long"),
        "lesson_step_failed": _("the game cannot use this step (%(reason)s)"),
        "lesson_yaml": _("this is not valid YAML: %(problem)s"),
        "lesson_empty": _("the file is empty"),
        "lesson_too_big": _("the file is too big or nested too deeply"),
        "lesson_bad_tag": _("the YAML tag %(tag)s is not allowed in a lesson"),
        "lesson_bad_key": _("a key must be a plain word"),
        "lesson_not_mapping": _("a lesson must be a mapping of fields"),
        "lesson_bad_format": _("the lesson format must be lesson: %(expected)d"),
        "lesson_missing_field": _("the field %(field)s is missing or empty"),
        "lesson_bad_field": _("the field %(field)s has a value it cannot have"),
        "lesson_unknown_field": _("unknown field: %(field)s"),
        "lesson_bad_step": _("a step must be a mapping"),
        "lesson_step_kind": _("a step needs exactly one of %(kinds)s (found: %(found)s)"),
        "lesson_bad_answer": _("answer must be the number of a choice, 1 to %(count)d"),
        "lesson_unknown_game": _("unknown game %(game)s"),
        "lesson_wrong_folder": _("the lesson is for %(game)s, not for this folder's game"),
        "lesson_untranslated": _("%(field)s is not translated in the %(lang)s catalog"),
        "decide_without_position": _("a decision needs a position step before it"),
        "decide_not_your_turn": _("at this decision it is not the learner's turn"),
        "position_players": _("players must be 2 to 8 (rule %(clause)s)"),
        "position_bad_seat": _("seat and current must be seat numbers of this table"),
        "position_bad_options": _("options may set recycle, draw and forfeit only"),
        "position_bad_seed": _("seed must be a whole number"),
        "position_seed_over": _("with this seed the game is over before the learner's turn"),
        "position_hands_count": _("hands must list one hand for each of the %(players)d players"),
        "position_hand_size": _("every hand holds three cards (rule %(clause)s)"),
        "position_not_cards": _("this must be a list of cards"),
        "position_bad_card": _("%(card)s is not a card of 33"),
        "position_total": _("the total must be a whole number from %(low)d to %(high)d (rule %(clause)s)"),
        "position_too_many": _("%(count)d copies of %(card)s, but the deck holds %(deck)d (rule %(clause)s)"),
        "position_stuck": _("the player to move has no legal play, so the game is already over (rule %(clause)s)"),
        "position_round": _("round must be 1 to 11"),
        "position_bad_phase": _("phase must be draw or discard"),
        "position_hand_count": _("this hand must hold %(count)d cards (rule %(clause)s)"),
        "position_no_draw": _("the player about to draw needs a stock or a discard pile"),
        "position_too_many_tt": _("more copies of %(card)s than the decks hold (rule %(clause)s)"),
        "position_players_range": _("players must be %(low)d to %(high)d (rule %(clause)s)"),
        "position_hand_number": _("hand must be 1 to 11"),
        "position_phase_speed": _("phase must be match, draw or discard"),
        "position_matched": _("matched must list seats of this table, and not the learner's"),
        "expect_needs_value": _("%(card)s has two values: write the one expected, e.g. \"1/11 11\""),
        "expect_illegal": _("the expected play %(card)s is not legal here (rule %(clause)s)"),
        "position_toepen_card": _("%(card)s is not a Toepen card: 7, 8, 9, 10, J, Q, K or A of a suit "
                                  "(rule %(clause)s)"),
        "position_toepen_seat": _("seat %(player)s cannot be used here: it is not a seat of this table, or not "
                                  "one still in the hand"),
        "position_toepen_trick": _("the tricks do not fit: a trick is empty or complete, a seat plays twice, "
                                   "or nobody is left to play (rule %(clause)s)"),
        "position_toepen_options": _("options may set limit, end, customs and two only, with allowed values"),
        "position_not_a_card": _("%(card)s is not a card: write a rank and a suit, like 10H, QS or AD"),
        "position_tt_options": _("options must be Three Thirteen's options with allowed values (see tutor rules 3-13)"),
        "position_move": _("the move %(move)s cannot be made here (rule %(clause)s)"),
        "position_history": _("history entries need a seat, and hands, threw, caught and honest as whole "
                              "numbers with caught + honest at most threw, and threw at most hands"),
        "expect_not_clear": _("the coach does not find %(card)s clearly right here: it must be judged right, "
                              "and the other choice weaker"),
    }
    if err.message == "play_on_endless":
        steps = err.params.get("steps", 0)
        messages[err.message] = ngettext("play does not come to an end within %(steps)d move",
                                         "play does not come to an end within %(steps)d moves", steps)
    text = messages.get(err.message, err.message)
    params = {k: _one_line(v) if isinstance(v, str) else v for k, v in err.params.items()}
    text = texts.fill(text, params)
    return _one_line(f"{err.path}:{err.line}:{err.column}: {text}")


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
    console = open_console(display.color, {"f1": "help", "f2": "rules"})
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


def check_command(path: Path | None, translations: bool = True) -> int:
    from tutor.lessons.check import check_path
    from tutor.locate import data_dir
    from tutor.storedfile import path_kind_ok

    root = path or data_dir("lessons")
    shown = quoted(str(root), 200)
    if not root.exists():
        raise UserError(_("%(path)s does not exist.") % {"path": shown})
    if not root.is_dir() and not path_kind_ok(root):
        # /dev/zero, a FIFO: nothing to check, and reading it would never end.
        raise UserError(_("%(path)s is not a lesson file or a folder of lessons.") % {"path": shown})
    count, problems = check_path(root, translations)
    if count == 0:
        raise UserError(_("There are no lesson files in %(path)s.") % {"path": shown})
    for err in problems:
        print(lesson_error_line(err))
    summary = ngettext("%(count)d lesson file checked", "%(count)d lesson files checked", count) % {"count": count}
    if problems:
        result = ngettext("%(count)d problem.", "%(count)d problems.", len(problems)) % {"count": len(problems)}
    else:
        result = _("no problems.")
    # TRANSLATORS: the last line of tutor check: "3 lesson files checked: no problems."
    print(_("%(files)s: %(result)s") % {"files": summary, "result": result})
    return 1 if problems else 0


def progress_summary(data: dict[str, Any]) -> dict[str, Any]:
    """The progress as `tutor progress --json` prints it."""
    return {"version": data["version"], "lessons": data["lessons"], "skills": data["skills"], "games": data["games"]}


def skill_line(game: Any, skill_id: str, entry: dict[str, Any]) -> str:
    """A drill skill: its name, answers right, and when it is due, in the learner's words."""
    from datetime import datetime, timezone

    from babel.dates import format_timedelta

    from tutor import i18n
    from tutor.drills import due_of, game_drills

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
            for lesson_id, entry in sorted(lessons.items()):
                stars = entry.get("stars", 0)
                mark = "★" * stars + "☆" * (3 - stars)
                state = _("done") if entry.get("done") else _("in progress")
                print(f"  {mark}  {lesson_id}  ({state})")
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
