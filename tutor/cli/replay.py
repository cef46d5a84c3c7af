"""`tutor replay FILE`: a recorded game, re-checked on the engine and narrated step by step.

A record is never trusted: `tutor.records.read_record` reads it through `tutor.storedfile`
(a regular file, size-capped) and the game's replay checks every field it reads before it
uses it. Whatever is wrong is one `RecordError`, shown here as one line naming the line.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from tutor.cli.common import UserError
from tutor.i18n import _, quoted

if TYPE_CHECKING:
    from tutor.cli.common import Display
    from tutor.records import RecordError

#: Paths are echoed in quotation marks (control characters shown as `?`), cut only when absurd.
FILE_LIMIT = 200


def record_error_line(err: RecordError, path: Path | None = None, kit: Any = None) -> str:
    """One line, in the learner's language, for what is wrong with a record."""
    messages = {
        "record_missing": _("Record file %(file)s does not exist."),
        "record_unreadable": _("Record file %(file)s cannot be read."),
        "record_not_a_file": _("Record file %(file)s is not a regular file."),
        "record_too_big": _("Record file %(file)s is too large for a game record (more than %(limit)d MB)."),
        "record_too_many_lines": _("Record file %(file)s has more than %(limit)d lines: too many for a game record."),
        "record_empty": _("Record file %(file)s is empty."),
        "record_no_events": _("Record file %(file)s holds only a header, no moves."),
        "record_not_utf8": _("Record file %(file)s: line %(line)d is not UTF-8 text."),
        "record_too_deep": _("Record file %(file)s: line %(line)d is nested too deeply to be a record event."),
        "record_bad_line": _("Record file %(file)s: line %(line)d is not a record event."),
        "record_field_missing": _("Record file %(file)s, line %(line)d: the field %(field)s is missing."),
        "record_bad_value": _("Record file %(file)s, line %(line)d: %(field)s cannot be %(value)s."),
        "record_no_header": _("Record file %(file)s: line %(line)d is not the header of a tutor game record."),
        "record_mismatch": _("The record does not match the rules at line %(line)d: it may have been edited."),
        "record_illegal": _("Line %(line)d of the record is a move the rules do not allow."),
        "record_truncated": _("The record stops in the middle of a move (line %(line)d)."),
    }
    params: dict[str, Any] = {"line": 0, **err.params}
    params["file"] = quoted(str(path if path is not None else params.get("file", "")), FILE_LIMIT)
    if "value" in params:
        params["value"] = quoted(str(params["value"]))
    if err.message == "record_options" and kit is not None:
        # The header asks for options or players the game does not allow: the game's own sentence.
        params["problem"] = kit.option_error_line(params["error"])
        return _("Record file %(file)s, line %(line)d: %(problem)s") % params
    return messages[err.message] % params


def replay_command(path: Path, step: bool, display: Display) -> int:
    from tutor.cli.info import find_game
    from tutor.records import RecordError, read_record
    from tutor.trainer.console import Leave, open_console
    from tutor.trainer.table import Names

    def shape_for(header: dict[str, Any]) -> Any:
        return find_game(header["game"]).kit().record_shape

    try:
        header, events = read_record(path, shape_for)  # each line checked as it is read
    except RecordError as err:
        raise UserError(record_error_line(err, path)) from None
    game = find_game(header["game"])
    kit = game.kit()
    try:
        replayed = kit.replay(header, events)  # checks the header and every field it reads
    except RecordError as err:
        raise UserError(record_error_line(err, path, kit)) from None
    players = header["players"]
    learner = players.index("learner") if "learner" in players else None
    names = Names(len(players), learner)
    console = open_console(display.color, {}, display.ascii)
    console.show([("class:title", _("Replay of a game of %(game)s, seed %(seed)s.") % {
        "game": _(game.name), "seed": header.get("seed", "?")})])
    state = None
    try:
        for event, state in replayed:
            line = kit.event_line(event, names, display.ascii, reveal=True)
            if not line:
                continue
            console.show(line)
            if step and event["event"] in ("play", "discard", "go_out", "forfeit_draw"):
                console.ask(_("Enter: next move · Ctrl-D: stop") + " ")
    except RecordError as err:
        raise UserError(record_error_line(err, path, kit)) from None
    except Leave:
        return 0
    if state is None or not state.is_over:
        console.show(_("The record ends before the game is over."))
        return 1
    console.show(_("The record replays to the same end: every move checked against the rules."))
    return 0
