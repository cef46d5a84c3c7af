"""How fast the Three Thirteen hand solver is, against baselines measured in the same run.

    python benchmarks/bench_tt_solver.py [--hands N] [--seed S] [--passes P]

Times the median `solve` on seeded random hands: 14-card round-11 hands (kings wild) from
2-4 decks with 0-8 wilds, per rule set; 13-card hands with no wild; `discards` on the
14-card hands (what a bot asks every turn) and `can_go_out` (what the engine asks every
discard). Every call is cold: the answers the solver keeps between calls are dropped
before each one. The last rows ask again for hands already answered (what a bot or the
engine does when it meets a hand, or the same cards in other copies, a second time).
Baselines, so the numbers travel between machines: sorting the same 14-card hand (1000
times), and, if OpenSpiel is installed, its C++ gin rummy `min_deadwood` on the same
13-card single-deck hands as the "13 cards, no wild, 1 deck" row (it scores them as we
do with aces low and faces 10; the script checks that every penalty agrees). Tables the
solver builds once per rule set are not answers about hands: they are built before timing.

Every row, baselines included, is timed in `--passes` passes (5), and each hand keeps its
least time, as `timeit` keeps the best of its repeats: this machine's speed changes from one
second to the next, and a slower repeat is the machine doing something else. The median of
the first pass alone is printed beside it.
"""

from __future__ import annotations

import argparse
import gc
import random
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tutor.cards import Card, make_decks  # noqa: E402
from tutor.games.three_thirteen.solver import MeldRules, can_go_out, clear_caches, discards, solve  # noqa: E402

RULE_SETS = {
    "default": MeldRules(),
    "aces both": MeldRules(aces="both"),
    "natural req.": MeldRules(natural_required=True),
    "max one wild": MeldRules(max_one_wild=True),
}


def round11_hand(rng: random.Random, wilds: int) -> list[Card]:
    """14 cards (13 dealt + 1 drawn) from 2-4 decks, exactly `wilds` of them kings."""
    deck = make_decks(rng.randint(2, 4))
    kings = [c for c in deck if c.rank == 13]
    others = [c for c in deck if c.rank != 13]
    return rng.sample(kings, wilds) + rng.sample(others, 14 - wilds)


