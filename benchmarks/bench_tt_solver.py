"""How fast the Three Thirteen hand solver is, against baselines measured in the same run.

    python benchmarks/bench_tt_solver.py [--hands N] [--seed S]

Times the median `solve` on seeded random hands: 14-card round-11 hands (kings wild) from
2-4 decks with 0-8 wilds, per rule set; 13-card hands with no wild; and `discards` on the
14-card hands (what a bot asks every turn). Baselines, so the numbers travel between
machines: sorting the same 14-card hand (1000 times), and, if OpenSpiel is installed,
its C++ gin rummy `min_deadwood` on 10-card single-deck hands.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tutor.cards import Card, make_decks  # noqa: E402
from tutor.games.three_thirteen.solver import MeldRules, discards, solve  # noqa: E402

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


def median_time(fn: Callable[[Sequence[Card]], object], hands: list[list[Card]], repeat: int = 1) -> float:
    """The median seconds per call of fn over the hands (each call timed alone)."""
    times = []
    for hand in hands:
        start = time.perf_counter()
        for _ in range(repeat):
            fn(hand)
        times.append((time.perf_counter() - start) / repeat)
    return statistics.median(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=400)
    parser.add_argument("--seed", type=int, default=13)
    args = parser.parse_args()
    rng = random.Random(args.seed)

    r11 = [round11_hand(rng, rng.randint(0, 8)) for _ in range(args.hands)]
    r11_by_wilds = {w: [round11_hand(rng, w) for _ in range(max(20, args.hands // 8))] for w in (0, 1, 2, 4, 8)}
    one_deck = make_decks(1)
    plain13 = [rng.sample(one_deck, 13) for _ in range(args.hands)]
    plain13_multi = [rng.sample(make_decks(rng.randint(2, 4)), 13) for _ in range(args.hands)]

    sort_1000 = median_time(lambda h: sorted(h), r11, repeat=1000) * 1000
    print(f"baseline: sort a 14-card hand 1000x      {sort_1000 * 1e6:9.1f} us")
    deadwood = None
    try:
        import pyspiel  # type: ignore[import-not-found]

        utils = pyspiel.gin_rummy.GinRummyUtils(13, 4, 10)
        suit_index = {"S": 0, "C": 1, "D": 2, "H": 3}
        ints = [[suit_index[c.suit] * 13 + c.rank - 1 for c in rng.sample(one_deck, 10)] for _ in range(args.hands)]
        times = []
        for hand in ints:
            start = time.perf_counter()
            utils.min_deadwood(hand)
            times.append(time.perf_counter() - start)
        deadwood = statistics.median(times)
        print(f"baseline: OpenSpiel min_deadwood, 10 cards {deadwood * 1e6:9.1f} us")
    except ImportError:
        print("baseline: OpenSpiel not installed (pip install open_spiel to compare)")

    def row(label: str, seconds: float) -> None:
        ratios = f"{seconds / sort_1000:6.2f}x sort1000"
        if deadwood:
            ratios += f"  {seconds / deadwood:8.1f}x OpenSpiel"
        print(f"{label:42s} {seconds * 1e6:9.1f} us  {ratios}")

    print()
    for name, rules in RULE_SETS.items():
        row(f"solve 14 cards, K wild, 0-8 wilds, {name}", median_time(lambda h: solve(h, 13, rules), r11))
    for w, hands in r11_by_wilds.items():
        row(f"solve 14 cards, exactly {w} wilds", median_time(lambda h: solve(h, 13), hands))
    row("solve 13 cards, no wild, 1 deck", median_time(lambda h: solve(h, None), plain13))
    row("solve 13 cards, no wild, 2-4 decks", median_time(lambda h: solve(h, None), plain13_multi))
    row("discards 14 cards, 0-8 wilds", median_time(lambda h: discards(h, 13), r11))
    worst = max(r11, key=lambda h: median_time(lambda x: solve(x, 13), [h]))
    row("slowest 14-card hand above (solve)", median_time(lambda h: solve(h, 13), [worst]))
    print("   ", " ".join(c.code for c in sorted(worst)))


if __name__ == "__main__":
    main()
