"""How fast the Toepen engine runs random self-play, against a bare loop measured in the same run.

    python benchmarks/bench_toepen_engine.py [RUBBERS] [--repeat N] [--bots GAMES]

Random self-play: seeded rubbers of 3-8 players where every action is chosen at random from
`State.legal_actions()` (a knock among them whenever the player to act may knock) and carried
out with `State.apply()` (checks, events and all); the deals are counted in the time. The
baseline, measured in the same run, is a bare loop doing the same number of rubbers, hands
and steps with none of the rules: per hand it shuffles a list of 32 and deals four each by
popping it, and per step draws one random number and moves a card from a hand to a pile. The
ratio says how many times slower than that bare loop the engine is. Target: at least 30,000
actions per second. Each figure is the median of --repeat runs, engine and bare loop
interleaved so both see the same machine load.

Then the bots' decision times: seeded rubbers of four players, two `hard` seats among `normal`
and `easy` ones, driven by `bots.play_step`. Reported per level: the median and 95th
percentile of `choose()` (a decision for the player to act) and of `knock_choice()` (asked
of a bot at each moment a card is about to be played when it is not its turn). Target: hard
decisions under 300 ms at the 95th percentile.

Last, the coach's time to judge a decision of seat 0 (the learner, played by a `normal` bot) at
tables of 3 to 8 players: every verdict the trainer asks for at that decision (a card and the
knock not made, a knock, a stay or fold, the dirty laundry), with the kept estimates dropped
first, so each is computed afresh. Target: under 300 ms at the 95th percentile.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tutor.games.toepen import bots  # noqa: E402
from tutor.games.toepen.engine import DECK, Chance, Options, Phase, State  # noqa: E402

TARGET = 30_000
HARD_P95 = 0.300


def self_play(rubbers: int) -> tuple[float, list[tuple[int, int, int]]]:
    """Seconds taken, and per rubber (players, hands, actions)."""
    shapes = []
    start = time.perf_counter()
    for seed in range(rubbers):
        rng = random.Random(seed)
        players = 3 + seed % 6
        state = State(players, Options(), Chance(rng))
        steps = 0
        while not state.is_over:
            state.apply(rng.choice(state.legal_actions()))
            steps += 1
        shapes.append((players, state.hand_number, steps))
    return time.perf_counter() - start, shapes


def bare_loop(shapes: list[tuple[int, int, int]]) -> float:
    """The same rubbers, hands and steps with no rules: shuffles, pops and random numbers only."""
    cards = [c.code for c in DECK]
    start = time.perf_counter()
    for seed, (players, hands, steps) in enumerate(shapes):
        rng = random.Random(seed)
        per_hand = max(1, steps // hands)
        done = 0
        for _ in range(hands):
            stock = list(cards)
            rng.shuffle(stock)
            held = [[stock.pop() for _ in range(4)] for _ in range(players)]
            pile: list[str] = []
            p = 0
            for _ in range(min(per_hand, steps - done)):
                hand = held[p]
                if hand:
                    pile.append(hand.pop(rng.randrange(len(hand))))
                p = (p + 1) % players
                done += 1
    return time.perf_counter() - start


def bot_times(rubbers: int, seed: int) -> dict[str, dict[str, list[float]]]:
    """Decision times by level: {"choose": [...], "knock": [...]}."""
    times: dict[str, dict[str, list[float]]] = {lv: {"choose": [], "knock": []} for lv in bots.LEVELS}
    for g in range(rubbers):
        rng = random.Random(seed + g)
        levels = ("hard", "normal", "hard", "easy") if g % 2 == 0 else ("normal", "hard", "easy", "hard")
        state = State(4, Options(), Chance(rng))
        while not state.is_over:
            p = state.current
            acted = False
            if state.phase is Phase.PLAY:
                for seat in state.seats_from(p):
                    if seat != p and state.may_knock(seat):
                        start = time.perf_counter()
                        offer = bots.knock_choice(levels[seat], state, rng, seat)
                        times[levels[seat]]["knock"].append(time.perf_counter() - start)
                        if offer is not None:
                            state.apply(offer.action)
                            acted = True
                            break
            if acted:
                continue
            start = time.perf_counter()
            choice = bots.choose(levels[p], state, rng)
            times[levels[p]]["choose"].append(time.perf_counter() - start)
            state.apply(choice.action)
    return times


def coach_times(rubbers: int, seed: int) -> list[float]:
    """Seconds the coach takes to judge each decision of seat 0, computed afresh."""
    from tutor.games.toepen import coach
    from tutor.games.toepen.bots import sampling

    times = []
    for g in range(rubbers):
        rng = random.Random(seed + g)
        players = 3 + g % 6
        levels = ("normal",) + tuple(rng.choice(("easy", "normal")) for _ in range(players - 1))
        state = State(players, Options(), Chance(rng))
        while not state.is_over and state.hand_number <= 4:
            if state.current == 0 and state.phase is not Phase.CHALLENGE:
                getattr(sampling, "_cache", {}).clear()  # (a coach without kept estimates has none)
                start = time.perf_counter()
                if state.phase is Phase.PLAY:
                    coach.judge_knock(state, 0, False)
                    coach.judge_card(state, 0, state.playable(0)[0])
                elif state.phase is Phase.LAUNDRY:
                    coach.judge_laundry(state, 0, False)
                else:
                    coach.judge_answer(state, 0, True)
                times.append(time.perf_counter() - start)
            bots.play_step(state, levels, rng)
    return times


def _p95(samples: list[float]) -> float:
    ordered = sorted(samples)
    return ordered[int(0.95 * (len(ordered) - 1))]


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("rubbers", nargs="?", type=int, default=400)
    parser.add_argument("--repeat", type=int, default=5, help="runs of each; the median is shown")
    parser.add_argument("--bots", type=int, default=12, help="rubbers for the bot timings (0: skip)")
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args()
    engine_times, bare_times = [], []
    shapes: list[tuple[int, int, int]] = []
    for _ in range(args.repeat):
        seconds, shapes = self_play(args.rubbers)
        engine_times.append(seconds)
        bare_times.append(bare_loop(shapes))
    actions = sum(s for _, _, s in shapes)
    hands = sum(h for _, h, _ in shapes)
    engine = statistics.median(engine_times)
    bare = statistics.median(bare_times)
    rate = actions / engine
    print(f"Toepen random self-play: {args.rubbers} rubbers of 3-8 players, {hands} hands, {actions} actions a run, "
          f"median of {args.repeat}")
    print(f"bare loop (baseline)      {actions / bare:12.0f} actions/s")
    print(f"engine                    {rate:12.0f} actions/s   {engine / bare:5.1f}x the bare loop's time   "
          f"target {TARGET:,}: {'met' if rate >= TARGET else 'NOT met'}")
    if args.bots:
        print(f"\nbot decision times over {args.bots} rubbers of 4 players (2 hard, 1 normal, 1 easy a table)")
        met = True
        for level, kinds in bot_times(args.bots, args.seed).items():
            for kind, samples in kinds.items():
                if not samples:
                    continue
                p95 = _p95(samples)
                print(f"  {level:<6} {kind:<7} {len(samples):6d} calls   median {statistics.median(samples) * 1e3:7.2f} ms"
                      f"   p95 {p95 * 1e3:7.2f} ms   max {max(samples) * 1e3:7.2f} ms")
                if level == "hard" and p95 > HARD_P95:
                    met = False
        print(f"  target: hard p95 under {HARD_P95 * 1e3:.0f} ms: {'met' if met else 'NOT met'}")
        samples = coach_times(args.bots, args.seed)
        p95 = _p95(samples)
        print(f"\ncoach, a decision of seat 0 at 3-8 players, computed afresh: {len(samples)} decisions   median "
              f"{statistics.median(samples) * 1e3:7.2f} ms   p95 {p95 * 1e3:7.2f} ms   max {max(samples) * 1e3:7.2f} ms"
              f"   target under {HARD_P95 * 1e3:.0f} ms: {'met' if p95 <= HARD_P95 else 'NOT met'}")


if __name__ == "__main__":
    main()
