"""A seat at a network table of 3-13 Speed: the local session's screen, fed by the host.

The host is the caller and the referee (tutor.games.speed.net); this session shows its seat's
view and the events as `tutor play speed` shows them, with the same table, prompts, help and
parsing (`SpeedScreen`), in this player's language.

The caller's rhythm is the local session's: at a window the player types `match`, or `middle`
or `pile` for the draw that follows; the window's pass goes to the table at once and the draw
as soon as the caller calls "draw" (SPD.7: a match called meanwhile leaves the draw standing
for the last cycle). Then a card to discard, face down.

With a clock (the welcome's `clock`), the host keeps the time: the prompt shows the seconds
left in this call, "Time!" comes when the first clock runs out, and when the second does the
caller chooses (a window let pass and a draw from the middle, or the card that counts the
most). The bots' remarks for `why` are heard when the caller reveals the choices they are
about (`net.reveal_remarks`): nothing of a face-down choice reaches this seat before.
"""

from __future__ import annotations

import math
import time
from types import SimpleNamespace
from typing import Any

from tutor.cards import Card
from tutor.games.speed import bots
from tutor.games.speed.engine import Phase, View
from tutor.games.speed.net import drawn_card, reveal_remarks, verdict_of, view_of
from tutor.games.speed.session import SpeedSession
from tutor.trainer.console import TimeUp
from tutor.trainer.remote import RemoteSession

Key = tuple[int, int, str]  # a call: (hand, cycle, phase)


