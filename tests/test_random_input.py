"""Whatever a learner types, in any game and mode, the trainer answers it and goes on: random
answers (offered choices, cards in every notation, other games' words, junk, time running out)
never end in an exception."""

from __future__ import annotations

import random
import time
import unicodedata
import zlib

import pytest

from tutor.cli.main import run
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


# -- hostile typing: every prompt answers any text with an error line and the same prompt again

LONG_NUMBER = "1" * 4301
HOSTILE = [
    "²", "³7", "٣", "١١", "𝟙", "½", "Ⅻ", "1_1", LONG_NUMBER, "-" + "9" * 4301, "+" + LONG_NUMBER, "1/" + LONG_NUMBER,
    LONG_NUMBER + "H", "out " + LONG_NUMBER + "S", "plus " + LONG_NUMBER, "\x1b[31m", "\x1b[<0;99999999999;1M",
    "\x1b[M", "\x1b[200~", "\x00\x01\x07\x08\x7f", "\u202e\u200b", "\ud800", "x" * 10_000, "9 " * 5_000,
    "QH " * 3_000, "|" * 5_000, "out " * 2_500, "",
]


def random_text(rng: random.Random) -> str:
    """A seeded line of anything: letters of every script, digits, symbols, control characters."""
    pools = [(0x20, 0x7E), (0x00, 0x1F), (0x80, 0x2FF), (0x370, 0x52F), (0x600, 0x6FF), (0x2000, 0x2BFF),
             (0x3000, 0x9FFF), (0x1D400, 0x1D7FF)]
    out = []
    for _ in range(rng.choice((1, 2, 5, 20, 80))):
        low, high = rng.choice(pools)
        out.append(chr(rng.randint(low, high)))
    return "".join(out)


def goes_on(prompt: str) -> bool:
    """A prompt that goes on with any text, as a pager does (a lesson's "Enter to go on:")."""
    from tutor.i18n import _

    return prompt.strip() == _("Enter to go on:").strip()


def enter_answers() -> set[str]:
    """The lesson prompts (in the current language) at which Enter is an answer: a 3-13 Speed
    match window, which Enter lets pass."""
    from tutor.lessons.check import load_game_lessons
    from tutor.lessons.teaching import lesson_text

    lessons, _skipped = load_game_lessons("three-thirteen-speed")
    return {lesson_text(step.data["prompt"]) + " " for lesson in lessons for step in lesson.steps
            if step.kind == "decide" and str(step.data["expect"]) in ("match", "pass")}


class HostileLearner(RandomLearner):
    """A random learner that, at every prompt, often types something hostile instead; it notes
    what each hostile line got back: the lines shown, the prompt asked next, and how long it took."""

    def __init__(self, seed: int, limit: int, hostile_share: float = 0.4, script=()) -> None:
        super().__init__(seed, limit)
        self.script = list(script)  # the answers between hostile ones, instead of random choices
        self.hostile_share = hostile_share
        self.pending: tuple[str, str, int, float] | None = None  # (prompt, answer, lines before, time)
        self.answers: list[tuple[str, str, list[str], str | None, float]] = []
        self.pagers: set[str] = set()

    def _settle(self, next_prompt: str | None) -> None:
        if self.pending is not None:
            prompt, answer, mark, started = self.pending
            self.answers.append((prompt, answer, self.lines[mark:], next_prompt, time.monotonic() - started))
            self.pending = None

    def ask(self, prompt, choices=(), toolbar="", timeout=None):
        self._settle(prompt)
        if self.asked >= self.limit:
            self.asked += 1
            raise Leave("eof")
        if self.rng.random() < self.hostile_share:
            self.asked += 1
            answer = self.rng.choice(HOSTILE) if self.rng.random() < 0.6 else random_text(self.rng)
            self.pending = (prompt, answer, len(self.lines), time.monotonic())
            if goes_on(prompt):
                self.pagers.add(prompt)
            return answer
        if self.script:
            self.asked += 1
            return self.script.pop(0)
        return super().ask(prompt, choices, toolbar, timeout)

    def leave(self) -> None:
        self._settle(None)

    def problems(self) -> list[str]:
        """What went wrong with the hostile lines: silence, a different prompt, a raw echo, slowness."""
        found = []
        for prompt, answer, shown, next_prompt, took in self.answers:
            where = f"{prompt!r} <- {answer[:30]!r}"
            for line in shown:
                if len(line) > 1_000 or any(unicodedata.category(ch) == "Cc" and ch not in "\n\t" for ch in line):
                    found.append(f"{where}: echoed raw ({line[:60]!r}...)")
            if next_prompt is None or prompt in self.pagers:
                continue
            if next_prompt != prompt and not (answer == "" and prompt in enter_answers()):
                found.append(f"{where}: went on to {next_prompt!r}")
                continue
            if answer.strip() and not shown:
                found.append(f"{where}: no error line")
            if took > 2.0:
                found.append(f"{where}: took {took:.1f} s")
        return found


