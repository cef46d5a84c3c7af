"""Loads a language's gettext catalog, compiling its `.po` once and caching the `.mo`.

Babel is needed only when a catalog changed since it was last compiled; every other
start reads the cached `.mo` with the standard library, which keeps start-up quick.
The cache is never trusted: it is read through `tutor.storedfile`, and a damaged one is
compiled again and replaced.
"""

from __future__ import annotations

import gettext
import hashlib
import io
import os
import struct
import sys
from pathlib import Path

from tutor import storedfile
from tutor.locate import data_dir
from tutor.storedfile import MB


def cache_dir() -> Path:
    """Where compiled catalogs are kept: `$TUTOR_HOME/cache`, else the user's cache folder."""
    home = os.environ.get("TUTOR_HOME")
    if home:
        return Path(home) / "cache"
    if sys.platform == "win32":
        base = os.environ.get("LOCALAPPDATA") or str(Path.home() / "AppData" / "Local")
    else:
        base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "tutor"


def po_path(lang: str, domain: str) -> Path:
    return data_dir("locales") / lang / "LC_MESSAGES" / f"{domain}.po"


def compile_po(data: bytes, lang: str) -> bytes:
    """The `.mo` bytes of a `.po` file's content."""
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    catalog = read_po(io.BytesIO(data), locale=lang)
    out = io.BytesIO()
    write_mo(out, catalog, use_fuzzy=False)
    return out.getvalue()


def _write_atomically(path: Path, data: bytes) -> None:
    import tempfile

    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=path.name, suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


# A catalog is a few hundred kilobytes; a cached file much bigger than this is not ours.
LIMIT = 16 * MB

# What GNUTranslations raises on a damaged .mo: a bad magic number or a corrupt table
# (OSError), a short read (struct.error), undecodable text (UnicodeDecodeError, a
# ValueError), an unknown charset (LookupError), a broken plural formula (ValueError, or
# an ArithmeticError when it is used).
DAMAGED_MO = (OSError, ValueError, struct.error, LookupError, ArithmeticError, IndexError, TypeError)

_loaded: dict[tuple[str, str], gettext.NullTranslations] = {}


def _from_mo(mo: bytes) -> gettext.GNUTranslations:
    """The translations in `mo`; raises one of DAMAGED_MO if they cannot be used."""
    result = gettext.GNUTranslations(io.BytesIO(mo))
    if not result._catalog:  # type: ignore[attr-defined]  # every catalog has at least its header
        raise ValueError("empty catalog")
    for n in (0, 1, 2, 5, 11, 21, 101):  # the plural formula runs for every count shown
        result.ngettext("", " ", n)
    return result


def _cached(path: Path) -> gettext.GNUTranslations | None:
    """The cached translations at `path`, or None if missing or damaged (then rebuilt)."""
    try:
        return _from_mo(storedfile.read_bytes(path, LIMIT))
    except (FileNotFoundError, storedfile.StoredFileError, *DAMAGED_MO):
        return None


def load_translations(lang: str, domain: str) -> gettext.NullTranslations:
    """The translations for `lang` (English msgids pass through where none exist).

    A cached `.mo` that is missing, damaged or not a file is compiled again from the
    `.po` and written back, so one bad cache file never breaks every command."""
    key = (lang, domain)
    if key in _loaded:
        return _loaded[key]
    try:
        data = storedfile.read_bytes(po_path(lang, domain), LIMIT)
    except (FileNotFoundError, storedfile.StoredFileError):
        result: gettext.NullTranslations = gettext.NullTranslations()
    else:
        digest = hashlib.sha1(data).hexdigest()[:16]
        cached = cache_dir() / f"{domain}-{lang}-{digest}.mo"
        result = _cached(cached) or _compiled(data, lang, cached)
    _loaded[key] = result
    return result


def _compiled(data: bytes, lang: str, cached: Path) -> gettext.GNUTranslations:
    mo = compile_po(data, lang)
    try:
        _write_atomically(cached, mo)
    except OSError:
        pass  # a read-only or full home still works, it just compiles each time
    return _from_mo(mo)
