"""33's events, errors and bot remarks as sentences in the learner's language.

The engine reports message ids and events; this module is where they become words.
Sentences about the learner are separate messages from those about another player,
since many languages conjugate "you play" and "Bot 2 plays" differently.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tutor.games import texts
from tutor.games.base import Event, IllegalAction, OptionError
from tutor.games.remark import Remark
from tutor.games.thirty_three.deck import LIMIT, LOWEST
from tutor.games.thirty_three.words import show_face, show_value
from tutor.i18n import _, format_list, ngettext, quoted
from tutor.trainer.commands import typed_word
from tutor.trainer.table import Names

if TYPE_CHECKING:
    from tutor.games.thirty_three.coach import Verdict
    from tutor.games.thirty_three.engine import Play


#: Paths are echoed in quotation marks, control characters shown as `?`, cut only when absurd.
FILE_LIMIT = 200


def _card(face: str, ascii_only: bool) -> str:
    return show_face(face, ascii_only)


def event_line(event: Event, names: Names, ascii_only: bool = False, reveal: bool = False,
               manual: bool = False) -> str | None:
    """One sentence for an event, or None for events the screen shows otherwise; `manual`:
    manual-draw mode, where a play leaves the new total for its player to say."""
    kind = event["event"]
    p = event.get("player")
    you = names.is_you(p)
    who = names(p) if p is not None else ""
    if kind == "shuffle":
        n = _size(event)
        return ngettext("The deck of %(count)d card is shuffled.", "The deck of %(count)d cards is shuffled.", n) % {
            "count": n
        }
    if kind == "deal":
        d = event["dealer"]
        if names.is_you(d):
            return _("You deal three cards to each player.")
        return _("%(player)s deals three cards to each player.") % {"player": names(d)}
    if kind == "play":
        card = _card(event["card"], ascii_only)
        params = {"player": who, "card": card, "total": event["total"], "value": show_value(event["value"], ascii_only)}
        if manual:
            # Manual-draw mode: the player says the new total next (33.11); the line does not say it first.
            if event["card"] in ("1/11", "+-10"):
                return (_("You play %(card)s as %(value)s.") if you else
                        _("%(player)s plays %(card)s as %(value)s.")) % params
            return (_("You play %(card)s.") if you else _("%(player)s plays %(card)s.")) % params
        if event["card"] == "0":
            return (_("You play the 0 card: the total stays at %(total)d.") if you else
                    _("%(player)s plays the 0 card: the total stays at %(total)d.")) % params
        if event["card"] in ("1/11", "+-10"):
            return (_("You play %(card)s as %(value)s: the total is %(total)d.") if you else
                    _("%(player)s plays %(card)s as %(value)s: the total is %(total)d.")) % params
        return (_("You play %(card)s: the total is %(total)d.") if you else
                _("%(player)s plays %(card)s: the total is %(total)d.")) % params
    if kind == "draw":
        # At a network table another player's draw comes without its card (net.redact).
        params = {"player": who}
        if "card" in event:
            params["card"] = _card(event["card"], ascii_only)
            if you:
                return _("You draw %(card)s.") % params
            if reveal:
                return _("%(player)s draws %(card)s.") % params
        return _("%(player)s draws a card.") % params
    if kind == "say":
        params = {"player": who, "said": event["said"], "total": event["total"]}
        if event["correct"]:
            return (_("You say %(said)d.") if you else _("%(player)s says %(said)d.")) % params
        return (_("You say %(said)d, but the total is %(total)d (33.11).") if you else
                _("%(player)s says %(said)d, but the total is %(total)d (33.11).")) % params
    if kind == "end_turn":
        return (_("You end your turn without drawing.") if you else
                _("%(player)s ends the turn without drawing.") % {"player": who})
    if kind == "recycle":
        n = _size(event)
        if event["shuffled"]:
            return ngettext(
                "The stock is empty: the discard pile is shuffled into a new stock of %(count)d card (33.9).",
                "The stock is empty: the discard pile is shuffled into a new stock of %(count)d cards (33.9).", n,
            ) % {"count": n}
        return ngettext(
            "The stock is empty: the discard pile is turned over as the new stock, %(count)d card (33.9).",
            "The stock is empty: the discard pile is turned over as the new stock, %(count)d cards (33.9).", n,
        ) % {"count": n}
    if kind == "lose":
        params = {"player": who, "total": event["total"]}
        if event["rule"] == "33.10":
            return (_("You still hold two cards after the next player drew: you lose (33.10).") if you else
                    _("%(player)s still holds two cards after the next player drew and loses (33.10).")) % params
        return (_("With the total at %(total)d, none of your cards keeps it at 33 or under: you lose (33.8).")
                if you else
                _("With the total at %(total)d, %(player)s has no card that keeps it at 33 or under and loses (33.8).")
                ) % params
    if kind == "forfeit_pick":
        params = {"player": who, "card": _card(event["card"], ascii_only)}
        return (_("You choose %(card)s.") if you else _("%(player)s chooses %(card)s.")) % params
    if kind == "forfeit_draw":
        return forfeit_line(event, names, ascii_only)
    if kind == "forfeit_skip":
        return _("The forfeit draw is skipped.")
    if kind == "game_over":
        n = event["plays"]
        return ngettext("Game over after %(count)d play.", "Game over after %(count)d plays.", n) % {"count": n}
    return None


def _size(event: Event) -> int:
    """How many cards a shuffle or a recycle holds: its stock, or at a network table, where the
    stock's order stays on the host, its size (net.redact)."""
    return len(event["stock"]) if "stock" in event else int(event["size"])


