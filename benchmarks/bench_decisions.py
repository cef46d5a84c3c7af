"""How long the coaches and the `hard` bots take to decide: 33, Three Thirteen, 3-13 Speed.

    python benchmarks/bench_decisions.py [POSITIONS] [--games 33,tt,speed]

Positions are those of `eval_numbers.py` (seeded games played on by bots; POSITIONS per
game, default 200). On each, the coach judges the play a `normal` bot would make (33: `coach.judge`; Three
Thirteen and Speed: the draw, both sources, as the learner's choice is judged) and the `hard`
bot chooses. Printed: median and 95th percentile of the wall time and of the processor time
(which other programs running do not inflate). Baseline in the same run: the `normal` bot's
choice on the same positions. Target: coach and `hard` under 300 ms at the 95th percentile.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from eval_numbers import (  # noqa: E402  (benchmarks/eval_numbers.py, beside this script)
    build_33,
    build_speed,
    build_tt,
    positions_33,
    positions_speed,
    positions_tt,
)

TARGET_MS = 300


def timed(fn) -> tuple[float, float]:
    wall, cpu = time.perf_counter(), time.process_time()
    fn()
    return 1000 * (time.perf_counter() - wall), 1000 * (time.process_time() - cpu)


def quantiles(values: list[float]) -> tuple[float, float]:
    ordered = sorted(values)
    return statistics.median(ordered), ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))]


def line(label: str, samples: list[tuple[float, float]]) -> str:
    wall50, wall95 = quantiles([w for w, _ in samples])
    cpu50, cpu95 = quantiles([c for _, c in samples])
    met = "met" if cpu95 <= TARGET_MS else "NOT met"
    return (f"  {label:<28} wall {wall50:7.1f} / {wall95:7.1f} ms   cpu {cpu50:7.1f} / {cpu95:7.1f} ms   "
            f"(p95 target {TARGET_MS} ms: {met})")


def bench(title: str, states: list, deciders: dict) -> None:
    """Each decider timed on every position: {label: decide(state, rng)}."""
    print(f"\n{title}: {len(states)} positions")
    for label, decide in deciders.items():
        samples = [timed(lambda: decide(state, random.Random(i))) for i, state in enumerate(states)]
        print(line(label, samples))


def bench_33(count: int) -> None:
    from tutor.games.thirty_three import bots, coach

    def judge(state, rng):
        return coach.judge(state, bots.normal_play(state.hands[state.current], state.total)[0])

    bench("33 (2-5 players, a choice of plays)", [build_33(spec) for spec in positions_33(count)], {
        "normal bot (baseline)": lambda state, rng: bots.choose("normal", state, rng),
        "coach.judge": judge,
        "hard bot": lambda state, rng: bots.choose("hard", state, rng),
    })


def bench_tt(count: int) -> None:
    from tutor.games.three_thirteen import bots, coach

    bench("Three Thirteen (2-6 players, a draw)", [build_tt(spec) for spec in positions_tt(count)], {
        "normal bot (baseline)": lambda state, rng: bots.choose("normal", state, rng),
        "coach.judge_draw": lambda state, rng: coach.judge_draw(state, "stock"),
        "hard bot (draw)": lambda state, rng: bots.choose("hard", state, rng),
    })


def bench_speed(count: int) -> None:
    from tutor.games.speed import bots, coach

    bench("3-13 Speed (4-12 players, a draw)", [build_speed(spec) for spec in positions_speed(count)], {
        "normal bot (baseline)": lambda state, rng: bots.choose("normal", state, rng, 0),
        "coach.judge_draw": lambda state, rng: coach.judge_draw(state, 0, "middle"),
        "hard bot (draw)": lambda state, rng: bots.choose("hard", state, rng, 0),
    })


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("positions", nargs="?", type=int, default=200)
    parser.add_argument("--games", default="33,tt,speed")
    args = parser.parse_args()
    print("median / 95th percentile per decision, wall and processor time")
    games = args.games.split(",")
    if "33" in games:
        bench_33(args.positions)
    if "tt" in games:
        bench_tt(args.positions)
    if "speed" in games:
        bench_speed(args.positions)


if __name__ == "__main__":
    main()
