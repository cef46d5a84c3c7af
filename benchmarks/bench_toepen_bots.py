"""How strong the Toepen bots are: rubbers lost by one test seat, with paired seeds and 95% intervals.

For each pairing "X among Y" (normal among easy, hard among normal), every seed plays two
rubbers of four players (default rules: limit 10, the first to reach it loses): one with seat
0 at level X and seats 1-3 at level Y, and the baseline with all four at level Y. Both use
the same shuffles (the chance of the rubber draws from its own seeded generator, the bots'
choices from another), so the difference in seat 0's losses is measured seed by seed (paired),
which narrows its interval. A seat losing at random loses 1/4 of the rubbers (a little more:
two players may reach the limit in the same hand). X beats Y when the paired difference is
below zero with 95% confidence (the interval's upper end under 0).

    python benchmarks/bench_toepen_bots.py [RUBBERS] [--players N] [--jobs N] [--pairs X:Y,...]

RUBBERS defaults to 600 per line. Rubbers are spread over --jobs processes (default 2); each
has its own seed, so the figures do not depend on --jobs. --pairs picks the pairings (default
normal:easy,hard:normal; hard:hard is the knock-war line: every seat hard; level "mc" is an
independent Monte-Carlo player, benchmarks/toepen_mc.py: hard:mc measures hard against it).

Also printed per line: the test seat's penalty points a hand (and the paired difference), and
its knock-war stays: stays after a knock at a stake of 3 or more on a rated chance of 20% or
less, how many of those hands it won and the points they cost. Last, the hand the issue named:
seed 8, hand 1, every seat hard, and the stake it reached.
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

import toepen_mc  # noqa: E402  (benchmarks/toepen_mc.py: an independent Monte-Carlo player, level "mc")
from stats import paired, wilson  # noqa: E402  (benchmarks/stats.py, beside this script)

from tutor.games.toepen import bots  # noqa: E402
from tutor.games.toepen.engine import Chance, Options, Phase, State  # noqa: E402


def play_step(state: State, levels: tuple[str, ...], rng: random.Random):
    """`bots.play_step`, with the independent Monte-Carlo player at the seats of level "mc":
    (seat, reason, detail, events)."""
    p = state.current
    if state.phase is Phase.PLAY:
        for seat in state.seats_from(p):
            if seat != p and state.may_knock(seat):
                if levels[seat] == "mc":
                    action = toepen_mc.knock(state, rng, seat)
                    if action is not None:
                        return seat, "mc_knock", {}, state.apply(action)
                else:
                    choice = bots.knock_choice(levels[seat], state, rng, seat)
                    if choice is not None:
                        return seat, choice.reason, choice.detail, state.apply(choice.action)
    if levels[p] == "mc":
        action, reason = toepen_mc.choose(state, rng)
        return p, reason, {}, state.apply(action)
    choice = bots.choose(levels[p], state, rng)
    return p, choice.reason, choice.detail, state.apply(choice.action)


@dataclass(frozen=True)
class Outcome:
    lost: bool  # the test seat (seat 0) lost the rubber
    hands: int
    decisions: int  # decisions of the test seat
    seconds: float  # wall time the test seat spent on them (knock offers included)
    counts: dict[str, int]  # the test seat's reasons, and how its bluffs and challenges ended
    points: int  # the test seat's penalty points at the end


def play_rubber(seed: int, levels: tuple[str, ...]) -> Outcome:
    state = State(len(levels), Options(), Chance(random.Random(seed)))
    rng = random.Random(seed * 1_000_003 + 17)
    decisions, seconds = 0, 0.0
    counts: dict[str, int] = {}
    bluffed = False  # the test seat bluff-knocked this hand
    war = False  # the test seat stayed at a stake of 3 or more on a rated chance of 20% or less

    def count(key: str) -> None:
        counts[key] = counts.get(key, 0) + 1

    while not state.is_over:
        start = time.perf_counter()
        seat, reason, detail, events = play_step(state, levels, rng)
        if seat == 0:
            decisions += 1
            seconds += time.perf_counter() - start
            count(reason)
            bluffed = bluffed or reason == "bluff_knock"
            detail = detail or {}
            if (reason == "stay_strong" and int(detail.get("stake", 0)) >= 3
                    and int(detail.get("chance", 100)) <= 20):
                count("war_stay")
                war = True
        for e in events:
            if e["event"] == "challenge" and e["thrower"] == 0:
                count("bluff_caught" if e["loser"] == 0 else "honest_challenged")
            elif e["event"] == "challenge" and e["player"] == 0:
                count("challenge_won" if e["loser"] != 0 else "challenge_lost")
            elif e["event"] == "hand_end":
                if bluffed:
                    count("bluff_won" if e["winner"] == 0 else "bluff_lost")
                bluffed = False
                if war:
                    count("war_hand")
                    count("war_won" if e["winner"] == 0 else "war_lost")
                    counts["war_points"] = counts.get("war_points", 0) + e["penalties"][0]
                war = False
    return Outcome(0 in state.losers, state.hand_number, decisions, seconds, counts, state.points[0])


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
    per_hand = sum(r.points for r in results) / sum(r.hands for r in results)
    ms = 1000 * sum(r.seconds for r in results) / max(1, sum(r.decisions for r in results))
    return (f"{label:<26} {100 * losses / n:6.2f}%  [{100 * low:5.2f}, {100 * high:5.2f}]   {hands:5.1f}   "
            f"{per_hand:6.3f}   {ms:7.2f}")


def war(results: list[Outcome]) -> str:
    total: dict[str, int] = {}
    for r in results:
        for key, value in r.counts.items():
            total[key] = total.get(key, 0) + value
    hands = total.get("war_hand", 0)
    lost = total.get("war_points", 0) / hands if hands else 0.0
    return (f"   knock-war stays (stake 3+, rated 20% or less): {total.get('war_stay', 0)} in {hands} hands, "
            f"won {total.get('war_won', 0)}, {lost:.1f} points a hand")


def named_hand() -> str:
    """Seed 8, hand 1, four hard seats: the stake it reached (the issue's knock war went to 9)."""
    state = State(4, Options(), Chance(random.Random(8)))
    rng = random.Random(8 * 1_000_003 + 17)
    stakes = [1]
    while state.hand_number == 1 and not state.is_over:
        events = play_step(state, ("hard",) * 4, rng)[3]
        stakes += [e["stake"] for e in events if e["event"] == "knock"]
    return f"seed 8, hand 1, four hard seats: the stake reached {max(stakes)}"


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
    parser.add_argument("--pairs", default="normal:easy,hard:normal")
    args = parser.parse_args()
    pairs = [tuple(p.split(":")) for p in args.pairs.split(",")]
    n, players = args.rubbers, args.players
    started = time.perf_counter()
    print(f"Toepen bots: {n} seeded rubbers a line (seeds 0..{n - 1}), {players} players, "
          f"limit 10, first to reach it loses; {args.jobs} processes")
    print(f"baseline: a seat losing at random loses about 1/{players} = {100 / players:.1f}% of the rubbers")
    print(f"{'test seat (seat 0)':<26} {'lost':>7}  {'95% interval':>14}   {'hands':>5}   {'pts/hand':>6}   "
          f"{'ms/dec':>7}")
    verdicts = []
    with ProcessPoolExecutor(args.jobs) as pool:
        for test, other in pairs:
            base = run(pool, (other,) * players, n)
            print(row(f"{other} among {other}", base), flush=True)
            if test == other:
                print(habits(base))
                print(war(base), flush=True)
                continue
            trial = run(pool, (test,) + (other,) * (players - 1), n)
            print(row(f"{test} among {other}", trial), flush=True)
            print(habits(trial))
            print(war(trial))
            pm, ph = paired([r.points / r.hands for r in trial], [r.points / r.hands for r in base])
            print(f"   points a hand, {test} seat minus {other} seat, same seeds: {pm:+.3f} "
                  f"(95% interval {pm - ph:+.3f} to {pm + ph:+.3f})")
            mean, half = paired([r.lost for r in trial], [r.lost for r in base])
            beats = mean + half < 0
            verdicts.append(beats)
            print(f"   {test} seat minus {other} seat, same seeds: {100 * mean:+.2f} points "
                  f"(95% interval {100 * (mean - half):+.2f} to {100 * (mean + half):+.2f}): "
                  f"{test} {'beats' if beats else 'does NOT beat'} {other} with 95% confidence", flush=True)
    print(named_hand())
    print(f"\n({time.perf_counter() - started:.0f} s)")
    if not all(verdicts):
        sys.exit(1)


if __name__ == "__main__":
    main()
