"""How often a `hard` Toepen bot that stays in really wins, against the chance it rates (issue 16).

The hard bot rates its chance of taking the last trick as if every deal of the cards it cannot
see were equally likely (`bots.estimate`). A player who knocked, or stayed in after a knock,
tends to hold more than a random hand, so after knocks that rating runs high. This script
measures by how much: in seeded rubbers of four players (seat 0 hard, the others hard or
normal, drawn by seed), at every stay-or-fold decision of a hard seat it notes the rated
chance, the knocks this hand by players still in against it and their stays after its own
knocks, then plays the hand out with that seat staying to the end (it folds and knocks no
more; the others play as they would) and notes whether it won. A logistic fit of the outcome
on the rated chance (as log odds) and those counts gives the calibration `hard.calibrated`
uses; the script prints the fit and the rated and won rates by the number of knocks.

    python benchmarks/calibrate_toepen_hard.py [RUBBERS] [--seed N] [--jobs N]
"""

from __future__ import annotations

import argparse
import copy
import json
import math
import random
import sys
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tutor.games.toepen import bots  # noqa: E402
from tutor.games.toepen.bots.hard import pressure  # noqa: E402
from tutor.games.toepen.engine import Chance, Options, Phase, Play, State, Stay  # noqa: E402


def stay_to_the_end(state: State, seat: int, levels: tuple[str, ...], rng: random.Random) -> tuple[bool, int]:
    """Plays the hand on with `seat` staying in (no fold, no knock): did it win, and the stake at the end."""
    hand = state.hand_number
    while not state.is_over and state.hand_number == hand:
        p = state.current
        if p == seat and state.phase in (Phase.ANSWER, Phase.POVERTY):
            events = state.apply(Stay(p))
        elif state.phase is Phase.PLAY:
            acted = False
            for s in state.seats_from(p):
                if s != p and s != seat and state.may_knock(s):
                    choice = bots.knock_choice(levels[s], state, rng, s)
                    if choice is not None:
                        events = state.apply(choice.action)
                        acted = True
                        break
            if not acted:
                if p == seat:  # its best card, as hard plays it, without a knock
                    card = bots.estimate(state, seat, bots.BOT_SAMPLES).best or state.playable(seat)[0]
                    events = state.apply(Play(card, seat))
                else:
                    events = state.apply(bots.choose(levels[p], state, rng).action)
        else:
            events = state.apply(bots.choose(levels[p], state, rng).action)
        for e in events:
            if e["event"] == "hand_end":
                return e["winner"] == seat, e["stake"]
    return False, state.stake


def rubber(seed: int) -> list[tuple]:
    """(rated chance, knocks against it, stays against its knocks, stake, won, stake at the end, tricks
    done) at each stay-or-fold of a hard seat."""
    rng = random.Random(seed)
    levels = ("hard",) + tuple(rng.choice(("hard", "normal")) for _ in range(3))
    state = State(4, Options(), Chance(random.Random(seed)))
    play = random.Random(seed * 7 + 1)
    rows = []
    while not state.is_over:
        p = state.current
        if state.phase is Phase.ANSWER and levels[p] == "hard":
            rated = bots.estimate(state, p, bots.BOT_SAMPLES).value
            knocks, stays = pressure(state, p)
            fork = copy.deepcopy(state)
            won, final = stay_to_the_end(fork, p, levels, random.Random(seed * 31 + len(rows)))
            rows.append((rated, knocks, stays, state.stake, won, final, state.tricks_done))
        bots.play_step(state, levels, play)
    return rows


def features(r: tuple) -> list[float]:
    """(1, log odds of the rated chance, knocks against, stays against, tricks done)."""
    p = min(max(r[0], 0.01), 0.99)
    return [1.0, math.log(p / (1 - p)), float(r[1]), float(r[2]), float(r[6])]


