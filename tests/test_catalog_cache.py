"""A damaged compiled-catalog cache is rebuilt from the .po, never a failure of every command."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from helpers import tutor

from tutor.i18n import catalogs


def cached_file(lang: str) -> Path:
    """The cache file `lang` uses (compiling it once, so the test can then damage it)."""
    catalogs._loaded.clear()
    catalogs.load_translations(lang, "tutor")
    (path,) = (catalogs.cache_dir()).glob(f"tutor-{lang}-*.mo")
    return path


def broken_plural(mo: bytes) -> bytes:
    """A readable .mo whose plural formula divides by zero whenever it is used."""
    old = b"plural=(n != 1)"
    assert old in mo
    return mo.replace(old, b"plural=(n / 0)".ljust(len(old)))


DAMAGE = {
    "empty": lambda mo: b"",
    "truncated": lambda mo: mo[: len(mo) // 3],
    "header only": lambda mo: mo[:28],
    "garbage": lambda mo: bytes(range(256)) * 100,
    "bad charset": lambda mo: mo.replace(b"charset=utf-8", b"charset=nonesuch"),
    "broken plural": broken_plural,
}


@pytest.mark.parametrize("name", sorted(DAMAGE))
def test_a_damaged_cache_is_rebuilt_and_rewritten(name):
    path = cached_file("de")
    good = path.read_bytes()
    damaged = DAMAGE[name](good)
    assert damaged != good
    path.write_bytes(damaged)
    catalogs._loaded.clear()
    translations = catalogs.load_translations("de", "tutor")
    assert translations.gettext("Your hand:") != "Your hand:"
    assert translations.ngettext("%(count)d game played", "%(count)d games played", 2) != "%(count)d games played"
    assert path.read_bytes() == good


@pytest.mark.parametrize("kind", ["fifo", "dev-zero", "folder", "huge"])
def test_a_cache_entry_that_is_not_a_small_file_neither_hangs_nor_fills_memory(kind):
    path = cached_file("lt")
    path.unlink()
    if kind == "fifo":
        os.mkfifo(path)
    elif kind == "dev-zero":
        path.symlink_to("/dev/zero")
    elif kind == "folder":
        path.mkdir()
    else:
        with path.open("wb") as fh:
            fh.truncate(catalogs.LIMIT + 1)  # sparse
    catalogs._loaded.clear()
    assert catalogs.load_translations("lt", "tutor").gettext("Your hand:") != "Your hand:"


@pytest.mark.parametrize("argv", [["--version"], ["--help"], ["games"]])
def test_every_command_works_with_an_empty_cache_file(argv, capsys, monkeypatch):
    path = cached_file("en")
    path.write_bytes(b"")
    catalogs._loaded.clear()
    code, out, err = tutor(capsys, monkeypatch, argv)
    assert code == 0 and out and "Traceback" not in err
    assert path.stat().st_size > 1000


def test_a_cache_that_cannot_be_written_still_translates(monkeypatch, tmp_path):
    fake = tmp_path / "a-file"
    fake.write_text("not a folder")
    monkeypatch.setenv("TUTOR_HOME", str(fake))
    catalogs._loaded.clear()
    assert catalogs.load_translations("fr", "tutor").gettext("Your hand:") != "Your hand:"
    assert fake.read_text() == "not a folder"