def result_line(loser: int, rule: str, players: int, names: Names) -> str:
    """The end of a game of 33: who lost, by which clause, and who wins (everyone else)."""
    winners = [seat for seat in range(players) if seat != loser]
    params = {"loser": names(loser), "clause": rule}
    if names.is_you(loser):
        params["players"] = format_list([names(seat) for seat in winners])
        return ngettext("You lost (%(clause)s): %(players)s wins.", "You lost (%(clause)s): %(players)s win.",
                        len(winners)) % params
    if any(names.is_you(seat) for seat in winners):  # the learner won, with the others named apart
        others = [names(seat) for seat in winners if not names.is_you(seat)]
        if not others:
            return _("%(loser)s lost (%(clause)s): you win.") % params
        params["others"] = format_list(others)
        return ngettext("%(loser)s lost (%(clause)s): you win, and so does %(others)s.",
                        "%(loser)s lost (%(clause)s): you win, and so do %(others)s.", len(others)) % params
    params["players"] = format_list([names(seat) for seat in winners])
    return ngettext("%(loser)s lost (%(clause)s): %(players)s wins.", "%(loser)s lost (%(clause)s): %(players)s win.",
                    len(winners)) % params


def forfeit_line(event: Event, names: Names, ascii_only: bool = False) -> str:
    loser, owner = event["player"], event["owner"]
    params = {"loser": names(loser), "owner": names(owner), "card": _card(event["card"], ascii_only)}
    if loser == owner:
        if names.is_you(loser):
            return _("You draw %(card)s, your own card: nothing happens (33.12).") % params
        return _("%(loser)s draws %(card)s, their own card: nothing happens (33.12).") % params
    if names.is_you(loser):
        return _("You draw %(card)s, the card of %(owner)s, who now asks you to do something funny (33.12).") % params
    if names.is_you(owner):
        return _("%(loser)s draws %(card)s, your card: ask %(loser)s to do something funny (33.12).") % params
    return _("%(loser)s draws %(card)s, the card of %(owner)s, who asks %(loser)s to do something funny (33.12).") % params


def forfeit_warning() -> str:
    return _(
        "Remember: nothing that could harm anyone's health or life, nothing humiliating, "
        "and nobody has to do anything they do not want to."
    )


def illegal_line(err: IllegalAction, ascii_only: bool = False) -> str:
    """Why an action is refused, with the clause: one line."""
    p = dict(err.params)
    if "card" in p:
        p["card"] = show_face(str(p["card"]), ascii_only)
    if "value" in p:
        p["value"] = show_value(int(p["value"]), ascii_only)
    p["draw"] = typed_word("draw")
    messages = {
        "game_over": _("The game is over."),
        "not_your_turn": _("It is not your turn."),
        "not_now": _("That is not possible at this point of the turn."),
        "say_first": _("First say the new total."),
        "draw_first": _("First draw a card (type %(draw)s)."),
        "not_in_hand": _("You do not hold %(card)s."),
        "bad_value": _("%(card)s cannot be played as %(value)s."),
        "over_limit": _("%(card)s as %(value)s would take the total from %(total)d to %(new_total)d, above 33."),
        "forfeit_no_such_card": _("There is no %(card)s in this deck."),
        "forfeit_taken": _("%(card)s is already taken; choose a different card."),
    }
    text = messages.get(err.message, _("That is not allowed."))
    text = texts.fill(text, p)
    return _("%(reason)s (rule %(clause)s)") % {"reason": text, "clause": err.clause}


