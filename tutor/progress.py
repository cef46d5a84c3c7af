"""The learner's progress: lessons (stars, where they stopped), drill skills, games played.

One versioned JSON file in the app directory (`TUTOR_HOME` overrides it). Every change is
a read-modify-write under an exclusive lock, re-reading the file first, so two trainers
running at once each add their own change instead of overwriting the other's. Writes go
to a temporary file that replaces the old one, so a crash never leaves half a file.

Progress is never lost. The file is read through `tutor.storedfile` (a regular file, at
most `LIMIT` bytes) and checked value by value (`tutor.progress_check`). What cannot be
used is kept, byte for byte, in a set-aside file whose name is new: a file that is not
progress at all is moved aside and the learner starts afresh; a file with some bad parts
is copied aside whole and its sound parts stay in use. When even that is impossible (the
file cannot be read, or nothing can be written beside it) the file is left as it is and
nothing is saved over it. A save that fails is reported, and the session goes on.

What the learner should be told is reported as (message id, parameters), through
`report` as it happens, or collected in `warnings`; `tutor.cli.progress` words it.
"""

from __future__ import annotations

import contextlib
import errno
import hashlib
import itertools
import json
import os
import time
from collections.abc import Callable, Iterator
from pathlib import Path

from tutor import storedfile
from tutor.progress_check import MAX_COUNT, SETTINGS, VERSION, Data, clean, empty

__all__ = ["FILENAME", "LIMIT", "VERSION", "Data", "Progress", "app_dir", "empty", "lesson_key", "record_game",
           "remember_cards", "remember_language", "saved_language", "saved_settings"]

FILENAME = "progress.json"
LIMIT = 4 * storedfile.MB  # a year of daily use is a few kilobytes

Report = Callable[[str, dict[str, str]], None]


def app_dir() -> Path:
    home = os.environ.get("TUTOR_HOME")
    if home:
        return Path(home)
    import typer

    return Path(typer.get_app_dir("tutor"))


