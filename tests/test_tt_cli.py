"""Three Thirteen from the command line: play, replay, rules and analyze, in two languages."""

from __future__ import annotations

import json

import pytest

from helpers import tutor


@pytest.mark.parametrize("lang", ["en", "cs"])
def test_a_full_bots_game_records_and_replays(capsys, monkeypatch, tmp_path, lang):
    record = tmp_path / "tt.jsonl"
    code, out, err = tutor(capsys, monkeypatch, ["--lang", lang, "play", "3-13", "--auto", "--seed", "7",
                                                 "--players", "3", "--record", str(record)])
    assert code == 0, err
    events = [json.loads(line) for line in record.read_text(encoding="utf-8").splitlines()]
    assert events[0]["game"] == "three-thirteen"
    assert sum(1 for e in events if e.get("event") == "round_end") == 11
    assert events[-1]["event"] == "game_over"
    code, out, err = tutor(capsys, monkeypatch, ["--lang", lang, "replay", str(record), "--all"])
    assert code == 0, err
    # Every round's end goes on with each hand's scoring and running total, its wild cards marked.
    assert out.count("*") > 0 and '"_wild":' not in record.read_text(encoding="utf-8")  # shown, never recorded
    if lang == "en":
        assert out.count("Player 2: ") == 11
        last = out.split("Round 11 is over.")[1]
        for seat, total in enumerate(events[-2]["totals"]):
            assert f"Player {seat + 1}: " in last and f"total {total}." in last
        kings = [c for a in events[-2]["arrangements"] for m in a["melds"] + [a["deadwood"]] for c in m if c[0] == "K"]
        assert all(f"K{'♣♦♥♠'['CDHS'.index(c[1])]}*" in last for c in kings)  # kings are wild in round 11


def test_the_learner_draws_and_discards_with_one_line_errors(capsys, monkeypatch):
    # Seed 4, three players: the learner deals, then holds A♠ K♦ 3♦ (3 is wild in round 1).
    code, out, err = tutor(capsys, monkeypatch, ["play", "3-13", "--seed", "4", "--players", "3", "--coach"],
                           "nonsense\nstock\nfoo\n2C\n3D\n")
    assert code == 0
    assert "TT.5" in out  # drawing by a wrong word, and a card not in hand, cite TT.5
    assert "is not a card" in out
    assert "You discard 3♦." in out
    assert "Coach: You could have gone out by discarding K♦ (TT.8)." in out


def test_discarding_the_card_that_goes_out_without_saying_out_is_named(capsys, monkeypatch):
    # Seed 4, three players: after drawing, discarding K♦ would go out; typed alone, it is a plain discard.
    code, out, err = tutor(capsys, monkeypatch, ["play", "3-13", "--seed", "4", "--players", "3", "--coach"],
                           "stock\nKD\n")
    assert code == 0
    assert "Coach: You could have gone out with K♦: \u201cout KD\u201d shows your melds and goes out (TT.8)." in out
    code, out, err = tutor(capsys, monkeypatch, ["--lang", "de", "play", "3-13", "--seed", "4", "--players", "3",
                                                 "--coach"], "stapel\nKD\n")
    assert code == 0 and "„raus KD“" in out and "K♦" in out


def test_a_card_typed_with_its_suit_symbol_but_not_held_is_one_line(capsys, monkeypatch):
    # Seed 4, three players: the learner holds A♠ K♦ 3♦ and draws; 7♦ is not in the hand.
    code, out, err = tutor(capsys, monkeypatch, ["--lang", "de", "play", "3-13", "--seed", "4", "--players", "3"],
                           "stock\n7♦\nq♣\n3D\n")
    assert code == 0 and "Traceback" not in out + err
    assert out.count("TT.5") >= 2 and "7♦" in out and "D♣" in out  # the queen shown as the German Dame


@pytest.mark.parametrize("typed", ["kd", "K♦", "k♦", "KD"])
def test_a_held_card_is_found_in_any_notation(capsys, monkeypatch, typed):
    # Seed 4, three players: the learner holds A♠ K♦ 3♦ and draws 3♦.
    code, out, err = tutor(capsys, monkeypatch, ["play", "3-13", "--seed", "4", "--players", "3"],
                           f"stock\n{typed}\n")
    assert code == 0 and "You discard K♦." in out and "do not hold" not in out


def test_going_out_needs_the_rest_in_melds(capsys, monkeypatch):
    code, out, err = tutor(capsys, monkeypatch, ["play", "3-13", "--seed", "4", "--players", "3"],
                           "stock\nout 3D\nout KD\n")
    assert "TT.8" in out and "You go out, discarding K♦: [A♠ 3♦* 3♦*] (TT.8)." in out  # wilds marked, as in the hand


def test_analyze_one_hand_in_text_and_json(capsys, monkeypatch):
    hand = "KH KS 2C 3C 4C 9D 9H 9S 5H 6H JD QD AD 7S".split()
    code, out, err = tutor(capsys, monkeypatch, ["analyze", "3-13", "--round", "11", *hand])
    assert code == 0 and "7S" in out
    code, out, err = tutor(capsys, monkeypatch, ["analyze", "3-13", "--round", "11", "--json", *hand])
    data = json.loads(out)
    assert set(data) == {"hand", "penalty", "melds", "deadwood", "can_go_out", "discards"}
    assert data["discards"][0] == {"card": "7S", "penalty": 1}


def test_analyze_reads_many_hands_and_reports_bad_lines(capsys, monkeypatch):
    lines = "2H 3H 4H AS\nbad card\n5H 5S 7C 8C\n5H 5H 5H 5H\n"
    code, out, err = tutor(capsys, monkeypatch, ["analyze", "3-13", "--round", "2", "--decks", "2"], lines)
    results = [json.loads(line) for line in out.splitlines()]
    assert code == 0 and len(results) == 4
    assert results[0]["can_go_out"] is True and results[0]["discards"][0]["card"] == "AS"
    assert "error" in results[1] and "error" in results[3]
    assert results[2]["penalty"] == 25 and results[2]["melds"] == []  # in round 2 the 4s are wild, not the 5s
    code, out, err = tutor(capsys, monkeypatch, ["analyze", "3-13", "--round", "3", "--json", "5H", "5S", "7C", "8C"])
    assert json.loads(out)["penalty"] == 0  # round 3: the 5s are wild and complete 7-8 of clubs


def test_the_documented_example_record_replays(capsys, monkeypatch):
    from pathlib import Path

    example = Path(__file__).resolve().parent.parent / "docs" / "examples" / "three-thirteen.jsonl"
    code, out, err = tutor(capsys, monkeypatch, ["replay", str(example), "--all"])
    assert code == 0, err
    assert "every move checked" in out
