"""How strong the 33 bots are: seeded matches, loss rates with 95% confidence intervals.

Part 1: four players (change with --players); one test seat plays at each level, the other
seats are `normal` bots. Every level plays the same seeded deals, so the difference between a
level and the `normal` seat is measured game by game (paired), which narrows its interval.
Part 2: two-player pairings, one seat against the other: easy vs normal, normal vs easy and
hard vs normal.

The baseline is a seat that loses at random: 1/players. A lower loss rate is a stronger bot.

    python benchmarks/bench_33_bots.py [GAMES] [--players N] [--jobs N]

GAMES defaults to 2000. Games are spread over --jobs processes (default: every CPU); each game
has its own seed, so the figures do not depend on --jobs.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tutor.games.thirty_three import bots  # noqa: E402
from tutor.games.thirty_three.deck import Options  # noqa: E402
from tutor.games.thirty_three.engine import Chance, Play, State  # noqa: E402
from stats import paired, wilson  # noqa: E402  (benchmarks/stats.py, beside this script)

TARGET_GAIN = 0.03  # hard should lose at least 3 points less often than normal


@dataclass(frozen=True)
class Outcome:
    lost: bool  # the test seat (seat 0) lost
    plays: int
    decisions: int  # plays the test seat chose
    seconds: float  # wall time the test seat spent choosing them
    cpu: float  # processor time it spent on them (not slowed by other programs)


def play_game(seed: int, levels: tuple[str, ...]) -> Outcome:
    """One seeded game; seat 0 is the test seat. The deal depends only on `seed`."""
    state = State(len(levels), Options(), Chance(random.Random(seed)))
    rng = random.Random(seed * 1_000_003 + 17)
    decisions, seconds, cpu = 0, 0.0, 0.0
    while not state.is_over:
        seat = state.current
        start, start_cpu = time.perf_counter(), time.process_time()
        choice = bots.choose(levels[seat], state, rng)
        if seat == 0 and isinstance(choice.action, Play):
            decisions += 1
            seconds += time.perf_counter() - start
            cpu += time.process_time() - start_cpu
        state.apply(choice.action)
    return Outcome(state.loser == 0, state.plays, decisions, seconds, cpu)


def _task(args: tuple[int, tuple[str, ...]]) -> Outcome:
    return play_game(*args)


def run_match(pool: ProcessPoolExecutor, levels: tuple[str, ...], games: int) -> list[Outcome]:
    tasks = [(seed, levels) for seed in range(games)]
    return list(pool.map(_task, tasks, chunksize=max(1, games // 200)))


def row(label: str, results: list[Outcome], baseline: float) -> str:
    n = len(results)
    losses = sum(r.lost for r in results)
    low, high = wilson(losses, n)
    decisions = max(sum(r.decisions for r in results), 1)
    ms = 1000 * sum(r.seconds for r in results) / decisions
    cpu = 1000 * sum(r.cpu for r in results) / decisions
    plays = sum(r.plays for r in results) / n
    return (
        f"{label:<22} {100 * losses / n:6.2f}%  [{100 * low:5.2f}, {100 * high:5.2f}]"
        f"   {100 * (losses / n - baseline):+6.2f}   {plays:5.1f}   {ms:7.2f}  {cpu:7.2f}"
    )


def header(baseline: float) -> str:
    return (
        f"{'test seat':<22} {'loss':>7}  {'95% interval':>14}   {'vs ' + format(100 * baseline, '.0f') + '%':>6}"
        f"   {'plays':>5}   {'ms/play':>7}  {'cpu ms':>7}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("games", nargs="?", type=int, default=2000)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    args = parser.parse_args()
    games, players = args.games, args.players
    started = time.perf_counter()
    print(f"33 bots: {games} seeded games per line, seeds 0..{games - 1}, {args.jobs} processes")
    print("ms/play: the test seat's average wall time to choose a card (forced plays included);")
    print("cpu ms: the processor time of the same, which other programs running do not inflate")
    with ProcessPoolExecutor(args.jobs) as pool:
        base = 1 / players
        print(f"\n1. One test seat among {players - 1} normal bots ({players} players); "
              f"baseline (a seat losing at random) = 1/{players} = {100 * base:.1f}%")
        print(header(base))
        results = {}
        for level in bots.LEVELS:
            results[level] = run_match(pool, (level,) + ("normal",) * (players - 1), games)
            print(row(level, results[level], base), flush=True)
        for level in bots.LEVELS:
            if level != "normal":
                mean, half = paired([r.lost for r in results[level]], [r.lost for r in results["normal"]])
                print(f"   {level} seat minus normal seat, same deals: {100 * mean:+.2f} points "
                      f"(95% interval {100 * (mean - half):+.2f} to {100 * (mean + half):+.2f})")
        mean, half = paired([r.lost for r in results["hard"]], [r.lost for r in results["normal"]])
        met = "met" if mean + half <= -TARGET_GAIN else "NOT met"
        print(f"   target, hard at least {100 * TARGET_GAIN:.0f} points under normal with 95% confidence: "
              f"{met} (the interval's upper end is {100 * (mean + half):+.2f})")

        base = 1 / 2
        print(f"\n2. Two-player pairings, the test seat against one bot; baseline = 1/2 = {100 * base:.1f}%")
        print(header(base))
        for test, other in (("easy", "normal"), ("normal", "easy"), ("hard", "normal")):
            match = run_match(pool, (test, other), games)
            print(row(f"{test} vs {other}", match, base), flush=True)
    print(f"\n({time.perf_counter() - started:.0f} s)")


if __name__ == "__main__":
    main()
