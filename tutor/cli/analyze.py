"""`tutor analyze three-thirteen`: the best arrangement of a hand, for people and for scripts.

With a HAND on the command line it prints the arrangement in the learner's language (or
one JSON object with `--json`). With no HAND it reads one hand per line from standard
input and writes one JSON object per line, so thousands of hands can be checked in one
run; a malformed line gets an `"error"` object and the rest go on.
"""

from __future__ import annotations

import json
import sys
from collections import Counter
from collections.abc import Iterator
from typing import IO, Any

from tutor.cardtext import typing_examples
from tutor.cli.common import UserError
from tutor.i18n import _, ngettext, quoted

MIN_CARDS, MAX_CARDS = 3, 14


class HandError(ValueError):
    def __init__(self, message: str, **params: Any) -> None:
        super().__init__(message)
        self.message = message
        self.params = params


def hand_error_line(err: HandError) -> str:
    if err.message == "too_many_copies":
        from tutor.cardfaces import typed_card

        return ngettext("%(card)s appears %(count)d times, but %(decks)d deck holds only one.",
                        "%(card)s appears %(count)d times, but %(decks)d decks hold only %(decks)d.",
                        err.params["decks"]) % {**err.params, "card": typed_card(err.params["card"])}
    messages = {
        "bad_card": _("%(card)s is not a card (write cards like %(examples)s).")
        % {"card": "%(card)s", "examples": typing_examples(("10H", "AS", "QD"))},
        "hand_size": _("A hand holds %(low)d to %(high)d cards, not %(count)d."),
    }
    return messages.get(err.message, err.message) % err.params


def parse_hand(tokens: list[str], decks: int) -> list[Any]:
    """Cards from tokens ("10H AS QD", commas allowed, or cards in the learner's words:
    "dame de cœur, as de pique"); identical cards get distinct copies."""
    from tutor.cards import Card
    from tutor.trainer.cardnames import read_cards, stray_word

    text = " ".join(tokens)
    parsed_cards = read_cards(text)
    if parsed_cards is None:
        raise HandError("bad_card", card=quoted(stray_word(text) or text.strip()))
    counts = Counter(parsed_cards)
    for key, count in counts.items():
        if count > decks:
            raise HandError("too_many_copies", card=Card(*key).code, count=count, decks=decks)
    seen: Counter[tuple[int, str]] = Counter()
    cards = []
    for rank, suit in parsed_cards:
        cards.append(Card(rank, suit, seen[(rank, suit)]))
        seen[(rank, suit)] += 1
    if not MIN_CARDS <= len(cards) <= MAX_CARDS:
        raise HandError("hand_size", low=MIN_CARDS, high=MAX_CARDS, count=len(cards))
    return cards


def analysis(cards: list[Any], wild: int, rules: Any) -> dict[str, Any]:
    from tutor.games.three_thirteen.solver import can_go_out, discards, solve

    best = solve(cards, wild, rules)
    result: dict[str, Any] = {
        "hand": [c.code for c in cards],
        "penalty": best.penalty,
        "melds": [[c.code for c in meld] for meld in best.melds],
        "deadwood": [c.code for c in best.deadwood],
    }
    if len(cards) >= 4:
        ranked = discards(cards, wild, rules)
        outs = can_go_out(cards, wild, rules)
        result["can_go_out"] = bool(outs)
        result["discards"] = [{"card": c.code, "penalty": a.penalty} for c, a in ranked]
    else:
        result["can_go_out"] = False
        result["discards"] = []
    return result


def analyze_command(game_name: str, round_: int, decks: int, option_pairs: list[str], as_json: bool,
                    hand: list[str]) -> int:
    from tutor.cli.info import find_game
    from tutor.cli.options import parse_option_pairs
    from tutor.games.base import OptionError
    from tutor.games.three_thirteen.narrate import option_error_line

    game = find_game(game_name)
    if game.id != "three-thirteen":
        raise UserError(_("tutor analyze knows Three Thirteen only, so far."), 2)
    if not 1 <= round_ <= 11:
        raise UserError(_("The round must be 1 to 11, not %(round)d.") % {"round": round_}, 2)
    if not 1 <= decks <= 8:
        raise UserError(_("Decks must be 1 to 8, not %(decks)d.") % {"decks": decks}, 2)
    try:
        raw = parse_option_pairs(option_pairs)
    except OptionError as err:
        raise UserError(option_error_line(err), 2) from None
    rules = meld_rules(raw)
    wild = round_ + 2
    if hand:
        try:
            result = analysis(parse_hand(hand, decks), wild, rules)
        except HandError as err:
            raise UserError(hand_error_line(err), 2) from None
        if as_json:
            print(json.dumps(result, ensure_ascii=False))
        else:
            print_analysis(result)
        return 0
    return analyze_stream(sys.stdin, sys.stdout, wild, decks, rules)


