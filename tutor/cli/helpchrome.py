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
    """Sets typer's help chrome to the current language (idempotent per language)."""
    global _done
    from tutor import i18n

    if _done == i18n.current():
        return
    _done = i18n.current()
    from typer import rich_utils
    from typer._click import decorators, formatting

    rich_utils.ARGUMENTS_PANEL_TITLE = _("Arguments")
    rich_utils.OPTIONS_PANEL_TITLE = _("Options")
    rich_utils.COMMANDS_PANEL_TITLE = _("Commands")
    rich_utils.ERRORS_PANEL_TITLE = _("Error")
    rich_utils.DEFAULT_STRING = _("[default: %(value)s]") % {"value": "{}"}
    rich_utils.REQUIRED_LONG_STRING = _("[required]")
    rich_utils.ABORTED_TEXT = _("Interrupted.")

    usage = _("Usage:") + " "
    original_write_usage = _original(formatting.HelpFormatter, "write_usage")

    def write_usage(self: Any, prog: str, args: str = "", prefix: str | None = None) -> None:
        original_write_usage(self, prog, args, usage if prefix is None else prefix)

    formatting.HelpFormatter.write_usage = write_usage  # type: ignore[method-assign]
    rich_utils.OptionHighlighter.highlights = [
        *rich_utils.OptionHighlighter.highlights[:3],
        "(?P<usage>" + usage.replace("(", r"\(").replace(")", r"\)") + ")",
    ]

    # Types like <bool> and <str> are English and say nothing a learner needs: a flag is
    # a switch, and an argument already shows its name.
    from typer.core import TyperArgument, TyperOption

    option_type = _original(TyperOption, "display_type_rich")

    def option_display_type(self: Any, ctx: Any) -> Any:
        return None if self.is_flag else option_type(self, ctx)

    TyperOption.display_type_rich = option_display_type  # type: ignore[method-assign]
    TyperArgument.display_type_rich = lambda self, ctx: None  # type: ignore[method-assign]

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
