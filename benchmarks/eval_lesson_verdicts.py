"""Lesson against game: every answer at every decision of the 33, Three Thirteen and Speed lessons.

    python benchmarks/eval_lesson_verdicts.py [--before DIR]

Each legal answer is judged as the lesson judges it (with its expected answer) and as the
coach judges it in a game (without); the script counts the answers where the two disagree
(right against weaker), and the replies that call a play weaker and in the same breath as
good ("stronger ... as good"). `--before DIR` runs the same on a checkout of the code before
the change (`git archive main | tar -x -C DIR`), its own lessons, and prints both. The lessons
are walked by this repository's tests/test_lesson_verdicts.py, with the code under test.
"""

from __future__ import annotations

import argparse
import copy
import json
import os
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent.parent
GAMES = ("thirty-three", "three-thirteen", "three-thirteen-speed")


def measure() -> dict[str, dict[str, object]]:
    """What the code on sys.path says, per game, walking the lessons as the suite's test does
    (tests/test_lesson_verdicts.py: its `decisions`, and its words for weaker and as good)."""
    sys.path.insert(1, str(HERE / "tests"))
    from test_lesson_verdicts import AS_GOOD, WEAKER, decisions

    from tutor import i18n

    i18n.use("en")
    out: dict[str, dict[str, object]] = {}
    for game in GAMES:
        row: dict[str, object] = {"decisions": 0, "answers": 0, "disagree": [], "both": []}
        for where, adapter, state, seat, expected in decisions(game):
            row["decisions"] += 1  # type: ignore[operator]
            for answer in adapter.answers(state, seat, expected):
                row["answers"] += 1  # type: ignore[operator]
                name = f"{where}: {adapter.answer_expect(answer)}"
                lesson_verdict = adapter.judge(copy.deepcopy(state), answer, expected)
                game_verdict = adapter.judge(copy.deepcopy(state), answer, None)
                if (lesson_verdict.kind == "right") != (game_verdict.kind == "right"):
                    row["disagree"].append(f"{name} (lesson {lesson_verdict.kind}, game {game_verdict.kind})")
                text = " ".join(adapter.verdict_lines(lesson_verdict, True))
                if WEAKER.search(text) and AS_GOOD.search(text):
                    row["both"].append(name)
        out[game] = row
    return out


def run_side(root: Path) -> dict[str, dict[str, object]]:
    env = dict(os.environ, PYTHONPATH=str(root))
    done = subprocess.run([sys.executable, str(Path(__file__).resolve()), "--dump"], cwd=root, env=env,
                          capture_output=True, text=True, check=True)
    return json.loads(done.stdout)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--before", type=Path, help="a checkout of the code before the change")
    parser.add_argument("--dump", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.dump:
        sys.path.insert(0, os.getcwd())
        print(json.dumps(measure()))
        return
    sides = [("before", run_side(args.before.resolve()))] if args.before else []
    sides.append(("after", run_side(HERE)))
    print(f"{'game':22} {'side':7} {'decisions':>9} {'answers':>8} {'disagree':>9} {'both':>5}")
    for game in GAMES:
        for side, found in sides:
            row = found[game]
            print(f"{game:22} {side:7} {row['decisions']:>9} {row['answers']:>8} {len(row['disagree']):>9} "
                  f"{len(row['both']):>5}")
    for side, found in sides:
        for game in GAMES:
            for line in found[game]["disagree"]:
                print(f"{side}: disagree: {line}")
            for line in found[game]["both"]:
                print(f"{side}: weaker and as good in one reply: {line}")


if __name__ == "__main__":
    main()