class SpeedRemote(RemoteSession, SpeedSession):
    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        clock = self.welcome.get("clock")
        self.clock = float(clock) if isinstance(clock, (int, float)) and clock > 0 else None
        self._draw: tuple[int, int, str, bool] | None = None  # a draw typed at a window: hand, cycle, source, coached
        self._since: dict[Key, float] = {}  # when each call began to wait for this seat (the clock)
        self._warned: set[Key] = set()  # calls whose first clock ran out
        self._timed_out: Key | None = None  # the call the caller chooses for this seat
        self._uncoached = False  # the next action is the caller's for this seat: nothing to coach
        self._drew: tuple[int, int] | None = None  # the cycle whose draw was shown
        self._before_draw: View | None = None  # this seat's view while the draws were chosen (for remarks)

    def mirror(self, welcome: dict[str, Any]) -> Any:
        return SimpleNamespace(players=welcome["players"])

    # ----------------------------------------------------------------- what the seat sees

    def seen(self) -> tuple[View, Card | None]:
        v = view_of(self.view)
        return v, drawn_card(v, self.view.get("drew"))

    def key(self) -> Key | None:
        if not self.view:
            return None
        return (self.view["hand_number"], self.view["cycle"], self.view["phase"])

    def bot_seats(self) -> set[int]:
        """Seats a bot plays now: no human's, or a human's who is away while a bot covers."""
        covered = self.welcome.get("on_drop") != "pause"
        return {p for p in range(self.names.players) if p != self.seat and (
            not self.names.humans[p] or (covered and p in self.away))}

    def on_update(self, events: list[dict[str, Any]], view: dict[str, Any], remarks: list[dict[str, Any]]) -> None:
        v = view_of(view)
        bots_at = self.bot_seats()
        for event in events:
            for seat, remark in reveal_remarks(event, self.level, bots_at, self._before_draw):
                self.reasons.append((seat, remark))
        self.show_events(events, v.wild)
        if v.phase == Phase.DRAW.value:
            self._before_draw = v
        drew = view.get("drew")
        if drew and self._drew != (v.hand_number, v.cycle):
            self._drew = (v.hand_number, v.cycle)
            card = drawn_card(v, drew)
            if card is not None:
                self.show_drawn(card, drew["from"])
        key = self.key()
        self._since = {k: t for k, t in self._since.items() if k == key}  # a call's clock ends with it
        self._warned &= {key}
        if key is not None and self.awaited():
            self._since.setdefault(key, time.monotonic())

    def on_verdicts(self, verdicts: list[dict[str, Any]]) -> None:
        for data in verdicts:
            try:
                verdict = verdict_of(data)
            except ValueError:
                continue
            self.say_verdict(verdict)

    def awaited(self) -> bool:
        return super().awaited() and self.key() != self._timed_out

    def send_action(self, action: dict[str, Any]) -> None:
        uncoached, self._uncoached = self._uncoached, False
        if not uncoached:
            super().send_action(action)
            return
        coach, self.coach = self.coach, False
        try:
            super().send_action(action)
        finally:
            self.coach = coach

    # ----------------------------------------------------------------- the table's screen

    def remote_intro(self) -> None:
        self.intro_lines(True, self.clock)

    def show_position(self) -> None:
        if self.view and self.awaited():
            self.show_seen(*self.seen())

    def toolbar(self) -> str:
        return self.toolbar_text(view_of(self.view)) if self.view else ""

    def choices(self) -> list[str]:
        words = self.call_words(view_of(self.view)) if self.view and self.awaited() else []
        return list(dict.fromkeys(words + RemoteSession.choices(self)))

    # ----------------------------------------------------------------- deciding

    def decide(self) -> dict[str, Any] | None:
        key = self.key()
        assert key is not None
        v, drawn = self.seen()
        hand, cycle, phase = key
        self._since.setdefault(key, time.monotonic())
        if phase == Phase.DRAW.value and self._draw is not None and self._draw[:2] == (hand, cycle):
            return self._typed_draw(v, key)
        self._draw = None
        if self._shown != key:
            self._shown = key
            self.show_call(v, drawn)
        if phase == Phase.DISCARD.value:
            text = self.ask_call(self.discard_prompt(), key)
            if text is None:
                self.caller_discards(bots.highest(v.hand, v.wild))
                return None
            card = self.read_discard(text, v)
            return {"event": "discard", "card": card.code} if card else None
        text = self.ask_call(self.draw_prompt(v), key)
        if text is None:
            self.caller_draws()
            if phase == Phase.MATCH.value:  # the caller lets the window pass, then draws from the middle
                self._draw = (hand, cycle, "middle", False)
            return None
        command = self.read_draw(text)
        if command is None:
            return None
        if command == "match":
            if phase != Phase.MATCH.value:
                self.refuse_match(v)
                return None
            # A false call is turned down by the caller with its reason (SPD.9).
            return {"event": "match"}
        if phase == Phase.MATCH.value:
            # The window closes before the draw; the draw goes in when the caller calls "draw".
            self._draw = (hand, cycle, command, True)
            return {"event": "pass"}
        if command == "pile" and v.tops[(v.player - 1) % v.players] is None:
            self.refuse_empty_pile()
            return None
        return {"event": "draw", "from": command}

    def _typed_draw(self, v: View, key: Key) -> dict[str, Any] | None:
        """The draw typed at the window, now that the caller calls "draw"."""
        assert self._draw is not None
        _hand, _cycle, source, coached = self._draw
        self._draw = None
        if v.last_cycle:
            self.draw_stands(source)
        if source == "pile" and v.tops[(v.player - 1) % v.players] is None:
            self.refuse_empty_pile()
            return None
        self._shown = key
        self._uncoached = not coached  # the caller's draw for a seat out of time: nothing to coach
        return {"event": "draw", "from": source}

    def ask_call(self, prompt: str, key: Key) -> str | None:
        """Asks; with a clock, the prompt shows the seconds left in this call, and None comes when
        both clocks ran out (the host's caller chooses for this seat)."""
        if self.clock is None:
            return self.ask(prompt)
        start = self._since.setdefault(key, time.monotonic())
        while True:
            elapsed = time.monotonic() - start
            if elapsed >= 2 * self.clock:
                self._timed_out = key
                return None
            first = elapsed < self.clock
            if not first and key not in self._warned:
                self._warned.add(key)
                self.time_up(self.clock)
            left = (self.clock if first else 2 * self.clock) - elapsed
            try:
                return self.ask(self.timed(prompt, max(1, math.ceil(left))), timeout=left)
            except TimeUp:
                continue
