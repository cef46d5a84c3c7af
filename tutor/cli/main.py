"""The `tutor` command's entry point: settles the language first, then builds and runs the typer app.

typer fixes help texts when the app is built, so the language must be known before
that: `main` reads `--lang` and the environment, activates the catalog, and only then
imports typer and builds the commands (see `tutor.cli.app`).
"""

from __future__ import annotations

import os
import sys
from collections.abc import Sequence

from tutor import i18n
from tutor.cli.common import UserError, error_line, reason_text
from tutor.i18n import _, quoted


def _unknown_language(code: str) -> int:
    i18n.use(i18n.settle_from_environment())
    names = i18n.format_list([f"{lang} ({i18n.language_name(lang)})" for lang in i18n.LANGUAGES])
    error_line(
        _("Unknown language %(code)s. Choose one of: %(languages)s.") % {"code": quoted(code), "languages": names}
    )
    return 2


def _saved_settings() -> dict[str, str]:
    """The language and the card faces the learner chose in the home menu, if any. Every
    command (even `--version`) reads them, so a damaged, huge or odd progress file is simply
    passed over here: the command that uses the progress says what is wrong with it."""
    from tutor.progress import saved_settings

    return saved_settings()


def _cards_from_argv(argv: Sequence[str]) -> str | None:
    """The value of `--cards` in argv, if given (the last one wins, as with typer)."""
    found = None
    args = list(argv)
    for i, arg in enumerate(args):
        if arg == "--":
            break
        if arg == "--cards" and i + 1 < len(args):
            found = args[i + 1]
        elif arg.startswith("--cards="):
            found = arg.split("=", 1)[1]
    return found


def settle_faces(argv: Sequence[str], saved: str | None) -> str | None:
    """The card faces to show: `--cards` > the one chosen in the home menu (`saved`) > local.
    None when `--cards` names none of them (the caller says so)."""
    from tutor.cardfaces import FACES

    explicit = _cards_from_argv(argv)
    if explicit is not None:
        return explicit if explicit in FACES else None
    return saved if saved in FACES else FACES[0]


def _unknown_faces(argv: Sequence[str]) -> int:
    from tutor.cardfaces import FACES

    error_line(_("Unknown card letters %(value)s. Use %(choices)s.") % {
        "value": quoted(_cards_from_argv(argv) or ""), "choices": i18n.format_list(list(FACES), "or")})
    return 2


def run(argv: Sequence[str]) -> int:
    """Runs tutor with `argv` (without the program name) and returns the exit code."""
    from tutor.cli import streams

    streams.prepare()
    from tutor.cardfaces import use_faces

    saved = _saved_settings()
    try:
        lang = i18n.settle(argv, saved=saved.get("language"))
    except i18n.UnknownLanguage as exc:
        return _unknown_language(exc.code)
    i18n.use(lang)
    faces = settle_faces(argv, saved.get("cards"))
    if faces is None:
        return _unknown_faces(argv)
    use_faces(faces)
    try:
        code = _invoke(argv)
        sys.stdout.flush()
        return code
    except BrokenPipeError:
        # The reader went away (`tutor rules toepen | head -1`): end quietly, as `cat` does.
        streams.silence_stdout()
        return 141
    except OSError as exc:
        if exc.filename is not None:
            error_line(_("%(file)s could not be used: %(reason)s.") % {"file": exc.filename, "reason": _reason(exc)})
        else:  # the output itself: a full disk, a closed or unwritable stream
            streams.silence_stdout()
            error_line(_("The output could not be written: %(reason)s.") % {"reason": _reason(exc)})
        return 1
    except Exception as exc:  # noqa: BLE001 - the last line of defence: one line, details kept
        if os.environ.get("TUTOR_DEBUG"):
            raise
        error_line(_crash_report(exc))
        return 70


def _invoke(argv: Sequence[str]) -> int:
    from tutor.cli.app import invoke

    try:
        return invoke(list(argv))
    except UserError as exc:
        error_line(exc.message)
        return exc.code
    except KeyboardInterrupt:
        sys.stderr.write("\n" + _("Interrupted.") + "\n")
        return 130


def _reason(exc: OSError) -> str:
    from tutor.storedfile import os_reason

    return reason_text(os_reason(exc))


def _crash_report(exc: BaseException) -> str:
    """Writes the details of a fault in tutor itself to a file; the line that says where."""
    import time
    import traceback

    from tutor.progress import app_dir

    details = "".join(traceback.format_exception(exc))
    try:
        folder = app_dir()
        folder.mkdir(parents=True, exist_ok=True)
        path = folder / f"crash-{time.strftime('%Y%m%d-%H%M%S')}-{os.getpid()}.txt"
        path.write_text(details, encoding="utf-8")
    except OSError:
        return _("Something went wrong inside tutor, not on your side: %(detail)s") % {
            "detail": details.strip().splitlines()[-1][:200]}
    return _("Something went wrong inside tutor, not on your side. The details are in %(file)s.") % {
        "file": str(path)}


def main() -> None:
    sys.exit(run(sys.argv[1:]))
