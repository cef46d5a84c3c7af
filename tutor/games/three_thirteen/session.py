"""A game of Three Thirteen at the trainer: eleven rounds, the learner at one seat.

On their turn the learner types `stock` or `pile` to draw, then a card to discard
(`10H`, `10♥`, `qd`), or `out` and a card to go out with it. The engine decides what is
legal; with the coach on, a discard that leaves more points than the best one, or a
missed chance to go out, is flagged in one line.
"""

from __future__ import annotations

from tutor.cardfaces import card_style, hand_fragments, rank_face, rummy_order, show_card, typed_card
from tutor.cards import Card
from tutor.cardtext import typing_examples
from tutor.games.base import Event, IllegalAction
from tutor.games.remark import Remark
from tutor.games.three_thirteen import bots, coach
from tutor.games.three_thirteen.engine import Action, Discard, Draw, GoOut, Phase, View
from tutor.games.three_thirteen.narrate import (
    discard_verdict_lines,
    draw_verdict_lines,
    event_line,
    illegal_line,
    instead_line,
    remark_line,
    round_lines,
)
from tutor.games.three_thirteen.rules import CLAUSES
from tutor.i18n import _, npgettext, quoted
from tutor.trainer.cardnames import faces_hint, read_card, words_hint
from tutor.trainer.commands import command_of, command_word, split_command, typed_word
from tutor.trainer.console import Fragments
from tutor.trainer.table import TableSession


