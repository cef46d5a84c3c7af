"""Toepen from the command line and at the trainer: bot rubbers and replays in every language,
a learner's rubber through a scripted console, errors, and knocking during a bot's turn."""

from __future__ import annotations

import json
import random

import pytest

from tutor.games.base import Chance
from tutor.games.toepen.engine import Phase, State
from tutor.games.toepen.options import Options
from tutor.games.toepen.session import ToepenSession
from helpers import Scripted, tutor

LANGS = ["en", "lt", "de", "fr", "es", "ru", "cs", "nb"]


@pytest.mark.parametrize("lang", LANGS)
def test_bots_play_a_rubber_and_it_replays_in_every_language(capsys, monkeypatch, tmp_path, lang):
    record = tmp_path / "toepen.jsonl"
    code, out, err = tutor(capsys, monkeypatch, ["--lang", lang, "play", "toepen", "--auto", "--level", "normal",
                                                 "--seed", "3", "--record", str(record)])
    assert code == 0, err
    events = [json.loads(line) for line in record.read_text(encoding="utf-8").splitlines()]
    assert events[0]["game"] == "toepen" and len(events[0]["players"]) == 4
    assert events[-1]["event"] == "game_over"
    assert "TOE.2" in out and "Traceback" not in err
    code, out, err = tutor(capsys, monkeypatch, ["--lang", lang, "replay", str(record), "--all"])
    assert code == 0, err
    assert "Traceback" not in err


@pytest.mark.parametrize("argv", [
    ["play", "toepen", "--option", "limit=7"],
    ["play", "toepen", "--option", "colour=blue"],
    ["play", "toepen", "--players", "2"],
    ["play", "toepen", "--players", "9"],
    ["--lang", "de", "play", "toepen", "--option", "end=never"],
])
def test_bad_options_are_one_line_and_exit_2(capsys, monkeypatch, argv):
    code, out, err = tutor(capsys, monkeypatch, argv)
    assert code == 2
    assert len(err.strip().splitlines()) == 1 and "Traceback" not in err


def test_rules_and_games_list_toepen(capsys, monkeypatch):
    code, out, err = tutor(capsys, monkeypatch, ["rules", "toepen"])
    assert code == 0 and "TOE.1" in out and "TOE.14" in out and "last-survivor" in out
    code, out, err = tutor(capsys, monkeypatch, ["games"])
    assert code == 0 and "toepen" in out


class Quiet(Scripted):
    """Goes on at every knock offer (Enter), otherwise answers with the first choice."""

    def ask(self, prompt, choices=(), toolbar="", timeout=None):
        if "Enter to go on" in prompt and not self.script:
            self.lines.append(prompt)
            return ""
        return super().ask(prompt, choices, toolbar, timeout)


def session(console, players=4, seed=2, coach=True, level="normal", state=None):
    state = state or State(players, Options(), Chance(random.Random(seed)))
    return ToepenSession(console, state, level, random.Random(seed), 0, True, None, coach=coach), state


def test_the_learner_plays_a_rubber_to_the_end():
    console = Quiet()
    s, state = session(console, seed=4)
    assert s.run() == "over"
    assert state.is_over and state.losers
    assert "Your hand:" in console.text and "Penalty points (limit 10)" in console.text
    assert "The rubber is over" in console.text or "last one left" in console.text


def test_the_learner_knocking_at_every_chance_still_ends_the_rubber():
    console = Scripted()  # the first choice of a knock offer is the knock
    s, state = session(console, seed=7, coach=False, level="easy")
    assert s.run() == "over"
    assert "You knock!" in console.text


def test_an_illegal_card_is_one_line_with_the_clause_then_the_prompt_again():
    state = State.from_position(["8H 9S 10S", "KH QC AD", "JH 7D 9D", "8D JC"], dealer=2,
                                trick=[(3, "KS")], tricks_done=1, leader=3)
    # seat 0 is to play after seat 3 led a spade; 8H does not follow although 9S and 10S do
    assert state.current == 0 and state.led_suit == "S"
    console = Scripted(["8H"])
    s, _ = session(console, state=state)
    before = len(console.lines)
    assert s.learner_action() is None
    errors = [line for line in console.lines[before:] if "TOE.5" in line]
    assert len(errors) == 1 and ("9S" in errors[0] or "10S" in errors[0])
    console.script = ["9S"]
    action = s.learner_action()
    assert action is not None and action.card.code == "9S"