def meld_rules(raw: dict[str, str]) -> Any:
    """The meld rules from the same `--option` keys `tutor play three-thirteen` takes."""
    from tutor.games.base import OptionError
    from tutor.games.three_thirteen.narrate import option_error_line
    from tutor.games.three_thirteen.options import parse_options

    try:
        return parse_options(raw).meld_rules
    except OptionError as err:
        raise UserError(option_error_line(err), 2) from None


MAX_LINE = 4096  # bytes: a hand of 14 cards in words fits many times over


def input_lines(stdin: IO[str]) -> Iterator[str | None]:
    """Each line of `stdin`, in order, without its line end; None for a line that is not
    UTF-8 text or is longer than MAX_LINE (it is read to its end, never held whole)."""
    binary = getattr(stdin, "buffer", None)
    if binary is None:  # a text stream (tests, or an already decoded source)
        for line in stdin:
            yield line.rstrip("\r\n") if len(line) <= MAX_LINE else None
        return
    while True:
        chunk = binary.readline(MAX_LINE + 1)
        if not chunk:
            return
        if len(chunk) > MAX_LINE and not chunk.endswith(b"\n"):
            while chunk and not chunk.endswith(b"\n"):
                chunk = binary.readline(MAX_LINE + 1)
            yield None
            continue
        try:
            yield chunk.decode("utf-8").rstrip("\r\n")
        except UnicodeDecodeError:
            yield None


def analyze_stream(stdin: IO[str], stdout: IO[str], wild: int, decks: int, rules: Any) -> int:
    """One hand per line in, one JSON object per line out, in the same order: every line,
    blank or bad, gets its answer, and an error names its line number."""
    for number, text in enumerate(input_lines(stdin), start=1):
        result: dict[str, Any]
        if text is None:
            result = {"line": number, "hand": None,
                      "error": ngettext("Line %(line)d is not UTF-8 text, or is longer than %(limit)d byte.",
                                        "Line %(line)d is not UTF-8 text, or is longer than %(limit)d bytes.",
                                        MAX_LINE) % {"line": number, "limit": MAX_LINE}}
        elif not text.strip():
            result = {"line": number, "hand": "", "error": _("Line %(line)d holds no cards.") % {"line": number}}
        else:
            try:
                result = {"line": number, **analysis(parse_hand([text], decks), wild, rules)}
            except HandError as err:
                result = {"line": number, "hand": text,
                          "error": _("Line %(line)d: %(problem)s") % {"line": number, "problem": hand_error_line(err)}}
        stdout.write(json.dumps(result, ensure_ascii=False) + "\n")
    stdout.flush()
    return 0


def print_analysis(result: dict[str, Any]) -> None:
    """The analysis for a person: cards as they are typed, in the learner's rank letters (the
    JSON keeps the universal codes)."""
    from tutor.cardfaces import typed_card

    def cards(codes: list[str]) -> str:
        return " ".join(typed_card(c) for c in codes)

    melds = "  ".join("[" + cards(m) + "]" for m in result["melds"]) or "-"
    print(_("Melds: %(melds)s") % {"melds": melds})
    print(_("Left over: %(cards)s") % {"cards": cards(result["deadwood"]) or "-"})
    print(_("Penalty: %(points)d") % {"points": result["penalty"]})
    if result["discards"]:
        best = result["discards"][0]
        if result["can_go_out"]:
            outs = [typed_card(d["card"]) for d in result["discards"] if d["penalty"] == 0]
            print(_("You can go out by discarding %(cards)s.") % {"cards": ", ".join(outs)})
        else:
            print(ngettext("Best discard: %(card)s, leaving %(points)d point.",
                           "Best discard: %(card)s, leaving %(points)d points.", best["penalty"])
                  % {"card": typed_card(best["card"]), "points": best["penalty"]})
