"""3-13 Speed from the command line and at the trainer: full games, the caller, the coach, errors."""

from __future__ import annotations

import json
import random

import pytest

from tutor.games.base import Chance
from tutor.games.speed.engine import State
from tutor.games.speed.session import SpeedSession
from helpers import Scripted, tutor

LANGS = ["en", "lt", "de", "fr", "es", "ru", "cs", "nb"]


@pytest.mark.parametrize("lang", LANGS)
def test_twelve_bots_play_a_full_game_in_every_language(capsys, monkeypatch, tmp_path, lang):
    record = tmp_path / "speed.jsonl"
    code, out, err = tutor(capsys, monkeypatch, ["--lang", lang, "play", "speed", "--auto", "--players", "12",
                                                 "--seed", "3", "--record", str(record)])
    assert code == 0, err
    events = [json.loads(line) for line in record.read_text(encoding="utf-8").splitlines()]
    assert events[0]["game"] == "three-thirteen-speed" and len(events[0]["players"]) == 12
    assert sum(1 for e in events if e.get("event") == "hand_end") == 11
    assert "SPD.8" in out and "Traceback" not in err
    code, out, err = tutor(capsys, monkeypatch, ["--lang", lang, "replay", str(record), "--all"])
    assert code == 0, err
    assert "*" in out  # wild cards in melds and left-over cards are marked
    if lang == "en":  # each hand's end goes on with every seat's scoring and total
        last = out.split("Hand 11 is over.")[1]
        assert out.count("Player 12: ") == 11
        for seat, total in enumerate(events[-2]["totals"]):
            assert f"Player {seat + 1}: " in last and f"total {total}." in last


def session(console, players=6, seed=2, coach=True, clock=None):
    state = State(players, Chance(random.Random(seed)))
    return SpeedSession(console, state, "normal", random.Random(seed), 0, True, None, coach=coach, clock=clock), state


def test_the_learner_plays_eleven_hands_to_the_end():
    console = Scripted()
    s, state = session(console, players=12)
    assert s.run() == "over"
    assert state.is_over and len(state.history) == 11
    assert "Pile on your right (Bot 12):" in console.text and "Caller:" in console.text


def test_a_false_match_is_turned_down_and_play_goes_on():
    console = Scripted(["match", "middle"])
    s, state = session(console, players=4, seed=5)
    assert not state.can_match(0)
    s.intro()
    for action in s.learner_actions():
        s.act(action)
    assert "SPD.9" in console.text and "No penalty" in console.text
    assert "Coach: Not a match yet" not in console.text  # the refusal already says which cards
    assert state.totals == [0, 0, 0, 0] and 0 in state.to_act  # the learner chooses again
    while "You took" not in console.text:
        for action in s.learner_actions():
            s.act(action)
        s.bots_act()


def test_the_clock_warns_once_then_the_caller_chooses():
    console = Scripted(timeout_always=True)
    s, state = session(console, players=3, seed=1, coach=False, clock=5)
    s.intro()
    for _ in range(6):  # the window, the draw and the discard, each timed out twice
        if "The caller discards" in console.text:
            break
        for action in s.learner_actions():
            s.act(action)
        s.bots_act()
    assert "The caller waits for you once more: 5 seconds." in console.text
    assert "The caller draws from the middle for you." in console.text
    assert "The caller discards" in console.text
    assert console.timeouts % 2 == 0 and console.timeouts >= 4
    assert len(state.hands[0]) == state.size


def test_clock_is_for_speed_only(capsys, monkeypatch):
    code, out, err = tutor(capsys, monkeypatch, ["play", "33", "--clock", "5"])
    assert code == 2 and "3-13 Speed" in err and "Traceback" not in err
    code, out, err = tutor(capsys, monkeypatch, ["--lang", "de", "play", "speed", "--clock", "0"])
    assert code == 2 and "Traceback" not in err


def test_piped_play_in_lithuanian_errors_are_one_line(capsys, monkeypatch):
    code, out, err = tutor(capsys, monkeypatch, ["--lang", "lt", "play", "speed", "--seed", "4", "--players", "5"],
                           "nonsense\nZZ\n")
    assert code == 0 and "Traceback" not in err
    assert out.count("SPD.") >= 1


def test_too_many_players_is_one_line(capsys, monkeypatch):
    code, out, err = tutor(capsys, monkeypatch, ["--lang", "ru", "play", "speed", "--players", "13"])
    assert code == 2 and "SPD.1" in err and len(err.strip().splitlines()) == 1


def test_drills_and_lessons_run(capsys, monkeypatch):
    code, out, err = tutor(capsys, monkeypatch, ["drill", "speed", "--skill", "pile-or-middle", "--count", "1"],
                           "middle\n")
    assert code == 0, err
    assert "Good draw" in out or "was better" in out
    code, out, err = tutor(capsys, monkeypatch, ["check", "lessons/three-thirteen-speed"])
    assert code == 0, out + err


def test_a_match_shows_its_wild_cards_marked(capsys, monkeypatch, tmp_path):
    # Seed 3, four bots: in hand 1 (threes wild) seat 3 matches with 3♥ standing for 7♥.
    record = tmp_path / "speed.jsonl"
    code, out, err = tutor(capsys, monkeypatch, ["play", "speed", "--auto", "--players", "4", "--seed", "3",
                                                 "--record", str(record)])
    assert code == 0 and "Player 4 calls match: [6♥ 3♥* 8♥] (SPD.7)." in out
    assert '"_wild":' not in record.read_text(encoding="utf-8")  # shown, never recorded
    code, out, err = tutor(capsys, monkeypatch, ["replay", str(record), "--all"])
    assert code == 0 and "Player 4 calls match: [6♥ 3♥* 8♥] (SPD.7)." in out
