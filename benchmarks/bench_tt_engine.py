"""How fast the Three Thirteen engine runs random self-play, against a baseline measured in the same run.

    python benchmarks/bench_tt_engine.py [--actions N] [--seed S] [--bots]

Random self-play: every seat picks a random legal action (`legal_actions()` then `apply()`),
so each discard turn also asks the solver which cards go out. Random play rarely goes out,
so games are cut into slices: a fresh game starts at a random round (1-11) with 2-8 players
and plays up to a fixed number of actions. Reported: actions per second overall, and split
by the round a slice started in (early 1-4, middle 5-8, late 9-11), from the fastest of
three runs (a busy machine only ever slows a run down).

Baseline, so the numbers travel between machines: the same number of actions of the 33
engine's random self-play (also `legal_actions()` + `apply()`, a game with no solver).
The ratio says how many 33 actions cost as much as one Three Thirteen action.

Beside it, OpenSpiel's gin rummy (a C++ engine) driven from Python the same way, when
`open_spiel` is installed: the issue's yardstick for a rummy engine's speed.

With `--bots`, also the decision time of each bot level (median and 95th percentile) over
seeded games, since the hard bot has a budget of 300 ms at the 95th percentile.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tutor.games.thirty_three.engine import Chance as Chance33  # noqa: E402
from tutor.games.thirty_three.engine import State as State33  # noqa: E402
from tutor.games.three_thirteen import bots  # noqa: E402
from tutor.games.three_thirteen.engine import Chance, Options, State  # noqa: E402

SLICE = 200  # actions per game slice
REPEAT = 3  # each measure is the best of three runs, to damp a busy machine


def tt_random(actions: int, seed: int) -> dict[int, tuple[int, float]]:
    """Random legal actions of Three Thirteen: (actions, seconds) by the round each slice started in."""
    rng = random.Random(seed)
    done = 0
    by_round: dict[int, tuple[int, float]] = {}
    while done < actions:
        state = State(rng.randint(2, 8), Options(), Chance(rng), first_round=rng.randint(1, 11))
        first = state.round
        count = 0
        start = time.perf_counter()
        for _ in range(min(SLICE, actions - done)):
            if state.is_over:
                break
            state.apply(rng.choice(state.legal_actions()))
            count += 1
        spent = time.perf_counter() - start
        done += count
        n, t = by_round.get(first, (0, 0.0))
        by_round[first] = (n + count, t + spent)
    return by_round


def baseline_33(actions: int, seed: int) -> float:
    """Seconds for `actions` random legal actions of 33 (the same loop, no solver)."""
    rng = random.Random(seed)
    done = 0
    spent = 0.0
    while done < actions:
        state = State33(rng.randint(2, 8), chance=Chance33(rng))
        start = time.perf_counter()
        while not state.is_over and done < actions:
            state.apply(rng.choice(state.legal_actions()))
            done += 1
        spent += time.perf_counter() - start
    return spent


def bot_times(seed: int, games: int) -> dict[str, list[float]]:
    """Decision times of each bot level over seeded full games of 2-8 players."""
    times: dict[str, list[float]] = {level: [] for level in bots.LEVELS}
    for g in range(games):
        rng = random.Random(seed + g)
        players = 2 + g % 7
        seats = [bots.LEVELS[(g + q) % 3] for q in range(players)]
        state = State(players, Options(), Chance(rng))
        while not state.is_over:
            level = seats[state.current]
            start = time.perf_counter()
            choice = bots.choose(level, state, rng)
            times[level].append(time.perf_counter() - start)
            state.apply(choice.action)
    return times


def gin_rummy(actions: int, seed: int) -> float | None:
    """OpenSpiel's gin rummy (C++), random self-play driven from Python: seconds for `actions`.

    Chance nodes (the deal, the draws from the stock) count as actions too, as every
    engine action here does. None when OpenSpiel is not installed (it is a test extra).
    """
    try:
        import pyspiel
    except ImportError:
        return None
    rng = random.Random(seed)
    game = pyspiel.load_game("gin_rummy")
    done = 0
    start = time.perf_counter()
    while done < actions:
        state = game.new_initial_state()
        while not state.is_terminal() and done < actions:
            if state.is_chance_node():
                state.apply_action(rng.choice(state.chance_outcomes())[0])
            else:
                state.apply_action(rng.choice(state.legal_actions()))
            done += 1
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--actions", type=int, default=20_000)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--bots", action="store_true", help="also time the bots' decisions")
    parser.add_argument("--games", type=int, default=7, help="games for --bots")
    args = parser.parse_args()

    base = min(baseline_33(args.actions, args.seed) for _ in range(REPEAT))
    base_rate = args.actions / base
    print(f"baseline: 33 random self-play              {base_rate:10.0f} actions/s")
    runs = [tt_random(args.actions, args.seed) for _ in range(REPEAT)]
    best = min(runs, key=lambda r: sum(t for _, t in r.values()))
    total_n = sum(n for n, _ in best.values())
    rate = total_n / sum(t for _, t in best.values())
    print(f"three-thirteen random self-play, rounds 1-11 {rate:8.0f} actions/s   ratio to baseline {rate / base_rate:6.3f}")
    for name, rounds in (("rounds 1-4", range(1, 5)), ("rounds 5-8", range(5, 9)), ("rounds 9-11", range(9, 12))):
        n = sum(best[r][0] for r in rounds if r in best)
        t = sum(best[r][1] for r in rounds if r in best)
        r_rate = n / t if t else 0.0
        print(f"  {name:<12}                             {r_rate:8.0f} actions/s   ratio to baseline {r_rate / base_rate:6.3f}")
    gin = [gin_rummy(args.actions, args.seed) for _ in range(REPEAT)]
    if gin[0] is not None:
        gin_rate = args.actions / min(t for t in gin if t is not None)
        print(f"OpenSpiel gin rummy (C++ from Python)       {gin_rate:8.0f} actions/s   "
              f"three-thirteen / gin rummy {rate / gin_rate:6.3f}")
    else:
        print("OpenSpiel gin rummy: not installed (pip install open_spiel) - no comparison")
    if args.bots:
        for level, samples in bot_times(args.seed, args.games).items():
            samples.sort()
            p95 = samples[int(0.95 * (len(samples) - 1))]
            print(
                f"bot {level:<6} decisions {len(samples):6d}   median {statistics.median(samples) * 1e3:6.2f} ms"
                f"   p95 {p95 * 1e3:6.2f} ms   max {samples[-1] * 1e3:6.2f} ms"
            )


if __name__ == "__main__":
    main()
