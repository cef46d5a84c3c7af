"""The `tutor` command: settles the language first, then builds and runs the typer app.

typer fixes help texts when the app is built, so the language must be known before
that: `main` reads `--lang` and the environment, activates the catalog, and only then
imports typer and builds the commands (see `tutor.cli.app`).
"""

from __future__ import annotations

import sys
from collections.abc import Sequence

from tutor import i18n
from tutor.i18n import _, quoted


class UserError(Exception):
    """Something the user can fix; shown as one translated line, exit code 1 (or `code`)."""

    def __init__(self, message: str, code: int = 1) -> None:
        super().__init__(message)
        self.message = message
        self.code = code


def error_line(message: str) -> None:
    sys.stderr.write(_("Error: %(message)s") % {"message": message} + "\n")
    sys.stderr.flush()


def _unknown_language(code: str) -> int:
    i18n.use(i18n.settle_from_environment())
    names = i18n.format_list([f"{lang} ({i18n.language_name(lang)})" for lang in i18n.LANGUAGES])
    error_line(
        _("Unknown language %(code)s. Choose one of: %(languages)s.") % {"code": quoted(code), "languages": names}
    )
    return 2


def _saved_language() -> str | None:
    """The language the learner chose in the home menu, if any. Every command (even
    `--version`) reads it, so a damaged, huge or odd progress file is simply passed over
    here: the command that uses the progress says what is wrong with it."""
    from tutor.progress import saved_language

    return saved_language()


def run(argv: Sequence[str]) -> int:
    """Runs tutor with `argv` (without the program name) and returns the exit code."""
    try:
        lang = i18n.settle(argv, saved=_saved_language())
    except i18n.UnknownLanguage as exc:
        return _unknown_language(exc.code)
    i18n.use(lang)
    from tutor.cli.app import invoke

    try:
        return invoke(list(argv))
    except UserError as exc:
        error_line(exc.message)
        return exc.code
    except KeyboardInterrupt:
        sys.stderr.write("\n" + _("Interrupted.") + "\n")
        return 130


def main() -> None:
    sys.exit(run(sys.argv[1:]))
