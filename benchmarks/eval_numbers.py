"""How far the coaches' quoted figures are from precise values: 33, Three Thirteen, 3-13 Speed.

    python benchmarks/eval_numbers.py --before DIR [--positions N] [--worlds W] [--games 33,tt,speed]

Positions come from seeded games played on by bots (33 also: the empty-stock lesson, with the
pile turned over and shuffled, and tables with `recycle=shuffle`). For each, the coach of the
code in DIR (the code before the change: `git archive main | tar -x -C DIR`) and the coach of
this checkout are asked for their figures, each in its own process; this script then works
the same figures out on its own, from the learner's view only:

- 33: each play's "chance of being stuck in the next two rounds", by a plain Monte Carlo of W
  worlds (default 40,000: a 95% error of 0.5 points at most), the unseen cards dealt at random
  into the others' hands and the stock, everyone playing on as `normal_play`, the pile turned
  over or shuffled when the stock runs out (33.9). Also: verdicts that the precise figures
  contradict (a play called weaker, or right, on the wrong side of the 4-point tolerance by
  more than the reference's own error), lines comparing two figures that print alike, and
  positions whose figures change when every seat moves one place.
- Three Thirteen: the points after taking the top discard (any physical card but the one
  taken may go, TT.5) and the exact average after a stock draw, over the cards that may be in
  the stock (not those seen taken from the pile or shown going out; after a refill, the
  refilled cards less the learner's own draws, TT.12). "Good draw" verdicts whose printed
  figures favour the other source are counted.
- 3-13 Speed: the exact average after a draw from the middle, every pile card (buried or
  not) counted as seen, and the cards others took and still hold; verdicts calling the other
  source better within a point or on an exact tie are counted.

Errors are in percentage points (33) or penalty points (the others), as printed figures
would show them.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import re
import statistics
import subprocess
import sys
from collections import Counter, defaultdict
from pathlib import Path

HERE = Path(__file__).resolve().parent.parent


# --------------------------------------------------------------------------- positions (this checkout)


def collect(count: int, first_seed: int, make) -> list[dict]:
    """Positions from seeded games: `make(rng)` deals one, plays it on, and gives its spec
    (None to skip it)."""
    out: list[dict] = []
    seed = 0
    while len(out) < count:
        spec = make(random.Random(first_seed + seed))
        seed += 1
        if spec is not None:
            out.append(spec)
    return out


def positions_33(count: int) -> list[dict]:
    from tutor.games.thirty_three import bots
    from tutor.games.thirty_three.deck import Options
    from tutor.games.thirty_three.engine import Chance, State

    def make(rng: random.Random) -> dict | None:
        players = rng.randint(2, 5)
        shuffle = rng.random() < 0.15
        state = State(players, Options(shuffle_recycle=shuffle), Chance(rng))
        for _ in range(rng.randint(0, 40)):
            if state.is_over:
                break
            state.apply(bots.choose("normal", state, rng).action)
        if state.is_over or len(state.legal_plays()) < 2:
            return None
        return spec_33(state)

    lessons = lesson_33()
    return (lessons + collect(count - len(lessons), 1000, make))[:count]


def lesson_33() -> list[dict]:
    """The positions of the empty-stock lesson (the pile turned over, then shuffled)."""
    from tutor.games.thirty_three import lesson
    from tutor.lessons.model import load_lesson
    from tutor.locate import data_dir

    steps = load_lesson(data_dir("lessons") / "thirty-three" / "05-empty-stock.yaml").steps
    return [spec_33(lesson.build(step.data)[0]) for step in steps if step.kind == "position"]


def spec_33(state) -> dict:
    return {"players": state.players, "hands": [list(h) for h in state.hands], "total": state.total,
            "pile": list(state.pile), "stock": list(state.stock), "current": state.current,
            "shuffle": state.options.shuffle_recycle, "deck": dict(state.options.deck),
            "stock_public": getattr(state, "stock_public", False),
            "shown": [list(h) for h in getattr(state, "shown", [[] for _ in range(state.players)])]}


def positions_tt(count: int) -> list[dict]:
    from tutor.games.three_thirteen import bots
    from tutor.games.three_thirteen.engine import Chance, Options, Phase, State

    def make(rng: random.Random) -> dict | None:
        state = State(rng.randint(2, 6), Options(), Chance(rng), first_round=rng.randint(1, 11))
        level = rng.choice(("normal", "hard"))
        start = state.round
        for _ in range(rng.randint(0, 30) * 2):
            if state.is_over or state.round != start:
                break
            state.apply(bots.choose(level, state, rng).action)
        if state.is_over or state.round != start or state.phase is not Phase.DRAW:
            return None
        if not state.discard or not state.stock_drawable():
            return None
        return {
            "players": state.players, "round": state.round, "current": state.current, "turn": state.turn,
            "hands": [card_list(h) for h in state.hands], "stock": card_list(state.stock),
            "discard": card_list(state.discard), "out": state.out, "last_turns": state.last_turns,
            "log": state.log,
        }

    return collect(count, 2000, make)


def positions_speed(count: int) -> list[dict]:
    from tutor.games.speed import bots
    from tutor.games.speed.engine import Chance, Phase, State

    def make(rng: random.Random) -> dict | None:
        state = State(rng.randint(4, 12), Chance(rng), first_hand=rng.randint(1, 11))
        start = state.hand
        for _ in range(rng.randint(0, 8) * 3 + 1):
            if state.is_over or state.hand != start:
                break
            for _, choice in bots.choose_all("normal", state, rng, state.to_act):
                state.apply(choice.action)
        if state.is_over or state.hand != start or state.phase is not Phase.DRAW or 0 not in state.to_act:
            return None
        if state.right_top(0) is None:
            return None
        took_held = [[c for c in state.hands[p] if any(c is t for t in state.took[p])] for p in range(state.players)]
        gathered = getattr(state, "gathered", None)
        return {
            "players": state.players, "hand": state.hand, "hands": [card_list(h) for h in state.hands],
            "piles": [card_list(p) for p in state.piles], "middle": card_list(state.middle),
            "took": [card_list(t) for t in state.took], "took_held": [card_list(t) for t in took_held],
            "matched": list(state.matched), "cycle": state.cycle, "last_cycle": state.last_cycle,
            "gathered": card_list(gathered) if gathered is not None else None,
            "since": [card_list(x) for x in getattr(state, "since", [[] for _ in range(state.players)])],
        }

    return collect(count, 3000, make)


def card_list(cards) -> list[list]:
    """Physical cards as JSON: [rank, suit, copy]."""
    return [[c.rank, c.suit, c.copy] for c in cards]


# --------------------------------------------------------------------------- what a coach says (any checkout)


def dump(game: str, specs: list[dict]) -> list:
    """Run inside the process of the code to measure: its figures and lines for every position."""
    if game == "33":
        return [dump_33(s) for s in specs]
    if game == "tt":
        return [dump_tt(s) for s in specs]
    return [dump_speed(s) for s in specs]


def build_33(spec: dict, shift: int = 0):
    from tutor.games.thirty_three.deck import Options
    from tutor.games.thirty_three.engine import Chance, Phase, State

    n = spec["players"]
    state = State(n, Options(deck=dict(spec["deck"]), shuffle_recycle=spec["shuffle"]), Chance(random.Random(0)))
    state.hands = [list(spec["hands"][(q - shift) % n]) for q in range(n)]
    state.total, state.pile, state.stock = spec["total"], list(spec["pile"]), list(spec["stock"])
    state.current = (spec["current"] + shift) % n
    state.phase = Phase.PLAY
    if hasattr(state, "stock_public"):
        state.stock_public = spec["stock_public"]
        state.shown = [list(spec["shown"][(q - shift) % n]) for q in range(n)]
    return state


def dump_33(spec: dict) -> dict:
    from tutor.games.thirty_three import coach
    from tutor.games.thirty_three.narrate import verdict_lines

    state = build_33(spec)
    risks = {f"{a.play.card} {a.play.value}": a.risk for a in coach.assess(state)}
    judged = {}
    for play in state.legal_plays():
        verdict = coach.judge(state, play)
        judged[f"{play.card} {play.value}"] = {
            "kind": verdict.kind, "mine": verdict.mine.risk, "best": verdict.best.risk,
            "best_play": f"{verdict.best.play.card} {verdict.best.play.value}",
            "lines": verdict_lines(verdict)}
    rotated = build_33(spec, shift=1)
    turned = {f"{a.play.card} {a.play.value}": a.risk for a in coach.assess(rotated)}
    kinds = {f"{p.card} {p.value}": coach.judge(rotated, p).kind for p in rotated.legal_plays()}
    return {"assess": risks, "judge": judged, "rotated": turned, "rotated_kinds": kinds}


def build_tt(spec: dict):
    from tutor.cards import Card
    from tutor.games.three_thirteen.engine import Chance, Options, Phase, State

    state = State(spec["players"], Options(), Chance(random.Random(0)), first_round=spec["round"])
    state.hands = [[Card(*c) for c in h] for h in spec["hands"]]
    state.stock = [Card(*c) for c in spec["stock"]]
    state.discard = [Card(*c) for c in spec["discard"]]
    state.current, state.turn, state.phase, state.taken = spec["current"], spec["turn"], Phase.DRAW, None
    state.out, state.last_turns, state.log = spec["out"], spec["last_turns"], spec["log"]
    return state


def dump_tt(spec: dict) -> dict:
    from tutor.games.three_thirteen import coach
    from tutor.games.three_thirteen.narrate import draw_verdict_lines

    state = build_tt(spec)
    out = {}
    for source in ("discard", "stock"):
        v = coach.judge_draw(state, source)
        out[source] = {"kind": v.kind, "pile": v.pile, "stock": v.stock, "lines": draw_verdict_lines(v)}
    return out


def build_speed(spec: dict):
    from tutor.cards import Card
    from tutor.games.speed.engine import Chance, Phase, State

    state = State(spec["players"], Chance(random.Random(0)), first_hand=spec["hand"])
    by_id = {}

    def cards(cs):
        out = []
        for c in cs:
            card = by_id.setdefault(tuple(c), Card(*c))
            out.append(card)
        return out

    state.hands = [cards(h) for h in spec["hands"]]
    state.piles = [cards(p) for p in spec["piles"]]
    state.middle = cards(spec["middle"])
    state.took = [cards(t) for t in spec["took"]]
    state.matched, state.cycle, state.last_cycle = list(spec["matched"]), spec["cycle"], spec["last_cycle"]
    state.phase, state.pending = Phase.DRAW, {}
    if hasattr(state, "holding"):
        state.holding = [cards(t) for t in spec["took_held"]]
        state.gathered = cards(spec["gathered"]) if spec["gathered"] is not None else None
        state.since = [cards(s) for s in spec["since"]]
    return state


def dump_speed(spec: dict) -> dict:
    from tutor.games.speed import coach
    from tutor.games.speed.narrate import draw_verdict_lines

    state = build_speed(spec)
    out = {}
    for source in ("pile", "middle"):
        v = coach.judge_draw(state, 0, source)
        out[source] = {"kind": v.kind, "pile": v.pile, "middle": v.middle, "lines": draw_verdict_lines(v)}
    return out


# --------------------------------------------------------------------------- precise values (this script's own)


LIMIT = 33


def precise_33(spec: dict, worlds: int, seed: int) -> dict[str, tuple[float, float]]:
    """Each play's chance of being stuck at one of the player's next two turns, by plain
    Monte Carlo: (value, 95% error)."""
    from tutor.games.thirty_three.bots.normal import normal_play
    from tutor.games.thirty_three.deck import LOWEST, VALUES

    n, me = spec["players"], spec["current"]
    hand = spec["hands"][me]
    others = [(me + i) % n for i in range(1, n)]
    pool = Counter(spec["deck"])
    pool.subtract(hand)
    pool.subtract(spec["pile"])
    public = spec["stock_public"]
    for q in others:
        pool.subtract(spec["shown"][q])
    if public:
        pool.subtract(spec["stock"])
    pool_cards = sorted(pool.elements())
    out = {}
    plays = sorted({(c, v) for c in hand for v in VALUES[c] if spec["total"] + v <= LIMIT})
    for card, value in plays:
        rng = random.Random(f"{seed} {card} {value}")
        lost = 0
        for _ in range(worlds):
            order = list(pool_cards)
            rng.shuffle(order)
            hands = {}
            for q in others:
                known = list(spec["shown"][q])
                k = len(spec["hands"][q]) - len(known)
                hands[q] = known + order[:k]
                del order[:k]
            mine = list(hand)
            mine.remove(card)
            hands[me] = mine
            stock = list(spec["stock"]) if public else order[:len(spec["stock"])]
            pile = list(spec["pile"]) + [card]
            total = spec["total"] + value

            def draw(p):
                nonlocal stock, pile
                if not stock:
                    stock, pile = pile[::-1], []
                    if spec["shuffle"]:
                        rng.shuffle(stock)
                hands[p].append(stock.pop())

            draw(me)
            p, turns, result = (me + 1) % n, 0, False
            while True:
                if p == me:
                    turns += 1
                if not any(total + LOWEST[c] <= LIMIT for c in hands[p]):
                    result = p == me
                    break
                if p == me and turns == 2:
                    break
                play, _ = normal_play(hands[p], total)
                hands[p].remove(play.card)
                pile.append(play.card)
                total += play.value
                draw(p)
                p = (p + 1) % n
            lost += result
        mean = lost / worlds
        out[f"{card} {value}"] = (mean, 1.96 * (max(mean * (1 - mean), 1 / worlds) / worlds) ** 0.5)
    return out


def fewest_after(hand, extra, wild, rules, taken=None):
    from tutor.games.three_thirteen import solver

    cards = list(hand) + [extra]
    return min(solver.solve(cards[:i] + cards[i + 1:], wild, rules).penalty
               for i, d in enumerate(cards) if not (taken is not None and d is taken))


def precise_tt(spec: dict) -> tuple[float, float]:
    from tutor.cards import Card, make_decks

    state = build_tt(spec)
    me, hand = state.current, state.hands[state.current]
    top = state.discard[-1]
    pile = fewest_after(hand, top, state.wild, state.rules, taken=top)
    # The cards a stock draw may bring, replayed from the round's public events.
    held = Counter()
    shown = Counter()
    refilled = None
    mine = Counter()
    piled = []
    for event in state.log:
        kind = event["event"]
        if kind == "deal":
            piled = [event["up"]]
        elif kind == "draw" and event["from"] == "discard":
            held[(event["player"], piled.pop())] += 1
        elif kind == "draw" and event["player"] == me and refilled is not None:
            mine[event["card"]] += 1
        elif kind in ("discard", "go_out"):
            piled.append(event["card"])
            if held[(event["player"], event["card"])]:
                held[(event["player"], event["card"])] -= 1
            if kind == "go_out" and event["player"] != me:
                shown.update(c for m in event["melds"] for c in m)
                for key in [k for k in held if k[0] == event["player"]]:
                    held[key] = 0
        elif kind == "recycle":
            refilled = Counter(piled[:-1])
            mine = Counter()
            piled = [event["top"]]
    if not state.stock:
        pool = Counter(c.code for c in state.discard[:-1])
    elif refilled is not None:
        pool = +(refilled - mine)
    else:
        pool = Counter(c.code for c in make_decks(state.options.deck_count(state.players)))
        pool.subtract(c.code for c in hand)
        pool.subtract(c.code for c in state.discard)
        for (q, code), k in held.items():
            if q != me:
                pool[code] -= k
        pool.subtract(shown)
        pool = +pool
    from tutor.cards import parse_code

    total = sum(pool.values())
    stock = sum(k * fewest_after(hand, Card(*parse_code(code), copy=88), state.wild, state.rules)
                for code, k in pool.items()) / total
    return float(pile), stock


def precise_speed(spec: dict) -> tuple[int, float]:
    from tutor.cards import Card
    from tutor.games.speed.engine import RULES

    state = build_speed(spec)
    hand = state.hands[0]
    top = state.right_top(0)
    pile = fewest_after(hand, top, state.wild, RULES)
    if not state.middle:
        pool = Counter((c.rank, c.suit) for p in state.piles for c in p[:-1])
    elif spec["gathered"] is not None:
        pool = Counter(tuple(c[:2]) for c in spec["gathered"])
        pool.subtract(tuple(c[:2]) for c in spec["since"][0])
        pool = +pool
    else:
        pool = Counter({(r, s): 4 for r in range(1, 14) for s in "CDHS"})
        pool.subtract((c.rank, c.suit) for c in hand)
        pool.subtract((c.rank, c.suit) for p in state.piles for c in p)
        for q in range(1, state.players):
            pool.subtract(tuple(c[:2]) for c in spec["took_held"][q])
            if q in state.matched:
                held_ids = {tuple(c) for c in spec["took_held"][q]}
                pool.subtract((c.rank, c.suit) for c in state.hands[q] if (c.rank, c.suit, c.copy) not in held_ids)
        pool = +pool
    total = sum(pool.values())
    middle = sum(k * fewest_after(hand, Card(r, s, 99), state.wild, RULES) for (r, s), k in pool.items()) / total
    return pile, middle


# --------------------------------------------------------------------------- report


def run_side(root: Path, game: str, specs: list[dict]) -> list:
    """The figures of the code under `root`, from a process that imports only that code."""
    env = dict(os.environ, PYTHONPATH=str(root))
    data = json.dumps({"game": game, "specs": specs})
    done = subprocess.run([sys.executable, __file__, "--dump"], input=data, capture_output=True, text=True,
                          env=env, cwd=str(root), check=True)
    return json.loads(done.stdout)


def summary(label: str, errors: list[float], unit: str, scale: float = 1.0) -> str:
    if not errors:
        return f"  {label:<10} no figures"
    big = sum(1 for e in errors if e > 1.0 / scale + 1e-12)
    return (f"  {label:<10} mean {scale * statistics.mean(errors):5.2f} {unit}, "
            f"max {scale * max(errors):5.2f}, over 1 {unit}: {big} of {len(errors)} ({100 * big / len(errors):.1f}%)")


SIDES = ("before", "after")


def prints_alike(line: str) -> bool:
    """A line quoting two percentages that print the same ("about 0% ... against 0%")."""
    found = re.findall(r"(\d+)\s?%", line)
    return len(found) >= 2 and len(set(found)) == 1


def report_33(specs, before, after, worlds):
    print(f"\n33: {len(specs)} positions (2 from the empty-stock lesson), {worlds} reference worlds a play")
    from tutor.games.thirty_three.coach import TOLERANCE

    rows = dict(zip(SIDES, (before, after)))
    errors, count = defaultdict(list), Counter()  # keyed by (side, what)
    ref_error, details = [], []
    for i, spec in enumerate(specs):
        ref = precise_33(spec, worlds, i)
        ref_error += [e for _, e in ref.values()]
        best_ref = min(v for v, _ in ref.values())
        for side, data in rows.items():
            got = data[i]
            for key, j in got["judge"].items():
                count[side, "verdicts"] += 1
                mine_ref, err = ref[key]
                # The quoted figures: the judged play's, and the best play's it is compared with.
                for figure, play in ((j["mine"], key), (j["best"], j["best_play"])):
                    errors[side, "raw"].append(abs(figure - ref[play][0]))
                    errors[side, "printed"].append(abs(round(100 * figure) / 100 - ref[play][0]))
                gap = mine_ref - best_ref
                wrong = gap < TOLERANCE - err if j["kind"] == "weaker" else gap > TOLERANCE + err
                if wrong:
                    count[side, "wrong"] += 1
                    details.append((side, i, key, j["kind"], round(100 * mine_ref, 2), round(100 * best_ref, 2)))
                count[side, "alike"] += sum(prints_alike(line) for line in j["lines"])
            count[side, "turned"] += any(abs(got["rotated"][k] - got["assess"][k]) > 1e-12 for k in got["assess"])
            count[side, "turned_kind"] += got["rotated_kinds"] != {k: j["kind"] for k, j in got["judge"].items()}
    print(f"  reference: 95% error mean {100 * statistics.mean(ref_error):.2f} points, "
          f"max {100 * max(ref_error):.2f}")
    print("  error of the quoted risk figures (the judged play's and the best play's) against the reference:")
    for side in SIDES:
        print(summary(side, errors[side, "raw"], "pt", 100))
    print("  the same, as printed (whole percents):")
    for side in SIDES:
        print(summary(side, errors[side, "printed"], "pt", 100))
    print(f"  of {count['after', 'verdicts']} verdicts (every legal play judged): contradicted by the reference "
          f"beyond its error; lines comparing figures that print alike; positions whose figures / verdicts "
          f"change with the seats moved one place:")
    for side in SIDES:
        print(f"  {side:<10} {count[side, 'wrong']:4d} contradicted, {count[side, 'alike']:3d} alike lines, "
              f"{count[side, 'turned']:3d} / {count[side, 'turned_kind']:3d} of {len(specs)} changed by the seats")
    if "--details" in sys.argv:
        for row in details:
            print("   ", row)


def report_tt(specs, before, after):
    print(f"\nThree Thirteen: {len(specs)} draw positions (2-6 players, 1-3 decks), both sources judged")
    rows = dict(zip(SIDES, (before, after)))
    errors, count = defaultdict(list), Counter()
    for i, spec in enumerate(specs):
        pile, stock = precise_tt(spec)
        for side, data in rows.items():
            got = data[i]
            errors[side, "pile"].append(abs(got["discard"]["pile"] - pile))
            errors[side, "stock"].append(abs(got["discard"]["stock"] - stock))
            for source in ("discard", "stock"):
                v = got[source]
                if v["lines"][0].startswith("Good draw"):
                    count[side, "good"] += 1
                    mine, other = (v["pile"], v["stock"]) if source == "discard" else (v["stock"], v["pile"])
                    count[side, "good_wrong"] += round(mine, 1) > round(other, 1)
    print("  points after taking the top discard (TT.5: another copy may go):")
    for side in SIDES:
        print(summary(side, errors[side, "pile"], "pt"))
    print("  average points after a stock draw (the pool without cards seen taken or shown):")
    for side in SIDES:
        print(summary(side, errors[side, "stock"], "pt"))
    for side in SIDES:
        print(f"  {side:<10} 'Good draw' verdicts whose printed figures favour the other source: "
              f"{count[side, 'good_wrong']} of {count[side, 'good']}")


def report_speed(specs, before, after):
    print(f"\n3-13 Speed: {len(specs)} draw positions (4-12 players), both sources judged")
    rows = dict(zip(SIDES, (before, after)))
    errors, count = defaultdict(list), Counter()
    for i, spec in enumerate(specs):
        _, middle = precise_speed(spec)
        for side, data in rows.items():
            got = data[i]
            errors[side].append(abs(got["middle"]["middle"] - middle))
            for source in ("pile", "middle"):
                v = got[source]
                if v["kind"] == "weaker":  # the other source called better
                    count[side, "better"] += 1
                    sure = v["pile"] == 0 and round(v["middle"], 1) > 0
                    if v["pile"] == v["middle"]:
                        count[side, "tie"] += 1
                    elif abs(v["pile"] - v["middle"]) < 1.0 and not sure:
                        count[side, "thin"] += 1
    print("  average points after a middle draw (buried pile cards counted as seen):")
    for side in SIDES:
        print(summary(side, errors[side], "pt"))
    for side in SIDES:
        print(f"  {side:<10} verdicts calling the other source better: {count[side, 'better']}; "
              f"within a point: {count[side, 'thin']}; on an exact tie: {count[side, 'tie']}")


def main() -> None:
    if "--dump" in sys.argv:
        sys.path.insert(0, os.getcwd())
        request = json.loads(sys.stdin.read())
        print(json.dumps(dump(request["game"], request["specs"])))
        return
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--before", required=True, type=Path, help="a checkout of the code before the change")
    parser.add_argument("--positions", type=int, default=300)
    parser.add_argument("--worlds", type=int, default=40_000)
    parser.add_argument("--games", default="33,tt,speed")
    parser.add_argument("--details", action="store_true", help="list the contradicted 33 verdicts")
    args = parser.parse_args()
    sys.path.insert(0, str(HERE))
    games = args.games.split(",")
    if "33" in games:
        specs = positions_33(args.positions)
        report_33(specs, run_side(args.before, "33", specs), run_side(HERE, "33", specs), args.worlds)
    if "tt" in games:
        specs = positions_tt(args.positions)
        report_tt(specs, run_side(args.before, "tt", specs), run_side(HERE, "tt", specs))
    if "speed" in games:
        specs = positions_speed(args.positions)
        report_speed(specs, run_side(args.before, "speed", specs), run_side(HERE, "speed", specs))


if __name__ == "__main__":
    main()
