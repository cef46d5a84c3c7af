"""Typography every catalog keeps (issue 14): French spaces before ; : ! ? and inside « »,
no ASCII double quotes, a real minus sign in a subtraction, no ordinal glued to a number,
game names that stand alone in the home menu, and typed command words quoted by the program
(never by a translation, never bare in a message)."""

from __future__ import annotations

import re

import pytest
from babel.messages.pofile import read_po

from tutor import i18n
from tutor.i18n import LANGUAGES
from tutor.locate import data_dir

TRANSLATED = [lang for lang in LANGUAGES if lang != "en"]
TYPED_CONTEXTS = {"card word", "card name", "suit stem", "command"}

# Placeholders that stand for words the learner types: the code passes them through
# `quoted` (`tutor.trainer.commands.typed_word`), so a translation never quotes them itself.
TYPED_PLACEHOLDERS = {
    "help", "rules", "why", "quit", "draw", "end", "skip", "hint", "back", "retry", "stock", "pile", "out",
    "middle", "match", "knock", "stay", "fold", "throw", "keep", "challenge", "pass", "first", "second",
    "command", "example", "plus", "minus", "zero", "both", "going_out",
}

# French entries that quote file syntax (YAML keys), where the colon belongs to the syntax.
FRENCH_SYNTAX = {
    "the lesson format must be lesson: %(expected)d",
    'Deck file %(file)s must map each face to a count, like "+7: 4".',
    "use the card counts in a YAML file (face: count)",
    # tutor check: a lesson's clause: and deal: fields
    "%(field)s cites no rule: give it a clause: with the rule it asks about",
    "%(field)s cites rule %(clause)s before any say step has taught it (in this lesson or an earlier one): put a "
    "say step with clause: %(clause)s before it",
    "%(field)s: the coach may cite rule %(clause)s here (answer %(answer)s), which no say step has taught yet: "
    "teach it in a say step with clause: %(clause)s before this decision",
    "rule %(clause)s is taught by no lesson of this game: list it in a lesson's clauses and teach it in a say step "
    "with clause: %(clause)s",
    "a position after the lesson's first must say deal: new (another deal, which the learner is told) or deal: "
    "continue (the same deal, later on)",
    "the lesson's first position has no deal before it to continue: write deal: new, or leave the field out",
    "deal: continue, but this is not the table before: the players, the learner's seat and the dealer stay the same "
    "in a deal",
    "deal: continue, but this is another round (in 3-13 Speed: another hand) than the one before",
    "deal: continue, but this discard pile is not the one the lesson left, with the cards played since on top",
    "deal: continue, but %(card)s has left a hand since the position before, so it must be on the discard pile or "
    "in another hand",
    "deal: continue, but %(card)s is in a hand that did not hold it before: nobody gets a card while the tricks are "
    "played",
}


def catalog(lang):
    with (data_dir("locales") / lang / "LC_MESSAGES" / "tutor.po").open("rb") as fh:
        return read_po(fh, locale=lang)


def entries(lang):
    """(msgid, each translated form) for every entry a learner reads."""
    for m in catalog(lang):
        if not m.id or m.context in TYPED_CONTEXTS:
            continue
        key = m.id if isinstance(m.id, str) else m.id[0]
        strings = m.string if isinstance(m.string, (list, tuple)) else (m.string,)
        yield key, list(strings)


def template_ids():
    with (data_dir("locales") / "tutor.pot").open("rb") as fh:
        for m in read_po(fh):
            if m.id:
                yield from ([m.id] if isinstance(m.id, str) else m.id)


def french_space_problems(text: str) -> list[str]:
    """Where `text` breaks the French rule: U+202F before ; ! ?, U+00A0 before : and inside « »."""
    problems = []
    for m in re.finditer(r"[;!?]", text):
        before = text[m.start() - 1] if m.start() else ""
        if before not in ("\u202f", "", "(", "|", ";", "!", "?"):
            problems.append(f"{before!r}{m.group()}")
    for m in re.finditer(r":(?=\s|$|\u00a0»)", text):  # a colon inside a word or a time is no punctuation
        if text[m.start() - 1: m.start()] != "\u00a0":
            problems.append(f"{text[m.start() - 1: m.start()]!r}:")
    problems += [f"«{text[m.end(): m.end() + 1]!r}" for m in re.finditer("«", text) if text[m.end(): m.end() + 1] != "\u00a0"]
    problems += [f"{text[m.start() - 1: m.start()]!r}»" for m in re.finditer("»", text) if text[m.start() - 1: m.start()] != "\u00a0"]
    return problems


def test_the_french_rule_itself():
    assert french_space_problems("Vous piochez\u202f? Oui\u202f; « non » : non") == ["' ':", "«' '", "' '»"]
    assert french_space_problems("Manche 3\u00a0: «\u00a0rami\u00a0»\u202f!") == []
    assert french_space_problems("aide|? (?) 10:30 http://x") == []


def test_every_french_entry_spaces_its_punctuation():
    found = [f"{key!r}: {french_space_problems(s)}" for key, strings in entries("fr") if key not in FRENCH_SYNTAX
             for s in strings if french_space_problems(s)]
    assert not found, "\n".join(found)


