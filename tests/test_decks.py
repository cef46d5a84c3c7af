"""33 deck files and decks: read through storedfile, counts bounded, and a deck with which
nobody can ever lose refused at the start (RULEBOOK 33.1, 33.8, 33.9)."""

from __future__ import annotations

import os
import random
from pathlib import Path

import pytest

from tutor.cli.main import run
from tutor.games.base import OptionError
from tutor.games.thirty_three import engine as engine_module
from tutor.games.thirty_three.deck import (
    DEFAULT_DECK,
    FACES,
    HAND_SIZE,
    LOWEST,
    MAX_DECK_SIZE,
    MAX_FACE_COUNT,
    VALUES,
    Options,
    check_can_end,
    deck_cards,
    load_deck_file,
)
from tutor.games.thirty_three.engine import Chance, Phase, State


def play_33(capsys, deck_text: str | bytes, tmp_path: Path, *extra: str) -> tuple[int, str, str]:
    path = tmp_path / "deck.yaml"
    if isinstance(deck_text, bytes):
        path.write_bytes(deck_text)
    else:
        path.write_text(deck_text, encoding="utf-8")
    return play_with(capsys, str(path), *extra)


def play_with(capsys, deck: str, *extra: str) -> tuple[int, str, str]:
    capsys.readouterr()
    code = run(["play", "33", "--auto", "--players", "2", "--seed", "1", "--option", f"deck={deck}", *extra])
    out, err = capsys.readouterr()
    return code, out, err


def refused(capsys, tmp_path, deck_text, *wanted, extra=()) -> str:
    code, out, err = play_33(capsys, deck_text, tmp_path, *extra)
    assert code == 2 and not out, out
    assert "Traceback" not in err and err.count("\n") == 1, err
    for text in wanted:
        assert text in err, err
    return err


# ------------------------------------------------------------------ nobody can lose (33.8)


@pytest.mark.parametrize("deck", ['"0": 7', '"-5": 9', '"+-10": 20', '"+2": 2\n"0": 40', '"1/11": 2\n"-3": 9\n"0": 9'])
def test_a_deck_without_three_plus_cards_is_refused_at_the_start(capsys, tmp_path, deck):
    err = refused(capsys, tmp_path, deck + "\n", "nobody can ever lose", "33.8")
    assert "game_over" not in err


def test_the_refusal_is_in_the_learners_language(capsys, tmp_path):
    refused(capsys, tmp_path, '"0": 7\n', "niekas niekada nepralaimės", extra=("--lang", "lt"))


def test_the_zero_deck_of_the_issue_no_longer_plays_ten_thousand_times(capsys, tmp_path):
    record = tmp_path / "game.jsonl"
    refused(capsys, tmp_path, '"0": 7\n', "nobody can ever lose", extra=("--record", str(record)))
    assert not record.exists()


def test_a_deck_whose_minus_cards_outrun_its_plus_cards_is_refused(capsys, tmp_path):
    # Three +2 among nineteen -9: with the pile turned over, any 18 plays in a row are 18 different
    # cards, so they add at most 6 - 15 x 9 < 0 and the total never passes 6: no hand of three +2
    # (stuck only above 31) ever is.
    refused(capsys, tmp_path, '"+2": 3\n"-9": 19\n', "nobody can ever lose", "minus")


def test_decks_that_can_end_are_played(capsys, tmp_path):
    for deck in ('"+2": 10\n"0": 3\n', '"+10": 3\n"0": 20\n', '"+2": 3\n"0": 4\n'):
        code, out, err = play_33(capsys, deck, tmp_path)
        assert code == 0 and not err, err


@pytest.mark.parametrize("players", range(2, 9))
def test_the_default_deck_and_every_table_size_can_end(players):
    for shuffle in (False, True):
        for manual in (False, True):
            check_can_end(Options(shuffle_recycle=shuffle, manual_draw=manual), players)


def random_deck(rng: random.Random, players: int) -> dict[str, int]:
    faces = rng.sample(FACES, rng.randint(1, 6))
    deck = {face: rng.randint(1, 8) for face in faces}
    need = HAND_SIZE * players + 1
    while sum(deck.values()) < need:
        deck[rng.choice(faces)] += 1
    return deck


def random_game(deck, players, shuffle, rng, plays=400):
    """Random legal plays (the engine draws for everyone); the values played in order."""
    state = State(players, Options(deck=deck, shuffle_recycle=shuffle), Chance(rng))
    values = []
    while not state.is_over and len(values) < plays:
        action = rng.choice(state.legal_actions())
        values.append(action.value)
        state.apply(action)
    return state, values


def window(deck, players, shuffle) -> int:
    outside = sum(deck.values()) - HAND_SIZE * players
    return players if shuffle else outside + players


