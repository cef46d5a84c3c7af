"""3-13 Speed: seeded self-play with invariants, and records that replay."""

from __future__ import annotations

import json
import random
from collections import Counter
from pathlib import Path

import pytest

from tutor.games.base import Chance
from tutor.games.speed import bots
from tutor.games.speed.engine import HANDS, Phase, State
from tutor.games.speed.replay import replay
from tutor.records import RecordError, RecordWriter, read_record

DECK = Counter({(r, s): 4 for r in range(1, 14) for s in "CDHS"})


def check(state: State) -> None:
    every = [c for h in state.hands for c in h] + [c for p in state.piles for c in p] + state.middle
    assert len(every) == 208 and len(set(every)) == 208
    n = state.size
    for p in range(state.players):
        size = len(state.hands[p])
        if state.phase is Phase.DISCARD and p in state.playing:
            assert size == n + 1
        else:
            assert size == n
    assert state.totals == [sum(h[p] for h in state.history) for p in range(state.players)]


def play(seed: int, players: int, levels: list[str], record: list | None = None) -> State:  # type: ignore[type-arg]
    rng = random.Random(seed)
    state = State(players, Chance(random.Random(seed)))
    if record is not None:
        record += state.opening
    hands_seen = 0
    while not state.is_over:
        check(state)
        before = state.phase
        for seat, choice in bots.choose_all(levels, state, rng, state.to_act):
            events = state.apply(choice.action)
            if record is not None:
                record += events
            for event in events:
                if event["event"] == "hand_end":
                    hands_seen += 1
                    assert sorted(event["matched"]) == event["matched"]
                    assert all(event["penalties"][p] == 0 for p in event["matched"])
                    assert all(pen >= 0 for pen in event["penalties"])
                if event["event"] == "cycle":
                    assert len(event["discards"]) == players
                    assert sum(code is not None for code in event["discards"]) == len(event["draws"])
        assert state.phase is not before or state.is_over or before is Phase.MATCH
    assert hands_seen == HANDS
    assert state.winners and all(state.totals[w] == min(state.totals) for w in state.winners)
    return state


@pytest.mark.parametrize("players", [2, 3, 5, 8, 12])
def test_selfplay_invariants(players: int) -> None:
    for seed in range(6 if players < 8 else 3):
        levels = [random.Random(seed * 31 + p).choice(["easy", "normal", "hard"]) for p in range(players)]
        play(seed, players, levels)


def test_empty_middle_rebuilt_in_long_hands() -> None:
    """Twelve players who never match empty the middle of hand 11 within a few cycles (SPD.10)."""
    rng = random.Random(5)
    state = State(12, Chance(random.Random(5)), first_hand=HANDS)
    rebuilt = []
    for _ in range(30):
        for p in list(state.to_act):
            actions = state.legal_actions(p)
            action = actions[-1] if state.phase is Phase.MATCH else rng.choice(actions)  # Pass, or at random
            for event in state.apply(action):
                rebuilt += event.get("rebuilt", [])
        check(state)
    assert rebuilt and all(rebuilt)
    assert all(len(p) >= 1 for p in state.piles)


def _write(tmp_path: Path, seed: int, players: int) -> Path:
    events: list = []  # type: ignore[type-arg]
    play(seed, players, ["normal"] * players, events)
    path = tmp_path / "speed.jsonl"
    writer = RecordWriter(path, {"game": "three-thirteen-speed", "seed": seed,
                                 "players": ["bot:normal"] * players, "options": {"decks": 4}})
    writer.write(events)
    writer.close()
    return path


def test_record_replays_and_checks_every_line(tmp_path: Path) -> None:
    path = _write(tmp_path, 11, 6)
    header, events = read_record(path)
    seen = [e for e, _ in replay(header, events)]
    assert len(seen) == len(events) and seen[-1]["event"] == "game_over"


def test_edited_record_is_refused(tmp_path: Path) -> None:
    path = _write(tmp_path, 12, 4)
    lines = path.read_text().splitlines()
    i = next(i for i, line in enumerate(lines) if '"event": "cycle"' in line)
    cycle = json.loads(lines[i])
    cycle["discards"] = [code if code is None else ("KS" if code != "KS" else "QS") for code in cycle["discards"]]
    lines[i] = json.dumps(cycle)
    path.write_text("\n".join(lines) + "\n")
    header, events = read_record(path)
    with pytest.raises(RecordError) as err:
        list(replay(header, events))
    assert err.value.params["line"] == i + 1


def test_documented_example_replays() -> None:
    path = Path(__file__).parent.parent / "docs" / "examples" / "speed.jsonl"
    header, events = read_record(path)
    assert header["game"] == "three-thirteen-speed"
    assert [e for e, _ in replay(header, events)][-1]["event"] == "game_over"
