"""Each language's own card faces (issue 14; docs/glossary/<lang>.md, "Card faces"): the rank
letters on the table, in completion and in help; typed back before a suit beside the universal
codes; `--cards international` for J Q K A, remembered from the home menu like the language."""

from __future__ import annotations

import json
import random

import pytest

from tests.helpers import Scripted, tutor
from tutor import cardfaces, i18n
from tutor.cardfaces import hand_fragments, local_letters, rank_face, read_face, show_card, show_melds, typed_card
from tutor.cards import RANKS, SUITS, Card, parse_code, suit_symbol
from tutor.cli.app import split_globals
from tutor.progress import FILENAME, Progress, saved_settings
from tutor.trainer.cardnames import faces_hint, read_card, read_cards, stray_word

#: Jack, queen, king, ace in each language, as its glossary decides.
LETTERS = {
    "en": "J Q K A", "lt": "J Q K A", "cs": "J Q K A", "es": "J Q K A",
    "ru": "В Д К Т", "de": "B D K A", "fr": "V D R A", "nb": "Kn D K E",
}
SUIT_TEXTS = [*SUITS, *(s.lower() for s in SUITS), *(suit_symbol(s) for s in SUITS)]


def test_every_language_has_a_decision_and_its_catalog_holds_it():
    assert set(LETTERS) == set(i18n.LANGUAGES)
    for lang, letters in LETTERS.items():
        i18n.use(lang)
        assert " ".join(rank_face(r) for r in (11, 12, 13, 1)) == letters, lang
        assert [rank_face(r) for r in range(2, 11)] == [str(r) for r in range(2, 11)]  # digits everywhere
    i18n.use("ru")
    assert all("\u0400" <= ch <= "\u04ff" for ch in "".join(local_letters().values()))  # Cyrillic, not B K T


@pytest.mark.parametrize("lang", sorted(LETTERS))
def test_faces_are_distinct_and_read_back_with_every_suit(lang):
    """No face is misread with a suit letter after it: German DD is the Dame of diamonds."""
    i18n.use(lang)
    faces = [rank_face(r) for r in RANKS]
    assert len({f.casefold() for f in faces}) == 13
    for rank in RANKS:
        for suit in SUIT_TEXTS:
            assert read_face(rank_face(rank) + suit) == (rank, parse_code("A" + suit)[1]), (lang, rank, suit)
            assert read_face(rank_face(rank).lower() + suit) == (rank, parse_code("A" + suit)[1])
        for suit in SUITS:
            code = Card(rank, suit).code
            assert read_card(typed_card(code)) == (rank, suit)  # what completion offers is read back
            assert read_card(show_card(code)) == (rank, suit)  # and so is what the screen shows


@pytest.mark.parametrize("lang", sorted(LETTERS))
def test_the_universal_codes_are_read_in_every_language_and_first(lang):
    i18n.use(lang)
    for rank in RANKS:
        for suit in SUITS:
            for code in (Card(rank, suit).code, Card(rank, suit).code.lower()):
                assert read_face(code) == read_card(code) == (rank, suit)
    assert read_card("TH") == (10, "H") and read_card("1s") == (1, "S")


@pytest.mark.parametrize("typed, lang, card", [
    ("Д♥", "ru", (12, "H")), ("дH", "ru", (12, "H")), ("ВS", "ru", (11, "S")), ("Т♣", "ru", (1, "C")),
    ("К♦", "ru", (13, "D")), ("10♠", "ru", (10, "S")),
    ("DD", "de", (12, "D")), ("DH", "de", (12, "H")), ("B♣", "de", (11, "C")), ("bs", "de", (11, "S")),
    ("AD", "de", (1, "D")), ("KD", "de", (13, "D")),
    ("DD", "fr", (12, "D")), ("RD", "fr", (13, "D")), ("V♠", "fr", (11, "S")), ("vc", "fr", (11, "C")),
    ("AD", "fr", (1, "D")),
    ("Kn♠", "nb", (11, "S")), ("KNH", "nb", (11, "H")), ("ES", "nb", (1, "S")), ("DH", "nb", (12, "H")),
    ("KD", "nb", (13, "D")),  # the universal king of diamonds, not "kløver dame"
    ("QH", "ru", (12, "H")), ("JS", "de", (11, "S")), ("KC", "fr", (13, "C")), ("QD", "nb", (12, "D")),
])
def test_local_letters_before_a_suit_name_the_card(typed, lang, card):
    i18n.use(lang)
    assert read_card(typed) == card and stray_word(typed) is None


