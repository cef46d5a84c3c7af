"""A game of 3-13 Speed at the trainer: the learner at one seat of a table of up to twelve.

The caller's rhythm is kept. At the match window (before the first draw and after every
discard) the learner types `middle` or `pile` to draw, or `match` to call; then a card to
discard, face down. The bots choose on what they can see, before anyone's choice of the
cycle is revealed, and the reveal shows every discard at once.

With `--clock SECONDS` the caller calls on time: a learner who has not chosen in time is told,
the caller waits once more, and then draws from the middle for them, or discards their
highest-counting card.
"""

from __future__ import annotations

from collections import deque
from typing import Any

from tutor.cardfaces import card_style, hand_fragments, rank_face, rummy_order, show_card, typed_card
from tutor.cards import Card
from tutor.cardtext import typing_examples
from tutor.games.base import Event, IllegalAction
from tutor.games.remark import Remark
from tutor.games.speed import bots, coach
from tutor.games.speed.engine import (
    RULES,
    Action,
    Discard,
    Draw,
    Match,
    Pass,
    Phase,
    View,
)
from tutor.games.speed.narrate import (
    discard_verdict_lines,
    draw_verdict_lines,
    event_line,
    event_lines,
    hand_end_lines,
    illegal_line,
    remark_line,
    window_verdict_lines,
)
from tutor.games.speed.rules import CLAUSES
from tutor.games.three_thirteen import solver
from tutor.i18n import _, ngettext, quoted
from tutor.trainer.cardnames import faces_hint, read_card, words_hint
from tutor.trainer.commands import command_of, command_word, split_command, typed_word
from tutor.trainer.console import Fragments, TimeUp
from tutor.trainer.table import TableSession, seconds_text


