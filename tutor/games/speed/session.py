"""A game of 3-13 Speed at the trainer: the learner at one seat of a table of up to twelve.

The caller's rhythm is kept. At the match window (before the first draw and after every
discard) the learner types `middle` or `pile` to draw, or `match` to call; then a card to
discard, face down. The bots choose on what they can see, before anyone's choice of the
cycle is revealed, and the reveal shows every discard at once.

With `--clock SECONDS` the caller calls on time: a learner who has not chosen in time is told,
the caller waits once more, and then draws from the middle for them, or discards their
highest-counting card.

What the learner's seat is shown and how what they type is read sit in `SpeedScreen`, which
works from the seat's `View` alone, so the network client (`remote.py`) shares them.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Collection, Sequence
from typing import TYPE_CHECKING, Any

from tutor.cardfaces import card_style, hand_fragments, rank_face, rummy_order, show_card, typed_card
from tutor.cards import Card
from tutor.cardtext import typing_examples
from tutor.games.base import Event, IllegalAction
from tutor.games.remark import Remark
from tutor.games.speed import bots, coach
from tutor.games.speed.engine import (
    Action,
    Discard,
    Draw,
    Match,
    Pass,
    Phase,
    View,
    hand_size,
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
from tutor.i18n import _, ngettext, quoted
from tutor.trainer.cardnames import faces_hint, read_card, words_hint
from tutor.trainer.commands import command_of, command_word, split_command, typed_word
from tutor.trainer.console import Console, Fragments, TimeUp
from tutor.trainer.table import Names, TableSession, seconds_text


class SpeedScreen:
    """What a seat at a 3-13 Speed table is shown and how what it types is read, from that
    seat's `View` alone: the local session below and the network client (`remote.SpeedRemote`)
    both draw the table, prompt and parse with it.

    It needs from its host class: `console`, `ascii`, `names` (a `Names`), `handle_command`,
    `say_error` and `show_standings`, as `TableSession` has them."""

    console: Console
    ascii: bool
    names: Names

    if TYPE_CHECKING:
        def handle_command(self, command: str | None) -> bool: ...

        def say_error(self, text: str, clause: str | None = None) -> None: ...

        def show_standings(self, heading: str, totals: Sequence[int], penalty: bool = False,
                           reached: Collection[int] = ()) -> None: ...

    # ----------------------------------------------------------------- events

    def show_events(self, events: list[Event], wild: int) -> None:
        """The events as sentences; `wild` is the wild rank of the hand the table is in after them."""
        # The wild rank each event is shown with: the engine may have moved on to the next hand
        # within this batch, so the events before its hand_start belong to the hand before.
        for event in reversed(events):
            if event["event"] == "hand_start":
                wild = event["hand"] + 1  # SPD.2: hand h - 1 has the rank h + 1 wild
        reveal = self.names.learner is None
        for event in events:
            if event["event"] == "hand_start":
                wild = event["wild"]
            shown = {**event, "_wild": wild}
            for line in event_lines(shown, self.names, self.ascii, reveal=reveal, own_draws=False):
                self.console.show([("", line)])
            if event["event"] == "hand_end":
                for line in hand_end_lines(event, self.names, self.ascii):
                    self.console.show([("class:hint", line)])
                if event["hand"] < 11:
                    self.show_standings(_("Standings after hand %(hand)d of 11:") % {"hand": event["hand"]},
                                        event["totals"])
            elif event["event"] == "game_over":
                self.show_standings(_("Final standings:"), event["totals"])

    def show_drawn(self, card: Card, source: str) -> None:
        """The card the seat just took, as soon as the caller hands it over."""
        line = (_("You took %(card)s from the pile on your right.") if source == "pile" else
                _("You took %(card)s from the middle.")) % {"card": show_card(card.code, self.ascii)}
        self.console.show([("class:you", line)])

    # ----------------------------------------------------------------- table

    def view_hand(self, v: View, drawn: Card | None = None) -> Fragments:
        """The seat's hand in rummy order, wild cards marked and the card just drawn in brackets."""
        return hand_fragments(rummy_order(v.hand, v.wild), self.ascii, v.wild, drawn)

    def _card(self, card: Card | None) -> tuple[str, str]:
        return (card_style(card.code), show_card(card.code, self.ascii)) if card else ("", "-")

    def view_table(self, v: View, drawn: Card | None = None) -> Fragments:
        """The table as the seat sees it: the hand's number and wild rank, the middle, the
        totals, the pile on its right and its own pile, its hand."""
        seat = v.player
        right, left = (seat - 1) % v.players, (seat + 1) % v.players
        frags: Fragments = [
            ("", "\n"),
            ("class:title", _("Hand %(hand)d of 11 · %(count)d cards · wild: %(wild)s") % {
                "hand": v.hand_number, "count": hand_size(v.hand_number), "wild": rank_face(v.wild)}),
            ("", "  ·  " + ngettext("%(count)d card in the middle", "%(count)d cards in the middle",
                                   v.middle_size) % {"count": v.middle_size} + "\n"),
            ("", _("Totals: %(totals)s") % {"totals": " · ".join(
                f"{self.names(q)} {t}" for q, t in enumerate(v.totals))} + "\n"),
            ("", _("Pile on your right (%(player)s):") % {"player": self.names(right)} + " "),
            self._card(v.tops[right]),
            ("", "  ·  " + _("your pile on the left (%(player)s draws from it):") % {
                "player": self.names(left)} + " "),
            self._card(v.tops[seat]),
            ("", "\n" + _("Your hand:") + " "),
        ]
        frags += self.view_hand(v, drawn)
        if v.last_cycle:
            frags.append(("class:hint", "\n" + _("Match was called: this is the last cycle.")))
        return frags

    def show_call(self, v: View, drawn: Card | None = None) -> None:
        """What the seat decides on at this call: its hand at "discard", the table otherwise;
        then the caller's call."""
        self.show_seen(v, drawn)
        self.console.show([("class:title", self.call_text(v))])

    def show_seen(self, v: View, drawn: Card | None = None) -> None:
        if v.phase == Phase.DISCARD.value:
            self.console.show([("", _("Your hand:") + " ")] + self.view_hand(v, drawn))
        else:
            self.console.show(self.view_table(v, drawn))

    def call_text(self, v: View) -> str:
        """The caller's current call."""
        if v.phase == Phase.DISCARD.value:
            return _("Caller: \"discard\" - choose your card, face down.")
        if v.phase == Phase.MATCH.value and v.cycle == 0:
            return _("Caller: ready? Match now if your cards are all in sets; then \"draw\".")
        if v.phase == Phase.MATCH.value:
            return _("Caller: match? Then \"draw\".")
        return _("Caller: \"draw\"!")

    def toolbar_text(self, v: View) -> str:
        return " " + _("3-13 Speed · hand %(hand)d · wild %(wild)s · %(players)d players · F1 help · Ctrl-D quit") % {
            "hand": v.hand_number, "wild": rank_face(v.wild), "players": v.players}

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

    def call_words(self, v: View) -> list[str]:
        """What Tab completes at this call: the draw words (and match at a window), or the cards."""
        if v.phase in (Phase.MATCH.value, Phase.DRAW.value):
            words = [command_word("middle"), command_word("pile")]
            if v.phase == Phase.MATCH.value:
                words.append(command_word("match"))
            return words
        return [typed_card(c.code) for c in rummy_order(v.hand, v.wild)]

    # ----------------------------------------------------------------- reading

    def draw_prompt(self, v: View) -> str:
        words = {c: typed_word(c) for c in ("match", "middle", "pile")}
        if v.phase == Phase.DRAW.value:
            return _("Draw from the middle (%(middle)s) or from the pile on your right (%(pile)s):") % words
        return _("Call %(match)s, or draw from the middle (%(middle)s) or from the pile on your right (%(pile)s):") \
            % words

    def discard_prompt(self) -> str:
        return _("Your discard (face down):")

    def timed(self, prompt: str, seconds: float) -> str:
        """A prompt with the time the caller waits for it."""
        # TRANSLATORS: a prompt with the time the caller waits before it, as in "[20 seconds] Your discard:".
        return _("[%(time)s] %(prompt)s") % {"time": seconds_text(seconds), "prompt": prompt}

    def time_up(self, seconds: float) -> None:
        self.console.show([("class:error", ngettext(
            "Time! The caller waits for you once more: %(seconds)d second.",
            "Time! The caller waits for you once more: %(seconds)d seconds.", int(seconds))
            % {"seconds": int(seconds)})])

    def caller_draws(self) -> None:
        self.console.show([("class:error", _("The caller draws from the middle for you."))])

    def caller_discards(self, card: Card) -> None:
        self.console.show([("class:error", _("The caller discards %(card)s for you: it counts the most.") % {
            "card": show_card(card.code, self.ascii)})])

    def draw_stands(self, source: str) -> None:
        """A draw typed at a window in which someone matched goes on into the last cycle (SPD.7)."""
        self.console.show([("class:hint", _("Match was called: this is the last cycle. Your draw from the "
                                            "middle stands.") if source == "middle" else
                            _("Match was called: this is the last cycle. Your draw from the pile on "
                              "your right stands."))])

    def read_draw(self, text: str) -> str | None:
        """The answer to a window or to "draw": "match", "middle" or "pile"; None after a command
        or a slip (said)."""
        command = command_of(text)
        if command in ("match", "middle", "pile"):
            return command
        if not self.handle_command(command) and text.strip():
            words = {c: typed_word(c) for c in ("match", "middle", "pile")}
            self.say_error(_("Type %(middle)s or %(pile)s, or %(match)s when all your cards are in sets.") % words)
        return None

    def refuse_match(self, v: View) -> None:
        """A match called when the caller has not opened a window (SPD.7)."""
        self.say_error(illegal_line(IllegalAction("SPD.7", "no_window", call=v.phase), self.ascii))

    def refuse_empty_pile(self) -> None:
        self.say_error(illegal_line(IllegalAction("SPD.6", "pile_empty"), self.ascii))

    def read_discard(self, text: str, v: View) -> Card | None:
        """The card of the seat's hand a discard names; None after a command or a slip (said)."""
        words = text.split()
        if not words:
            return None
        command, rest = split_command(text)
        if not rest and self.handle_command(command):
            return None
        if command == "match":
            self.say_error(illegal_line(IllegalAction("SPD.7", "no_window", call="discard"), self.ascii))
            return None
        parsed = read_card(" ".join(words))  # the notation, or the card in words ("dame de cœur")
        code = Card(*parsed).code if parsed else None
        card = next((c for c in v.hand if c.code == code), None)
        if code is None:
            self.say_error(_("%(text)s is not a card. Type %(help)s to see how to write cards.") % {
                "text": quoted(text), "help": typed_word("help")})
        elif card is None:
            self.say_error(illegal_line(IllegalAction("SPD.6", "not_in_hand", card=code), self.ascii))
        return card

    # ----------------------------------------------------------------- coach

    def say_verdict(self, verdict: Any) -> None:
        """A coach verdict (coach.DrawVerdict, DiscardVerdict or WindowVerdict) in words."""
        if isinstance(verdict, coach.WindowVerdict):
            lines = window_verdict_lines(verdict, self.ascii)
        elif isinstance(verdict, coach.DrawVerdict):
            lines = draw_verdict_lines(verdict, self.ascii)
        else:
            lines = discard_verdict_lines(verdict, self.ascii)
        self.coach_says(*lines)

    if TYPE_CHECKING:
        def coach_says(self, *lines: str) -> None: ...

    def intro_lines(self, seated: bool, clock: float | None) -> None:
        self.console.show([("class:title", _("3-13 Speed: everyone plays at once; lowest total after eleven hands wins."))])
        if seated:
            self.console.show([("class:hint", _("Type %(help)s (or press F1) for how to play; Tab completes your cards.")
                                 % {"help": typed_word("help")})])
            if clock is not None:
                self.console.show([("class:hint", ngettext(
                    "The caller is on a clock: %(seconds)d second for each call.",
                    "The caller is on a clock: %(seconds)d seconds for each call.", int(clock))
                    % {"seconds": int(clock)})])


