"""Three Thirteen records: every game written replays to the same end; a tampered record is caught."""

from __future__ import annotations

import random

import pytest

from tutor.cards import Card
from tutor.games.three_thirteen import bots
from tutor.games.three_thirteen.engine import Chance, Discard, Draw, Options, Phase, State
from tutor.games.three_thirteen.replay import replay
from tutor.records import RecordError, RecordWriter, read_record
import helpers
from helpers import replay_error, tamper

OPTION_SETS = [
    Options(),
    Options(aces="both", face_points="11-13"),
    Options(natural_required=True, no_early_out=True),
    Options(max_one_wild=True, decks=4),
]


def play_recorded(
    path, seed, players, options, levels=("easy", "normal", "hard"), first_round=1, rounds=11, actions=100_000
):
    """Plays a seeded game with bots (stopping after `rounds` rounds or `actions` actions), writing its record."""
    rng = random.Random(seed)
    state = State(players, options, Chance(rng), first_round=first_round)
    seats = [levels[(seed + q) % len(levels)] for q in range(players)]
    writer = RecordWriter(path, {"game": "three-thirteen", "seed": seed, "players": [f"bot:{s}" for s in seats],
                                 "options": options.to_record(players)})
    writer.write(state.opening)
    played = 0
    while not state.is_over and played < rounds and actions > 0:
        actions -= 1
        level = seats[state.current]
        if level == "random":
            action = rng.choice(state.legal_actions())
        else:
            action = bots.choose(level, state, rng).action
        events = state.apply(action)
        writer.write(events)
        played += sum(e["event"] == "round_end" for e in events)
    writer.close()
    return state


def replayed(path) -> State:
    return helpers.replayed(path, replay)


@pytest.mark.parametrize("index", range(len(OPTION_SETS)))
def test_every_record_replays_to_the_same_end(tmp_path, index):
    for seed in range(3):
        players = 2 + (seed * 3 + index * 2) % 7
        path = tmp_path / f"game{seed}.jsonl"
        played = play_recorded(path, seed, players, OPTION_SETS[index])
        last = replayed(path)
        assert last.is_over and played.is_over
        assert last.totals == played.totals and last.winners == played.winners
        assert last.history == played.history
        assert same_cards(last.hands, played.hands)


def same_cards(hands, others) -> bool:
    """Hands hold the same cards by code (the replay may pick another copy of an identical card)."""
    return [sorted(c.code for c in h) for h in hands] == [sorted(c.code for c in h) for h in others]


def test_partial_and_late_start_records_replay(tmp_path):
    for seed, players, first in [(11, 8, 9), (12, 5, 11), (13, 7, 1), (14, 6, 6)]:
        path = tmp_path / f"part{seed}.jsonl"
        played = play_recorded(path, seed, players, Options(), first_round=first, rounds=2)
        last = replayed(path)
        assert last.round == played.round and last.totals == played.totals and last.phase == played.phase
        assert same_cards(last.hands, played.hands)
        assert [c.code for c in last.stock] == [c.code for c in played.stock]


def test_records_with_refilled_stocks_replay(tmp_path):
    # Random seats make long rounds: with two players and one deck the stock runs out.
    recycles = 0
    for seed in range(3):
        path = tmp_path / f"long{seed}.jsonl"
        played = play_recorded(path, seed, 2, Options(), levels=("random",), actions=400)
        header, events = read_record(path)
        recycles += sum(e["event"] == "recycle" for e in events)
        last = replayed(path)
        assert last.totals == played.totals and last.round == played.round
        assert same_cards(last.hands, played.hands) and [c.code for c in last.discard] == [c.code for c in played.discard]
    assert recycles >= 3


def test_the_header_holds_the_options_and_decks_used(tmp_path):
    path = tmp_path / "game.jsonl"
    play_recorded(path, 3, 5, Options(aces="both"), rounds=1)
    header, events = read_record(path)
    assert header["game"] == "three-thirteen" and header["options"]["decks"] == 3
    assert header["options"]["aces"] == "both"
    assert [e["event"] for e in events[:3]] == ["round_start", "shuffle", "deal"]
    assert len(events[1]["stock"]) == 156


