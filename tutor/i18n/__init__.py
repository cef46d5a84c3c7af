"""The one gettext domain of tutor: which language, and its translations.

The language is settled from the command line and the environment before typer builds
its help (see `settle`), then `use` activates it. Everything a learner reads goes
through `_`, `ngettext`, `pgettext` or `npgettext` here; module-level texts are marked
with `N_` and translated when shown, so a language switch takes effect at once.

Catalogs are `locales/<lang>/LC_MESSAGES/tutor.po`. They are compiled with Babel the
first time a catalog is used and kept in a cache keyed by the catalog's content, so
later starts load a `.mo` with the standard library alone (Babel is not imported).
"""

from __future__ import annotations

import threading

import gettext as _gettext
import os
from collections.abc import Mapping, Sequence

from tutor.i18n.catalogs import load_translations

LANGUAGES: tuple[str, ...] = ("en", "lt", "de", "fr", "es", "ru", "cs", "nb")
DOMAIN = "tutor"

# Codes that mean Norwegian Bokmål to us: Babel negotiates nothing for them.
_ALIASES = {"no": "nb", "nn": "nb", "nb": "nb"}


class UnknownLanguage(ValueError):
    """A language was asked for by name (`--lang`, `TUTOR_LANG`) that tutor does not have."""

    def __init__(self, code: str) -> None:
        super().__init__(code)
        self.code = code


def normalize(tag: str) -> str | None:
    """The tutor language a locale tag names (`lt_LT.UTF-8` -> `lt`), or None.

    `C` and `POSIX` name no language; `no`/`nn` mean Bokmål.
    """
    tag = tag.strip()
    if not tag or tag in ("C", "POSIX") or tag.startswith(("C.", "POSIX.")):
        return None
    base = tag.split(".")[0].split("@")[0].replace("-", "_").split("_")[0].lower()
    base = _ALIASES.get(base, base)
    return base if base in LANGUAGES else None


def _explicit_from_argv(argv: Sequence[str]) -> str | None:
    """The value of `--lang`/`-l` in argv, if given (the last one wins, as with typer)."""
    found = None
    args = list(argv)
    i = 0
    while i < len(args):
        arg = args[i]
        if arg == "--":
            break
        if arg in ("--lang", "-l"):
            if i + 1 < len(args):
                found = args[i + 1]
            i += 2
            continue
        if arg.startswith("--lang="):
            found = arg.split("=", 1)[1]
        elif arg.startswith("-l") and len(arg) > 2 and not arg.startswith("--"):
            found = arg[2:]
        i += 1
    return found


def _named(code: str) -> str:
    """A language the learner named on purpose: it must be one of ours."""
    lang = normalize(code)
    if lang is None:
        raise UnknownLanguage(code)
    return lang


def settle(argv: Sequence[str], environ: Mapping[str, str] | None = None, saved: str | None = None) -> str:
    """The language to use: `--lang` > `TUTOR_LANG` > the one chosen in the home menu
    (`saved`) > `LANGUAGE` > locale > English.

    A language named with `--lang` or `TUTOR_LANG` that tutor does not have raises
    `UnknownLanguage`; a locale tutor does not speak is passed over, as gettext does.
    """
    env = os.environ if environ is None else environ
    explicit = _explicit_from_argv(argv)
    if explicit is not None:
        return _named(explicit)
    if env.get("TUTOR_LANG"):
        return _named(env["TUTOR_LANG"])
    if saved in LANGUAGES:
        return saved
    for entry in env.get("LANGUAGE", "").split(":"):
        lang = normalize(entry)
        if lang:
            return lang
    for var in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = env.get(var, "")
        if value:
            # The first variable that is set decides, as in POSIX.
            return normalize(value) or "en"
    return "en"


def settle_from_environment(environ: Mapping[str, str] | None = None) -> str:
    """The language the environment asks for, ignoring a bad `TUTOR_LANG` (for error messages)."""
    env = dict(os.environ if environ is None else environ)
    env.pop("TUTOR_LANG", None)
    return settle([], env)


_current_lang = "en"
_current: _gettext.NullTranslations = _gettext.NullTranslations()
#: A thread's own language (`use_in_thread`): several players of a network table in one process.
_thread = threading.local()


def use(lang: str) -> None:
    """Make `lang` the language of every message from now on."""
    global _current_lang, _current
    if lang not in LANGUAGES:
        raise UnknownLanguage(lang)
    _current_lang = lang
    _current = load_translations(lang, DOMAIN)


def use_in_thread(lang: str) -> None:
    """Make `lang` the language of this thread's messages (the others keep theirs)."""
    if lang not in LANGUAGES:
        raise UnknownLanguage(lang)
    _thread.lang = lang
    _thread.translations = load_translations(lang, DOMAIN)


def current() -> str:
    """The language in use."""
    return getattr(_thread, "lang", None) or _current_lang


def _catalog() -> _gettext.NullTranslations:
    return getattr(_thread, "translations", None) or _current


def _(message: str) -> str:
    return _catalog().gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    return _catalog().ngettext(singular, plural, n)


def pgettext(context: str, message: str) -> str:
    return _catalog().pgettext(context, message)


def npgettext(context: str, singular: str, plural: str, n: int) -> str:
    return _catalog().npgettext(context, singular, plural, n)


def translate(text: str) -> str:
    """Translates text that comes from data (lesson files), not from a literal in the code.

    The same lookup as `_`, under another name so that `pybabel extract` does not take
    the field names in `translate(data["say"])` for messages.
    """
    return _catalog().gettext(text)


def N_(message: str) -> str:
    """Marks a message for extraction; it is translated later, when shown."""
    return message


def language_name(code: str, in_language: str | None = None) -> str:
    """The name of language `code`, in `in_language` (default: in itself), from CLDR."""
    from babel import Locale

    name = Locale.parse(code).get_display_name(in_language or code) or code
    return name[:1].upper() + name[1:]


def format_list(items: Sequence[str], style: str = "standard") -> str:
    """A list joined the way the current language joins lists ("a, b and c")."""
    from babel.lists import format_list as _format_list

    return _format_list(list(items), style=style, locale=current())


# Each language's own quotation marks (CLDR's quotationStart/quotationEnd; French and
# Norwegian guillemets as their typography sets them). Babel does not expose them.
_QUOTES = {
    "en": ("\u201c", "\u201d"), "lt": ("\u201e", "\u201c"), "de": ("\u201e", "\u201c"),
    "fr": ("\u00ab\u00a0", "\u00a0\u00bb"), "es": ("\u00ab", "\u00bb"), "ru": ("\u00ab", "\u00bb"),
    "cs": ("\u201e", "\u201c"), "nb": ("\u00ab", "\u00bb"),
}
QUOTE_LIMIT = 40


def one_line(text: str) -> str:
    """Text from a user or a file, safe to print on one line: control characters (a line
    break, a pasted escape sequence) shown as `?`, so nothing can drive the terminal."""
    import unicodedata

    return "".join("?" if unicodedata.category(ch)[0] == "C" else ch for ch in text)


def quoted(text: str, limit: int = QUOTE_LIMIT) -> str:
    """What the user typed, fit to be echoed in a message: in the language's quotation
    marks, cut to `limit` characters with an ellipsis, on one line (`one_line`)."""
    clean = one_line(text[: limit + 1])
    if len(text) > limit:
        clean = clean[: limit - 1].rstrip() + "\u2026"
    start, end = _QUOTES.get(current(), _QUOTES["en"])
    return f"{start}{clean}{end}"
