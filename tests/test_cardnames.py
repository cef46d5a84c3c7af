"""Cards typed in the learner's words ("dame de cœur", "Herzdame", "дама червей"), in every
language, and at every prompt of the games with French-suited cards."""

from __future__ import annotations

import random
import re

import pytest

from helpers import Scripted, tutor
from tutor import i18n
from tutor.trainer.cardnames import read_card, read_cards, stray_word, words_hint

LANGS = ["en", "lt", "de", "fr", "es", "ru", "cs", "nb"]

# Each language's way of naming the queen of hearts, the ace of spades, the king of clubs and
# the ten of diamonds: several word orders and inflections.
PHRASES = {
    "en": ["queen of hearts", "ace of spades", "King Clubs", "10 of diamonds"],
    "lt": ["širdžių dama", "vynų tūzas", "kryžių karalius", "būgnų 10"],
    "de": ["Herz Dame", "Pik-Ass", "Kreuzkönig", "Karo 10"],
    "fr": ["dame de cœur", "as de pique", "roi de trèfle", "10 de carreau"],
    "es": ["reina de corazones", "as de picas", "rey de tréboles", "10 de diamantes"],
    "ru": ["червовая дама", "туз пик", "король треф", "10 бубен"],
    "cs": ["dáma srdcí", "pikové eso", "křížový král", "kárová 10"],
    "nb": ["hjerterdame", "spar ess", "kløver konge", "ruter 10"],
}
CARDS = [(12, "H"), (1, "S"), (13, "C"), (10, "D")]


@pytest.mark.parametrize("lang", LANGS)
def test_cards_in_words_in_every_language(lang):
    i18n.use(lang)
    assert [read_card(p) for p in PHRASES[lang]] == CARDS
    assert read_card("queen of hearts") == (12, "H")  # English is always understood
    assert read_card("QH") == read_card("q♥") == (12, "H")  # and the notation
    example = words_hint().split(":")[-1]
    assert "queen of spades" not in example or lang == "en"
    # The example the help gives is a card the reader understands.
    quoted = re.search("[\u201c„«]\u00a0?(.+?)\u00a0?[\u201d\u201c»]", words_hint()).group(1)
    assert read_card(quoted) == (12, "S")


NUMBERS = {"en": "ten of hearts", "lt": "širdžių dešimtakė", "de": "Herz Zehn", "fr": "dix de cœur",
           "es": "diez de corazones", "ru": "десятка червей", "cs": "srdcová desítka", "nb": "hjerter ti"}


@pytest.mark.parametrize("lang", LANGS)
def test_number_cards_in_words(lang):
    i18n.use(lang)
    assert read_card(NUMBERS[lang]) == (10, "H")


@pytest.mark.parametrize("text", ["queen", "hearts", "queen of queens", "queen hearts spades", "nonsense", ""])
def test_half_a_card_or_two_ranks_is_no_card(text):
    i18n.use("en")
    assert read_card(text) is None


def test_several_cards_in_words_and_notation():
    i18n.use("fr")
    assert read_cards("QH, 10 de cœur as de pique KD") == [(12, "H"), (10, "H"), (1, "S"), (13, "D")]
    assert read_cards("as") == [(1, "S")]  # alone, "as" is the notation's ace of spades
    assert read_cards("dame de cœur, XX") is None
    assert stray_word("dame de cœur, XX") == "XX"
    assert stray_word("dame de cœur") is None


def test_three_thirteen_discards_and_goes_out_by_words(capsys, monkeypatch):
    # Seed 4, three players: the learner holds A♠ K♦ 3♦ and draws 3♦; K♦ goes out (shown R♦ in French).
    code, out, err = tutor(capsys, monkeypatch, ["--lang", "fr", "play", "3-13", "--seed", "4", "--players", "3"],
                           "talon\nroi de carreau\n")
    assert code == 0 and "Vous défaussez R♦." in out
    code, out, err = tutor(capsys, monkeypatch, ["--lang", "de", "play", "3-13", "--seed", "4", "--players", "3"],
                           "stapel\nraus Karo König\n")
    assert code == 0 and "K♦" in out and "[A♠ 3♦* 3♦*]" in out
    code, out, err = tutor(capsys, monkeypatch, ["play", "3-13", "--seed", "4", "--players", "3"],
                           "stock\nking of hearts\n")
    assert "You do not hold K♥" in out  # read, then refused as not held (TT.5)