def test_any_window_of_plays_adds_no_more_than_the_highest_cards(monkeypatch):
    """The ground of the second refusal: w plays in a row are w different cards (33.9)."""
    monkeypatch.setattr(engine_module, "check_can_end", lambda options, players: None)
    rng = random.Random(33)
    for _ in range(150):
        players = rng.randint(2, 5)
        deck = random_deck(rng, players)
        shuffle = rng.random() < 0.5
        _, values = random_game(deck, players, shuffle, rng)
        w = window(deck, players, shuffle)
        top = sum(sorted((max(VALUES[f]) for f in deck_cards(deck)), reverse=True)[:w])
        for start in range(max(0, len(values) - w + 1)):
            assert sum(values[start:start + w]) <= top, (deck, players, shuffle)


def test_with_a_refused_deck_random_play_never_loses(monkeypatch):
    monkeypatch.setattr(engine_module, "check_can_end", lambda options, players: None)
    rng = random.Random(8)
    refused_decks = 0
    for _ in range(400):
        players = rng.randint(2, 4)
        deck = random_deck(rng, players)
        shuffle = rng.random() < 0.5
        try:
            check_can_end(Options(deck=deck, shuffle_recycle=shuffle), players)
            continue
        except OptionError:
            refused_decks += 1
        state, _ = random_game(deck, players, shuffle, rng, plays=300)
        assert state.loser is None and state.phase is not Phase.OVER, deck
    assert refused_decks > 20


def test_three_plus_cards_are_needed_and_enough_for_the_first_check():
    assert sum(n for f, n in DEFAULT_DECK.items() if LOWEST[f] > 0) >= HAND_SIZE
    with pytest.raises(OptionError) as err:
        check_can_end(Options(deck={"+10": 2, "0": 20}), 2)
    assert err.value.message == "deck_never_stuck" and err.value.params["count"] == 2
    check_can_end(Options(deck={"+10": 3, "0": 20}), 2)


# ------------------------------------------------------------------ counts and files


def test_counts_are_bounded_per_face_and_in_total(capsys, tmp_path):
    refused(capsys, tmp_path, '"+7": 1000000000\n', "+7", "1000000000", str(MAX_FACE_COUNT))
    refused(capsys, tmp_path, f'"+7": {MAX_FACE_COUNT + 1}\n', str(MAX_FACE_COUNT))
    refused(capsys, tmp_path, '"+7": 1' + "0" * 5000 + "\n", "deck.yaml")
    many = "".join(f'"{f}": {MAX_FACE_COUNT}\n' for f in FACES[:6])
    refused(capsys, tmp_path, many, str(MAX_DECK_SIZE))
    path = tmp_path / "ok.yaml"
    path.write_text(f'"+7": {MAX_FACE_COUNT}\n', encoding="utf-8")
    assert load_deck_file(path) == {"+7": MAX_FACE_COUNT}


@pytest.mark.parametrize("content, wanted", [
    ("[" * 5000 + "\n", "nested too deeply"),
    (b"\xff\xfe+7: 4\n", "UTF-8"),
    ("a: 2001-13-45\n", "must map each face"),
    ("? [1, 2]\n: 3\n", "deck.yaml"),
    ("? [1, 2]: 3\n", "deck.yaml"),
    ("+7: &a [1, 2]\n+8: *a\n", "+7"),
    ("+7: {a: 1}\n", "+7"),
    ("~: 3\n", "unknown card face"),
    ("true: 3\n", "unknown card face"),
    ("1.5: 3\n", "unknown card face"),
    ("+7: 4\n'\x1b[2J': 3\n", "line 2"),
    ("+7: 4\n" + "#" * (70 * 1024) + "\n", "too large"),
])
def test_a_hostile_deck_file_is_one_line(capsys, tmp_path, content, wanted):
    err = refused(capsys, tmp_path, content, wanted)
    assert "\x1b" not in err


def test_an_alias_bomb_is_never_walked(capsys, tmp_path):
    lines = ['a0: &a0 ["x", "x", "x", "x", "x", "x", "x", "x", "x", "x"]']
    lines += [f"a{i}: &a{i} [{', '.join([f'*a{i - 1}'] * 10)}]" for i in range(1, 9)]
    refused(capsys, tmp_path, "\n".join(lines) + "\n", "unknown card face")
    lines = [line.replace(f"a{i}:", f"'+{i + 2}':") for i, line in enumerate(lines)]
    refused(capsys, tmp_path, "\n".join(lines) + "\n", "+")


def test_a_deck_path_that_is_not_a_regular_file_is_refused_without_reading(capsys, tmp_path):
    fifo = tmp_path / "fifo.yaml"
    os.mkfifo(fifo)
    for path in (str(fifo), "/dev/zero", str(tmp_path)):
        code, out, err = play_with(capsys, path)
        assert code == 2 and not out and "not a regular file" in err and err.count("\n") == 1, err
    code, out, err = play_with(capsys, str(tmp_path / "none.yaml"))
    assert code == 2 and "does not exist" in err


def test_a_byte_order_mark_is_dropped(capsys, tmp_path):
    code, out, err = play_33(capsys, "\ufeff+2: 10\n0: 3\n", tmp_path)
    assert code == 0 and not err, err