class SpeedSession(SpeedScreen, TableSession):
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
        self.show_events(events, self.state.wild)

    def seen(self) -> tuple[View, Card | None]:
        """The learner's view, and the card they just drew while they choose their discard."""
        s = self.state
        seat = self.learner
        assert seat is not None
        return s.view(seat), s.drawn[seat] if s.phase is Phase.DISCARD else None

    def show_position(self) -> None:
        s = self.state
        seat = self.learner
        if seat is None or s.is_over or seat not in s.to_act:
            return
        self.show_seen(*self.seen())

    def act(self, action: Any) -> bool:
        s = self.state
        before = s.phase
        if not super().act(action):
            return False
        if before is Phase.DRAW and s.phase is Phase.DISCARD and self.learner in s.playing:
            seat = self.learner
            card = s.drawn[seat]  # type: ignore[index]
            took = any(c is card for c in s.took[seat])  # type: ignore[index]
            self.show_drawn(card, "pile" if took else "middle")  # type: ignore[arg-type]
        return True

    # ----------------------------------------------------------------- table

    def sorted_hand(self, seat: int) -> list[Card]:
        return rummy_order(self.state.hands[seat], self.state.wild)

    def hand_fragments(self, seat: int) -> Fragments:
        drawn = self.state.drawn[seat] if self.state.phase is Phase.DISCARD else None
        return self.view_hand(self.state.view(seat), drawn)

    def table(self) -> Fragments:
        return self.view_table(*self.seen())

    def call(self) -> str:
        """The caller's current call."""
        return self.call_text(self.state.view(self.learner if self.learner is not None else 0))

    def toolbar(self) -> str:
        return self.toolbar_text(self.state.view(self.learner if self.learner is not None else 0))

    def choices(self) -> list[str]:
        s = self.state
        words: list[str] = []
        if self.learner in s.to_act:
            words = self.call_words(s.view(self.learner))  # type: ignore[arg-type]
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
        prompt = self.timed(prompt, self.clock)
        try:
            return self.ask(prompt, timeout=self.clock)
        except TimeUp:
            self.time_up(self.clock)
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
            self.show_call(*self.seen())
        if s.phase is Phase.DISCARD:
            return self._discard_choice(seat)
        text = self.ask_timed(self.draw_prompt(s.view(seat)))
        if text is None:
            self.caller_draws()
            source = "middle"
        else:
            command = self.read_draw(text)
            if command == "match":
                return self._match(seat)
            if command is None:
                return []
            source = command
        actions: list[Any] = []
        if s.phase is Phase.MATCH:
            if self.coach:
                self.say_verdict(coach.judge_window(s, seat, called=False))
            # The window closes before the draw. If someone matched, the learner hears it, and the
            # draw they chose goes on into the last cycle (SPD.7), said so rather than dropped.
            self.act(Pass(seat))
            self.bots_act()
            if s.phase is not Phase.DRAW or seat not in s.to_act:
                return []
            if s.last_cycle:
                self.draw_stands(source)
        if source == "pile" and s.right_top(seat) is None:
            self.refuse_empty_pile()
            return []
        if self.coach and text is not None:
            verdict = coach.judge_draw(s, seat, source)
            if verdict.kind == "weaker":
                self.say_verdict(verdict)
        return actions + [Draw(seat, source)]

    def _match(self, seat: int) -> list[Any]:
        s = self.state
        if s.phase is not Phase.MATCH:
            self.refuse_match(s.view(seat))
            return []
        # A false call is turned down by the engine with its reason (SPD.9); the coach adds nothing to that.
        return [Match(seat)]

    def _discard_choice(self, seat: int) -> list[Any]:
        s = self.state
        text = self.ask_timed(self.discard_prompt())
        if text is None:
            card = bots.highest(s.hands[seat], s.wild)
            self.caller_discards(card)
            return [Discard(seat, card)]
        card = self.read_discard(text, s.view(seat))
        if card is None:
            return []
        if self.coach:
            verdict = coach.judge_discard(s, seat, card)
            if verdict.kind == "weaker":
                self.say_verdict(verdict)
        return [Discard(seat, card)]

    def illegal_line(self, err: IllegalAction) -> str:
        return illegal_line(err, self.ascii)

    def intro(self) -> None:
        self.intro_lines(self.learner is not None, self.clock)
        self.emit(self.state.opening)
