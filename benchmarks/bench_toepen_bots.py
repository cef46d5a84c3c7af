"""How strong the Toepen bots are: rubbers lost by one test seat, with paired seeds and 95% intervals.

For each pairing "X among Y" (normal among easy, hard among normal), every seed plays two
rubbers of four players (default rules: limit 10, the first to reach it loses): one with seat
0 at level X and seats 1-3 at level Y, and the baseline with all four at level Y. Both use
the same shuffles (the chance of the rubber draws from its own seeded generator, the bots'
choices from another), so the difference in seat 0's losses is measured seed by seed (paired),
which narrows its interval. A seat losing at random loses 1/4 of the rubbers (a little more:
two players may reach the limit in the same hand). X beats Y when the paired difference is
below zero with 95% confidence (the interval's upper end under 0).

    python benchmarks/bench_toepen_bots.py [RUBBERS] [--players N] [--jobs N]

RUBBERS defaults to 600 per line. Rubbers are spread over --jobs processes (default 2); each
has its own seed, so the figures do not depend on --jobs.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tutor.games.toepen import bots  # noqa: E402
from tutor.games.toepen.engine import Chance, Options, State  # noqa: E402
from stats import paired, wilson  # noqa: E402  (benchmarks/stats.py, beside this script)



@dataclass(frozen=True)
class Outcome:
    lost: bool  # the test seat (seat 0) lost the rubber
    hands: int
    decisions: int  # decisions of the test seat
    seconds: float  # wall time the test seat spent on them (knock offers included)
    counts: dict[str, int]  # the test seat's reasons, and how its bluffs and challenges ended


def play_rubber(seed: int, levels: tuple[str, ...]) -> Outcome:
    state = State(len(levels), Options(), Chance(random.Random(seed)))
    rng = random.Random(seed * 1_000_003 + 17)
    decisions, seconds = 0, 0.0
    counts: dict[str, int] = {}
    bluffed = False  # the test seat bluff-knocked this hand

    def count(key: str) -> None:
        counts[key] = counts.get(key, 0) + 1

    while not state.is_over:
        start = time.perf_counter()
        seat, choice, events = bots.play_step(state, levels, rng)
        if seat == 0:
            decisions += 1
            seconds += time.perf_counter() - start
            count(choice.reason)
            bluffed = bluffed or choice.reason == "bluff_knock"
        for e in events:
            if e["event"] == "challenge" and e["thrower"] == 0:
                count("bluff_caught" if e["loser"] == 0 else "honest_challenged")
            elif e["event"] == "challenge" and e["player"] == 0:
                count("challenge_won" if e["loser"] != 0 else "challenge_lost")
            elif e["event"] == "hand_end":
                if bluffed:
                    count("bluff_won" if e["winner"] == 0 else "bluff_lost")
                bluffed = False
    return Outcome(0 in state.losers, state.hand_number, decisions, seconds, counts)


def _task(args: tuple[int, tuple[str, ...]]) -> Outcome:
    return play_rubber(*args)


def run(pool: ProcessPoolExecutor, levels: tuple[str, ...], rubbers: int) -> list[Outcome]:
    tasks = [(seed, levels) for seed in range(rubbers)]
    return list(pool.map(_task, tasks, chunksize=max(1, rubbers // 100)))


def row(label: str, results: list[Outcome]) -> str:
    n = len(results)
    losses = sum(r.lost for r in results)
    low, high = wilson(losses, n)
    hands = sum(r.hands for r in results) / n
    ms = 1000 * sum(r.seconds for r in results) / max(1, sum(r.decisions for r in results))
    return f"{label:<26} {100 * losses / n:6.2f}%  [{100 * low:5.2f}, {100 * high:5.2f}]   {hands:5.1f}   {ms:7.2f}"


def habits(results: list[Outcome]) -> str:
    """How the test seat knocked, threw in and challenged, and how its bluffs and challenges ended."""
    total: dict[str, int] = {}
    for r in results:
        for key, value in r.counts.items():
            total[key] = total.get(key, 0) + value
    get = total.get
    knocks = get("knock_strong", 0) + get("bluff_knock", 0)
    throws = get("honest_throw", 0) + get("bluff_throw", 0)
    challenges = get("challenge_won", 0) + get("challenge_lost", 0)

    def share(part: int, whole: int) -> str:
        return f"{100 * part / whole:.0f}%" if whole else "-"

    return (
        f"   its knocks: {knocks}, bluffs {share(get('bluff_knock', 0), knocks)} (a bluffed hand won "
        f"{share(get('bluff_won', 0), get('bluff_won', 0) + get('bluff_lost', 0))}); throws: {throws}, bluffs "
        f"{share(get('bluff_throw', 0), throws)} (caught {share(get('bluff_caught', 0), get('bluff_throw', 0))}); "
        f"challenges: {challenges}, won {share(get('challenge_won', 0), challenges)}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("rubbers", nargs="?", type=int, default=600)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args()
    n, players = args.rubbers, args.players
    started = time.perf_counter()
    print(f"Toepen bots: {n} seeded rubbers a line (seeds 0..{n - 1}), {players} players, "
          f"limit 10, first to reach it loses; {args.jobs} processes")
    print(f"baseline: a seat losing at random loses about 1/{players} = {100 / players:.1f}% of the rubbers")
    print(f"{'test seat (seat 0)':<26} {'lost':>7}  {'95% interval':>14}   {'hands':>5}   {'ms/dec':>7}")
    verdicts = []
    with ProcessPoolExecutor(args.jobs) as pool:
        for test, other in (("normal", "easy"), ("hard", "normal")):
            base = run(pool, (other,) * players, n)
            print(row(f"{other} among {other}", base), flush=True)
            trial = run(pool, (test,) + (other,) * (players - 1), n)
            print(row(f"{test} among {other}", trial), flush=True)
            print(habits(trial))
            mean, half = paired([r.lost for r in trial], [r.lost for r in base])
            beats = mean + half < 0
            verdicts.append(beats)
            print(f"   {test} seat minus {other} seat, same seeds: {100 * mean:+.2f} points "
                  f"(95% interval {100 * (mean - half):+.2f} to {100 * (mean + half):+.2f}): "
                  f"{test} {'beats' if beats else 'does NOT beat'} {other} with 95% confidence", flush=True)
    print(f"\n({time.perf_counter() - started:.0f} s)")
    if not all(verdicts):
        sys.exit(1)


if __name__ == "__main__":
    main()
