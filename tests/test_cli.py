"""The command line in every language: help, rules, games, languages, and the errors a user can cause."""

from __future__ import annotations

import subprocess
import sys

import pytest

from tutor import i18n
from tutor.cli.main import run
from tutor.i18n import LANGUAGES


def tutor(capsys, *argv):
    code = run(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def translated(lang, message):
    i18n.use(lang)
    text = i18n._(message)
    i18n.use("en")
    return text


@pytest.mark.parametrize("lang", LANGUAGES)
def test_help_is_in_the_chosen_language(capsys, lang):
    code, out, _ = tutor(capsys, "--lang", lang, "--help")
    assert code == 0, out
    for message in ("List the games tutor teaches.", "Show this message and exit.", "Commands", "Options"):
        assert translated(lang, message).split()[0] in out, (lang, message)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_play_help_is_in_the_chosen_language(capsys, lang):
    code, out, _ = tutor(capsys, "play", "--help", "--lang", lang)
    assert code == 0
    assert translated(lang, "Number of players, you included.")[:20] in " ".join(out.split())
    assert translated(lang, "Usage:") in out


@pytest.mark.parametrize("lang", LANGUAGES)
def test_rules_games_and_languages_in_every_language(capsys, lang):
    code, out, _ = tutor(capsys, "-l", lang, "rules", "33")
    assert code == 0
    assert "33.12" in out and translated(lang, "The limit") in out
    code, out, _ = tutor(capsys, "-l", lang, "rules", "33", "7")
    assert code == 0 and "33.7" in out and "33.8" not in out
    code, out, _ = tutor(capsys, "-l", lang, "games")
    assert code == 0 and translated(lang, "An adding game with a special deck: never push the total over 33.") in out
    code, out, _ = tutor(capsys, "-l", lang, "languages")
    assert code == 0
    for own in ("English", "Lietuvių", "Deutsch", "Français", "Español", "Русский", "Čeština", "Norsk bokmål"):
        assert own in out


@pytest.mark.parametrize(
    ("env", "lang"),
    [({"TUTOR_LANG": "lt"}, "lt"), ({"LANGUAGE": "xx:ru:de"}, "ru"), ({"LC_ALL": "cs_CZ.UTF-8"}, "cs"),
     ({"LC_MESSAGES": "fr_FR.UTF-8"}, "fr"), ({"LANG": "nn_NO.UTF-8"}, "nb"), ({"LANG": "es_ES.UTF-8"}, "es")],
)
def test_language_from_the_environment(capsys, monkeypatch, env, lang):
    for key, value in env.items():
        monkeypatch.setenv(key, value)
    code, out, _ = tutor(capsys, "games")
    assert code == 0
    assert translated(lang, "An adding game with a special deck: never push the total over 33.") in out


def test_unknown_language_is_one_clear_line_listing_the_eight(capsys):
    code, out, err = tutor(capsys, "--lang", "xx", "games")
    assert code == 2 and out == ""
    assert len(err.strip().splitlines()) == 1
    for code_ in LANGUAGES:
        assert f"{code_} (" in err


def test_unknown_tutor_lang_is_reported_in_the_locale_language(capsys, monkeypatch):
    monkeypatch.setenv("TUTOR_LANG", "zz")
    monkeypatch.setenv("LANG", "de_DE.UTF-8")
    code, _, err = tutor(capsys, "games")
    assert code == 2 and "„zz“" in err and "Deutsch" in err
    assert translated("de", "Error: %(message)s").split("%")[0] in err


@pytest.mark.parametrize(
    "argv",
    [
        ["play", "chess"],
        ["rules", "99"],
        ["rules", "33", "40"],
        ["frobnicate"],
        ["play", "33", "--bogus"],
        ["play", "33", "--players", "many"],
        ["play", "33", "--players", "9"],
        ["play", "33", "--level", "godlike"],
        ["play", "33", "--option", "colour=blue"],
        ["play", "33", "--option", "recycle=sometimes"],
        ["play", "33", "--option", "nonsense"],
        ["play", "33", "--option", "deck=/no/such/deck.yaml"],
        ["play"],
        ["replay", "/no/such/record.jsonl"],
    ],
)
@pytest.mark.parametrize("lang", ["en", "lt"])
def test_user_errors_are_one_line_without_traceback(capsys, argv, lang):
    code, out, err = tutor(capsys, "--lang", lang, *argv)
    assert code != 0
    assert "Traceback" not in err + out
    lines = [line for line in err.splitlines() if line.strip()]
    assert 1 <= len(lines) <= 2, err  # the error, and for usage errors a pointer to --help
    assert translated(lang, "Error: %(message)s").split("%")[0] in lines[0]


def test_bad_deck_file_names_the_problem(capsys, tmp_path):
    deck = tmp_path / "deck.yaml"
    deck.write_text('"+7": 4\n"+12": 2\n', encoding="utf-8")
    code, _, err = tutor(capsys, "play", "33", "--option", f"deck={deck}")
    assert code == 2 and "+12" in err and str(deck) in err
    deck.write_text('"+7": [4\n', encoding="utf-8")
    code, _, err = tutor(capsys, "play", "33", "--option", f"deck={deck}")
    assert code == 2 and "YAML" in err and "line" in err
    deck.write_text('"+7": 3\n', encoding="utf-8")
    code, _, err = tutor(capsys, "play", "33", "--option", f"deck={deck}")
    assert code == 2 and "33.2" in err


def test_version(capsys):
    from tutor import __version__

    code, out, _ = tutor(capsys, "--version")
    assert code == 0 and __version__ in out


def test_python_dash_m_tutor_runs():
    result = subprocess.run([sys.executable, "-m", "tutor", "--lang", "cs", "games"], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    assert "33" in result.stdout


def test_a_whole_game_with_stdin_closed_ends_with_a_message_not_a_traceback():
    result = subprocess.run(
        [sys.executable, "-m", "tutor", "play", "33", "--seed", "4"], stdin=subprocess.DEVNULL,
        capture_output=True, text=True, timeout=60,
    )
    assert result.returncode == 0
    assert "Traceback" not in result.stderr
    assert "You left the game" in result.stdout
