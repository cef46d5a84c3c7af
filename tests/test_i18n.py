"""Which language tutor speaks, and how plural forms come out."""

from __future__ import annotations

import pytest

from tutor import i18n


@pytest.mark.parametrize(
    ("argv", "env", "expected"),
    [
        ([], {}, "en"),
        (["--lang", "lt", "games"], {"LANG": "de_DE.UTF-8"}, "lt"),
        (["games", "--lang=fr"], {}, "fr"),
        (["-l", "ru"], {}, "ru"),
        (["-lcs"], {}, "cs"),
        ([], {"TUTOR_LANG": "es", "LANGUAGE": "de"}, "es"),
        ([], {"LANGUAGE": "xx:lt:de", "LANG": "fr_FR.UTF-8"}, "lt"),
        ([], {"LANGUAGE": "ja:pt", "LANG": "fr_FR.UTF-8"}, "fr"),
        ([], {"LC_ALL": "cs_CZ.UTF-8", "LANG": "de_DE.UTF-8"}, "cs"),
        ([], {"LC_MESSAGES": "ru_RU.UTF-8", "LANG": "de_DE.UTF-8"}, "ru"),
        ([], {"LANG": "de_AT.UTF-8"}, "de"),
        ([], {"LANG": "no_NO.UTF-8"}, "nb"),
        ([], {"LANG": "nn_NO"}, "nb"),
        ([], {"LANGUAGE": "no"}, "nb"),
        (["--lang", "no"], {}, "nb"),
        ([], {"LANG": "C.UTF-8"}, "en"),
        ([], {"LANG": "ja_JP.UTF-8"}, "en"),
        (["--", "--lang", "de"], {}, "en"),
    ],
)
def test_language_is_settled_in_order(argv, env, expected):
    assert i18n.settle(argv, env) == expected


@pytest.mark.parametrize(("argv", "env"), [(["--lang", "xx"], {}), ([], {"TUTOR_LANG": "klingon"})])
def test_a_named_unknown_language_is_an_error(argv, env):
    with pytest.raises(i18n.UnknownLanguage):
        i18n.settle(argv, env)


def test_language_names_come_from_cldr_in_their_own_language():
    assert i18n.language_name("lt") == "Lietuvių"
    assert i18n.language_name("ru") == "Русский"
    assert i18n.language_name("nb") == "Norsk bokmål"
    assert i18n.language_name("cs", "de") == "Tschechisch"


# Lithuanian, Russian and Czech have three plural forms: 1, 2 and 5 show all of them,
# 11, 21 and 22 the traps (11 takes the third form, 21 is "one" again; in lt 2-9 share a form).
PLURAL_FORMS = {
    "lt": {1: 0, 2: 1, 5: 1, 9: 1, 10: 2, 11: 2, 21: 0, 22: 1, 30: 2},
    "ru": {1: 0, 2: 1, 5: 2, 11: 2, 21: 0, 22: 1, 25: 2},
    "cs": {1: 0, 2: 1, 4: 1, 5: 2, 11: 2, 21: 2, 22: 2},
}


@pytest.mark.parametrize("lang", sorted(PLURAL_FORMS))
def test_plural_forms_follow_the_language(lang):
    from babel.messages.pofile import read_po

    from tutor.i18n.catalogs import po_path

    i18n.use(lang)
    with po_path(lang, "tutor").open("rb") as fh:
        catalog = read_po(fh, locale=lang)
    singular = "%(count)d card in the stock"
    plural = "%(count)d cards in the stock"
    forms = catalog.get((singular, plural), context="Three Thirteen").string
    assert len(set(forms)) == 3, forms
    for count, form in PLURAL_FORMS[lang].items():
        assert i18n.npgettext("Three Thirteen", singular, plural, count) == forms[form], (lang, count)
        assert str(count) in i18n.npgettext("Three Thirteen", singular, plural, count) % {"count": count}


def test_english_plural_and_switching_languages():
    i18n.use("en")
    assert i18n.npgettext("33", "%(count)d card in the stock", "%(count)d cards in the stock", 1) % {"count": 1} == (
        "1 card in the stock"
    )
    i18n.use("de")
    german = i18n._("Your hand:")
    i18n.use("en")
    assert i18n._("Your hand:") == "Your hand:" != german


