"""Puts typer's own words (panel titles, "Usage:", the help option) into the learner's language.

typer keeps these as module constants and click-style defaults, in English; they are
replaced here, once, before the app is built. Usage errors are re-worded from the
exception's fields, so no English detail reaches the learner.
"""

from __future__ import annotations

from typing import Any

from tutor.i18n import _

_done: str | None = None


def localize_help() -> None:
    """Sets typer's help chrome to the current language (idempotent per language).

    The help is typer's plain formatter (no rich: importing it would double the start-up
    time of `tutor --help`); its headings and notes go through `typer.core._`, which is
    pointed at tutor's catalog here.
    """
    global _done
    from tutor import i18n

    if _done == i18n.current():
        return
    _done = i18n.current()
    import typer.core
    from typer._click import core as click_core
    from typer._click import decorators, formatting

    words = {
        "Arguments": _("Arguments"),
        "Options": _("Options"),
        "Commands": _("Commands"),
        "required": _("required"),
        "default: {default}": _("default: %(value)s") % {"value": "{default}"},
        "Aborted!": _("Interrupted."),
    }
    typer.core._ = lambda message: words.get(message, message)  # type: ignore[attr-defined]

    # An argument already shows its name; its Python type (<str>) is English and says nothing.
    typer.core.TyperArgument.display_type_rich = lambda self, ctx: None  # type: ignore[method-assign]

    usage = _("Usage:") + " "
    original_write_usage = _original(formatting.HelpFormatter, "write_usage")

    def write_usage(self: Any, prog: str, args: str = "", prefix: str | None = None) -> None:
        original_write_usage(self, prog, args, usage if prefix is None else prefix)

    formatting.HelpFormatter.write_usage = write_usage  # type: ignore[method-assign]

    # TRANSLATORS: a heading of `tutor --help`, such as "Options:" (French sets a no-break space before the colon).
    heading_line = _("%(heading)s:")

    def write_heading(self: Any, heading: str) -> None:
        self.write(f"{'':>{self.current_indent}}{heading_line % {'heading': heading}}\n")

    formatting.HelpFormatter.write_heading = write_heading  # type: ignore[method-assign]

    # A command's short help is cut at whitespace, which to Python includes the no-break
    # spaces French sets before : ; ! ?; they are kept out of the cut and put back.
    original_short_help = _original(click_core, "make_default_short_help")

    def short_help(help: str, max_length: int = 45) -> str:
        kept = help.replace("\u00a0", "\ue000").replace("\u202f", "\ue001")
        return original_short_help(kept, max_length).replace("\ue000", "\u00a0").replace("\ue001", "\u202f")

    click_core.make_default_short_help = short_help  # type: ignore[attr-defined]

    original_help_option = _original(decorators, "help_option")
    help_text = _("Show this message and exit.")

    def help_option(*param_decls: str, **kwargs: Any) -> Any:
        made = original_help_option(*param_decls, **kwargs)

        def decorate(f: Any) -> Any:
            result = made(f)
            params = getattr(result, "__click_params__", None) or getattr(result, "params", [])
            for param in params:
                if getattr(param, "help", None) == "Show this message and exit.":
                    param.help = help_text
            return result

        return decorate

    decorators.help_option = help_option  # type: ignore[assignment]


def _original(owner: Any, name: str) -> Any:
    """The attribute as the library defined it, even after an earlier patch."""
    key = f"_tutor_original_{name}"
    if not hasattr(owner, key):
        setattr(owner, key, getattr(owner, name))
    return getattr(owner, key)


def usage_error_line(exc: Exception) -> str:
    """One translated line for a command-line usage error."""
    from typer._click import exceptions as click_exc

    if isinstance(exc, click_exc.NoSuchOption):
        return _("No such option: %(option)s") % {"option": exc.option_name}
    if isinstance(exc, click_exc.BadOptionUsage):
        return _("Option %(option)s needs a value.") % {"option": exc.option_name}
    if isinstance(exc, click_exc.MissingParameter):
        name = exc.param.get_error_hint() if exc.param is not None else "?"
        return _("Missing argument: %(name)s") % {"name": name}
    if isinstance(exc, click_exc.BadParameter):
        hint = exc.param_hint
        if hint is None and exc.param is not None:
            hint = exc.param.get_error_hint()
        if isinstance(hint, (list, tuple)):
            hint = " / ".join(hint)
        return _("Invalid value for %(option)s.") % {"option": hint}
    return _("The command line is not valid: %(detail)s") % {"detail": exc.format_message()}
