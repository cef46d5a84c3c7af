"""How far the Toepen coach's quoted chances are from precise values, before and after (issue 16).

Positions come from seeded rubbers of `easy` and `normal` bots (3 to 6 players; they do not use
the sampler, so before and after see the same positions). At each decision of seat 0 (the
learner) the coach quotes a chance of taking the last trick: on the card screen the chance
after each card it may play, on the stay/fold, dirty-laundry and knock screens (the knock
offered before a bot's card) one chance. Each is compared with the precise value of the one
definition the coach now states (the learner's best continuation, every deal that fits equally
likely): exact where the deals that fit are at most PRECISE_EXACT, else PRECISE deals (95% error
about 0.3 points).

"before" is the coach of REV (default: the merge base with main), its sampler read from git;
"after" is this checkout. Printed: the error in points of every quoted figure (mean, 95th
percentile, largest, the share over 1 point), by screen; verdicts that the precise values would
reverse (by the coach's margin alone: a difference within an estimate's error of the margin may
flip); and the jumps between two screens of the same moment (no card played, nobody folded,
the learner's hand and the hands shown unchanged in between).

    python benchmarks/eval_toepen_numbers.py [POSITIONS] [--rev REV] [--seed N]
"""

from __future__ import annotations

import argparse
import copy
import random
import subprocess
import sys
import time
import types
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tutor.games.toepen import bots, coach  # noqa: E402
from tutor.games.toepen.bots import sampling  # noqa: E402
from tutor.games.toepen.engine import Chance, Options, Phase, Play, State  # noqa: E402

PRECISE = 100_000
PRECISE_EXACT = 200_000


def old_coach(rev: str) -> types.SimpleNamespace:
    """The coach's figures as REV computed them (its sampler and seeds, read from git)."""
    source = subprocess.run(["git", "show", f"{rev}:tutor/games/toepen/bots/sampling.py"], cwd=ROOT,
                            capture_output=True, text=True, check=True).stdout
    module = types.ModuleType("old_sampling")
    sys.modules["old_sampling"] = module
    exec(compile(source, "old_sampling.py", "exec"), module.__dict__)
    seed, samples = 20240601, 240

    def chance(state, seat):
        return module.last_trick_chance(state, seat, random.Random(seed), samples=samples)

    def after(state, seat, card):
        trial = copy.deepcopy(state)
        for event in trial.apply(Play(card, seat)):
            if event["event"] == "hand_end":
                return 1.0 if event["winner"] == seat else 0.0
        return module.last_trick_chance(trial, seat, random.Random(seed), samples=samples)

    return types.SimpleNamespace(chance=chance, after=after)


def new_coach() -> types.SimpleNamespace:
    def chance(state, seat):
        return coach.chance(state, seat)

    def after(state, seat, card):
        return coach.chance_after(state, seat, card)

    return types.SimpleNamespace(chance=chance, after=after)


def screens(count: int, seed: int) -> list[tuple[str, State, int, tuple]]:
    """(screen, position, hand id, moment id) at seat 0's decisions in seeded rubbers of easy/normal bots."""
    found: list[tuple[str, State, int, tuple]] = []
    rubber = seed
    hand_id = 0
    pick = random.Random(seed)  # which knock offers to keep (a third of them), apart from the game
    while len(found) < count:
        rng = random.Random(rubber)
        players = rng.randint(3, 6)
        levels = ["normal"] + [rng.choice(("easy", "normal")) for _ in range(players - 1)]
        state = State(players, Options(), Chance(rng))
        last_hand = None
        while not state.is_over and len(found) < count:
            if state.hand_number != last_hand:
                last_hand = state.hand_number
                hand_id += 1
            moment = (hand_id, state.tricks_done, len(state.trick), tuple(state.in_hand), tuple(state.hands[0]),
                      tuple(state.shown))
            kind = None
            if state.in_hand[0]:
                if state.current == 0:
                    kind = {Phase.PLAY: "card", Phase.ANSWER: "answer", Phase.POVERTY: "answer",
                            Phase.LAUNDRY: "laundry"}.get(state.phase)
                elif state.phase is Phase.PLAY and state.may_knock(0) and pick.random() < 0.3:
                    kind = "knock"
            if kind is not None and (kind != "card" or len(state.playable(0)) > 1 or state.may_knock(0)):
                found.append((kind, copy.deepcopy(state), hand_id, moment))
            bots.play_step(state, levels, rng)
        rubber += 1
    return found


def precise(state: State, seat: int) -> sampling.Estimate:
    from tutor.games.toepen.bots import worlds

    pos = sampling.position(state, seat)
    return worlds.evaluate(pos, PRECISE, PRECISE_EXACT)