def hostile_run(monkeypatch, argv, seed_text, limit=200):
    learner = HostileLearner(seed=zlib.crc32(seed_text.encode()), limit=limit)
    monkeypatch.setattr(console_module, "open_console", lambda *args, **kwargs: learner)
    code = run(argv)
    learner.leave()
    assert code == 0, (argv, learner.lines[-5:])
    assert learner.answers, (argv, learner.lines[-5:])  # it reached a prompt and typed something hostile
    return learner


MANUAL_33 = ["--option", "draw=manual", "--option", "forfeit=on"]
#: For each game, (seed, options) for a few tables, and the beginnings of the prompts (in English)
#: that these tables must all have asked, and answered hostile text at.
PLAYS = {
    "thirty-three": ([(0, []), (0, MANUAL_33), (4, MANUAL_33), (6, MANUAL_33)],
                     ["Your card:", "Play ", "Say the new total:", "Type \u201cdraw\u201d to draw", "Press Enter to go on.",
                      "Choose a card for the forfeit draw"]),
    "three-thirteen": ([(0, [])], ["Draw from the stock (", "Your discard:"]),
    "speed": ([(0, ["--players", "4"]), (1, ["--players", "5", "--clock", "5"])],
              # (a draw chosen in a window that closes with someone's match carries on into the last
              # cycle, so "Draw from the middle or the pile:" is seldom asked)
              ["Call \u201cmatch\u201d, or draw", "Your discard (face down):"]),
    "toepen": ([(0, []), (1, ["--players", "3"]), (2, ["--players", "3"])],
               ["Your card:", "Your card, or \u201cknock\u201d:", "is to play. Enter to go on", "raised the stake to",
                "threw in their hand", "Dirty laundry:"]),
}


@pytest.mark.parametrize("game", ["thirty-three", "three-thirteen", "speed", "toepen"])
@pytest.mark.parametrize("lang", ["en", "cs"])
def test_hostile_typing_at_every_table_prompt(game, lang, monkeypatch):
    tables, prompts = PLAYS[game]
    asked: set[str] = set()
    for seed, extra in tables:
        argv = ["--lang", lang, "play", game, "--seed", str(seed), "--coach", *extra]
        learner = hostile_run(monkeypatch, argv, f"{game} {lang} {seed} {extra}", limit=300)
        assert not learner.problems(), learner.problems()[:5]
        asked |= {prompt for prompt, *_ in learner.answers}
    if lang == "en":
        assert not [p for p in prompts if not any(p in prompt for prompt in asked)], sorted(asked)


@pytest.mark.parametrize("game", ["thirty-three", "three-thirteen", "speed", "toepen"])
def test_hostile_typing_in_drills(game, monkeypatch):
    for lang in ("en", "ru"):
        learner = hostile_run(monkeypatch, ["--lang", lang, "drill", game, "--count", "6"], f"drill {game} {lang}")
        assert not learner.problems(), learner.problems()[:5]


