"""Records: every game written replays to the same end; a tampered record is caught."""

from __future__ import annotations

import json
import random

import pytest

from tutor.cli.main import run
from tutor.games.thirty_three import Chance, Options, State
from tutor.games.thirty_three import bots
from tutor.games.thirty_three.replay import replay
from tutor.records import RecordError, RecordWriter, read_record

OPTION_SETS = [
    Options(),
    Options(shuffle_recycle=True),
    Options(manual_draw=True),
    Options(forfeit=True),
    Options(deck={"+5": 8, "+3": 8, "-2": 4, "0": 4, "1/11": 4, "+-10": 4}, shuffle_recycle=True, forfeit=True),
]


def play_recorded(path, seed, players, options):
    rng = random.Random(seed)
    state = State(players, options, Chance(rng))
    writer = RecordWriter(path, {"game": "thirty-three", "seed": seed, "players": ["bot:normal"] * players,
                                 "options": options.to_record()})
    writer.write(state.opening)
    level = ["easy", "normal", "hard"][seed % 3]
    steps = 0
    while not state.is_over and steps < 3000:
        writer.write(state.apply(bots.choose(level, state, rng).action))
        steps += 1
    writer.close()
    return state


@pytest.mark.parametrize("index", range(len(OPTION_SETS)))
def test_every_record_replays_to_the_same_end(tmp_path, index):
    for seed in range(40):
        path = tmp_path / f"game{seed}.jsonl"
        players = 2 + seed % 7
        played = play_recorded(path, seed, players, OPTION_SETS[index])
        header, events = read_record(path)
        last = None
        for _, last in replay(header, events):
            pass
        assert last is not None and last.is_over
        assert last.loser == played.loser and last.total == played.total and last.hands == played.hands


def test_a_tampered_record_is_caught(tmp_path):
    path = tmp_path / "game.jsonl"
    play_recorded(path, 7, 4, Options())
    lines = path.read_text(encoding="utf-8").splitlines()
    for n, line in enumerate(lines):
        event = json.loads(line)
        if event.get("event") == "play":
            event["total"] += 1
            lines[n] = json.dumps(event)
            break
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    header, events = read_record(path)
    with pytest.raises(RecordError) as err:
        list(replay(header, events))
    assert err.value.message == "record_mismatch" and err.value.params["line"] == n + 1


def test_cli_record_and_replay_agree(tmp_path, capsys):
    path = tmp_path / "auto.jsonl"
    assert run(["play", "33", "--auto", "--seed", "21", "--players", "5", "--record", str(path)]) == 0
    header, events = read_record(path)
    assert header["record"] == 1 and header["game"] == "thirty-three" and header["seed"] == 21
    kinds = [e["event"] for e in events]
    assert kinds[:2] == ["shuffle", "deal"] and kinds[-1] == "game_over" and "lose" in kinds
    assert len(events[0]["stock"]) == 64
    capsys.readouterr()
    assert run(["--lang", "nb", "replay", str(path), "--all"]) == 0
    out = capsys.readouterr().out
    assert "33.8" in out


@pytest.mark.parametrize("content", ["", "not json\n", '{"record": 1}\n', '{"record": 1, "game": "thirty-three", "players": ["a", "b"]}\n{"event": "play"}\n'])
def test_damaged_records_are_one_clear_error(tmp_path, capsys, content):
    path = tmp_path / "bad.jsonl"
    path.write_text(content, encoding="utf-8")
    code = run(["replay", str(path), "--all"])
    captured = capsys.readouterr()
    assert code != 0 and "Traceback" not in captured.err
    assert captured.err.startswith("Error:")


def test_the_documented_example_replays(tmp_path):
    from pathlib import Path

    doc = (Path(__file__).resolve().parent.parent / "docs" / "records.md").read_text(encoding="utf-8")
    example = doc.split("```json\n")[1].split("```")[0]
    path = tmp_path / "example.jsonl"
    path.write_text(example, encoding="utf-8")
    header, events = read_record(path)
    states = [state for _, state in replay(header, events)]
    assert states[-1].is_over and states[-1].loser == events[-1]["loser"]
