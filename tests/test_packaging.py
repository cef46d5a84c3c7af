"""The data folders are found the same way from a checkout and from an installed wheel."""

from __future__ import annotations

import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from tutor.locate import data_dir

ROOT = Path(__file__).resolve().parent.parent


def test_source_checkout_finds_the_data():
    assert (data_dir("locales") / "lt" / "LC_MESSAGES" / "tutor.po").is_file()
    assert data_dir("lessons").is_dir()


@pytest.mark.slow
@pytest.mark.timeout(600)
def test_wheel_carries_the_data_and_runs_from_it(tmp_path):
    dist = tmp_path / "dist"
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", str(dist), str(ROOT)],
                   check=True, capture_output=True)
    wheel = next(dist.glob("card_tutor-*.whl"))
    names = zipfile.ZipFile(wheel).namelist()
    for lang in ("en", "lt", "de", "fr", "es", "ru", "cs", "nb"):
        assert f"tutor/_data/locales/{lang}/LC_MESSAGES/tutor.po" in names
    assert any(n.startswith("tutor/_data/lessons/") for n in names)
    assert not any(n.endswith(".mo") for n in names)
    # Unpack the wheel on its own (no checkout on the path) and run from it.
    target = tmp_path / "site"
    zipfile.ZipFile(wheel).extractall(target)
    code = (
        "import sys; sys.path.insert(0, sys.argv[1]);"
        "from tutor.locate import data_dir; import tutor.cli.main as c;"
        "assert str(data_dir('locales')).startswith(sys.argv[1]), data_dir('locales');"
        "sys.exit(c.run(['--lang', 'lt', 'rules', '33', '7']))"
    )
    result = subprocess.run([sys.executable, "-c", code, str(target)], capture_output=True, text=True,
                            cwd=tmp_path, env={"PATH": "/usr/bin:/bin", "TUTOR_HOME": str(tmp_path / "h")})
    assert result.returncode == 0, result.stderr
    from tutor import i18n

    i18n.use("lt")
    title = i18n._("The limit")
    assert title != "The limit"
    assert f"33.7 {title}" in result.stdout
