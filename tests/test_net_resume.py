"""A host that dies mid-game: the record reopens the table, the players rejoin by name and finish.

Real sockets on 127.0.0.1; the players are protocol-level clients that pick a legal decision
whenever the table waits for them (so every game is driven the same way); the record written
before the host died and the one continued after it replay on the engine, event by event.
"""

from __future__ import annotations

import importlib
import random
import threading
from pathlib import Path
from typing import Any

import pytest

from tests.nethelp import Hosted, RawClient, until
from tutor.cli.table import resumed
from tutor.games import GAMES
from tutor.net.host import OnDrop
from tutor.records import RecordWriter

GAME_IDS = ["thirty-three", "three-thirteen", "three-thirteen-speed", "toepen"]


class AutoPlayer:
    """A seat played by picking a legal decision (no knocks, when something else is legal)."""

    def __init__(self, port: int, code: str, name: str, stop_after: int | None = None) -> None:
        self.client = RawClient(port)
        self.welcome = self.client.hello(code, name)
        assert self.welcome["type"] == "welcome", self.welcome
        self.acts = 0
        self.stop_after = stop_after
        self.result: str | None = None
        self.rng = random.Random(name)
        self.thread = threading.Thread(target=self.run, daemon=True)
        self.thread.start()

    def run(self) -> None:
        try:
            while True:
                message = self.client.next(timeout=60)
                if message["type"] == "over":
                    self.result = "over"
                    return
                if message["type"] not in ("update", "refused", "error"):
                    continue
                view = message.get("view") if message["type"] == "update" else self.last
                if message["type"] == "update":
                    self.last = view
                if not view or not view.get("waiting") or not view.get("legal"):
                    continue
                if self.stop_after is not None and self.acts >= self.stop_after:
                    continue  # this player thinks for a long time: the table waits for them
                choices = [a for a in view["legal"] if a.get("event") != "knock"] or view["legal"]
                self.client.send({"type": "act", "action": self.rng.choice(choices), "coach": False})
                self.acts += 1
        except (ConnectionError, OSError, AssertionError):
            self.result = "closed"

    last: dict[str, Any] | None = None


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_the_host_dies_and_the_table_resumes_from_its_record(game_id: str, tmp_path: Path, monkeypatch) -> None:
    # The players here answer at once, and a game of 3-13 Speed is hundreds of decisions each: the
    # flood limit (tested in test_net_core) would slow them to 20 a second, minutes for one game.
    monkeypatch.setattr("tutor.net.host.RATE", 10_000.0)
    game = next(g for g in GAMES if g.id == game_id)
    try:
        net = importlib.import_module(game.module + ".net").NET
    except ModuleNotFoundError:
        pytest.skip(f"{game_id} has no network adapter yet")
    kit = game.kit()
    options = kit.parse_options({})
    state = kit.new_state(3, options, random.Random(7))
    path = tmp_path / "table.jsonl"
    header = {"game": game.id, "seed": 7, "options": kit.record_options(options, 3), "level": "easy",
              "players": ["host:Hal", "human:Ona", "human:Jan"]}
    writer = RecordWriter(path, header)
    first = Hosted(net, state, game=game.id, level="easy", start_when=2, on_drop=OnDrop.BOT, record=writer.write,
                   options=header["options"])
    ona, jan = AutoPlayer(first.port, first.code, "Ona", stop_after=1), AutoPlayer(first.port, first.code, "Jan")
    # Mid-game: Ona has made a decision and the table waits for her next one.
    until(lambda: ona.acts >= 1 and 1 in net.to_act(state), 60, "the table to wait for Ona")
    assert not state.is_over
    first.close()  # the host dies; its record has every event so far
    writer.close()
    until(lambda: ona.result == "closed" and jan.result == "closed", 20, "the clients to see the table gone")
    before = len(path.read_text(encoding="utf-8").splitlines())

    found_game, found_kit, again, found_header, names, host_seat = resumed(path)
    assert found_game.id == game.id and names == ["Hal", "Ona", "Jan"] and host_seat == 0
    assert again.current_player == state.current_player or hasattr(again, "to_act")
    more = RecordWriter(path, None, append=True)
    second = Hosted(net, again, game=game.id, level="easy", players_names=names, host_seat=0, on_drop=OnDrop.BOT,
                    record=more.write, options=found_header["options"], started=True, seed=8)
    ona2, jan2 = AutoPlayer(second.port, second.code, "Ona"), AutoPlayer(second.port, second.code, "Jan")
    assert ona2.welcome["rejoined"] and ona2.welcome["seat"] == 1 and jan2.welcome["seat"] == 2
    second.finished(timeout=240)
    until(lambda: ona2.result == "over" and jan2.result == "over", 30, "both players to see the end")
    second.close()
    more.close()
    lines = path.read_text(encoding="utf-8").splitlines()
    assert len(lines) > before
    # The whole record, before and after the host died, replays on the engine.
    from tutor.records import read_record

    header2, events = read_record(path, lambda h: kit.record_shape)
    last = None
    for _event, last in kit.replay(header2, events):
        pass
    assert last is not None and last.is_over and events[-1]["event"] == "game_over"
