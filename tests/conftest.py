"""Shared fixtures: every test gets its own TUTOR_HOME and a clean language environment."""

from __future__ import annotations

import pytest

LOCALE_VARS = ("TUTOR_LANG", "LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG", "NO_COLOR")


@pytest.fixture(autouse=True)
def clean_environment(tmp_path, monkeypatch):
    for var in LOCALE_VARS:
        monkeypatch.delenv(var, raising=False)
    monkeypatch.setenv("TUTOR_HOME", str(tmp_path / "home"))
    # A fault inside tutor raises in tests (the command line turns it into one line and exit 70).
    monkeypatch.setenv("TUTOR_DEBUG", "1")
    yield
    from tutor import cardfaces, i18n

    i18n.use("en")
    cardfaces.use_faces("local")
