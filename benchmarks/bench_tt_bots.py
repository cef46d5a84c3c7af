"""Three Thirteen bot strength: mean points per game by level, over seeded matches.

    python benchmarks/bench_tt_bots.py [GAMES] [--rounds R]

Each game seats two players of different levels (easy vs normal, normal vs hard) and
plays rounds `12 - R` to 11 (the long hands, where skill shows; R=11 plays all eleven),
swapping seats between seeded games so neither level gets the first turn more often.
The deals come from the seed alone and the bots draw their random numbers apart, so every
pairing (and this script run on another version of the code) meets the same deals. Baseline
in the same run: two `normal` bots against each other, whose difference shows the noise. A
level beats the one below when its mean is lower (penalty points); the difference is given
with its 95% interval, game by game.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from stats import paired  # noqa: E402  (benchmarks/stats.py, beside this script)
from tutor.games.three_thirteen import bots  # noqa: E402
from tutor.games.three_thirteen.engine import Chance, State  # noqa: E402


def match(levels: tuple[str, str], games: int, rounds: int) -> tuple[list[float], list[float]]:
    points: tuple[list[float], list[float]] = ([], [])
    for seed in range(games):
        rng = random.Random(1_000_000 + seed)  # the bots' own; the deals use the seed alone
        seats = levels if seed % 2 == 0 else levels[::-1]
        state = State(2, None, Chance(random.Random(seed)), first_round=12 - rounds)
        while not state.is_over:
            state.apply(bots.choose(seats[state.current], state, rng).action)
        for seat, level in enumerate(seats):
            points[levels.index(level) if levels[0] != levels[1] else seat].append(state.totals[seat])
    return points


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("games", nargs="?", type=int, default=40)
    parser.add_argument("--rounds", type=int, default=4, help="play the last R rounds (1-11)")
    args = parser.parse_args()
    print(f"Three Thirteen, 2 players, last {args.rounds} rounds, {args.games} seeded games a pairing")
    print(f"{'pairing':<22}{'mean points':>26}{'difference':>14}{'95% interval':>18}{'seconds':>10}")
    for levels in (("normal", "normal"), ("easy", "normal"), ("normal", "hard")):
        start = time.perf_counter()
        a, b = match(levels, args.games, args.rounds)
        ma, mb = statistics.mean(a), statistics.mean(b)
        mean, half = paired(a, b)
        label = f"{levels[0]} vs {levels[1]}"
        interval = f"{mean - half:+.1f} to {mean + half:+.1f}"
        print(f"{label:<22}{ma:>12.1f} vs {mb:>8.1f}{ma - mb:>+14.1f}{interval:>18}{time.perf_counter() - start:>10.1f}")
    print("the normal-vs-normal line is the baseline: its difference is seat luck, not skill")


if __name__ == "__main__":
    main()