@pytest.mark.parametrize("game", ["thirty-three", "three-thirteen", "speed", "toepen"])
def test_hostile_typing_in_every_lesson(game, monkeypatch):
    from tutor import i18n
    from tutor.i18n import _
    from tutor.lessons.check import load_game_lessons

    lessons, _skipped = load_game_lessons({"speed": "three-thirteen-speed"}.get(game, game))
    kinds: set[str] = set()
    for lesson in lessons:
        lang = ("en", "fr", "cs")[lesson.order % 3]
        learner = hostile_run(monkeypatch, ["--lang", lang, "learn", game, str(lesson.order)], f"{game} {lesson.id}")
        assert not learner.problems(), (lesson.id, learner.problems()[:5])
        i18n.use(lang)
        quiz = _("Your answer (a number):") + " "
        kinds |= {"pager" if prompt in learner.pagers else "quiz" if prompt == quiz else "decision"
                  for prompt, *_ in learner.answers}
    assert kinds == {"pager", "quiz", "decision"}


def test_hostile_typing_at_the_home_menu(monkeypatch):
    for lang in ("en", "ru", "fr"):
        # Between hostile lines: the language menu (6, then 6: Russian), then, in Russian (whose cards
        # have letters of their own, item 7), the game menu (8, then 4) and quit (9).
        learner = HostileLearner(seed=zlib.crc32(lang.encode()), limit=200, hostile_share=0.9,
                                 script=["6", "6", "8", "4", "9"])
        monkeypatch.setattr(console_module, "open_console", lambda *args, **kwargs: learner)
        code = run(["--lang", lang])
        learner.leave()
        assert code == 0, learner.lines[-5:]
        assert len(learner.answers) >= 10, learner.answers
        assert not learner.script, learner.lines[-5:]  # it reached Quit, not the end of input
        assert any(prompt == "Ваш выбор (номер): " for prompt, *_ in learner.answers)  # Russian, chosen in the menu
        assert not learner.problems(), learner.problems()[:5]


# -- escape sequences at a real prompt_toolkit prompt

ESCAPES = ["\x1b[31m", "\x1b[<0;99999999999;1M", "\x1b[M", "\x1b[;;;M", "\x1b[<;M", "\x1b[<0;5;1m", "\x1b[Mxyz",
           "\x1b[99999999999999999999;1R", "\x1b[<" + "9" * 5000 + "M", "\x1b]0;title\x07", "\x1bP1;2|x\x1b\\",
           "\x1b[200~", "\x1b[201~", "\x1b[5;99999999~", "\x1bO", "\x1b\x1b[A", "\x1b[?1049h"]


def escape_garbage(rng: random.Random) -> str:
    """Seeded bytes that look like the start, middle or end of terminal escape sequences."""
    alphabet = "\x1b\x1b\x1b[[[<;;;0123456789MmR~O?ABCDHFPq\x07\x7f\x00\x08\t x"
    return "".join(rng.choice(alphabet) for _ in range(rng.randint(1, 40)))


@pytest.mark.timeout(30)
def test_escape_sequences_at_a_terminal_prompt_never_break_it(monkeypatch):
    from prompt_toolkit.application import Application
    from prompt_toolkit.input import create_pipe_input
    from prompt_toolkit.output import DummyOutput

    from tutor.trainer.console import PromptConsole

    unhandled: list[object] = []
    monkeypatch.setattr(Application, "_handle_exception", lambda self, loop, context: unhandled.append(context))
    rng = random.Random(12)
    cases = ESCAPES + [escape_garbage(rng) for _ in range(40)]
    with create_pipe_input() as pipe:
        console = PromptConsole(color=True, input=pipe, output=DummyOutput(), keys={"f1": "help"})
        for n, case in enumerate(cases):
            # (`ESC[M` takes the next three characters as a mouse report: Enter is typed a few times;
            # `ESC <` recalls an earlier line, so each case ends with a line of its own.)
            pipe.send_text(case + f"\r\r\r\rend {n}\r")
            for _ in range(6):
                answer = console.ask("Your card: ", ["help", "QH"])
                assert not unhandled, (case, unhandled)
                if answer.endswith(f"end {n}"):
                    break
            else:
                raise AssertionError(f"{case!r}: the line typed after it never came")
        pipe.send_text("\x1bOP")  # F1 still works after all that
        assert console.ask("Your card: ") == "help"