def fit(rows: list[tuple]) -> list[float]:
    """Logistic regression of won on `features`, by Newton steps."""
    xs = [features(r) for r in rows]
    ys = [1.0 if r[4] else 0.0 for r in rows]
    w = [0.0, 1.0, 0.0, 0.0, 0.0]
    k = len(w)
    for _ in range(30):
        grad = [0.0] * k
        hess = [[0.0] * k for _ in range(k)]
        for x, y in zip(xs, ys):
            z = sum(a * b for a, b in zip(w, x))
            p = 1 / (1 + math.exp(-z))
            for i in range(k):
                grad[i] += (y - p) * x[i]
                for j in range(k):
                    hess[i][j] += p * (1 - p) * x[i] * x[j]
        for i in range(k):
            hess[i][i] += 1e-6
        step = solve(hess, grad)
        w = [a + b for a, b in zip(w, step)]
        if max(abs(s) for s in step) < 1e-8:
            break
    return w


def solve(a: list[list[float]], b: list[float]) -> list[float]:
    n = len(b)
    m = [row[:] + [b[i]] for i, row in enumerate(a)]
    for col in range(n):
        pivot = max(range(col, n), key=lambda r: abs(m[r][col]))
        m[col], m[pivot] = m[pivot], m[col]
        for r in range(n):
            if r != col:
                f = m[r][col] / m[col][col]
                for c in range(col, n + 1):
                    m[r][c] -= f * m[col][c]
    return [m[i][n] / m[i][i] for i in range(n)]


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("rubbers", nargs="?", type=int, default=200)
    parser.add_argument("--seed", type=int, default=50_000)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--save", help="write the decisions to this JSON file")
    parser.add_argument("--load", help="read the decisions from this JSON file instead of playing")
    args = parser.parse_args()
    if args.load:
        rows = [tuple(r) for r in json.loads(Path(args.load).read_text())]
    else:
        seeds = range(args.seed, args.seed + args.rubbers)
        with ProcessPoolExecutor(args.jobs) as pool:
            rows = [r for batch in pool.map(rubber, seeds) for r in batch]
    if args.save:
        Path(args.save).write_text(json.dumps(rows))
    print(f"{len(rows)} stay-or-fold decisions of hard seats in {args.rubbers} rubbers (seeds from {args.seed})")
    print(f"{'knocks against':>15} {'decisions':>10} {'rated':>7} {'won':>7} {'raised after':>13}")
    for k in range(4):
        part = [r for r in rows if min(r[1], 3) == k]
        if part:
            rated = sum(r[0] for r in part) / len(part)
            won = sum(r[4] for r in part) / len(part)
            raised = sum(r[5] - r[3] for r in part) / len(part)
            print(f"{k if k < 3 else '3+':>15} {len(part):>10} {100 * rated:6.1f}% {100 * won:6.1f}% {raised:13.2f}")
    print(f"{'rated':>15} {'decisions':>10} {'rated':>7} {'won':>7}")
    for low in (0.0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9):
        part = [r for r in rows if low <= r[0] < low + 0.1 or (low == 0.9 and r[0] == 1.0)]
        if part:
            won = sum(r[4] for r in part) / len(part)
            rated = sum(r[0] for r in part) / len(part)
            print(f"{f'{low:.1f}-{low + 0.1:.1f}':>15} {len(part):>10} {100 * rated:6.1f}% {100 * won:6.1f}%")
    print(f"{'tricks done':>15} {'decisions':>10} {'rated':>7} {'won':>7}")
    for t in range(4):
        part = [r for r in rows if r[6] == t]
        if part:
            won = sum(r[4] for r in part) / len(part)
            rated = sum(r[0] for r in part) / len(part)
            print(f"{t:>15} {len(part):>10} {100 * rated:6.1f}% {100 * won:6.1f}%")
    w = fit(rows)
    print("fit: log odds of winning = "
          f"{w[0]:+.3f} {w[1]:+.3f} * log odds rated {w[2]:+.3f} * knocks against {w[3]:+.3f} * stays against "
          f"{w[4]:+.3f} * tricks done")
    loss = 0.0
    for r in rows:
        z = sum(a * b for a, b in zip(w, features(r)))
        p = 1 / (1 + math.exp(-z))
        loss += (p - r[4]) ** 2
    raw = sum((r[0] - r[4]) ** 2 for r in rows)
    print(f"Brier score: rated {raw / len(rows):.4f}, calibrated {loss / len(rows):.4f}")


if __name__ == "__main__":
    main()