class Progress:
    """Access to the progress file; what the learner should be told goes to `report`
    (once per message) or, without one, into `warnings`."""

    def __init__(self, directory: Path | None = None, report: Report | None = None) -> None:
        self.dir = directory or app_dir()
        self.path = self.dir / FILENAME
        self.report = report
        self.warnings: list[tuple[str, dict[str, str]]] = []  # (message id, params)
        self.frozen = False  # True once saving could overwrite what was not kept: nothing is saved then
        self._told: set[tuple[str, tuple[tuple[str, str], ...]]] = set()
        self._kept: set[str] = set()  # digests of damaged contents already copied aside

    def _warn(self, message: str, **params: str) -> None:
        key = (message, tuple(sorted(params.items())))
        if key in self._told:
            return
        self._told.add(key)
        if self.report is not None:
            self.report(message, params)
        else:
            self.warnings.append((message, params))

    # -- reading

    def read(self) -> Data:
        with self._lock():
            data, repaired = self._read_unlocked()
            if repaired and not self.frozen:
                with contextlib.suppress(OSError):  # the copy is kept; the next save repairs it
                    self._write_unlocked(data)
            return data

    def _read_unlocked(self) -> tuple[Data, bool]:
        """The sound data, and whether parts were left out (the file was then copied aside)."""
        try:
            raw = storedfile.read_bytes(self.path, LIMIT)
        except FileNotFoundError:
            return empty(), False
        except storedfile.StoredFileError as exc:
            if exc.reason != "unreadable":
                return self._move_aside()
            return self._leave_alone(exc.__cause__), False
        try:
            value = storedfile.load_json(storedfile.decode(raw))
        except storedfile.StoredFileError:
            return self._move_aside()
        data, changed = clean(value)
        if data is None:
            return self._move_aside()
        if changed:
            self._copy_aside(raw)
        return data, changed

    def _leave_alone(self, exc: BaseException | None) -> Data:
        """The file cannot be read (or kept aside): use nothing of it, and save nothing over it."""
        self.frozen = True
        if isinstance(exc, NotADirectoryError):
            self._warn("progress_home_not_folder", folder=str(self.dir))
        else:
            self._warn("progress_left_alone", file=str(self.path), reason=storedfile.os_reason(exc))
        return empty()

    def _aside_names(self) -> Iterator[Path]:
        """`progress.json.damaged-<time>`, then `-2`, `-3`… for more in the same second."""
        stamp = time.strftime("%Y%m%d-%H%M%S")
        yield self.path.with_name(f"{FILENAME}.damaged-{stamp}")
        for n in itertools.count(2):
            yield self.path.with_name(f"{FILENAME}.damaged-{stamp}-{n}")

    def _move_aside(self) -> tuple[Data, bool]:
        """Nothing in the file can be used: rename it (whatever it is) to a new name."""
        try:
            # Under the lock no other tutor picks a name at the same time; a rename keeps
            # the file exactly, even one that cannot be read (a FIFO, a huge file).
            aside = next(name for name in self._aside_names() if not os.path.lexists(name))
            os.rename(self.path, aside)
        except OSError as exc:
            return self._leave_alone(exc), False
        self._warn("progress_damaged", file=str(aside))
        return empty(), False

    def _copy_aside(self, raw: bytes) -> None:
        """Some parts were left out: keep a copy of the whole file as it was, under a new name."""
        digest = hashlib.sha256(raw).hexdigest()
        if digest in self._kept:
            return
        try:
            for aside in self._aside_names():
                try:
                    fd = os.open(aside, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
                except FileExistsError:
                    continue
                break
            try:
                with os.fdopen(fd, "wb") as fh:
                    fh.write(raw)
                    fh.flush()
                    os.fsync(fh.fileno())
            except OSError:
                aside.unlink(missing_ok=True)
                raise
        except OSError as exc:
            self._leave_alone(exc)
            return
        self._kept.add(digest)
        self._warn("progress_partly_damaged", file=str(aside))

    # -- writing

    def update(self, change: Callable[[Data], None]) -> Data:
        """Applies `change` to the freshest data on disk and saves it, under the lock.

        A save that fails is reported (once) and the data is returned all the same."""
        with self._lock():
            data, _repaired = self._read_unlocked()
            change(data)
            if not self.frozen:
                try:
                    self._write_unlocked(data)
                except OSError as exc:
                    self._warn("progress_not_saved", folder=str(self.dir), reason=storedfile.os_reason(exc))
            return data

    def _write_unlocked(self, data: Data) -> None:
        import tempfile  # only when writing: it is slow to import, and start-up reads this module

        self.dir.mkdir(parents=True, exist_ok=True)
        if os.path.exists(self.path) and not os.access(self.path, os.W_OK):
            # A replace would succeed on a read-only file; the learner made it read-only on purpose.
            raise PermissionError(errno.EACCES, os.strerror(errno.EACCES), str(self.path))
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


def saved_settings() -> dict[str, str]:
    """The settings chosen in the home menu (`language`, `cards`), read at start-up by every
    command: quietly, without the lock, and nothing is moved or written (the command itself
    does that). A setting that is missing or not one tutor has is left out."""
    try:
        value = storedfile.load_json(storedfile.read_text(app_dir() / FILENAME, LIMIT))
    except (FileNotFoundError, storedfile.StoredFileError):
        return {}
    settings = value.get("settings") if isinstance(value, dict) else None
    found = {name: check(settings) for name, check in SETTINGS.items()}
    return {name: setting for name, setting in found.items() if setting is not None}


def saved_language() -> str | None:
    """The language chosen in the home menu (see `saved_settings`)."""
    return saved_settings().get("language")


# -- small helpers for the parts of the file


def lesson_key(game: str, lesson: str) -> str:
    return f"{game}/{lesson}"


def record_game(progress: Progress, game: str, lost: bool) -> None:
    def change(data: Data) -> None:
        entry = data["games"].setdefault(game, {"played": 0, "lost": 0})
        entry["played"] = min(entry["played"] + 1, MAX_COUNT)
        entry["lost"] = min(entry["lost"] + int(lost), entry["played"])

    progress.update(change)


def remember_language(progress: Progress, lang: str) -> None:
    progress.update(lambda data: data["settings"].__setitem__("language", lang))


def remember_cards(progress: Progress, faces: str) -> None:
    """The card faces chosen in the home menu ("local" or "international"), for the next start."""
    progress.update(lambda data: data["settings"].__setitem__("cards", faces))
