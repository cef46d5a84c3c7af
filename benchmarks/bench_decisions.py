"""How long the coaches and the `hard` bots take to decide: 33, Three Thirteen, 3-13 Speed.

    python benchmarks/bench_decisions.py [POSITIONS] [--games 33,tt,speed]

Positions come from seeded games played on by `normal` bots (POSITIONS per game, default
200). On each, the coach judges the play a `normal` bot would make (33: `coach.judge`; Three
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


def bench_33(count: int) -> None:
    from tutor.games.thirty_three import bots, coach
    from tutor.games.thirty_three.deck import Options
    from tutor.games.thirty_three.engine import Chance, State

    states = []
    seed = 0
    while len(states) < count:
        rng = random.Random(seed)
        seed += 1
        state = State(rng.randint(2, 5), Options(), Chance(rng))
        for _ in range(rng.randint(0, 30)):
            if state.is_over:
                break
            state.apply(bots.choose("normal", state, rng).action)
        if not state.is_over and len(state.legal_plays()) >= 2:
            states.append(state)
    print(f"\n33: {len(states)} positions with a choice (2-5 players)")
    base, judge, hard = [], [], []
    for i, state in enumerate(states):
        play = bots.normal_play(state.hands[state.current], state.total)[0]
        base.append(timed(lambda: bots.choose("normal", state, random.Random(i))))
        judge.append(timed(lambda: coach.judge(state, play)))
        hard.append(timed(lambda: bots.choose("hard", state, random.Random(i))))
    print(line("normal bot (baseline)", base))
    print(line("coach.judge", judge))
    print(line("hard bot", hard))


def bench_tt(count: int) -> None:
    from tutor.games.three_thirteen import bots, coach
    from tutor.games.three_thirteen.engine import Chance, Options, Phase, State

    states = []
    seed = 0
    while len(states) < count:
        rng = random.Random(seed)
        seed += 1
        state = State(rng.randint(2, 6), Options(), Chance(rng), first_round=rng.randint(1, 11))
        start = state.round
        for _ in range(rng.randint(0, 20) * 2):
            if state.is_over or state.round != start:
                break
            state.apply(bots.choose("normal", state, rng).action)
        if not state.is_over and state.phase is Phase.DRAW and state.discard and state.stock_drawable():
            states.append(state)
    print(f"\nThree Thirteen: {len(states)} draw positions (2-6 players, rounds 1-11)")
    base, judge, hard = [], [], []
    for i, state in enumerate(states):
        base.append(timed(lambda: bots.choose("normal", state, random.Random(i))))
        judge.append(timed(lambda: coach.judge_draw(state, "stock")))
        hard.append(timed(lambda: bots.choose("hard", state, random.Random(i))))
    print(line("normal bot (baseline)", base))
    print(line("coach.judge_draw", judge))
    print(line("hard bot (draw)", hard))


def bench_speed(count: int) -> None:
    from tutor.games.speed import bots, coach
    from tutor.games.speed.engine import Chance, Phase, State

    states = []
    seed = 0
    while len(states) < count:
        rng = random.Random(seed)
        seed += 1
        state = State(rng.randint(4, 12), Chance(rng), first_hand=rng.randint(1, 11))
        start = state.hand
        for _ in range(rng.randint(0, 8) * 3 + 1):
            if state.is_over or state.hand != start:
                break
            for _, choice in bots.choose_all("normal", state, rng, state.to_act):
                state.apply(choice.action)
        if not state.is_over and state.phase is Phase.DRAW and 0 in state.to_act and state.right_top(0):
            states.append(state)
    print(f"\n3-13 Speed: {len(states)} draw positions (4-12 players, hands 1-11)")
    base, judge, hard = [], [], []
    for i, state in enumerate(states):
        base.append(timed(lambda: bots.choose("normal", state, random.Random(i), 0)))
        judge.append(timed(lambda: coach.judge_draw(state, 0, "middle")))
        hard.append(timed(lambda: bots.choose("hard", state, random.Random(i), 0)))
    print(line("normal bot (baseline)", base))
    print(line("coach.judge_draw", judge))
    print(line("hard bot (draw)", hard))


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
