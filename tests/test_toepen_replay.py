"""Toepen records: every rubber written replays to the same end; a tampered record is caught."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from tutor.games.base import Chance
from tutor.games.toepen.engine import DECISION_EVENTS, Knock, Options, Play, State
from tutor.games.toepen.replay import record_rubber, replay
from tutor.records import RecordError, read_record
import helpers
from helpers import replay_error, tamper

EXAMPLE = Path(__file__).resolve().parents[1] / "docs" / "examples" / "toepen.jsonl"

TABLES = [
    (("normal", "hard", "easy", "normal"), Options()),
    (("easy", "easy", "easy"), Options(customs=True, limit=15)),
    (("normal", "easy", "normal", "easy", "easy", "normal", "easy"), Options(end="last-survivor")),
    (("hard", "easy"), Options(two=True)),
    (("easy",) * 8, Options(end="last-survivor", customs=True)),
]


def replayed(path) -> State:
    return helpers.replayed(path, replay)


@pytest.mark.parametrize("index", range(len(TABLES)))
def test_every_record_replays_to_the_same_end(tmp_path, index):
    levels, options = TABLES[index]
    for seed in range(2):
        path = tmp_path / f"rubber{seed}.jsonl"
        played = record_rubber(path, seed, levels, options)
        last = replayed(path)
        assert last.is_over and played.is_over
        assert last.points == played.points and last.losers == played.losers and last.winners == played.winners
        assert last.hand_number == played.hand_number and last.hand_winners == played.hand_winners


def test_the_example_in_the_docs_replays():
    header, events = read_record(EXAMPLE)
    assert header["game"] == "toepen" and len(header["players"]) == 4
    last = replayed(EXAMPLE)
    assert last.is_over and events[-1]["event"] == "game_over"
    assert events[-1]["losers"] == last.losers and events[-1]["totals"] == last.points
    kinds = {e["event"] for e in events}
    assert {"deal", "exchange", "challenge", "knock", "stay", "fold", "play", "trick", "hand_end", "lose"} <= kinds


def test_the_header_and_first_deal(tmp_path):
    path = tmp_path / "r.jsonl"
    record_rubber(path, 4, ("normal", "normal", "normal"), Options(limit=15))
    header, events = read_record(path)
    assert header["options"] == {"limit": 15, "end": "first-loser", "customs": False, "two": False}
    deal = events[0]
    assert deal["event"] == "deal" and len(deal["stock"]) == 32 and deal["hand"] == 1
    assert all(len(h) == 4 for h in deal["hands"])


def test_each_decision_writes_the_event_a_replay_reads_back():
    """`DECISION_EVENTS` is what the replay turns record lines into: it must match what `apply` writes."""
    seen = set()
    for seed in range(6):
        rng = random.Random(seed)
        state = State(4, Options(customs=True), Chance(rng))
        while not state.is_over:
            knockers = state.knockers()
            actions = state.legal_actions() + [Knock(s) for s in knockers]
            action = rng.choice(actions)
            first = state.apply(action)[0]
            if isinstance(action, Play):
                assert first["event"] == "play" and first["card"] == action.card.code
                continue
            assert DECISION_EVENTS[first["event"]] is type(action), (first, action)
            seen.add(first["event"])
    assert seen == set(DECISION_EVENTS)


# --------------------------------------------------------------------------- tampering


@pytest.fixture
def record(tmp_path):
    path = tmp_path / "rubber.jsonl"
    record_rubber(path, 79, ("normal", "hard", "easy", "normal"))
    return path


def caught(path) -> RecordError:
    return replay_error(path, replay)


def test_a_changed_penalty_is_caught(record):
    def change(event):
        event["penalties"][event["winner"]] += 1

    line = tamper(record, lambda e: e.get("event") == "hand_end", change)
    err = caught(record)
    assert err.message == "record_mismatch" and err.params["line"] == line


def test_a_card_not_in_hand_is_caught(record):
    header, events = read_record(record)
    first = next(e for e in events if e["event"] == "play")
    deal = events[0]
    stranger = next(code for code in deal["stock"][::-1] if all(code not in h for h in deal["hands"]))

    def change(event):
        event["card"] = stranger

    line = tamper(record, lambda e: e.get("event") == "play", change)
    assert first["_line"] == line
    err = caught(record)
    assert err.message == "record_illegal" and err.params["line"] == line


def test_a_knock_by_the_last_knocker_is_caught(record):
    header, events = read_record(record)
    knocks = [e for e in events if e["event"] == "knock"]
    first = knocks[0]
    # a second knock right after the first, by the same player
    lines = record.read_text(encoding="utf-8").splitlines()
    answers = [e for e in events if e["_line"] > first["_line"] and e["event"] in ("stay", "fold")]
    after = answers[0]["_line"]
    k = after  # index of the line after the first answer
    while json.loads(lines[k])["event"] in ("stay", "fold"):
        k += 1
    lines.insert(k, json.dumps({"event": "knock", "player": first["player"], "stake": first["stake"] + 1}))
    record.write_text("\n".join(lines) + "\n", encoding="utf-8")
    err = caught(record)
    assert err.message in ("record_illegal", "record_mismatch") and err.params["line"] == k + 1


def test_a_changed_shuffle_is_caught(record):
    def change(event):
        event["stock"][0], event["stock"][1] = event["stock"][1], event["stock"][0]

    line = tamper(record, lambda e: e.get("event") == "deal", change)
    err = caught(record)
    assert err.message == "record_mismatch" and err.params["line"] == line


def test_a_shuffle_missing_a_card_is_caught(record):
    def change(event):
        event["stock"][-1] = event["stock"][0]

    tamper(record, lambda e: e.get("event") == "deal" and e["hand"] == 2, change)
    err = caught(record)
    assert err.message == "record_mismatch"


def test_a_changed_trick_winner_is_caught(record):
    def change(event):
        event["winner"] = (event["winner"] + 1) % 4

    line = tamper(record, lambda e: e.get("event") == "trick", change)
    err = caught(record)
    assert err.message == "record_mismatch" and err.params["line"] == line


def test_a_record_cut_in_the_middle_of_a_move_is_caught(record):
    lines = record.read_text(encoding="utf-8").splitlines()
    end = next(n for n, line in enumerate(lines) if '"trick"' in line)
    record.write_text("\n".join(lines[:end]) + "\n", encoding="utf-8")  # the last play, without its trick
    err = caught(record)
    assert err.message == "record_truncated"


def test_a_record_stopped_between_moves_replays_to_that_point(record):
    lines = record.read_text(encoding="utf-8").splitlines()
    end = next(n for n, line in enumerate(lines) if '"trick"' in line) + 1
    record.write_text("\n".join(lines[:end]) + "\n", encoding="utf-8")
    last = replayed(record)
    assert not last.is_over and last.tricks_done == 1 and last.hand_number == 1