class SpeedSession(TableSession):
    clauses = CLAUSES

    def __init__(self, *args: Any, clock: float | None = None, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.clock = clock
        self._shown: tuple[int, int, str] | None = None  # the table is shown once per call
        self._face_down: list[tuple[int, Remark]] = []  # bots' remarks on choices not yet revealed
        self.reasons = deque(maxlen=2 * self.state.players)  # a cycle is a draw and a discard each

    # ----------------------------------------------------------------- events

    def event_line(self, event: Event) -> str | None:
        return event_line(event, self.names, self.ascii, reveal=self.learner is None)

    def bot_remark(self, seat: int, action: Action, view: View) -> Remark | None:
        return bots.remark(self.level, action, seat, view)

    def remark_line(self, remark: Remark) -> str:
        return remark_line(remark, self.ascii)

    def remember(self, seat: int, remark: Remark) -> None:
        # SPD.6: choices are made face down; what a bot says of one waits until the caller reveals them.
        self._face_down.append((seat, remark))

    def emit(self, events: list[Event]) -> None:
        self.record(events)
        if events:  # a window closed with a call, or a cycle's draws and discards were revealed
            self.reasons.extend(self._face_down)
            self._face_down.clear()
        # The wild rank each event is shown with: the engine may have moved on to the next hand
        # within this batch, so the events before its hand_start belong to the hand before.
        wild = self.state.wild
        for event in reversed(events):
            if event["event"] == "hand_start":
                wild = event["hand"] + 1  # SPD.2: hand h - 1 has the rank h + 1 wild
        for event in events:
            if event["event"] == "hand_start":
                wild = event["wild"]
            shown = {**event, "_wild": wild}
            for line in event_lines(shown, self.names, self.ascii, reveal=self.learner is None, own_draws=False):
                self.console.show([("", line)])
            if event["event"] == "hand_end":
                for line in hand_end_lines(event, self.names, self.ascii):
                    self.console.show([("class:hint", line)])
                if event["hand"] < 11:
                    self.show_standings(_("Standings after hand %(hand)d of 11:") % {"hand": event["hand"]},
                                        event["totals"])
            elif event["event"] == "game_over":
                self.show_standings(_("Final standings:"), event["totals"])

    def show_position(self) -> None:
        s = self.state
        seat = self.learner
        if seat is None or s.is_over or seat not in s.to_act:
            return
        if s.phase is Phase.DISCARD:
            self.console.show([("", _("Your hand:") + " ")] + self.hand_fragments(seat))
        else:
            self.console.show(self.table())

    def act(self, action: Any) -> bool:
        s = self.state
        before = s.phase
        if not super().act(action):
            return False
        if before is Phase.DRAW and s.phase is Phase.DISCARD and self.learner in s.playing:
            seat = self.learner
            card = s.drawn[seat]  # type: ignore[index]
            took = any(c is card for c in s.took[seat])  # type: ignore[index]
            line = (_("You took %(card)s from the pile on your right.") if took else
                    _("You took %(card)s from the middle.")) % {"card": show_card(card.code, self.ascii)}  # type: ignore[union-attr]
            self.console.show([("class:you", line)])
        return True

    # ----------------------------------------------------------------- table

    def sorted_hand(self, seat: int) -> list[Card]:
        return rummy_order(self.state.hands[seat], self.state.wild)

    def hand_fragments(self, seat: int) -> Fragments:
        drawn = self.state.drawn[seat] if self.state.phase is Phase.DISCARD else None
        return hand_fragments(self.sorted_hand(seat), self.ascii, self.state.wild, drawn)

    def _card(self, card: Card | None) -> tuple[str, str]:
        return (card_style(card.code), show_card(card.code, self.ascii)) if card else ("", "-")

    def table(self) -> Fragments:
        s = self.state
        seat = self.learner
        assert seat is not None
        frags: Fragments = [
            ("", "\n"),
            ("class:title", _("Hand %(hand)d of 11 · %(count)d cards · wild: %(wild)s") % {
                "hand": s.hand, "count": s.size, "wild": rank_face(s.wild)}),
            ("", "  ·  " + ngettext("%(count)d card in the middle", "%(count)d cards in the middle",
                                   len(s.middle)) % {"count": len(s.middle)} + "\n"),
            ("", _("Totals: %(totals)s") % {"totals": " · ".join(
                f"{self.names(q)} {t}" for q, t in enumerate(s.totals))} + "\n"),
            ("", _("Pile on your right (%(player)s):") % {"player": self.names(s.right(seat))} + " "),
            self._card(s.right_top(seat)),
            ("", "  ·  " + _("your pile on the left (%(player)s draws from it):") % {
                "player": self.names(s.left(seat))} + " "),
            self._card(s.pile_top(seat)),
            ("", "\n" + _("Your hand:") + " "),
        ]
        frags += self.hand_fragments(seat)
        if s.last_cycle:
            frags.append(("class:hint", "\n" + _("Match was called: this is the last cycle.")))
        return frags

    def call(self) -> str:
        """The caller's current call."""
        s = self.state
        if s.phase is Phase.DISCARD:
            return _("Caller: \"discard\" - choose your card, face down.")
        if s.phase is Phase.MATCH and s.cycle == 0:
            return _("Caller: ready? Match now if your cards are all in sets; then \"draw\".")
        if s.phase is Phase.MATCH:
            return _("Caller: match? Then \"draw\".")
        return _("Caller: \"draw\"!")

    def toolbar(self) -> str:
        s = self.state
        return " " + _("3-13 Speed · hand %(hand)d · wild %(wild)s · %(players)d players · F1 help · Ctrl-D quit") % {
            "hand": s.hand, "wild": rank_face(s.wild), "players": s.players}

    def show_help(self) -> None:
        words = {c: typed_word(c) for c in ("middle", "pile", "match", "help", "rules", "why", "quit")}
        for line in (
            _("Everyone plays at once. To draw, type %(middle)s (the top of the middle) or %(pile)s (the top of "
              "the pile on your right).") % words,
            _("Then type the card to discard, like %(examples)s: it goes face down until everyone has chosen, "
              "then onto your pile on the left, for your left neighbour.") % {"examples": typing_examples()},
            words_hint(),
            *faces_hint(),
            _("When all your cards are in sets, type %(match)s before you draw (SPD.7). Wild cards are marked "
              "with *, the card you just drew with brackets.") % words,
            _("Commands: %(help)s, %(rules)s, %(why)s, %(quit)s.") % words,
        ):
            self.console.show([("class:hint", line)])

    def choices(self) -> list[str]:
        s = self.state
        words: list[str] = []
        if self.learner in s.to_act:
            if s.phase in (Phase.MATCH, Phase.DRAW):
                words += [command_word("middle"), command_word("pile")]
                if s.phase is Phase.MATCH:
                    words.append(command_word("match"))
            else:
                words += [typed_card(c.code) for c in self.sorted_hand(self.learner)]  # type: ignore[arg-type]
        return list(dict.fromkeys(words + super().choices()))

    # ------------------------------------------------------------------ play

    def run(self) -> str:
        self.intro()
        s = self.state
        while not s.is_over:
            if self.learner is None or self.learner not in s.to_act:
                self.bots_act()
                continue
            actions = self.learner_actions()
            for action in actions:
                if not self.act(action):
                    break
            if actions:
                self.decided()
        return "over"

    def bots_act(self) -> None:
        """Every bot still to choose decides on the same view, then the choices go in (SPD.6)."""
        s = self.state
        seats = [p for p in s.to_act if p != self.learner]
        for seat, choice in bots.choose_all(self.level, s, self.rng, seats):
            self.bot_acts(seat, choice.action)

    def ask_timed(self, prompt: str) -> str | None:
        """Asks; with a clock, None when the learner let the time run out twice. The prompt
        says how long the caller waits."""
        if self.clock is None:
            return self.ask(prompt)
        # TRANSLATORS: a prompt with the time the caller waits before it, as in "[20 seconds] Your discard:".
        prompt = _("[%(time)s] %(prompt)s") % {"time": seconds_text(self.clock), "prompt": prompt}
        try:
            return self.ask(prompt, timeout=self.clock)
        except TimeUp:
            self.console.show([("class:error", ngettext(
                "Time! The caller waits for you once more: %(seconds)d second.",
                "Time! The caller waits for you once more: %(seconds)d seconds.", int(self.clock))
                % {"seconds": int(self.clock)})])
        try:
            return self.ask(prompt, timeout=self.clock)
        except TimeUp:
            return None

    def learner_actions(self) -> list[Any]:
        """The learner's choice for the current call, as engine actions (a window pass and a draw)."""
        s = self.state
        seat = self.learner
        assert seat is not None
        key = (s.hand, s.cycle, s.phase.value)
        if self._shown != key:
            self._shown = key
            if s.phase is Phase.DISCARD:
                self.console.show([("", _("Your hand:") + " ")] + self.hand_fragments(seat))
            else:
                self.console.show(self.table())
            self.console.show([("class:title", self.call())])
        if s.phase is Phase.DISCARD:
            return self._discard_choice(seat)
        words = {c: typed_word(c) for c in ("match", "middle", "pile")}
        text = self.ask_timed(
            _("Draw from the middle (%(middle)s) or from the pile on your right (%(pile)s):") % words
            if s.phase is Phase.DRAW else
            _("Call %(match)s, or draw from the middle (%(middle)s) or from the pile on your right (%(pile)s):")
            % words)
        if text is None:
            self.console.show([("class:error", _("The caller draws from the middle for you."))])
            source = "middle"
        else:
            command = command_of(text)
            if command == "match":
                return self._match(seat)
            if command not in ("middle", "pile"):
                if not self.handle_command(command) and text.strip():
                    self.say_error(_("Type %(middle)s or %(pile)s, or %(match)s when all your cards are in sets.")
                                   % words)
                return []
            source = command
        actions: list[Any] = []
        if s.phase is Phase.MATCH:
            if self.coach:
                verdict = coach.judge_window(s, seat, called=False)
                self.coach_says(*window_verdict_lines(verdict, self.ascii))
            # The window closes before the draw. If someone matched, the learner hears it, and the
            # draw they chose goes on into the last cycle (SPD.7), said so rather than dropped.
            self.act(Pass(seat))
            self.bots_act()
            if s.phase is not Phase.DRAW or seat not in s.to_act:
                return []
            if s.last_cycle:
                self.console.show([("class:hint", _("Match was called: this is the last cycle. Your draw from the "
                                                    "middle stands.") if source == "middle" else
                                    _("Match was called: this is the last cycle. Your draw from the pile on "
                                      "your right stands."))])
        if source == "pile" and s.right_top(seat) is None:
            self.say_error(illegal_line(IllegalAction("SPD.6", "pile_empty"), self.ascii))
            return []
        if self.coach and text is not None:
            verdict = coach.judge_draw(s, seat, source)
            if verdict.kind == "weaker":
                self.coach_says(*draw_verdict_lines(verdict, self.ascii))
        return actions + [Draw(seat, source)]

    def _match(self, seat: int) -> list[Any]:
        s = self.state
        if s.phase is not Phase.MATCH:
            self.say_error(illegal_line(IllegalAction("SPD.7", "no_window", call=s.phase.value), self.ascii))
            return []
        # A false call is turned down by the engine with its reason (SPD.9); the coach adds nothing to that.
        return [Match(seat)]

    def _discard_choice(self, seat: int) -> list[Any]:
        s = self.state
        text = self.ask_timed(_("Your discard (face down):"))
        if text is None:
            card = max(s.hands[seat], key=lambda c: (solver.card_points(c, RULES) if c.rank != s.wild else -1, c))
            self.console.show([("class:error", _("The caller discards %(card)s for you: it counts the most.") % {
                "card": show_card(card.code, self.ascii)})])
            return [Discard(seat, card)]
        words = text.split()
        if not words:
            return []
        command, rest = split_command(text)
        if not rest and self.handle_command(command):
            return []
        if command == "match":
            self.say_error(illegal_line(IllegalAction("SPD.7", "no_window", call="discard"), self.ascii))
            return []
        parsed = read_card(" ".join(words))  # the notation, or the card in words ("dame de cœur")
        if parsed is None:
            self.say_error(_("%(text)s is not a card. Type %(help)s to see how to write cards.") % {
                "text": quoted(text), "help": typed_word("help")})
            return []
        rank, suit = parsed
        card = s.find_card(Card(rank, suit).code, seat)
        if card is None:
            self.say_error(illegal_line(IllegalAction("SPD.6", "not_in_hand", card=Card(rank, suit).code), self.ascii))
            return []
        if self.coach:
            verdict = coach.judge_discard(s, seat, card)
            if verdict.kind == "weaker":
                self.coach_says(*discard_verdict_lines(verdict, self.ascii))
        return [Discard(seat, card)]

    def illegal_line(self, err: IllegalAction) -> str:
        return illegal_line(err, self.ascii)

    def intro(self) -> None:
        self.console.show([("class:title", _("3-13 Speed: everyone plays at once; lowest total after eleven hands wins."))])
        if self.learner is not None:
            self.console.show([("class:hint", _("Type %(help)s (or press F1) for how to play; Tab completes your cards.")
                                 % {"help": typed_word("help")})])
            if self.clock is not None:
                self.console.show([("class:hint", ngettext(
                    "The caller is on a clock: %(seconds)d second for each call.",
                    "The caller is on a clock: %(seconds)d seconds for each call.", int(self.clock))
                    % {"seconds": int(self.clock)})])
        self.emit(self.state.opening)
