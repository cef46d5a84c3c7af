"""Cards named in texts: markup (`{KD}`, `{Q}`) drawn as the hand is, never a bare code in a
lesson, a msgid or a translation (issue 14)."""

from __future__ import annotations

import io
import textwrap
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from tutor import cardtext
from tutor.cli.main import run
from tutor.i18n import LANGUAGES, use
from tutor.lessons.check import check_path, translation_card_problem
from tutor.trainer.console import LineConsole, drawn

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(autouse=True)
def english():
    use("en")
    yield
    use("en")


def test_cards_and_ranks_are_drawn_as_on_the_table():
    assert cardtext.render("Lead {10D}, then {KS}.") == "Lead 10♦, then K♠."
    assert cardtext.render("Lead {10D}, then {KS}.", ascii_only=True) == "Lead 10D, then KS."
    assert cardtext.render("{Q}-{K}-{A} is not a run") == "Q-K-A is not a run"


def test_braces_that_name_no_card_and_format_placeholders_stay_as_written():
    for text in ("{KX}", "{hello}", "%(card)s and {}", "a {b} c", "{ KD }", "{kd}"):
        assert cardtext.render(text) == text


def test_a_card_in_a_text_gets_its_suits_colour():
    frags = cardtext.fragments("Play {QH} or {7S}.", "class:hint")
    assert ("class:hint class:card.red", "Q♥") in frags
    assert ("class:hint class:card.black", "7♠") in frags
    assert "".join(t for _, t in frags) == "Play Q♥ or 7♠."
    assert drawn([("", "{AD}")]) == [("class:card.red", "A♦")]


def test_the_plain_console_draws_the_cards_of_what_it_shows_and_asks():
    out = io.StringIO()
    console = LineConsole(io.StringIO("x\n"), out)
    console.show("You hold {AH} {2H} {3H}.")
    console.ask("Discard {KS}? ")
    assert out.getvalue() == "You hold A♥ 2♥ 3♥.\nDiscard K♠? "
    out = io.StringIO()
    LineConsole(io.StringIO(), out, ascii_only=True).show("You hold {AH}.")
    assert out.getvalue() == "You hold AH.\n"


@pytest.mark.parametrize("text, found", [
    ("Lead KD now.", ["KD"]),
    ("The run 9H 10H JH.", ["9H", "10H", "JH"]),
    ("Q-K-A is not a run.", ["Q", "K", "A"]),
    ("Only A, K, Q and J.", ["A", "K", "Q", "J"]),
    ("A hand of only A K Q J.", ["A", "K", "Q", "J"]),
    ("Write {KX} here.", []),
    ("Write {1H} here.", ["{1H}"]),
])
def test_bare_codes_and_rank_letters_are_found(text, found):
    assert sorted(cardtext.problems(text)) == sorted(found)


@pytest.mark.parametrize("text", [
    "A wild card is a card.", "A-level play: +9 then -4.", "Play {KD}, then {Q}-{K}-{A}.",
    "The 1/11 card and the +-10 card.", "Type %(out)s and the card.", "A set like {9H} {9S} {9C}.",
])
def test_ordinary_sentences_and_markup_are_not_problems(text):
    assert cardtext.problems(text) == []


def test_no_msgid_names_a_card_by_its_code():
    with (ROOT / "locales" / "tutor.pot").open("rb") as fh:
        catalog = read_po(fh)
    bad = []
    for message in catalog:
        if message.context == "rank letter":  # the letters themselves, that the faces are drawn with
            continue
        for text in (message.id if isinstance(message.id, tuple) else (message.id,)):
            if text and cardtext.problems(text):
                bad.append((text[:70], cardtext.problems(text)))
    assert bad == []


@pytest.mark.parametrize("lang", [code for code in LANGUAGES if code != "en"])
def test_every_translation_names_the_cards_of_its_source_in_markup(lang):
    with (ROOT / "locales" / lang / "LC_MESSAGES" / "tutor.po").open("rb") as fh:
        catalog = read_po(fh, locale=lang)
    bad = []
    for message in catalog:
        if not message.id or not message.string:
            continue
        sources = message.id if isinstance(message.id, tuple) else (message.id,)
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        for string in strings:
            wrong = translation_card_problem(sources[-1] if len(sources) > 1 else sources[0], string)
            if wrong is not None:
                bad.append((string[:70], wrong))
    assert bad == []


def test_a_translation_with_other_cards_or_a_bare_code_is_caught():
    assert translation_card_problem("Lead {KD}.", "Spielen Sie {KD} aus.") is None
    assert translation_card_problem("{Q}-{K}-{A}", "Dame-König-Ass") is None  # ranks as words are fine
    assert translation_card_problem("Lead {KD}.", "Spielen Sie KD aus.") == "KD"
    assert translation_card_problem("Lead {KD}.", "Spielen Sie {KH} aus.") == "{KH}"
    assert translation_card_problem("Lead {KD}.", "Spielen Sie ihn aus.") == "{KD}"


LESSON = textwrap.dedent("""\
    lesson: 1
    id: sample
    game: toepen
    order: 1
    title: A sample lesson
    steps:
      - say: The highest card of the suit led wins the trick.
        clause: "TOE.5"
      - say: Lead KD, then Q-K-A.
        clause: "TOE.5"
    """)


def test_tutor_check_reports_a_bare_code_in_a_lesson_with_file_and_line(tmp_path, capsys):
    path = tmp_path / "lesson.yaml"
    path.write_text(LESSON, encoding="utf-8")
    _, found = check_path(path, translations=False)
    assert {err.params["card"] for err in found if err.message == "lesson_card_code"} == {"KD", "Q", "K", "A"}
    assert run(["check", "--no-translations", str(path)]) == 1
    out = capsys.readouterr().out
    assert f"{path}:9:" in out and "steps[1]" in out and "{KD}" in out
    path.write_text(LESSON.replace("Lead KD, then Q-K-A.", "Lead {KD}, then {Q}-{K}-{A}."), encoding="utf-8")
    assert check_path(path, translations=False)[1] == []
