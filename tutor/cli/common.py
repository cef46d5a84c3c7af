"""What every command shares, and nothing else: the error a user can fix, how an error
line is written, why a file failed in words, and how the terminal shows things.

A leaf of the command layer: it imports no command, so every command may import it.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass

from tutor.i18n import _


class UserError(Exception):
    """Something the user can fix; shown as one translated line, exit code 1 (or `code`)."""

    def __init__(self, message: str, code: int = 1) -> None:
        super().__init__(message)
        self.message = message
        self.code = code


def error_line(message: str) -> None:
    sys.stderr.write(_("Error: %(message)s") % {"message": message} + "\n")
    sys.stderr.flush()


def reason_text(reason: str) -> str:
    """A reason id of `tutor.storedfile.os_reason`, in the learner's language."""
    texts = {
        "disk_full": _("the disk is full"),
        "no_permission": _("permission denied"),
        "read_only": _("the file system is read-only"),
        "not_a_folder": _("not a folder"),
        "missing": _("no such file or folder"),
        "is_folder": _("it is a folder"),
        "no_such_host": _("no computer of that name was found"),
        "timed_out": _("no answer in time"),
        "address_in_use": _("the port is already in use (another table, or another program?)"),
        "address_not_here": _("that address is not one of this machine's"),
        "refused": _("nobody is listening there (is the table open, and the port right?)"),
        "unreachable": _("the network cannot reach it"),
        "reset": _("the connection was cut"),
    }
    return texts.get(reason) or reason.removeprefix("os:")


@dataclass(frozen=True)
class Display:
    """How the learner's terminal shows things."""

    ascii: bool
    color: bool