def test_the_learner_knocks_during_a_bots_turn():
    state = State.from_position(["10H 10S 10C 10D", "7H 7S 7C 7D", "8H 8S 8C 8D", "9H 9S 9C 9D"],
                                dealer=0)
    assert state.current == 1 and state.phase is Phase.PLAY
    console = Scripted(["knock"])
    s, _ = session(console, state=state, level="easy")
    s.bot_turn()
    assert "You knock! The hand is now worth 2 (TOE.7)." in console.text
    assert state.last_knocker == 0 and state.stake == 2
    assert any("Bot 2 is to play" in p for p in console.prompts)


def test_the_knock_offer_goes_on_with_enter_and_is_made_once_per_moment():
    state = State.from_position(["10H 10S 10C 10D", "7H 7S 7C 7D", "8H 8S 8C 8D", "9H 9S 9C 9D"],
                                dealer=0)
    console = Scripted(["", ""])
    s, _ = session(console, state=state, level="normal")
    s.bot_turn()  # Enter: Bot 2 plays its card
    assert state.stake == 1 and len(state.trick) == 1
    assert sum("is to play" in p for p in console.prompts) == 1
    s.bot_turn()  # a new moment, a new offer: Bot 3 plays
    assert state.stake == 1 and len(state.trick) == 2
    assert sum("is to play" in p for p in console.prompts) == 2


def test_why_shows_bot_reasons_and_words_in_the_learners_language(capsys, monkeypatch):
    console = Quiet(["why"])
    s, state = session(console, seed=5)
    s.intro()
    while state.current_player != 0:
        s.bot_turn()
    s.learner_action()
    assert "No bot has played yet." in console.text or "Bot " in console.text


@pytest.mark.parametrize("argv", [
    ["play", "toepen", "--option", "limit=²"],
    ["play", "toepen", "--option", "limit=" + "1" * 4301],
    ["play", "3-13", "--option", "decks=²"],
    ["play", "3-13", "--option", "decks=" + "9" * 4301],
    ["analyze", "3-13", "--round", "3", "--option", "decks=³", "QH", "10H", "10C"],
])
def test_odd_numbers_in_options_are_one_line_and_exit_2(capsys, monkeypatch, argv):
    code, out, err = tutor(capsys, monkeypatch, argv)
    assert code == 2, err
    assert len(err.strip().splitlines()) == 1 and "Traceback" not in err


def test_a_slip_at_the_knock_offer_is_one_line_and_the_offer_again():
    state = State.from_position(["10H 10S 10C 10D", "7H 7S 7C 7D", "8H 8S 8C 8D", "9H 9S 9C 9D"],
                                dealer=0)
    console = Scripted(["knokc", "²", "knock"])  # a typo must not cost the chance to knock
    s, _ = session(console, state=state, level="easy")
    s.bot_turn()
    assert console.text.count("Type \u201cknock\u201d, or press Enter to go on.") == 2
    assert state.last_knocker == 0 and state.stake == 2
    assert sum("Bot 2 is to play" in p for p in console.prompts) == 3


def test_stay_or_fold_answers_a_slip_with_the_two_words():
    state = State.from_position(["10H 10S 10C 10D", "7H 7S 7C 7D", "8H 8S 8C 8D", "9H 9S 9C 9D"],
                                dealer=1)
    console = Scripted(["knock"])
    s, _ = session(console, state=state, level="easy", coach=False)
    while state.phase is not Phase.ANSWER or state.current != 0:
        s.bot_turn() if state.current != 0 else s.act(s.learner_action())
    console.script = ["10H", "²", "1" * 4301, "stay"]
    assert s.learner_action() is None and s.learner_action() is None and s.learner_action() is None
    assert console.text.count("Type \u201cstay\u201d or \u201cfold\u201d.") == 3
    assert type(s.learner_action()).__name__ == "Stay"
