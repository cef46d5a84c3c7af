"""Finds the data folders (`locales/`, `lessons/`) wherever tutor runs from.

An installed wheel carries them inside the package as `tutor/_data/<name>`; a source
checkout and an editable install read them from the repository root. This is the one
place that knows both, so every caller sees the same folders. A plain path check comes
first (it costs nothing at start-up); `importlib.resources` answers for anything else.
"""

from __future__ import annotations

from pathlib import Path

_PACKAGE = Path(__file__).resolve().parent


def data_dir(name: str) -> Path:
    """The folder holding `name` (`"locales"` or `"lessons"`)."""
    for candidate in (_PACKAGE / "_data" / name, _PACKAGE.parent / name):
        if candidate.is_dir():
            return candidate
    from importlib import resources

    packaged = resources.files("tutor").joinpath("_data", name)
    if packaged.is_dir():
        return Path(str(packaged))
    raise FileNotFoundError(f"tutor data folder {name!r} is missing from this installation")
