"""How fast the Three Thirteen hand solver is, against baselines measured in the same run.

    python benchmarks/bench_tt_solver.py [--hands N] [--seed S]

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
    args = parser.parse_args()
    rng = random.Random(args.seed)

    r11 = [round11_hand(rng, rng.randint(0, 8)) for _ in range(args.hands)]
    r11_by_wilds = {w: [round11_hand(rng, w) for _ in range(max(20, args.hands // 4))] for w in (0, 1, 2, 4, 8)}
    one_deck = make_decks(1)
    plain13 = [rng.sample(one_deck, 13) for _ in range(args.hands)]
    plain13_multi = [rng.sample(make_decks(rng.randint(2, 4)), 13) for _ in range(args.hands)]

    # Baselines: what the same interpreter takes for a trivial job on the same hands.
    sort_once = statistics.median(times(lambda h: sorted(h), r11, repeat=1000))
    print(f"baseline: sort a 14-card hand (median of 1000x per hand)  {sort_once * 1e6:8.2f} us")
    deadwood = None
    try:
        import pyspiel  # type: ignore[import-not-found]

        utils = pyspiel.gin_rummy.GinRummyUtils(13, 4, 10)
        suit_index = {"S": 0, "C": 1, "D": 2, "H": 3}
        ints = [[suit_index[c.suit] * 13 + c.rank - 1 for c in h] for h in plain13]
        for h, i in zip(plain13, ints):
            assert utils.min_deadwood(i) == solve(h, None).penalty, h
        deadwood = statistics.median(times(utils.min_deadwood, ints))  # type: ignore[arg-type]
        print(f"baseline: OpenSpiel min_deadwood (C++), the 13-card hands {deadwood * 1e6:7.2f} us")
    except ImportError:
        print("baseline: OpenSpiel not installed (pip install open_spiel to compare)")

    print()
    print(f"{'':44s} {'median':>9s} {'p90':>9s} {'max':>9s}  median as a ratio")

    def row(label: str, ts: list[float]) -> None:
        ts = sorted(ts)
        med, p90 = statistics.median(ts), ts[int(0.9 * (len(ts) - 1))]
        ratios = f"{med / sort_once:6.1f}x sort"
        if deadwood:
            ratios += f"  {med / deadwood:7.1f}x OpenSpiel"
        print(f"{label:44s} {med * 1e6:7.1f}us {p90 * 1e6:7.1f}us {ts[-1] * 1e6:7.0f}us  {ratios}")

    for name, rules in RULE_SETS.items():
        row(f"solve 14 cards, K wild, 0-8 wilds, {name}", times(lambda h: solve(h, 13, rules), r11, cold=True))
    for w, hands in r11_by_wilds.items():
        row(f"solve 14 cards, K wild, exactly {w} wilds", times(lambda h: solve(h, 13), hands, cold=True))
    row("solve 13 cards, no wild, 1 deck", times(lambda h: solve(h, None), plain13, cold=True))
    row("solve 13 cards, no wild, 2-4 decks", times(lambda h: solve(h, None), plain13_multi, cold=True))
    row("discards 14 cards, 0-8 wilds (14 solves)", times(lambda h: discards(h, 13), r11, cold=True))
    row("can_go_out 14 cards, 0-8 wilds", times(lambda h: can_go_out(h, 13), r11, cold=True))
    # Asked again: the same hands, and then the same cards in other copies and order.
    clear_caches()
    for h in r11:
        solve(h, 13)
    recopied = [sorted((Card(c.rank, c.suit, c.copy + 4) for c in h), key=lambda c: (c.suit, c.rank)) for h in r11]
    row("solve again, 0-8 wilds (answer kept)", times(lambda h: solve(h, 13), r11))
    row("solve again, other copies (answer kept)", times(lambda h: solve(h, 13), recopied))
    for h in r11:
        discards(h, 13)
    row("discards again, 0-8 wilds (answers kept)", times(lambda h: discards(h, 13), r11))


if __name__ == "__main__":
    main()
