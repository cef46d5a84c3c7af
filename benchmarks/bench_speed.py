"""3-13 Speed: random self-play in cycles per second, and full bot games at twelve seats.

    python benchmarks/bench_speed.py [--cycles N] [--games G] [--seed S]

Random self-play: twelve seats, every seat picks a random legal action in every phase (a
match window passes unless the seat holds all sets, which random hands rarely do). Random
players seldom match, so a hand is cut after a slice of cycles and a new one starts at a
random hand number; the middle runs out and is rebuilt as in a long real hand (SPD.10).
Reported: cycles per second, and the same figure in seat-decisions per second.

Full games: G seeded 12-seat, 11-hand games of `normal` bots (the issue's measure: each
under 10 seconds on this machine), and of `hard` bots, with wall time per game (median and
worst) and cycles per game.

With `--strength G`: bot strength over G seeded 6-seat games. Seat 0 plays at each level
among `normal` bots, on the same deals; printed: seat 0's mean total beside the all-normal
table's, the difference with a 95% interval (paired by deal; lower is better).

Baseline, measured in the same run: the same number of seat-decisions of Three Thirteen
random self-play (one `legal_actions()` + `apply()` each), so the ratio travels between
machines.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tutor.games.base import Chance  # noqa: E402
from tutor.games.speed import bots  # noqa: E402
from tutor.games.speed.engine import HANDS, Phase, State  # noqa: E402
from tutor.games.three_thirteen.engine import Options  # noqa: E402
from tutor.games.three_thirteen.engine import State as TTState  # noqa: E402
from stats import paired  # noqa: E402  (benchmarks/stats.py, beside this script)

SLICE = 12  # cycles per random hand slice


def speed_random(cycles: int, seed: int) -> tuple[int, int, float]:
    """(cycles, seat decisions, seconds) of random 12-seat play."""
    rng = random.Random(seed)
    done = decisions = 0
    start = time.perf_counter()
    while done < cycles:
        state = State(12, Chance(rng), first_hand=rng.randint(1, HANDS))
        start_hand = state.hand
        for _ in range(min(SLICE, cycles - done)):
            while True:
                for p in list(state.to_act):
                    actions = state.legal_actions(p)
                    action = actions[0] if state.phase is Phase.MATCH else rng.choice(actions)
                    state.apply(action)
                    decisions += 1
                if state.phase is Phase.MATCH or state.is_over or state.hand != start_hand:
                    break
            done += 1
            if state.is_over or state.hand != start_hand:
                break
    return done, decisions, time.perf_counter() - start


def tt_random(actions: int, seed: int) -> float:
    rng = random.Random(seed)
    done = 0
    start = time.perf_counter()
    while done < actions:
        state = TTState(rng.randint(2, 8), Options(), Chance(rng), first_round=rng.randint(1, 11))
        for _ in range(200):
            if state.is_over or done >= actions:
                break
            state.apply(rng.choice(state.legal_actions()))
            done += 1
    return time.perf_counter() - start


def bot_game(level: str, seed: int) -> tuple[float, int]:
    rng = random.Random(seed)
    state = State(12, Chance(random.Random(seed)))
    cycles = 0
    start = time.perf_counter()
    while not state.is_over:
        for _, choice in bots.choose_all(level, state, rng, state.to_act):
            for event in state.apply(choice.action):
                cycles += event["event"] == "cycle"
    return time.perf_counter() - start, cycles


def seat_total(levels: list[str], seed: int) -> int:
    rng = random.Random(seed)
    state = State(len(levels), Chance(random.Random(seed)))
    while not state.is_over:
        for _, choice in bots.choose_all(levels, state, rng, state.to_act):
            state.apply(choice.action)
    return state.totals[0]


def strength(games: int, seed: int) -> None:
    base = [seat_total(["normal"] * 6, seed + g) for g in range(games)]
    print(f"all normal, seat 0: mean total {statistics.mean(base):.1f} over {games} games")
    for level in ("easy", "hard"):
        mine = [seat_total([level] + ["normal"] * 5, seed + g) for g in range(games)]
        mean, half = paired(mine, base)
        print(f"{level} in seat 0: mean total {statistics.mean(mine):.1f}; difference "
              f"{mean:+.1f} (95% interval {mean - half:+.1f} to {mean + half:+.1f})")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cycles", type=int, default=600)
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--strength", type=int, default=0, metavar="G")
    args = parser.parse_args()
    if args.strength:
        strength(args.strength, args.seed)
        return

    best = None
    for run in range(3):
        result = speed_random(args.cycles, args.seed + run)
        if best is None or result[1] / result[2] > best[1] / best[2]:
            best = result
    cycles, decisions, seconds = best  # type: ignore[misc]
    baseline = min(tt_random(decisions, args.seed + run) for run in range(3))
    print(f"random self-play, 12 seats: {cycles / seconds:,.0f} cycles/s "
          f"({decisions / seconds:,.0f} seat decisions/s)")
    print(f"baseline, Three Thirteen random self-play: {decisions / baseline:,.0f} actions/s; "
          f"ratio speed/TT per decision {baseline / seconds:.2f}")
    for level in ("normal", "hard"):
        times, counts = [], []
        for g in range(args.games):
            t, c = bot_game(level, args.seed * 1000 + g)
            times.append(t)
            counts.append(c)
        verdict = "under 10 s: yes" if max(times) < 10 else "under 10 s: NO"
        print(f"12-seat 11-hand game of {level} bots: median {statistics.median(times):.2f} s, "
              f"worst {max(times):.2f} s, {statistics.mean(counts):.0f} cycles a game ({verdict})")


if __name__ == "__main__":
    main()
