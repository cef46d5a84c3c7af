"""What several test files share: running the command line, a console that answers by script, cards by code."""

from __future__ import annotations

import io

from tutor.cards import Card, parse_code
from tutor.cli.main import run
from tutor.trainer.console import Leave, TimeUp


def card(code: str, copy: int = 0) -> Card:
    """The card a code names (`KD`, `10H`), from deck `copy`."""
    parsed = parse_code(code)
    assert parsed is not None
    return Card(*parsed, copy=copy)


def cards(text: str, copy: int = 0) -> list[Card]:
    """The cards a space-separated list of codes names, all from deck `copy`."""
    return [card(code, copy) for code in text.split()]


def tutor(capsys, monkeypatch, argv, stdin=""):
    """Runs `tutor ARGV` with STDIN as its input; (exit code, stdout, stderr)."""
    monkeypatch.setattr("sys.stdin", io.StringIO(stdin))
    code = run(argv)
    out, err = capsys.readouterr()
    return code, out, err


class Scripted:
    """A console that answers from a script first, then with the first offered choice.

    With `timeout_always`, every timed question runs out of time instead (`TimeUp`).
    """

    def __init__(self, script=(), timeout_always=False):
        self.script = list(script)
        self.lines: list[str] = []
        self.prompts: list[str] = []
        self.timeouts = 0
        self.timeout_always = timeout_always

    def show(self, fragments):
        self.lines.append(fragments if isinstance(fragments, str) else "".join(t for _, t in fragments))

    def ask(self, prompt, choices=(), toolbar="", timeout=None):
        self.lines.append(prompt)
        self.prompts.append(prompt)
        if timeout is not None and self.timeout_always:
            self.timeouts += 1
            raise TimeUp()
        if self.script:
            return self.script.pop(0)
        if not choices:
            raise Leave("eof")
        return choices[0]

    @property
    def text(self):
        return "\n".join(self.lines)


class Script:
    """A console for lessons and drills: answers from a list (then leaves), keeps what it showed."""

    def __init__(self, answers):
        self.answers = list(answers)
        self.shown: list[str] = []

    def show(self, fragments):
        self.shown.append(fragments if isinstance(fragments, str) else "".join(t for _, t in fragments))

    def ask(self, prompt, choices=(), toolbar="", timeout=None):
        if not self.answers:
            raise Leave("eof")
        return self.answers.pop(0)


def walk_lesson(lesson, build, decide, play_on):
    """The lines that walk a lesson right through: Enter at each `say`, the right answer to each
    quiz, and for the game's own steps the lines `decide(state, seat, data)` and
    `play_on(state, seat, data)` return (each also plays its moves on the state)."""
    lines, state, seat = [], None, 0
    for step in lesson.steps:
        if step.kind == "say":
            lines.append("")
        elif step.kind == "position":
            state, seat = build(step.data)
        elif step.kind == "decide":
            lines += decide(state, seat, step.data)
        elif step.kind == "play_on":
            lines += play_on(state, seat, step.data)
        elif step.kind == "quiz":
            lines.append(str(step.data["answer"]))
    return lines


def tamper(path, pick, change) -> int:
    """Changes the first event of a record that `pick` accepts; returns its line number."""
    import json

    lines = path.read_text(encoding="utf-8").splitlines()
    for n, line in enumerate(lines):
        event = json.loads(line)
        if n and pick(event):
            change(event)
            lines[n] = json.dumps(event)
            path.write_text("\n".join(lines) + "\n", encoding="utf-8")
            return n + 1
    raise AssertionError("nothing to tamper with")


def replay_error(path, replay):
    """The RecordError a game's `replay` raises on the record at `path` (the test fails if none)."""
    import pytest

    from tutor.records import RecordError, read_record

    header, events = read_record(path)
    with pytest.raises(RecordError) as err:
        list(replay(header, events))
    return err.value


def replayed(path, replay):
    """The state a game's `replay` reaches at the end of the record at `path`."""
    from tutor.records import read_record

    header, events = read_record(path)
    last = None
    for _, last in replay(header, events):
        pass
    assert last is not None
    return last


def tt_table(hands, *, round, stock, discard, players=None, seed=0):
    """A Three Thirteen position at the start of seat 0's turn (its draw); `stock` and
    `discard` list the top card LAST."""
    import random

    from tutor.games.three_thirteen.engine import Chance, Options, Phase, State

    state = State(players or len(hands), Options(), Chance(random.Random(seed)))
    state.round = round
    state.hands = [list(h) for h in hands]
    state.stock = list(stock)
    state.discard = list(discard)
    state.current = 0
    state.phase = Phase.DRAW
    state.turn = len(hands) + 1
    state.taken = None
    state.log = [{"event": "deal", "hands": [], "up": discard[0].code}]
    return state


def answers_for(lesson, choose=None):
    """The lines that walk a 33 lesson right through: Enter, the right quiz answers, and at each
    decision the play `choose(state, seat, expected)` names (by default the expected play, or the
    coach's best); in play-ons the learner's first legal action, among seeded bots."""
    import random

    from tutor.games.thirty_three import bots
    from tutor.games.thirty_three import lesson as adapter
    from tutor.lessons import playon

    def decide(state, seat, data):
        lines = []
        expected = adapter.parse_expect(data["expect"], state)
        if isinstance(expected, adapter.TurnAnswer):  # manual draw: the total said, or the draw
            lines.append(str(state.total) if expected.kind == "say" else "draw")
            state.apply(expected.action)
            return lines
        play = (choose(state, seat, expected) if choose is not None else None) or expected or \
            adapter.coach.best_of(adapter.coach.assess(state)).play
        lines.append(play.card + (f" {play.value}" if play.card in ("1/11", "+-10") else ""))
        state.apply(play)
        while (not state.options.manual_draw and not state.is_over and state.current == seat
               and state.phase.value in ("say", "draw")):
            action = state.legal_actions()[0]
            lines.append(str(action.total) if hasattr(action, "total") else "draw")
            state.apply(action)
        return lines

    def play_on(state, seat, data):
        lines = []

        def learner_turn():
            action = state.legal_actions()[0]  # the right total, the draw, the first free card
            lines.append(str(action.total) if hasattr(action, "total") else getattr(action, "card", "draw"))
            state.apply(action)

        rng = random.Random(0)
        level = data.get("level", "normal")
        playon.loop(state, seat, data, adapter.mid_turn, lambda: state.apply(bots.choose(level, state, rng).action),
                    learner_turn)
        return lines

    return walk_lesson(lesson, adapter.build, decide, play_on)
