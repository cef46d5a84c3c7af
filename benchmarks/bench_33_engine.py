"""How fast the 33 engine runs: random self-play, in actions per second.

Seeded games of four players where every action is chosen at random from
`State.legal_actions()` and carried out with `State.apply()` (checks, events and all); the
deal (`State(...)`: shuffle and deal) is counted in the time. The baseline, measured in the
same run, is a bare loop doing the same number of games and steps with none of the rules: it
shuffles a list of the same size, deals by popping it, and per step draws one random number,
moves a card to a pile and pops a new one. The ratio says how many times slower than that bare
loop the engine is. Target: at least 30,000 actions per second.

    python benchmarks/bench_33_engine.py [GAMES] [--repeat N]
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tutor.games.thirty_three.deck import HAND_SIZE, Options, deck_cards  # noqa: E402
from tutor.games.thirty_three.engine import Chance, State  # noqa: E402

PLAYERS = 4
TARGET = 30_000


def self_play(games: int) -> tuple[float, list[int]]:
    """Seconds taken, and the number of actions of each game."""
    options = Options()
    lengths = []
    start = time.perf_counter()
    for seed in range(games):
        state = State(PLAYERS, options, Chance(random.Random(seed)))
        rng = random.Random(seed + 1)
        steps = 0
        while not state.is_over:
            state.apply(rng.choice(state.legal_actions()))
            steps += 1
        lengths.append(steps)
    return time.perf_counter() - start, lengths


def bare_loop(lengths: list[int]) -> float:
    """The same games and steps with no rules: random numbers and list pops only."""
    cards = deck_cards(Options().deck)
    start = time.perf_counter()
    for seed, steps in enumerate(lengths):
        rng = random.Random(seed)
        stock = list(cards)
        rng.shuffle(stock)
        hands = [[stock.pop() for _ in range(HAND_SIZE)] for _ in range(PLAYERS)]
        pile: list[str] = []
        rng = random.Random(seed + 1)
        p = 0
        for _ in range(steps):
            hand = hands[p]
            pile.append(hand.pop(rng.randrange(len(hand))))
            if not stock:
                stock, pile = pile[::-1], []
            hand.append(stock.pop())
            p = (p + 1) % PLAYERS
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("games", nargs="?", type=int, default=5000)
    parser.add_argument("--repeat", type=int, default=5, help="runs of each; the median is shown")
    args = parser.parse_args()
    engine_times, bare_times = [], []
    lengths: list[int] = []
    for _ in range(args.repeat):  # interleaved, so both see the same machine load
        seconds, lengths = self_play(args.games)
        engine_times.append(seconds)
        bare_times.append(bare_loop(lengths))
    actions = sum(lengths)
    engine = actions / statistics.median(engine_times)
    bare = actions / statistics.median(bare_times)
    print(f"33 engine, random self-play: {args.games} games of {PLAYERS} players, {actions} actions "
          f"({actions / args.games:.1f} a game), median of {args.repeat} runs")
    print(f"{'':<34}{'actions/s':>12}")
    print(f"{'engine (legal_actions + apply)':<34}{engine:>12,.0f}")
    print(f"{'baseline (bare loop, same steps)':<34}{bare:>12,.0f}")
    print(f"ratio: the engine is {bare / engine:.1f}x slower than the bare loop")
    verdict = "meets" if engine >= TARGET else "MISSES"
    print(f"target >= {TARGET:,} actions/s: {verdict} ({engine / TARGET:.1f}x the target)")


if __name__ == "__main__":
    main()