def test_analyze_reads_a_hand_in_words(capsys, monkeypatch):
    code, out, err = tutor(capsys, monkeypatch, ["--lang", "es", "analyze", "3-13", "--round", "3", "--json",
                                                 "reina de corazones, as de picas", "10H", "10C", "10D"])
    assert code == 0 and '"hand": ["QH", "AS", "10H", "10C", "10D"]' in out
    code, out, err = tutor(capsys, monkeypatch, ["--lang", "es", "analyze", "3-13", "--round", "3",
                                                 "reina de corazones", "XX", "10C"])
    assert code == 2 and "«XX»" in err and "Traceback" not in err


def test_speed_discards_a_card_named_in_words():
    from tutor.games.speed.engine import Chance, State
    from tutor.games.speed.session import SpeedSession

    i18n.use("en")
    console = Scripted(["middle"])
    state = State(4, Chance(random.Random(5)))
    s = SpeedSession(console, state, "normal", random.Random(5), 0, True, None, coach=False)
    s.intro()
    size = len(state.hands[0])
    for _ in range(20):
        if len(state.hands[0]) > size:  # drawn: the discard is asked next
            card = state.hands[0][0]
            names = {1: "ace", 11: "jack", 12: "queen", 13: "king"}
            suits = {"C": "clubs", "D": "diamonds", "H": "hearts", "S": "spades"}
            console.script = [f"{names.get(card.rank, card.rank)} of {suits[card.suit]}"]
            actions = s.learner_actions()
            assert [a.card.code for a in actions] == [card.code]
            return
        for action in s.learner_actions():
            s.act(action)
        s.bots_act()
    raise AssertionError("no discard asked")


def test_toepen_plays_a_card_named_in_words():
    from tutor.games.toepen.engine import Options, State
    from tutor.games.toepen.session import ToepenSession

    i18n.use("nb")
    state = State.from_position(["8H 9S 10S", "KH QC AD", "JH 7D 9D", "8D JC"], dealer=2,
                                trick=[(3, "KS")], tricks_done=1, leader=3)
    console = Scripted(["spar 9"])
    s = ToepenSession(console, state, "normal", random.Random(2), 0, True, None, coach=False)
    action = s.learner_action()
    assert action is not None and action.card.code == "9S"
    assert isinstance(state.options, Options)


LONG = "1" * 4301
ODD_NUMBERS = ["٣H", "١٠ of hearts", "٣ de cœur", LONG, LONG + "H", "pik" + LONG, "1_0H", "queen of " + LONG,
               "0" * 5000 + "5H", "Ⅻ of hearts"]


@pytest.mark.parametrize("lang", ["en", "de", "ru"])
def test_odd_digits_and_long_numbers_name_no_card(lang):
    i18n.use(lang)
    for text in ODD_NUMBERS:
        assert read_card(text) is None, text
        assert read_cards(text) is None, text
        stray_word(text)  # ("pik111…" is a suit with a misspelt ending, so not always a stray word)
    for text in ("²", "³H", "𝟙S", "²²²²"):  # (superscripts fold to digits, as other compatibility forms do)
        read_card(text), read_cards(text), stray_word(text)
    assert read_card("05 of hearts") == (5, "H")  # ASCII digits still name a rank


@pytest.mark.parametrize("words", [["٣H"], [LONG + "H"], ["10H", LONG], ["١٠", "of", "hearts"]])
def test_analyze_refuses_odd_numbers_in_one_line(capsys, monkeypatch, words):
    code, out, err = tutor(capsys, monkeypatch, ["--lang", "fr", "analyze", "3-13", "--round", "3", "QH", *words])
    assert code == 2 and "Traceback" not in err
    assert len(err.strip().splitlines()) == 1 and len(err) < 200 and "«" in err


def test_analyze_reads_odd_numbers_on_stdin_as_bad_lines(capsys, monkeypatch):
    lines = "\n".join(["QH 10H 10C 10D", "²H 10H 10C", LONG + "H 10H 10C", "QH 10H 10C"]) + "\n"
    code, out, err = tutor(capsys, monkeypatch, ["analyze", "3-13", "--round", "3", "--json"], lines)
    assert "Traceback" not in err and "Exceeds" not in out + err
    assert len(out.strip().splitlines()) + len(err.strip().splitlines()) >= 4