def figures(judge, kind: str, state: State) -> dict[str, float]:
    """The figures a coach quotes on this screen: 'value', and on the card screen 'after <card>'."""
    out = {"value": judge.chance(state, 0)}
    if kind == "card":
        for card in state.playable(0):
            out["after " + card.code] = judge.after(state, 0, card)
    return out


def summary(errors: list[float]) -> str:
    if not errors:
        return "-"
    errors = sorted(errors)
    p95 = errors[int(0.95 * (len(errors) - 1))]
    over = sum(e > 1.0 for e in errors) / len(errors)
    return (f"mean {sum(errors) / len(errors):5.2f}  p95 {p95:5.2f}  max {errors[-1]:5.1f}  "
            f">1 point {100 * over:5.1f}%  ({len(errors)} figures)")


def card_verdicts(fig: dict[str, float], margin: float) -> dict[str, bool]:
    """Which cards the coach would call weaker, by these figures."""
    after = {k: v for k, v in fig.items() if k.startswith("after ")}
    if not after:
        return {}
    best = max(after.values())
    return {k: best - v > margin for k, v in after.items()}


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("positions", nargs="?", type=int, default=300)
    parser.add_argument("--rev", default=None, help="the coach before (default: merge base with main)")
    parser.add_argument("--seed", type=int, default=1000)
    args = parser.parse_args()
    rev = args.rev or subprocess.run(["git", "merge-base", "main", "HEAD"], cwd=ROOT, capture_output=True,
                                     text=True, check=True).stdout.strip()
    started = time.perf_counter()
    found = screens(args.positions, args.seed)
    kinds = sorted({k for k, *_ in found})
    print(f"Toepen coach figures against precise values: {len(found)} screens of seat 0 "
          f"(seeds from {args.seed}), " + ", ".join(f"{k} {sum(x[0] == k for x in found)}" for k in kinds))
    print(f"precise: exact up to {PRECISE_EXACT} deals, else {PRECISE} deals; before = {rev[:10]}, after = this "
          "checkout\n")
    coaches = {"before": old_coach(rev), "after": new_coach()}
    errors = {(w, k): [] for w in coaches for k in kinds}
    flips = {w: [0, 0] for w in coaches}  # card verdicts reversed, stay/fold verdicts reversed
    totals = [0, 0]
    by_moment: dict[str, dict[tuple, list[float]]] = {w: {} for w in coaches}
    timings = {w: [] for w in coaches}
    exact_count = 0
    for kind, state, _hand, moment in found:
        ref = precise(state, 0)
        exact_count += ref.exact
        truth = {"value": ref.value}
        if kind == "card":
            for card in state.playable(0):
                truth["after " + card.code] = ref.after[card]
        for who, judge in coaches.items():
            start = time.perf_counter()
            fig = figures(judge, kind, state)
            timings[who].append(time.perf_counter() - start)
            for key, value in fig.items():
                errors[(who, kind)].append(100 * abs(value - truth[key]))
            by_moment[who].setdefault(moment, []).append(fig["value"])
            if kind == "card":
                mine, right = card_verdicts(fig, coach.CARD_MARGIN), card_verdicts(truth, coach.CARD_MARGIN)
                flips[who][0] += sum(mine[k] != right[k] for k in mine)
            if kind == "answer":
                stake, fold = state.stake, state.stake - 1

                def stays(p):
                    return (1 - p) * stake < fold
                flips[who][1] += stays(fig["value"]) != stays(truth["value"])
        if kind == "card":
            totals[0] += len(state.playable(0))
        totals[1] += kind == "answer"
    for who in coaches:
        print(f"{who}:")
        for kind in kinds:
            print(f"  {kind:<8} {summary(errors[(who, kind)])}")
        print(f"  all      {summary([e for k in kinds for e in errors[(who, k)]])}")
        jumps = [100 * (max(v) - min(v)) for v in by_moment[who].values() if len(v) > 1]
        jumps.sort()
        print(f"  card verdicts the precise values reverse: {flips[who][0]} of {totals[0]}; "
              f"stay/fold (by expected points): {flips[who][1]} of {totals[1]}")
        if jumps:
            print(f"  one moment, several screens ({len(jumps)} moments): largest jump "
                  f"{jumps[-1]:.1f} points, over 5 points in {sum(j > 5 for j in jumps)}")
        t = sorted(timings[who])
        print(f"  time to quote a screen's figures: median {1000 * t[len(t) // 2]:.0f} ms, "
              f"p95 {1000 * t[int(0.95 * (len(t) - 1))]:.0f} ms")
    print(f"\n({exact_count} of {len(found)} precise values exact; {time.perf_counter() - started:.0f} s)")


if __name__ == "__main__":
    main()
