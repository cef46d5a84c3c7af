"""Whatever a learner types, in any game and mode, the trainer answers it and goes on: random
answers (offered choices, cards in every notation, other games' words, junk, time running out)
never end in an exception."""

from __future__ import annotations

import random
import zlib

import pytest

from tutor.cli import run
from tutor.trainer import console as console_module
from tutor.trainer.console import Leave, TimeUp

JUNK = ["", " ", "xyz", "10", "1/11", "+7", "-3", "0", "AS", "10H", "QD", "KC", "7♦", "q♣", "T♥", "1s", "zz zz",
        "out", "out 7D", "out XX", "out 7♦", "why", "help", "rules", "hint", "knock", "stay", "fold", "throw",
        "keep", "challenge", "pass", "match", "middle", "pile", "stock", "discard", "|", "3H 4H 5H | 7S 7D 7C",
        "3H 3H 3H", "A♠ 2♠ 3♠", "ÄÖÜ", "日本", "x" * 300, "\t", "%s %d %(x)s", "{}", "-1", "99", "1e9", "'", '"']


class RandomLearner:
    """A console that answers at random: mostly one of the offered choices (never quit), else
    something from JUNK; now and then a timed question runs out. Leaves after `limit` answers."""

    def __init__(self, seed: int, limit: int) -> None:
        self.rng = random.Random(seed)
        self.limit = limit
        self.asked = 0
        self.lines: list[str] = []

    def show(self, fragments):
        self.lines.append(fragments if isinstance(fragments, str) else "".join(t for _, t in fragments))

    def ask(self, prompt, choices=(), toolbar="", timeout=None):
        from tutor.trainer.commands import command_word

        self.asked += 1
        if self.asked > self.limit:
            raise Leave("eof")
        r = self.rng.random()
        if timeout is not None and r < 0.05:
            raise TimeUp()
        offered = [c for c in choices if c != command_word("quit")]
        if offered and r < 0.75:
            return self.rng.choice(offered)
        return self.rng.choice(JUNK)


@pytest.mark.parametrize("game", ["thirty-three", "three-thirteen", "speed", "toepen"])
@pytest.mark.parametrize("mode", ["play", "learn", "drill"])
def test_random_answers_never_break_the_trainer(game, mode, monkeypatch, tmp_path):
    monkeypatch.setenv("TUTOR_HOME", str(tmp_path))
    for n, lang in enumerate(("en", "lt", "fr", "ru")):
        learner = RandomLearner(seed=zlib.crc32(f"{game} {mode} {lang}".encode()), limit=250)
        monkeypatch.setattr(console_module, "open_console", lambda *args, **kwargs: learner)
        argv = ["--lang", lang, mode, game]
        if mode == "play":
            argv += ["--seed", str(n), "--coach"]
            if game == "speed":
                argv += ["--players", str(3 + n)] + (["--clock", "5"] if n % 2 else [])
        code = run(argv)
        assert code == 0, (argv, learner.lines[-5:])
        assert learner.asked >= 1, (argv, learner.lines[-5:])  # it reached the table, not an error at once