def test_french_help_headings_and_short_help_keep_their_spaces(capsys):
    from tutor.cli.main import run

    assert run(["--lang", "fr", "--help"]) == 0
    out = capsys.readouterr().out
    assert "Options\u00a0:" in out and "Commandes\u00a0:" in out and "Utilisation\u00a0:" in out
    assert not re.search(r" [;:!?]", out.replace("[OPTIONS]", "")), out
    assert "l'ordre\u202f; reprend" in out  # a command's short help, cut by the help formatter


@pytest.mark.parametrize("lang", TRANSLATED)
def test_no_entry_uses_ascii_double_quotes(lang):
    assert not [key for key, strings in entries(lang) if any('"' in s for s in strings)]


def test_a_subtraction_is_written_with_a_minus_sign():
    """"15 − 4 = 11", as the 33 cards print −4; a hyphen between numbers stays only in names like 3-13."""
    assert not [i for i in template_ids() if re.search(r"\d\s+-\s+\d", i)]
    for lang in TRANSLATED:
        assert not [k for k, strings in entries(lang) if any(re.search(r"\d\s+-\s+\d", s) for s in strings)], lang


@pytest.mark.parametrize("lang", TRANSLATED)
def test_no_ordinal_is_glued_to_a_number(lang):
    """'3-ąjį', '3-ю': an ordinal is a message of its own (`toepen.narrate.trick_taken_line`);
    a number stands alone, as a label ("Kirtis 3", "Взятка 3"), or as 3. where that is how the
    language writes an ordinal. German "%(count)d-mal" is a multiplier, not an ordinal."""
    glued = re.compile(r"%\(\w+\)d(?:-(?!mal\b)\w|[^\W\d_])")
    assert not [k for k, strings in entries(lang) if any(glued.search(s) for s in strings)]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_trick_taken_is_told_with_a_worded_ordinal(lang):
    from tutor.games.toepen.engine.deck import TRICKS
    from tutor.games.toepen.narrate import trick_taken_line

    i18n.use(lang)
    lines = [trick_taken_line(n, "Bot 2", you) for n in range(1, TRICKS + 1) for you in (True, False)]
    assert len(set(lines)) == 2 * TRICKS
    assert all(not re.search(r"\d", line.replace("Bot 2", "")) for line in lines), lines


@pytest.mark.parametrize("lang", TRANSLATED)
def test_home_menu_names_the_game_label_style(lang):
    """"33: lessons": the game's name stands first and alone, so no language inflects it."""
    labels = {"%(game)s: guided lessons", "%(game)s: short drills", "%(game)s: play against bots", "%(game)s: rules"}
    found = {key: strings[0] for key, strings in entries(lang) if key in labels}
    assert set(found) == labels
    assert all(s.startswith("%(game)s") and ":" in s[:12] for s in found.values()), found


def test_no_message_tells_the_learner_to_type_a_bare_english_word():
    """A word to type is a placeholder (`typed_word`), so each language shows its own word."""
    words = "|".join(sorted(TYPED_PLACEHOLDERS - {"first", "second", "command", "example", "plus", "minus", "zero",
                                                  "both", "going_out"}))
    bare = re.compile(rf"\b[Tt]ype (?:{words})\b")
    with (data_dir("locales") / "tutor.pot").open("rb") as fh:
        code = [m.id for m in read_po(fh) if m.id and any(p.startswith("tutor/") for p, _ in m.locations)]
    assert not [i for i in code if bare.search(i if isinstance(i, str) else i[0])]


@pytest.mark.parametrize("lang", TRANSLATED)
def test_no_translation_quotes_a_typed_word_itself(lang):
    """The program quotes typed words; a translation that quotes them too shows „„hilfe““."""
    names = "|".join(sorted(TYPED_PLACEHOLDERS))
    doubled = re.compile(rf"[„«\"“'\u00a0]%\((?:{names})\)s[“»\"”'\u00a0]")
    assert not [k for k, strings in entries(lang) if any(doubled.search(s) for s in strings)]


@pytest.mark.parametrize("lang, shown", [("de", "„hilfe“"), ("fr", "«\u00a0aide\u00a0»"), ("nb", "«hjelp»"),
                                         ("ru", "«помощь»"), ("lt", "„pagalba“"), ("en", "\u201chelp\u201d")])
def test_a_typed_word_is_shown_in_the_languages_quotation_marks(lang, shown):
    from tutor.trainer.commands import typed_word

    i18n.use(lang)
    assert typed_word("help") == shown


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_lesson_toolbar_names_the_learners_own_command_words(lang):
    from tutor.trainer.commands import command_word

    i18n.use(lang)
    line = i18n._("Lesson: %(title)s · %(hint)s · %(back)s · %(retry)s · %(quit)s") % {
        "title": "T", **{c: command_word(c) for c in ("hint", "back", "retry", "quit")}}
    assert all(command_word(c) in line for c in ("hint", "back", "retry", "quit"))