def test_compiled_catalogs_are_cached_by_content(tmp_path, monkeypatch):
    from tutor.i18n import catalogs

    monkeypatch.setenv("TUTOR_HOME", str(tmp_path))
    catalogs._loaded.clear()
    catalogs.load_translations("lt", "tutor")
    cached = list((tmp_path / "cache").glob("tutor-lt-*.mo"))
    assert len(cached) == 1
    catalogs._loaded.clear()
    assert catalogs.load_translations("lt", "tutor").gettext("Your hand:") != "Your hand:"


def test_a_command_of_several_words_is_read_whole_or_before_a_card():
    from tutor import i18n
    from tutor.trainer.commands import split_command

    i18n.use("es")
    try:
        assert split_command("por qué") == ("why", [])
        assert split_command("  WHY ") == ("why", [])
        assert split_command("out 7D") == ("out", ["7D"])
        assert split_command("7D") == (None, ["7D"])
    finally:
        i18n.use("en")


def test_points_agree_with_their_number():
    """Scores and the winner's total take the noun's singular for one point (and, in French,
    for none), and the plural otherwise; the trainer's shared score sentences use the catalog's
    plural forms, never a fixed "points"."""
    from tutor.games import texts
    from tutor.trainer.table import Names

    names = Names(3, 0)
    try:
        i18n.use("en")
        assert texts.score_line("Bot 2", "-", "AS", 1, 4) == "Bot 2: -; left over: AS; 1 point, total 4."
        assert texts.winners_line([1, 9, 12], [0], names, "TT.11") == "You win with 1 point (TT.11)."
        assert texts.winners_line([7, 9, 7], [0, 2], names, "SPD.8") == "You and Bot 3 share the win with 7 points each (SPD.8)."
        assert texts.better_discard_line("KS", 1, 11) == "Discarding KS would leave 1 point instead of 11."
        i18n.use("fr")
        none, one, two = (texts.score_line("Bot 2", "-", "-", n, 9) for n in (0, 1, 2))
        assert none.replace("0", "1", 1) == one != two.replace("2", "1", 1)
        for lang, (one_form, few_form, many_form) in {"ru": (1, 2, 5), "cs": (1, 2, 5), "lt": (1, 2, 10)}.items():
            i18n.use(lang)
            lines = [texts.winners_line([n, 99], [1], names, "TT.11") for n in (one_form, few_form, many_form)]
            stems = {line.replace(str(n), "#") for line, n in zip(lines, (one_form, few_form, many_form))}
            assert len(stems) == 3, (lang, lines)
    finally:
        i18n.use("en")


def test_the_learner_among_several_players_gets_a_sentence_of_their_own():
    """Never "You, Bot 3 take ..." (issue 14): the learner's own message, the others as a list."""
    from tutor.games.texts import winners_line
    from tutor.games.toepen.narrate import event_line
    from tutor.trainer.table import Names

    i18n.use("en")
    names = Names(4, 0)
    assert winners_line([5, 5, 5, 9], [0, 1, 2], names, "TT.11") == (
        "You and Bot 2 and Bot 3 share the win with 5 points each (TT.11).")
    assert winners_line([5, 5, 9, 9], [1, 2], names, "TT.11").startswith("Bot 2 and Bot 3 share the win")
    hand_end = {"event": "hand_end", "winner": 3, "stake": 2, "all_folded": False, "penalties": [2, 2, 0, 0]}
    assert "You and Bot 2 take 2 points each (TOE.13)." in event_line(hand_end, names)
    over = {"event": "game_over", "totals": [10, 3, 12, 4], "winners": [1, 3], "losers": [0, 2]}
    assert event_line(over, names).startswith("The rubber is over: you and Bot 3 reached the limit")
    i18n.use("ru")
    assert "Вы и Бот 2 получаете по 2 штрафных очка" in event_line(hand_end, names)
    i18n.use("lt")
    assert "Jūs ir Botas 2 ir Botas 3 dalijatės pergale" in winners_line([5, 5, 5, 9], [0, 1, 2], names, "TT.11")