@pytest.mark.parametrize("typed, lang", [
    ("DD", "en"), ("DH", "en"), ("B♣", "en"), ("RD", "de"), ("VS", "de"), ("Д♥", "de"), ("KnS", "ru"),
    ("ES", "fr"), ("Дч", "ru"), ("Д", "ru"), ("B", "de"), ("DD", "lt"), ("DX", "de"), ("BH", "ru"),
])
def test_letters_of_another_language_or_without_a_suit_are_no_card(typed, lang):
    i18n.use(lang)
    assert read_card(typed) is None


def test_local_letters_in_a_list_with_words_and_codes():
    i18n.use("de")
    assert read_cards("DD, Pik Dame B♣ QH") == [(12, "D"), (12, "S"), (11, "C"), (12, "H")]
    i18n.use("ru")
    assert read_cards("Д♥ туз пик, 10C") == [(12, "H"), (1, "S"), (10, "C")]
    assert stray_word("Д♥ мяу") == "мяу"


def test_a_letter_that_would_be_misread_leaves_the_language_with_j_q_k_a(monkeypatch):
    """The universal codes come first: a catalog that wrote T (the universal ten) for an ace, or one
    letter for two ranks, would show cards the learner could not type back; J Q K A stay."""
    for wrong in ({"A": "T"}, {"J": "D", "Q": "D"}, {"K": "K1"}, {"J": ""}, {"Q": "Dame"}):
        cardfaces._letters.clear()
        monkeypatch.setattr(cardfaces, "pgettext", lambda context, letter, wrong=wrong: wrong.get(letter, letter))
        assert " ".join(local_letters().values()) == "J Q K A", wrong
    cardfaces._letters.clear()
    monkeypatch.setattr(cardfaces, "pgettext", lambda context, letter: {"J": "Kn", "A": "E"}.get(letter, letter))
    assert " ".join(local_letters().values()) == "Kn Q K E"
    monkeypatch.undo()
    cardfaces._letters.clear()


def test_a_hand_melds_and_a_card_in_the_learners_letters():
    hand = [Card(11, "S"), Card(12, "H"), Card(13, "D"), Card(1, "C"), Card(10, "C")]
    drawn = {}
    for lang in ("ru", "de", "fr", "nb", "cs"):
        i18n.use(lang)
        drawn[lang] = "".join(text for _, text in hand_fragments(hand, False))
    assert drawn == {"ru": "В♠ Д♥ К♦ Т♣ 10♣ ", "de": "B♠ D♥ K♦ A♣ 10♣ ", "fr": "V♠ D♥ R♦ A♣ 10♣ ",
                     "nb": "Kn♠ D♥ K♦ E♣ 10♣ ", "cs": "J♠ Q♥ K♦ A♣ 10♣ "}
    i18n.use("de")
    assert show_card("QD", ascii_only=True) == "DD" and show_melds([["QH", "QS", "JC"]], wild=11) == "[D♥ D♠ B♣*]"
    i18n.use("fr")
    assert show_card("KD", ascii_only=True) == "RD" and typed_card("KD") == "RD"


def test_international_faces_are_j_q_k_a_in_every_language_and_input_is_unchanged():
    cardfaces.use_faces("international")
    for lang in LETTERS:
        i18n.use(lang)
        assert " ".join(rank_face(r) for r in (11, 12, 13, 1)) == "J Q K A"
        assert show_card("QH") == "Q♥" and typed_card("QH") == "QH"
    i18n.use("ru")
    assert read_card("Д♥") == (12, "H")  # the local letters are still understood
    with pytest.raises(ValueError):
        cardfaces.use_faces("sideways")


def test_help_names_the_letters_and_how_to_type_them():
    i18n.use("ru")
    lines = faces_hint()
    assert lines[0] == "Буквы на картах: В (валет), Д (дама), К (король) и Т (туз)."
    assert "ДH" in lines[1] and "QH" in lines[1]
    i18n.use("en")
    assert faces_hint() == ["Letters on the cards: J (jack), Q (queen), K (king), and A (ace)."]


# -- at the table


