"""The learner's progress: lessons (stars, where they stopped), drill skills, games played.

One versioned JSON file in the app directory (`TUTOR_HOME` overrides it). Every change is
a read-modify-write under an exclusive lock, re-reading the file first, so two trainers
running at once each add their own change instead of overwriting the other's. Writes go
to a temporary file that replaces the old one, so a crash never leaves half a file. A
file that cannot be read is moved aside with a warning and the learner starts fresh.
"""

from __future__ import annotations

import contextlib
import json
import os
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

VERSION = 1
FILENAME = "progress.json"

Data = dict[str, Any]


def app_dir() -> Path:
    home = os.environ.get("TUTOR_HOME")
    if home:
        return Path(home)
    import typer

    return Path(typer.get_app_dir("tutor"))


def empty() -> Data:
    return {"version": VERSION, "settings": {}, "lessons": {}, "skills": {}, "games": {}}


class Progress:
    """Access to the progress file; `warnings` collects what the learner should be told."""

    def __init__(self, directory: Path | None = None) -> None:
        self.dir = directory or app_dir()
        self.path = self.dir / FILENAME
        self.warnings: list[tuple[str, dict[str, str]]] = []  # (message id, params)

    # -- reading

    def _read_unlocked(self) -> Data:
        try:
            text = self.path.read_text(encoding="utf-8")
        except FileNotFoundError:
            return empty()
        except OSError:
            return self._set_aside()
        try:
            data = json.loads(text)
        except (json.JSONDecodeError, UnicodeDecodeError):
            return self._set_aside()
        if not isinstance(data, dict) or data.get("version") != VERSION:
            return self._set_aside()
        base = empty()
        for key, value in base.items():
            if not isinstance(data.get(key), type(value)):
                data[key] = value
        return data

    def _set_aside(self) -> Data:
        aside = self.path.with_name(f"{FILENAME}.damaged-{time.strftime('%Y%m%d-%H%M%S')}")
        try:
            os.replace(self.path, aside)
        except OSError:
            aside = self.path
        self.warnings.append(("progress_damaged", {"file": str(aside)}))
        return empty()

    def read(self) -> Data:
        with self._lock():
            return self._read_unlocked()

    # -- writing

    def update(self, change: Callable[[Data], None]) -> Data:
        """Applies `change` to the freshest data on disk and saves it, under the lock."""
        with self._lock():
            data = self._read_unlocked()
            change(data)
            self._write_unlocked(data)
            return data

    def _write_unlocked(self, data: Data) -> None:
        import tempfile  # only when writing: it is slow to import, and start-up reads this module

        self.dir.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=self.dir, prefix=FILENAME, suffix=".tmp")
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as fh:
                json.dump(data, fh, ensure_ascii=False, indent=1, sort_keys=True)
                fh.flush()
                os.fsync(fh.fileno())
            os.replace(tmp, self.path)
        except BaseException:
            Path(tmp).unlink(missing_ok=True)
            raise

    @contextlib.contextmanager
    def _lock(self) -> Iterator[None]:
        try:
            self.dir.mkdir(parents=True, exist_ok=True)
            fh = (self.dir / f"{FILENAME}.lock").open("a+")
        except OSError:
            yield  # an unwritable home: reading still works, writing will say why
            return
        try:
            try:
                import fcntl
            except ImportError:  # pragma: no cover - Windows
                yield
                return
            fcntl.flock(fh.fileno(), fcntl.LOCK_EX)
            try:
                yield
            finally:
                fcntl.flock(fh.fileno(), fcntl.LOCK_UN)
        finally:
            fh.close()


# -- small helpers for the parts of the file


def lesson_key(game: str, lesson: str) -> str:
    return f"{game}/{lesson}"


def record_game(progress: Progress, game: str, lost: bool) -> None:
    def change(data: Data) -> None:
        entry = data["games"].setdefault(game, {"played": 0, "lost": 0})
        entry["played"] += 1
        entry["lost"] += int(lost)

    progress.update(change)


def remember_language(progress: Progress, lang: str) -> None:
    progress.update(lambda data: data["settings"].__setitem__("language", lang))