# --------------------------------------------------------------------------- tampering


def caught(path) -> RecordError:
    return replay_error(path, replay)


@pytest.fixture
def record(tmp_path):
    path = tmp_path / "game.jsonl"
    play_recorded(path, 7, 4, Options(), rounds=3)
    return path


def test_a_changed_penalty_is_caught(record):
    def change(event):
        event["penalties"][1] += 1

    line = tamper(record, lambda e: e.get("event") == "round_end", change)
    err = caught(record)
    assert err.message == "record_mismatch" and err.params["line"] == line


def test_a_changed_stock_card_is_caught(record):
    def change(event):
        event["card"] = "KS" if event["card"] != "KS" else "QS"

    line = tamper(record, lambda e: e.get("event") == "draw" and e["from"] == "stock", change)
    err = caught(record)
    assert err.message == "record_mismatch" and err.params["line"] == line


def test_a_discard_not_in_hand_is_caught(record):
    header, events = read_record(record)
    deal = next(e for e in events if e["event"] == "deal")
    first = next(e for e in events if e["event"] == "discard")
    held = set(deal["hands"][first["player"]]) | {e["card"] for e in events if e["event"] == "draw"}
    stranger = next(c.code for c in State(4).deck if c.code not in held)

    def change(event):
        event["card"] = stranger

    line = tamper(record, lambda e: e.get("event") == "discard", change)
    err = caught(record)
    assert err.message == "record_illegal" and err.params["line"] == line


def test_a_changed_shuffle_is_caught(record):
    def change(event):
        event["stock"][0], event["stock"][1] = event["stock"][1], event["stock"][0]
        if event["stock"][0] == event["stock"][1]:
            event["stock"][0], event["stock"][5] = event["stock"][5], event["stock"][0]

    line = tamper(record, lambda e: e.get("event") == "shuffle", change)
    err = caught(record)
    assert err.message == "record_mismatch" and err.params["line"] == line + 1  # the deal no longer agrees


def test_a_shuffle_with_a_card_swapped_for_another_is_caught(record):
    def change(event):
        event["stock"][-1] = "AS" if event["stock"][-1] != "AS" else "2S"

    line = tamper(record, lambda e: e.get("event") == "shuffle", change)
    err = caught(record)
    assert err.message == "record_mismatch" and err.params["line"] == line


def test_a_record_cut_in_the_middle_of_a_move_is_caught(record):
    lines = record.read_text(encoding="utf-8").splitlines()
    end = next(n for n, line in enumerate(lines) if '"round_end"' in line)
    record.write_text("\n".join(lines[: end]) + "\n", encoding="utf-8")  # the discard, without its round_end
    err = caught(record)
    assert err.message == "record_truncated"


def test_a_record_stopped_between_moves_replays_to_that_point(record):
    lines = record.read_text(encoding="utf-8").splitlines()
    record.write_text("\n".join(lines[:14]) + "\n", encoding="utf-8")
    last = replayed(record)
    assert not last.is_over and last.round == 1


# --------------------------------------------------------------------------- identical cards


def test_replay_picks_a_discardable_copy_of_an_identical_card():
    # Seat 0 holds 7H (deck 0) and takes 7H (deck 1) from the pile: "discard 7H" can only be deck 0's.
    state = State(2, Options(decks=2), Chance(random.Random(1)))
    state.round = 1
    state.current = 0
    state.phase = Phase.DRAW
    mine, theirs = Card(7, "H", 0), Card(7, "H", 1)
    state.hands[0] = [Card(9, "C"), mine, Card(5, "D")]
    state.discard = [theirs]
    state.apply(Draw("discard"))
    assert state.find_card("7H") == mine
    assert state.apply(Discard(state.find_card("7H")))[0] == {"event": "discard", "player": 0, "card": "7H"}
    assert theirs in state.hands[0]