def times(
    fn: Callable[[Sequence[Card]], object], hands: list[list[Card]], repeat: int = 1, cold: bool = False
) -> list[float]:
    """Seconds per call of fn on each hand (each hand timed alone, `repeat` calls averaged);
    `cold`: the solver's kept answers are dropped before each call. The garbage collector is
    off while timing, as in `timeit` (its pauses would land on whichever call triggers them)."""
    out = []
    gc.collect()
    gc.disable()
    try:
        for hand in hands:
            if cold:
                clear_caches()
            start = time.perf_counter()
            for _ in range(repeat):
                fn(hand)
            out.append((time.perf_counter() - start) / repeat)
    finally:
        gc.enable()
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=400)
    parser.add_argument("--seed", type=int, default=13)
    parser.add_argument("--passes", type=int, default=5, help="passes over every row; each hand keeps its least time")
    args = parser.parse_args()
    rng = random.Random(args.seed)

    r11 = [round11_hand(rng, rng.randint(0, 8)) for _ in range(args.hands)]
    r11_by_wilds = {w: [round11_hand(rng, w) for _ in range(max(20, args.hands // 4))] for w in (0, 1, 2, 4, 8)}
    one_deck = make_decks(1)
    plain13 = [rng.sample(one_deck, 13) for _ in range(args.hands)]
    plain13_multi = [rng.sample(make_decks(rng.randint(2, 4)), 13) for _ in range(args.hands)]
    # Asked again: the same hands, and then the same cards in other copies and order.
    recopied = [sorted((Card(c.rank, c.suit, c.copy + 4) for c in h), key=lambda c: (c.suit, c.rank)) for h in r11]

    def keep_solved() -> None:
        clear_caches()
        for h in r11:
            solve(h, 13)

    def keep_discards() -> None:
        for h in r11:
            discards(h, 13)

    # (label, function, hands, cold, set-up before each pass, calls per hand)
    rows: list[tuple[str, Callable[[Sequence[Card]], object], list, bool, Callable[[], None] | None, int]] = [
        ("sort", lambda h: sorted(h), r11, False, None, 1000)
    ]
    try:
        import pyspiel  # type: ignore[import-not-found]

        utils = pyspiel.gin_rummy.GinRummyUtils(13, 4, 10)
        suit_index = {"S": 0, "C": 1, "D": 2, "H": 3}
        ints = [[suit_index[c.suit] * 13 + c.rank - 1 for c in h] for h in plain13]
        for h, i in zip(plain13, ints):
            assert utils.min_deadwood(i) == solve(h, None).penalty, h
        rows.append(("OpenSpiel", utils.min_deadwood, ints, False, None, 1))
    except ImportError:
        pass
    for name, rules in RULE_SETS.items():
        rows.append((f"solve 14 cards, K wild, 0-8 wilds, {name}", lambda h, r=rules: solve(h, 13, r), r11, True, None, 1))
    for w, hands in r11_by_wilds.items():
        rows.append((f"solve 14 cards, K wild, exactly {w} wilds", lambda h: solve(h, 13), hands, True, None, 1))
    rows += [
        ("solve 13 cards, no wild, 1 deck", lambda h: solve(h, None), plain13, True, None, 1),
        ("solve 13 cards, no wild, 2-4 decks", lambda h: solve(h, None), plain13_multi, True, None, 1),
        ("discards 14 cards, 0-8 wilds (14 solves)", lambda h: discards(h, 13), r11, True, None, 1),
        ("can_go_out 14 cards, 0-8 wilds", lambda h: can_go_out(h, 13), r11, True, None, 1),
        ("solve again, 0-8 wilds (answer kept)", lambda h: solve(h, 13), r11, False, keep_solved, 1),
        ("solve again, other copies (answer kept)", lambda h: solve(h, 13), recopied, False, keep_solved, 1),
        ("discards again, 0-8 wilds (answers kept)", lambda h: discards(h, 13), r11, False, keep_discards, 1),
    ]
    # Every row is timed in each pass, one pass after the other, so that a spell of a busy
    # machine falls on one pass of every row rather than on every pass of one row. A hand
    # keeps its least time, as `timeit` reports the best of its repeats (a slower repeat is
    # the machine doing something else); the first pass alone is shown beside it.
    first: dict[str, list[float]] = {}
    least: dict[str, list[float]] = {}
    for _ in range(args.passes):
        for label, fn, hands, cold, setup, repeat in rows:
            if setup is not None:
                setup()
            ts = times(fn, hands, repeat=repeat, cold=cold)
            first.setdefault(label, ts)
            least[label] = [min(a, b) for a, b in zip(least.get(label, ts), ts)]

    sort_once = statistics.median(least.pop("sort"))
    del first["sort"]
    print(f"baseline: sort a 14-card hand (median of 1000x per hand)  {sort_once * 1e6:8.2f} us")
    deadwood = None
    if "OpenSpiel" in least:
        deadwood = statistics.median(least.pop("OpenSpiel"))
        del first["OpenSpiel"]
        print(f"baseline: OpenSpiel min_deadwood (C++), the 13-card hands {deadwood * 1e6:7.2f} us")
    else:
        print("baseline: OpenSpiel not installed (pip install open_spiel to compare)")
    print(f"each hand: its least time over {args.passes} passes; '1 pass': the median of the first pass alone")
    print()
    print(f"{'':44s} {'median':>9s} {'p90':>9s} {'max':>9s} {'1 pass':>9s}  median as a ratio")
    for label, ts in least.items():
        ts = sorted(ts)
        med, p90 = statistics.median(ts), ts[int(0.9 * (len(ts) - 1))]
        ratios = f"{med / sort_once:6.1f}x sort"
        if deadwood:
            ratios += f"  {med / deadwood:7.1f}x OpenSpiel"
        once = statistics.median(first[label])
        print(f"{label:44s} {med * 1e6:7.1f}us {p90 * 1e6:7.1f}us {ts[-1] * 1e6:7.0f}us {once * 1e6:7.1f}us  {ratios}")


if __name__ == "__main__":
    main()
