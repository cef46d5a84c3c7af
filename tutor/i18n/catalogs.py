"""Loads a language's gettext catalog, compiling its `.po` once and caching the `.mo`.

Babel is needed only when a catalog changed since it was last compiled; every other
start reads the cached `.mo` with the standard library, which keeps start-up quick.
"""

from __future__ import annotations

import gettext
import hashlib
import io
import os
import sys
from pathlib import Path

from tutor.locate import data_dir


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


_loaded: dict[tuple[str, str], gettext.NullTranslations] = {}


def load_translations(lang: str, domain: str) -> gettext.NullTranslations:
    """The translations for `lang` (English msgids pass through where none exist)."""
    key = (lang, domain)
    if key in _loaded:
        return _loaded[key]
    try:
        data = po_path(lang, domain).read_bytes()
    except OSError:
        result: gettext.NullTranslations = gettext.NullTranslations()
    else:
        digest = hashlib.sha1(data).hexdigest()[:16]
        cached = cache_dir() / f"{domain}-{lang}-{digest}.mo"
        try:
            mo = cached.read_bytes()
        except OSError:
            mo = compile_po(data, lang)
            try:
                _write_atomically(cached, mo)
            except OSError:
                pass  # a read-only home still works, it just compiles each time
        result = gettext.GNUTranslations(io.BytesIO(mo))
    _loaded[key] = result
    return result
