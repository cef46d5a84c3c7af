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


class TTSeat:
    """What one seat at a Three Thirteen table shows and reads, from that seat's `View` alone:
    the table, the toolbar, the help, Tab's choices, and typed text read as a draw or a discard.
    The local session (`TTSession`) and the network client (`remote.TTRemote`) share it; each
    supplies `seat_view` and, for the Tab choices, `out_codes`."""

    _hand_shown: tuple[int, int] | None = None  # the hand is shown once per discard, not after each error

    def seat_view(self) -> View | None:
        """What the learner's seat sees now (None: no learner at this table)."""
        raise NotImplementedError

    def out_codes(self) -> list[str]:
        """The codes of the cards the learner may go out with now (TT.8)."""
        raise NotImplementedError

    def after_event(self, event: Event) -> None:
        """Each hand's scoring and the standings after a round; the final standings."""
        if event["event"] == "round_end":
            for line in round_lines(event, self.names, self.ascii):
                self.console.show([("class:hint", line)])
            if event["round"] < 11:
                self.show_standings(_("Standings after round %(round)d of 11:") % {"round": event["round"]},
                                    event["totals"])
        elif event["event"] == "game_over":
            self.show_standings(_("Final standings:"), event["totals"])

    def show_position(self) -> None:
        view = self.seat_view()
        if view is None or view.current != view.player:
            return
        if view.phase == Phase.DRAW.value:
            self.console.show(self.table())
        else:
            self.console.show(self.hand_line(view))

    # ----------------------------------------------------------------- table

    def hand_line(self, view: View) -> Fragments:
        return [("", _("Your hand:") + " ")] + hand_fragments(rummy_order(view.hand, view.wild), self.ascii, view.wild)

    def table(self) -> Fragments:
        view = self.seat_view()
        assert view is not None
        totals = " · ".join(f"{self.names(q)} {t}" for q, t in enumerate(view.totals))
        frags: Fragments = [
            ("", "\n"),
            ("class:title", _("Round %(round)d of 11 · wild: %(wild)s") % {"round": view.round,
                                                                          "wild": rank_face(view.wild)}),
            ("", "  ·  " + _("Totals: %(totals)s") % {"totals": totals} + "\n"),
        ]
        top = view.discard[-1].code if view.discard else None
        frags.append(("", _("Discard pile:") + " "))
        frags.append((card_style(top), show_card(top, self.ascii)) if top else ("", "-"))
        # TRANSLATORS: Three Thirteen's stock (each game's stock has its own entry).
        frags.append(("", "  ·  " + npgettext("Three Thirteen", "%(count)d card in the stock",
                                              "%(count)d cards in the stock", view.stock_size)
                      % {"count": view.stock_size} + "\n"))
        return frags + self.hand_line(view)

    def toolbar(self) -> str:
        view = self.seat_view()
        if view is None:
            return ""
        turn = self.names(view.current) if view.current is not None else ""
        return " " + _("Three Thirteen · round %(round)d · wild %(wild)s · turn: %(player)s · F1 help · Ctrl-D quit") % {
            "round": view.round, "wild": rank_face(view.wild), "player": turn}

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
        view = self.seat_view()
        words: list[str] = []
        if view is not None and view.current == view.player and view.phase == Phase.DRAW.value:
            words += [command_word("stock"), command_word("pile")]
        elif view is not None and view.current == view.player and view.phase == Phase.DISCARD.value:
            words += [typed_card(c.code) for c in rummy_order(view.hand, view.wild)]
            words += [f"{command_word('out')} {typed_card(code)}" for code in self.out_codes()]
        return list(dict.fromkeys(words + super().choices()))  # type: ignore[misc]

    # ------------------------------------------------------------------ reading a decision

    def read_draw(self, view: View) -> str | None:
        """Shows the table and asks where to draw from: "stock" or "discard", or None (a
        command was carried out, or a slip was answered)."""
        self.console.show(self.table())
        text = self.ask(_("Draw from the stock (%(stock)s) or from the discard pile (%(pile)s)?") % {
            "stock": typed_word("stock"), "pile": typed_word("pile")})
        command = command_of(text)
        if command in ("stock", "pile"):
            return "stock" if command == "stock" else "discard"
        if not self.handle_command(command) and text.strip():
            self.say_error(illegal_line(IllegalAction("TT.5", "draw_first"), self.ascii))
        return None

    def read_discard(self, view: View, turn: tuple[int, int]) -> tuple[str, bool] | None:
        """Asks for the card to discard (the hand shown once per `turn`): the code of a card in
        the hand and whether the learner goes out with it, or None (a command, or a slip)."""
        if self._hand_shown != turn:
            self._hand_shown = turn
            self.console.show(self.hand_line(view))
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
        if all(c.code != code for c in view.hand):
            self.say_error(illegal_line(IllegalAction("TT.5", "not_in_hand", card=code), self.ascii))
            return None
        return code, going_out

    def illegal_line(self, err: IllegalAction) -> str:
        return illegal_line(err, self.ascii)

    def remark_line(self, remark: Remark) -> str:
        return remark_line(remark, self.ascii)


class TTSession(TTSeat, TableSession):
    clauses = CLAUSES

    def seat_view(self) -> View | None:
        return self.table_view()

    def out_codes(self) -> list[str]:
        return [c.code for c in self.state.out_cards()]

    def event_line(self, event: Event) -> str | None:
        return event_line({**event, "_wild": self.state.wild}, self.names, self.ascii, reveal=self.learner is None)

    def emit(self, events: list[Event]) -> None:
        for event in events:
            super().emit([event])
            self.after_event(event)

    # ------------------------------------------------------------------ turns

    def learner_action(self):  # type: ignore[no-untyped-def]
        s = self.state
        view = s.view(self.learner)
        if s.phase is Phase.DRAW:
            source = self.read_draw(view)
            if source is None:
                return None
            if self.coach:
                verdict = coach.judge_draw(s, source)
                if verdict.kind == "weaker":
                    self.coach_says(*draw_verdict_lines(verdict, self.ascii))
            return Draw(source)
        read = self.read_discard(view, (s.round, s.turn))
        if read is None:
            return None
        code, going_out = read
        card = s.find_card(code)
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

    def bot_turn(self) -> None:
        seat = self.state.current
        self.bot_acts(seat, bots.choose(self.level, self.state, self.rng).action)

    def bot_remark(self, seat: int, action: Action, view: View) -> Remark:
        return bots.remark(self.level, action, seat, view)

    def intro(self) -> None:
        self.console.show([("class:title", _("Three Thirteen: eleven rounds, lowest total wins."))])
        if self.learner is not None:
            self.console.show([("class:hint", _("Type %(help)s (or press F1) for how to play; Tab completes your cards.")
                                 % {"help": typed_word("help")})])
        self.emit(self.state.opening)