class TTSession(TableSession):
    clauses = CLAUSES
    _hand_shown: tuple[int, int] | None = None  # the hand is shown once per discard, not after each error

    def event_line(self, event: Event) -> str | None:
        return event_line({**event, "_wild": self.state.wild}, self.names, self.ascii, reveal=self.learner is None)

    def emit(self, events: list[Event]) -> None:
        for event in events:
            super().emit([event])
            if event["event"] == "round_end":
                for line in round_lines(event, self.names, self.ascii):
                    self.console.show([("class:hint", line)])
                if event["round"] < 11:
                    self.show_standings(_("Standings after round %(round)d of 11:") % {"round": event["round"]},
                                        event["totals"])
            elif event["event"] == "game_over":
                self.show_standings(_("Final standings:"), event["totals"])

    def show_position(self) -> None:
        s = self.state
        if self.learner is None or s.current != self.learner or s.is_over:
            return
        if s.phase is Phase.DRAW:
            self.console.show(self.table())
        else:
            self.console.show([("", _("Your hand:") + " ")] + self.hand_fragments(self.learner))

    # ----------------------------------------------------------------- table

    def sorted_hand(self, seat: int) -> list:  # type: ignore[type-arg]
        return rummy_order(self.state.hands[seat], self.state.wild)

    def hand_fragments(self, seat: int) -> Fragments:
        return hand_fragments(self.sorted_hand(seat), self.ascii, self.state.wild)

    def table(self) -> Fragments:
        s = self.state
        totals = " · ".join(f"{self.names(q)} {t}" for q, t in enumerate(s.totals))
        frags: Fragments = [
            ("", "\n"),
            ("class:title", _("Round %(round)d of 11 · wild: %(wild)s") % {"round": s.round, "wild": rank_face(s.wild)}),
            ("", "  ·  " + _("Totals: %(totals)s") % {"totals": totals} + "\n"),
        ]
        top = s.discard[-1].code if s.discard else None
        frags.append(("", _("Discard pile:") + " "))
        frags.append((card_style(top), show_card(top, self.ascii)) if top else ("", "-"))
        # TRANSLATORS: Three Thirteen's stock (each game's stock has its own entry).
        frags.append(("", "  ·  " + npgettext("Three Thirteen", "%(count)d card in the stock",
                                              "%(count)d cards in the stock", len(s.stock)) % {"count": len(s.stock)}
                      + "\n"))
        frags += [("", _("Your hand:") + " ")] + self.hand_fragments(self.learner)  # type: ignore[arg-type]
        return frags

    def toolbar(self) -> str:
        s = self.state
        turn = self.names(s.current) if s.current_player is not None else ""
        return " " + _("Three Thirteen · round %(round)d · wild %(wild)s · turn: %(player)s · F1 help · Ctrl-D quit") % {
            "round": s.round, "wild": rank_face(s.wild), "player": turn}

    def show_help(self) -> None:
        for line in (
            _("To draw, type %(stock)s (the top of the stock) or %(pile)s (the top of the discard pile).")
            % {"stock": typed_word("stock"), "pile": typed_word("pile")},
            _("Then type the card to discard, like %(examples)s. To go out, type %(out)s and the card, "
              "like %(going_out)s: every other card must be in melds (TT.8).")
            % {"examples": typing_examples(), "out": typed_word("out"),
               "going_out": quoted(command_word("out") + " 7D")},
            words_hint(),
            *faces_hint(),
            _("Wild cards are marked with *. Commands: %(help)s, %(rules)s, %(why)s, %(quit)s.")
            % {c: typed_word(c) for c in ("help", "rules", "why", "quit")},
        ):
            self.console.show([("class:hint", line)])

    def choices(self) -> list[str]:
        s = self.state
        words: list[str] = []
        if s.current == self.learner and s.phase is Phase.DRAW:
            words += [command_word("stock"), command_word("pile")]
        elif s.current == self.learner and s.phase is Phase.DISCARD:
            words += [typed_card(c.code) for c in self.sorted_hand(self.learner)]
            words += [f"{command_word('out')} {typed_card(c.code)}" for c in s.out_cards()]
        return list(dict.fromkeys(words + super().choices()))

    # ------------------------------------------------------------------ turns

    def learner_action(self):  # type: ignore[no-untyped-def]
        s = self.state
        if s.phase is Phase.DRAW:
            self.console.show(self.table())
            text = self.ask(_("Draw from the stock (%(stock)s) or from the discard pile (%(pile)s)?") % {
                "stock": typed_word("stock"), "pile": typed_word("pile")})
            command = command_of(text)
            if command in ("stock", "pile"):
                source = "stock" if command == "stock" else "discard"
                if self.coach:
                    verdict = coach.judge_draw(s, source)
                    if verdict.kind == "weaker":
                        self.coach_says(*draw_verdict_lines(verdict, self.ascii))
                return Draw(source)
            if not self.handle_command(command) and text.strip():
                self.say_error(illegal_line(IllegalAction("TT.5", "draw_first"), self.ascii))
            return None
        hand = [("", _("Your hand:") + " ")] + self.hand_fragments(self.learner)  # type: ignore[arg-type]
        if self._hand_shown != (s.round, s.turn):
            self._hand_shown = (s.round, s.turn)
            self.console.show(hand)
        text = self.ask(_("Your discard:"))
        words = text.split()
        if not words:
            return None
        command, rest = split_command(text)
        going_out = command == "out"
        if going_out:
            words = rest
        elif not rest and self.handle_command(command):
            return None
        parsed = read_card(" ".join(words))  # the notation, or the card in words ("dame de cœur")
        if parsed is None:
            self.say_error(_("%(text)s is not a card. Type %(help)s to see how to write cards.") % {
                "text": quoted(text), "help": typed_word("help")})
            return None
        code = Card(*parsed).code
        card = s.find_card(code)
        if card is None:
            self.say_error(illegal_line(IllegalAction("TT.5", "not_in_hand", card=code), self.ascii))
            return None
        if self.coach:
            verdict = coach.judge_discard(s, card, going_out)
            if verdict.kind == "illegal":
                # The refusal first, then the card the coach would discard.
                self.say_error(discard_verdict_lines(verdict, self.ascii)[0])
                best, points = coach.best_discard(s)
                self.coach_says(instead_line(best.code, points, self.ascii))
                return None
            if verdict.kind == "weaker":
                self.coach_says(*discard_verdict_lines(verdict, self.ascii))
        return GoOut(card) if going_out else Discard(card)

    def illegal_line(self, err: IllegalAction) -> str:
        return illegal_line(err, self.ascii)

    def bot_turn(self) -> None:
        seat = self.state.current
        self.bot_acts(seat, bots.choose(self.level, self.state, self.rng).action)

    def bot_remark(self, seat: int, action: Action, view: View) -> Remark:
        return bots.remark(self.level, action, seat, view)

    def remark_line(self, remark: Remark) -> str:
        return remark_line(remark, self.ascii)

    def intro(self) -> None:
        self.console.show([("class:title", _("Three Thirteen: eleven rounds, lowest total wins."))])
        if self.learner is not None:
            self.console.show([("class:hint", _("Type %(help)s (or press F1) for how to play; Tab completes your cards.")
                                 % {"help": typed_word("help")})])
        self.emit(self.state.opening)