def option_error_line(err: OptionError) -> str:
    p = dict(err.params)
    if err.message == "deck_never_stuck":
        return ngettext(
            "With this deck nobody can ever lose: only a hand of three plus cards (+2 to +10, 1/11) can be "
            "stuck (33.8), and the deck holds %(count)d such card.",
            "With this deck nobody can ever lose: only a hand of three plus cards (+2 to +10, 1/11) can be "
            "stuck (33.8), and the deck holds %(count)d such cards.",
            p["count"],
        ) % p
    if "file" in p:
        p["file"] = quoted(str(p["file"]), FILE_LIMIT)
    for key in ("face", "count"):
        if key in p:
            p[key] = quoted(str(p[key]))
    return texts.option_error_line(OptionError(err.message, **p), {
        "deck_missing": _("Deck file %(file)s does not exist."),
        "deck_unreadable": _("Deck file %(file)s cannot be read."),
        "deck_not_a_file": _("Deck file %(file)s is not a regular file."),
        "deck_too_big": _("Deck file %(file)s is too large for a deck file (more than %(limit)d KB)."),
        "deck_not_utf8": _("Deck file %(file)s is not UTF-8 text."),
        "deck_too_deep": _("Deck file %(file)s is nested too deeply to be a deck."),
        "deck_yaml": _("Deck file %(file)s is not valid YAML (line %(line)d)."),
        "deck_not_mapping": _("Deck file %(file)s must map each face to a count, like \"+7: 4\"."),
        "deck_unknown_face": _("Deck file %(file)s names an unknown card face: %(face)s."),
        "deck_bad_count": _("Deck file %(file)s: the count of %(face)s must be a whole number from 0 to "
                            "%(high)d, not %(count)s."),
        "deck_duplicate_face": _("Deck file %(file)s lists %(face)s twice."),
        "deck_too_many_cards": _("A deck may hold at most %(high)d cards, not %(size)d."),
        "deck_never_high": _("With this deck nobody can ever lose: its minus cards pull the total down faster "
                             "than its plus cards raise it, so it never gets high enough for a hand to be "
                             "stuck (33.8)."),
        "players_range": _("A game of 33 needs 2 to 8 players, not %(players)d (33.2)."),
        "deck_too_small": _("A deck of %(size)d cards is too small for %(players)d players: it needs %(need)d (33.2)."),
    })


def remark_line(remark: Remark) -> str:
    """What a bot says about its play (`bots.remark`): only what the table saw."""
    messages = {
        "random": _("I just played any card I was allowed to."),
        "raised": _("I raised the total to %(total)d."),
        "reached_limit": _("I brought the total to exactly %(limit)d: the next player must lower it or hold it."),
        "held": _("I held the total at %(total)d."),
        "lowered": _("I lowered the total to %(total)d."),
    }
    return texts.fill(messages.get(remark.code, ""), remark.detail)


def _pct(x: float) -> str:
    return texts.percent_text(x)


