"""`tutor replay FILE`: a recorded game, re-checked on the engine and narrated step by step."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from tutor.cli import UserError
from tutor.i18n import _

if TYPE_CHECKING:
    from tutor.cli.app import Display


def record_error_line(err: Exception) -> str:
    from tutor.records import RecordError

    assert isinstance(err, RecordError)
    messages = {
        "record_missing": _("Record file %(file)s does not exist."),
        "record_unreadable": _("Record file %(file)s cannot be read."),
        "record_empty": _("Record file %(file)s is empty."),
        "record_bad_line": _("Record file %(file)s: line %(line)d is not a record event."),
        "record_no_header": _("This is not a tutor game record, or its header is damaged."),
        "record_mismatch": _("The record does not match the rules at line %(line)d: it may have been edited."),
        "record_illegal": _("Line %(line)d of the record is a move the rules do not allow."),
        "record_truncated": _("The record stops in the middle of a move (line %(line)d)."),
    }
    text = messages.get(err.message, err.message)
    params = {"file": "", "line": 0, **err.params}
    return text % params


def replay_command(path: Path, step: bool, display: Display) -> int:
    from tutor.cli.info import find_game
    from tutor.records import RecordError, read_record
    from tutor.trainer.console import Leave, open_console
    from tutor.trainer.table import Names

    try:
        header, events = read_record(path)
    except RecordError as err:
        raise UserError(record_error_line(err)) from None
    game = find_game(str(header["game"]))
    kit = game.kit()
    players = header.get("players") or []
    learner = players.index("learner") if "learner" in players else None
    names = Names(len(players), learner)
    console = open_console(display.color, {})
    console.show([("class:title", _("Replay of a game of %(game)s, seed %(seed)s.") % {
        "game": _(game.name), "seed": header.get("seed", "?")})])
    state = None
    try:
        for event, state in kit.replay(header, events):
            line = kit.event_line(event, names, display.ascii, reveal=True)
            if not line:
                continue
            console.show(line)
            if step and event["event"] in ("play", "discard", "go_out", "forfeit_draw"):
                console.ask(_("Enter: next move · Ctrl-D: stop") + " ")
    except RecordError as err:
        raise UserError(record_error_line(err)) from None
    except Leave:
        return 0
    if state is None or not state.is_over:
        console.show(_("The record ends before the game is over."))
        return 1
    console.show(_("The record replays to the same end: every move checked against the rules."))
    return 0