def test_completion_offers_the_cards_in_the_learners_letters():
    from tutor.games.toepen.engine import Chance, Keep, Options, Pass, Phase, Stay, State
    from tutor.games.toepen.session import ToepenSession

    answers = {Phase.LAUNDRY: Keep(), Phase.CHALLENGE: Pass(), Phase.ANSWER: Stay(), Phase.POVERTY: Stay()}

    for lang, faces in (("ru", "local"), ("ru", "international"), ("en", "local")):
        i18n.use(lang)
        cardfaces.use_faces(faces)
        state = State(4, Options(), Chance(random.Random(2)))
        session = ToepenSession(Scripted(), state, "normal", random.Random(2), 0, True, None, coach=False)
        while not (state.current_player == 0 and state.phase is Phase.PLAY):
            if state.current_player == 0:
                state.apply(answers[state.phase])
            else:
                session.bot_turn()
        offered = [c for c in session.choices() if read_face(c)]
        playable = [c for c in session.sorted_hand(0) if c in state.playable(0)]
        assert offered == [typed_card(c.code) for c in playable] and offered
        court = [c for c in playable if c.rank in (1, 11, 12, 13)]
        for card in court:
            assert (rank_face(card.rank) + card.suit) in offered
    i18n.use("ru")
    cardfaces.use_faces("local")
    assert typed_card("QH") == "ДH"


def test_three_thirteen_in_russian_and_french_shows_and_reads_the_local_letters(capsys, monkeypatch):
    # Seed 4, three players: the learner holds A♠ K♦ 3♦ and draws 3♦ (3 is wild in round 1).
    code, out, _ = tutor(capsys, monkeypatch, ["--lang", "ru", "play", "3-13", "--seed", "4", "--players", "3"],
                         "колода\nКD\n")
    assert code == 0 and "Т♠ К♦ 3♦*" in out and "К♦." in out and "K♦" not in out
    code, out, _ = tutor(capsys, monkeypatch, ["--lang", "fr", "play", "3-13", "--seed", "4", "--players", "3",
                                               "--ascii"], "talon\nRD\n")
    assert code == 0 and "Vous défaussez RD." in out and "AS" in out


def test_cards_international_anywhere_on_the_line(capsys, monkeypatch):
    argv = ["--lang", "ru", "play", "3-13", "--seed", "4", "--players", "3"]
    code, out, _ = tutor(capsys, monkeypatch, [*argv, "--cards", "international"], "колода\nКD\n")
    assert code == 0 and "A♠ K♦ 3♦*" in out and "К♦" not in out
    code, out, _ = tutor(capsys, monkeypatch, ["--cards=international", *argv], "колода\nКD\n")
    assert code == 0 and "A♠ K♦ 3♦*" in out
    assert split_globals(["play", "3-13", "--cards", "local", "--seed", "4"]) == (
        ["--cards", "local"], ["play", "3-13", "--seed", "4"])


def test_unknown_card_letters_are_one_line_and_exit_2(capsys, monkeypatch):
    code, out, err = tutor(capsys, monkeypatch, ["--lang", "de", "--cards", "sideways", "games"])
    assert code == 2 and err.count("\n") == 1 and "„sideways“" in err and "local oder international" in err


def test_the_home_menu_remembers_the_card_letters(capsys, monkeypatch, tmp_path):
    # In Russian the menu has "Card letters" (7) after the language; 2: international; 9: quit.
    code, out, _ = tutor(capsys, monkeypatch, ["--lang", "ru"], "7\n2\n9\n")
    assert code == 0 and "Буквы на картах: В Д К Т" in out and "Буквы на картах: J Q K A" in out
    assert saved_settings() == {"cards": "international"}
    argv = ["--lang", "ru", "play", "3-13", "--seed", "4", "--players", "3"]
    code, out, _ = tutor(capsys, monkeypatch, argv, "колода\nКD\n")
    assert code == 0 and "A♠ K♦ 3♦*" in out  # remembered across runs
    code, out, _ = tutor(capsys, monkeypatch, [*argv, "--cards", "local"], "колода\nКD\n")
    assert code == 0 and "Т♠ К♦ 3♦*" in out  # --cards still wins
    code, out, _ = tutor(capsys, monkeypatch, ["--lang", "en"], "8\n")  # English has no such item: 8 quits
    assert code == 0 and "Card letters" not in out


def test_a_damaged_card_setting_is_ignored(capsys, monkeypatch):
    home = Progress().dir
    home.mkdir(parents=True, exist_ok=True)
    for bad in ("sideways", 5, None, ["international"]):
        (home / FILENAME).write_text(json.dumps({"version": 1, "settings": {"language": "de", "cards": bad}}))
        assert saved_settings() == {"language": "de"}
        code, out, err = tutor(capsys, monkeypatch, ["play", "3-13", "--seed", "4", "--players", "3"],
                               "stapel\nKD\n")
        assert code == 0 and "A♠ K♦" in out and "Du wirfst K♦ ab." in out  # German, local letters
        assert Progress().read()["settings"] == {"language": "de"}
