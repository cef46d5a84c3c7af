"""Finds the data folders (`locales/`, `lessons/`) wherever tutor runs from.

An installed wheel carries them inside the package as `tutor/_data/<name>`; a source
checkout and an editable install read them from the repository root. This is the one
place that knows both, so every caller sees the same folders.
"""

from __future__ import annotations

from importlib import resources
from pathlib import Path


def data_dir(name: str) -> Path:
    """The folder holding `name` (`"locales"` or `"lessons"`)."""
    packaged = resources.files("tutor").joinpath("_data", name)
    if packaged.is_dir():
        return Path(str(packaged))
    root = Path(__file__).resolve().parent.parent / name
    if root.is_dir():
        return root
    raise FileNotFoundError(f"tutor data folder {name!r} is missing from this installation")