def verdict_lines(verdict: Verdict, ascii_only: bool = False) -> list[str]:
    """What the coach says about a judged play, in the learner's language: for a weaker play the
    better one, why in words (with the clause), and the numbers behind it."""
    if verdict.kind == "illegal":
        err = IllegalAction(verdict.clause or "33.5", verdict.message or "not_now", **verdict.params)
        return [_("Not allowed: %(reason)s") % {"reason": illegal_line(err, ascii_only)}]
    mine, best = verdict.mine, verdict.best
    assert mine is not None and best is not None
    mine_text = play_text(mine.play, ascii_only)
    if verdict.kind == "right":
        lines = [_("Good: %(play)s.") % {"play": mine_text}]
        if mine.next_stuck >= 0.1:
            lines.append(_("At %(total)d the next player has no card that keeps the total at 33 or under "
                           "about %(percent)s of the time (33.8).") % {"total": mine.total,
                                                                           "percent": _pct(mine.next_stuck)})
        elif mine.keeps_safe:
            lines.append(_("You keep a card that can lower or hold the total for when it climbs (33.7)."))
        lines.append(_("Your own chance of being stuck in the next two rounds: about %(percent)s.")
                     % {"percent": _pct(mine.risk)})
        return lines
    lines = [_("Legal, but %(better)s is stronger than %(play)s.") % {
        "better": play_text(best.play, ascii_only), "play": mine_text}]
    code, line = _reason(verdict, ascii_only)
    if line:
        lines.append(line)
    # Only figures that differ as printed are compared: "about 0% against 0%" tells nothing. A
    # weaker play trails by more than the coach's margin, so its own chance always differs.
    if _pct(best.risk) != _pct(mine.risk) and best.risk < mine.risk:
        lines.append(_("It lowers your own chance of being stuck in the next two rounds from about %(mine)s "
                       "to %(best)s.")
                     % {"mine": _pct(mine.risk), "best": _pct(best.risk)})
    if _pct(best.next_stuck) != _pct(mine.next_stuck) and best.next_stuck > mine.next_stuck:
        lines.append(_("At %(total)d the next player is stuck about %(percent)s of the time, against "
                       "%(mine)s after your play.") % {"total": best.total, "percent": _pct(best.next_stuck),
                                                          "mine": _pct(mine.next_stuck)})
    return lines


#: How much more often the next player must be stuck for that to be the reason given.
SQUEEZE = 0.1


def _reason(verdict: Verdict, ascii_only: bool) -> tuple[str | None, str | None]:
    """Why the better play is better, in plain words with the clause it rests on: (a code, the line)."""
    mine, best = verdict.mine, verdict.best
    if mine is None or best is None or best.play == mine.play:
        return None, None
    params = {"better": play_text(best.play, ascii_only), "total": best.total, "mine": mine.total}
    after = list(verdict.hand)
    if best.play.card in after:
        after.remove(best.play.card)
    if best.keeps_safe and not mine.keeps_safe:
        safe = [c for c in after if LOWEST[c] <= 0]
        kept = mine.play.card if mine.play.card in safe else (safe[0] if safe else None)
        if kept is not None:
            params["card"] = show_face(kept, ascii_only)
            return "safe", _("%(better)s keeps your %(card)s for when the total nears 33: that card lowers or holds "
                             "the total, so you still have a play (33.8).") % params
    if best.next_stuck - mine.next_stuck >= SQUEEZE:
        return "squeeze", _("%(better)s takes the total to %(total)d, where the next player is more often left "
                            "with no card that keeps it at 33 or under (33.8).") % params
    if best.play.value > max(mine.play.value, 0) and best.total <= LIMIT:
        return "high", _("%(better)s gets a high card out of your hand while it still fits under 33; later it "
                         "may not (33.7).") % params
    if best.total < mine.total:
        return "lower", _("%(better)s keeps the total lower, at %(total)d instead of %(mine)d, so more of your "
                          "cards still fit under 33 on your next turn (33.7).") % params
    if best.risk < mine.risk:
        return "risk", _("After %(better)s you are less often stuck on your next turns (33.8).") % params
    return None, None


def instead_line(best: Verdict, ascii_only: bool = False) -> str:
    """After a refused play: the coach's best legal play, why, and the clause."""
    assert best.mine is not None
    return _("Play %(better)s instead: it takes the total to %(total)d, and no play may take it over 33 "
             "(33.7).") % {"better": play_text(best.play, ascii_only), "total": best.mine.total}


def play_text(play: Play, ascii_only: bool = False) -> str:
    text = show_face(play.card, ascii_only)
    if play.card in ("1/11", "+-10"):
        text += " " + show_value(play.value, ascii_only)
    return text


def coach_lines(verdict: Verdict, ascii_only: bool = False) -> list[str]:
    """What the coach says during a game: nothing on a sound play; on a weaker one the better
    play, why in words (with the clause) and the numbers behind it."""
    if verdict.kind != "weaker" or verdict.mine is None or verdict.best is None:
        return []
    return verdict_lines(verdict, ascii_only)
