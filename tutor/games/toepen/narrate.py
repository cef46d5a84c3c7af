"""Toepen's events, errors, bot remarks and coach verdicts as sentences in the learner's language."""

from __future__ import annotations

from typing import Any

from tutor.cardfaces import show_card, show_cards, with_faces
from tutor.cards import suit_symbol
from tutor.games import texts
from tutor.games.base import Event, IllegalAction, OptionError
from tutor.games.remark import Remark
from tutor.games.toepen.engine.deck import power
from tutor.i18n import N_, _, format_list, ngettext
from tutor.trainer.table import Names

__all__ = ["answer_verdict_line", "assumption_line", "card_verdict_line", "challenge_verdict_line", "event_line",
           "illegal_line", "knock_verdict_line", "laundry_verdict_line", "option_error_line", "pct", "remark_line", "suit_name"]


def pct(x: float) -> str:
    return texts.percent_text(x)


def suit_name(suit: str, ascii_only: bool = False) -> str:
    names = {"C": _("clubs"), "D": _("diamonds"), "H": _("hearts"), "S": _("spades")}
    name = names.get(suit, suit)
    return name if ascii_only else f"{name} {suit_symbol(suit)}"


# Who took a trick, one sentence per trick number (a hand has four tricks, TOE.5), so that each
# language words its own ordinal ("the third trick") rather than gluing a suffix to a number.
YOU_TAKE_TRICK = (N_("You take the first trick."), N_("You take the second trick."),
                  N_("You take the third trick."), N_("You take the fourth and last trick."))
PLAYER_TAKES_TRICK = (N_("%(player)s takes the first trick."), N_("%(player)s takes the second trick."),
                      N_("%(player)s takes the third trick."), N_("%(player)s takes the fourth and last trick."))


def trick_taken_line(number: int, player: str, you: bool) -> str:
    """Who took trick `number` (1 to 4), the ordinal in the learner's language."""
    return _((YOU_TAKE_TRICK if you else PLAYER_TAKES_TRICK)[number - 1]) % {"player": player}


def event_line(event: Event, names: Names, ascii_only: bool = False, reveal: bool = False) -> str | None:
    kind = event["event"]
    p = event.get("player")
    you = names.is_you(p)
    who = names(p) if p is not None else ""
    if kind == "deal":
        dealer = event["dealer"]
        params = {"hand": event["hand"], "player": names(dealer)}
        if names.is_you(dealer):
            return _("Hand %(hand)d: you deal four cards each (TOE.3).") % params
        return _("Hand %(hand)d: %(player)s deals four cards each (TOE.3).") % params
    if kind == "custom":
        messages = {
            "whistle_must": (_("You hold three tens and must whistle (TOE.14)."),
                             _("%(player)s holds three tens and must whistle (TOE.14).")),
            "whistle_may": (_("You hold three jacks and may whistle (TOE.14)."),
                            _("%(player)s holds three jacks and may whistle (TOE.14).")),
            "stand_must": (_("You hold four tens and must stand up (TOE.14)."),
                           _("%(player)s holds four tens and must stand up (TOE.14).")),
            "stand_may": (_("You hold four jacks and may stand up (TOE.14)."),
                          _("%(player)s holds four jacks and may stand up (TOE.14).")),
        }
        pair = messages.get(event["custom"])
        if pair is None:
            return None
        return (pair[0] if you else pair[1]) % {"player": who}
    if kind == "poverty":
        params = {"player": who, "stake": event["stake"]}
        if you:
            return _("You are one point below the limit: you lead, and the hand starts at %(stake)d (TOE.11).") % params
        return _("%(player)s is one point below the limit: they lead, and the hand starts at %(stake)d "
                 "(TOE.11).") % params
    if kind == "keep":
        return _("You keep your hand.") if you else _("%(player)s keeps their hand.") % {"player": who}
    if kind == "exchange":
        if you:
            return _("You throw in %(thrown)s and take %(cards)s (TOE.4).") % {
                "thrown": show_cards(event["thrown"], ascii_only), "cards": show_cards(event["cards"], ascii_only)}
        if reveal:
            return _("%(player)s throws in %(thrown)s and takes %(cards)s (TOE.4).") % {
                "player": who, "thrown": show_cards(event["thrown"], ascii_only),
                "cards": show_cards(event["cards"], ascii_only)}
        return _("%(player)s throws in their hand and takes four new cards (TOE.4).") % {"player": who}
    if kind == "pass":
        return _("You let it go.") if you else _("%(player)s lets it go.") % {"player": who}
    if kind == "challenge":
        params = {"player": who, "thrower": names(event["thrower"]), "shown": show_cards(event["shown"], ascii_only),
                  "loser": names(event["loser"]), "total": event["total"]}
        if names.is_you(event["thrower"]):  # never "Bot 2 challenges: You shows ..."
            line = _("%(player)s challenges: you show %(shown)s.") % params
        else:
            line = (_("You challenge: %(thrower)s shows %(shown)s.") if you else
                    _("%(player)s challenges: %(thrower)s shows %(shown)s.")) % params
        if event["bluff"]:
            verdict = _("A bluff: it holds a 7, 8, 9 or 10.")
        else:
            verdict = _("Honest: only aces, kings, queens and jacks.")
        if names.is_you(event["loser"]):
            cost = _("You take 1 point (now %(total)d) (TOE.4).") % params
        else:
            cost = _("%(loser)s takes 1 point (now %(total)d) (TOE.4).") % params
        return f"{line} {verdict} {cost}"
    if kind == "play":
        card = show_card(event["card"], ascii_only)
        return (_("You play %(card)s.") if you else _("%(player)s plays %(card)s.")) % {"player": who, "card": card}
    if kind == "trick":
        winner = event["winner"]
        line = trick_taken_line(event["number"], names(winner), names.is_you(winner))
        leads = event.get("leads")
        if leads is not None and leads != winner:
            line += " " + (_("You lead, as the next player still in (TOE.10).") if names.is_you(leads) else
                           _("%(player)s leads, as the next player still in (TOE.10).") % {"player": names(leads)})
        return line
    if kind == "knock":
        params = {"player": who, "stake": event["stake"]}
        if you:
            return _("You knock! The hand is now worth %(stake)d (TOE.7).") % params
        return _("%(player)s knocks! The hand is now worth %(stake)d (TOE.7).") % params
    if kind == "stay":
        return _("You stay in.") if you else _("%(player)s stays in.") % {"player": who}
    if kind == "fold":
        n = event["points"]
        # A poverty answer (TOE.11) leaves for 1; an answer to a knock (TOE.8) pays the stake before it.
        params = {"player": who, "points": n, "total": event["total"],
                  "clause": "TOE.11" if event.get("poverty") else "TOE.8"}
        if you:
            return ngettext("You fold and take %(points)d point (now %(total)d) (%(clause)s).",
                            "You fold and take %(points)d points (now %(total)d) (%(clause)s).", n) % params
        return ngettext("%(player)s folds and takes %(points)d point (now %(total)d) (%(clause)s).",
                        "%(player)s folds and takes %(points)d points (now %(total)d) (%(clause)s).", n) % params
    if kind == "hand_end":
        return _hand_end_line(event, names)
    if kind == "lose":
        n = event["total"]
        params = {"player": who, "total": n}
        if you:
            return ngettext("You have %(total)d point and have lost (TOE.2).",
                            "You have %(total)d points and have lost (TOE.2).", n) % params
        return ngettext("%(player)s has %(total)d point and has lost (TOE.2).",
                        "%(player)s has %(total)d points and has lost (TOE.2).", n) % params
    if kind == "game_over":
        totals = " · ".join(f"{names(s)} {t}" for s, t in enumerate(event["totals"]))
        winners = event["winners"]
        losers = event["losers"]
        if len(winners) == 1:
            head = (_("You are the last one left and win the rubber (TOE.2).") if names.is_you(winners[0]) else
                    _("%(player)s is the last one left and wins the rubber (TOE.2).") % {"player": names(winners[0])})
        elif losers:
            others = format_list([names(s) for s in losers if not names.is_you(s)])
            if len(losers) == 1 and names.is_you(losers[0]):
                head = _("The rubber is over: you reached the limit (TOE.2).")
            elif any(names.is_you(s) for s in losers):
                head = _("The rubber is over: you and %(others)s reached the limit (TOE.2).") % {"others": others}
            else:
                head = _("The rubber is over: %(players)s reached the limit (TOE.2).") % {"players": others}
        else:
            head = _("The rubber is over (TOE.2).")
        if len(winners) > 1:
            head += " " + _winners_line(winners, names)
        elif not winners:
            head += " " + _("Nobody is left below the limit, so nobody wins the rubber (TOE.2).")
        return head + " " + _("Penalty points: %(totals)s.") % {"totals": totals}
    return None


def _winners_line(winners: list[int], names: Names) -> str:
    """Who wins a rubber that ended with several players below the limit: all of them (TOE.2)."""
    others = [names(s) for s in winners if not names.is_you(s)]
    if len(others) < len(winners):
        return ngettext("You stayed below the limit and win the rubber, and so does %(others)s (TOE.2).",
                        "You stayed below the limit and win the rubber, and so do %(others)s (TOE.2).",
                        len(others)) % {"others": format_list(others)}
    return _("%(players)s stayed below the limit and win the rubber (TOE.2).") % {"players": format_list(others)}


def _hand_end_line(event: Event, names: Names) -> str:
    winner = event["winner"]
    stake = event["stake"]
    params = {"player": names(winner), "stake": stake}
    if event["all_folded"]:
        line = (_("Everyone else folded: you win the hand (TOE.9).") if names.is_you(winner) else
                _("Everyone else folded: %(player)s wins the hand (TOE.9).") % params)
    else:
        line = (_("You win the hand.") if names.is_you(winner) else
                _("%(player)s wins the hand.") % params)
    payers = [s for s, pts in enumerate(event["penalties"]) if pts]
    if len(payers) == 1:
        params = {"player": names(payers[0]), "stake": stake}
        if names.is_you(payers[0]):
            line += " " + ngettext("You take %(stake)d point (TOE.13).",
                                   "You take %(stake)d points (TOE.13).", stake) % params
        else:
            line += " " + ngettext("%(player)s takes %(stake)d point (TOE.13).",
                                   "%(player)s takes %(stake)d points (TOE.13).", stake) % params
    elif payers:
        others = format_list([names(s) for s in payers if not names.is_you(s)])
        if any(names.is_you(s) for s in payers):
            line += " " + ngettext("You and %(others)s take %(stake)d point each (TOE.13).",
                                   "You and %(others)s take %(stake)d points each (TOE.13).", stake) % {
                "others": others, "stake": stake}
        else:
            line += " " + ngettext("%(players)s take %(stake)d point each (TOE.13).",
                                   "%(players)s take %(stake)d points each (TOE.13).", stake) % {
                "players": others, "stake": stake}
    return line


def illegal_line(err: IllegalAction, ascii_only: bool = False, names: Names | None = None) -> str:
    p = with_faces(err.params, ascii_only)
    if "suit" in p and isinstance(p["suit"], str):
        p["suit"] = suit_name(p["suit"], ascii_only)
    for key in ("player", "current"):
        if isinstance(p.get(key), int):
            p[key] = names(p[key]) if names is not None else _("Player %(number)d") % {"number": p[key] + 1}
    messages = {
        "rubber_over": _("The rubber is over."),
        "no_such_seat": _("There is no such seat at this table."),
        "eliminated": _("%(player)s has lost and is out of the rubber."),
        "not_your_turn": _("It is not your turn: %(current)s is to act."),
        "not_an_action": _("That is not a move in Toepen."),
        "laundry_first": _("Cards are played only after the dirty laundry is done."),
        "laundry_over": _("Throwing in is only allowed before the first card is played."),
        "stock_short": ngettext("The stock holds only %(stock)d card; throwing in needs %(need)d.",
                                "The stock holds only %(stock)d cards; throwing in needs %(need)d.",
                                int(p.get("stock", 0) or 0)),
        "challenge_first": _("First challenge the hand %(player)s threw in, or let it go."),
        "no_exchange": _("Nobody has just thrown in a hand, so there is nothing to challenge."),
        "not_in_hand": _("You do not hold %(card)s."),
        "must_follow": _("You must follow suit: you hold %(suit)s, so %(card)s may not be played."),
        "no_knock_laundry": _("Nobody knocks during the dirty laundry."),
        "knocked_last": _("%(player)s knocked last and cannot knock again until someone else has."),
        "answer_first": _("First the knock of %(player)s must be answered: stay or fold."),
        "no_knock": _("There is no knock to answer."),
        "knocker_cannot_fold": _("%(player)s knocked and cannot fold."),
        "folded": _("%(player)s has folded and plays no more cards this hand."),
        "poverty_first": _("First everyone answers the poverty of %(player)s: play for 2 or leave for 1."),
        "poor_cannot_knock": _("%(player)s is poor and so counts as the last to knock; someone else knocks next."),
        "knock_limit": ngettext("No knock: with %(points)d point, a stake of %(stake)d would go over the limit of "
                                "%(limit)d.",
                                "No knock: with %(points)d points, a stake of %(stake)d would go over the limit of "
                                "%(limit)d.", err.params.get("points", 2)),
    }
    if names is not None and names.is_you(err.params.get("player")):
        # The learner is told in a sentence of their own, never "You has folded".
        messages.update({
            "eliminated": _("You have lost and are out of the rubber."),
            "knocked_last": _("You knocked last and cannot knock again until someone else has."),
            "knocker_cannot_fold": _("You knocked and cannot fold."),
            "folded": _("You have folded and play no more cards this hand."),
            "poor_cannot_knock": _("You are poor and so count as the last to knock; someone else knocks next."),
        })
    text = messages.get(err.message, _("That is not allowed."))
    text = texts.fill(text, p)
    return _("%(reason)s (rule %(clause)s)") % {"reason": text, "clause": err.clause}


def option_error_line(err: OptionError) -> str:
    return texts.option_error_line(err, {
        "players_range": _("Toepen needs %(low)d to %(high)d players, not %(players)d (TOE.2)."),
        "players_two": _("Toepen for %(players)d players needs the option %(option)s (TOE.2)."),
    })


def remark_line(remark: Remark, ascii_only: bool = False) -> str:
    """What a bot says about its decision (`bots.remark`): only what the table saw."""
    detail = with_faces(remark.detail, ascii_only)
    cost = int(detail.get("cost", 1))
    messages = {
        "random_card": _("I played %(card)s without much thought."),
        "random_knock": _("I knocked on a whim."),
        "random_stay": _("I stayed in on a whim."),
        "random_fold": _("I folded on a whim."),
        "random_throw": _("I threw my hand in on a whim."),
        "random_keep": _("I kept my hand without much thought."),
        "random_challenge": _("I challenged on a whim."),
        "random_pass": _("I let the thrown hand go without much thought."),
        "last_card": _("%(card)s was my last card."),
        "led": _("I led %(card)s."),
        "followed": _("I followed suit with %(card)s (TOE.5)."),
        "followed_high": _("I followed suit with %(card)s, the highest card of the suit led so far."),
        "could_not_follow": _("I could not follow suit, so I played %(card)s (TOE.5)."),
        "knocked": _("I knocked to %(stake)d. Whether my hand is worth it, you find out only by staying in."),
        "stayed": ngettext("I stayed in at %(stake)d rather than fold and take %(cost)d point now.",
                           "I stayed in at %(stake)d rather than fold and take %(cost)d points now.", cost),
        "folded": ngettext("I folded: %(cost)d point now rather than risking %(stake)d.",
                           "I folded: %(cost)d points now rather than risking %(stake)d.", cost),
        "folded_danger": ngettext("I folded at %(stake)d: with %(points)d point, losing this hand would cost me "
                                  "the rubber.",
                                  "I folded at %(stake)d: with %(points)d points, losing this hand would cost me "
                                  "the rubber.", int(detail.get("points", 2))),
        "threw": _("I threw my hand in. Whether it held only aces, kings, queens and jacks, only a challenge "
                   "will show (TOE.4)."),
        "kept": _("I kept the hand I was dealt."),
        "challenged": _("I challenged: I bet the thrown hand holds a 7, 8, 9 or 10 (TOE.4)."),
        "passed": _("I let the thrown hand go: challenging an honest hand would have cost me 1 point (TOE.4)."),
    }
    return texts.fill(messages.get(remark.code, ""), detail)


# ------------------------------------------------------------------ the coach


def card_verdict_line(verdict: Any, ascii_only: bool = False) -> str:
    """What the coach says about a card (TOE.5): for a weaker one the better card and why, in
    words with the clause, then the chances behind it. It never speaks of knocking: a card is
    judged as a card."""
    if verdict.kind == "illegal":
        err = IllegalAction(verdict.clause, verdict.message, **(verdict.params or {}))
        line = illegal_line(err, ascii_only)
        if verdict.must is not None:
            line += " " + _("Play a card of the suit led, such as %(card)s.") % {
                "card": show_card(verdict.must.code, ascii_only)}
        return line
    params = {"card": show_card(verdict.card.code, ascii_only),
              "best": show_card(verdict.best.code, ascii_only) if verdict.best else "",
              "keeper": show_card(verdict.keeper.code, ascii_only) if verdict.keeper else "",
              "chance": pct(verdict.chance or 0), "best_chance": pct(verdict.best_chance or 0)}
    if verdict.kind == "right":
        if verdict.chance is None:
            return _("%(card)s was your only choice.") % params
        good = _("Good card: after %(card)s you take the last trick about %(chance)s of the time.") % params
        after = _("This counts on you keeping your strongest card for the last trick after it.")
        return f"{good} {after}"
    reason = _card_reason(verdict) % params
    odds = _("You take the last trick about %(best_chance)s of the time after %(best)s, about %(chance)s after "
             "%(card)s.") % params
    after = _("Both count on you keeping your strongest card for the last trick after that card.")
    return f"{reason} {odds} {after}"


def _card_reason(verdict: Any) -> str:
    """Why the better card is better, in words, with the clause (TOE.5): a message to fill."""
    card, best = verdict.card, verdict.best
    masters = getattr(verdict, "masters", ())
    if best is not None and card != best:
        if card in masters:
            return _("Keep %(card)s for the last trick and play %(best)s now: %(card)s is the highest card left in "
                     "its suit, and whoever takes the last trick wins the hand (TOE.5).")
        if card == verdict.keeper:
            return _("Keep %(card)s for the last trick and play %(best)s now: %(card)s is your strongest card, and "
                     "whoever takes the last trick wins the hand (TOE.5).")
        high = getattr(verdict, "trick_high", None)
        if high is not None and getattr(verdict, "plays_last", False):
            def wins(c: Any) -> bool:
                return c.suit == high.suit and power(c) > power(high)

            if wins(best) and not wins(card):
                return _("%(best)s was better: it takes this trick, so you lead the next one (TOE.5).")
            if wins(card) and not wins(best):
                return _("%(best)s was better: it lets this trick go and keeps your stronger cards for the last "
                         "trick (TOE.5).")
    return _("%(best)s was better: it leaves you cards that more often take the last trick, which wins the hand "
             "(TOE.5).")


def assumption_line(card: Any, ascii_only: bool = False) -> str:
    """Which play a quoted chance of the last trick counts on (the same on every screen)."""
    if card is not None:
        return _("This counts on you playing %(card)s next, then keeping your strongest card for the last "
                 "trick.") % {"card": show_card(card.code, ascii_only)}
    return _("This counts on you playing your best card when your turn comes, then keeping your strongest "
             "card for the last trick.")


def knock_verdict_line(verdict: Any, ascii_only: bool = False) -> str:
    """A knock or a missed one, and which play its chance counts on."""
    return f"{_knock_line(verdict, ascii_only)} {assumption_line(getattr(verdict, 'assumes', None), ascii_only)}"


def _knock_line(verdict: Any, ascii_only: bool) -> str:
    """A knock or a missed one: the better choice, why in words (with the clause), then the chance."""
    strong = getattr(verdict, "strong", None)
    params = {"chance": pct(verdict.chance), "stake": verdict.stake,
              "card": show_card(strong.code, ascii_only) if strong is not None else ""}
    if verdict.knocked and verdict.kind == "right":
        return _("Good knock: you take the last trick about %(chance)s of the time, so the others pay "
                 "%(stake)d more often than you do.") % params
    if verdict.knocked:
        return _("Better not to knock yet: a knock raises the stake to %(stake)d, and you pay it if someone else "
                 "takes the last trick (TOE.6, TOE.13). You take it only about %(chance)s of the time.") % params
    if strong is not None:
        return _("You could have knocked: %(card)s is the highest card left in its suit, so the last trick is "
                 "likely yours, and a knock makes the others pay %(stake)d (TOE.7). You take it about %(chance)s "
                 "of the time.") % params
    return _("You could have knocked: your cards are likely to take the last trick, and a knock makes the others "
             "pay %(stake)d (TOE.7). You take it about %(chance)s of the time.") % params


def answer_verdict_line(verdict: Any, ascii_only: bool = False) -> str:
    """Stay or fold: the better choice, the chances and costs, and why in words (TOE.8, TOE.11), and
    which play the chance counts on."""
    return f"{_answer_line(verdict)} {assumption_line(getattr(verdict, 'assumes', None), ascii_only)}"


def _answer_line(verdict: Any) -> str:
    params = {"chance": pct(verdict.chance), "stay": texts.points_text(verdict.stay_cost), "fold": verdict.fold_cost,
              "stake": verdict.stake, "clause": "TOE.11" if verdict.poverty else "TOE.8"}
    odds = ngettext(
        "you take the last trick about %(chance)s of the time; staying costs %(stay)s on average, folding "
        "costs %(fold)d point now.",
        "you take the last trick about %(chance)s of the time; staying costs %(stay)s on average, folding "
        "costs %(fold)d points now.", verdict.fold_cost) % params
    if verdict.kind == "right":
        head = _("Good choice to stay:") if verdict.stayed else _("Good choice to fold:")
    elif verdict.stayed:
        head = _("Folding was better:")
    else:
        head = _("Staying was better:")
    line = f"{head} {odds}"
    if verdict.danger:
        line += " " + _("Losing at a stake of %(stake)d would put you at the limit.") % params
    if verdict.kind != "right":
        if verdict.stayed:
            why = _("Your cards are unlikely to take the last trick, and folding pays only the stake as it was "
                    "before the knock (%(clause)s).")
        else:
            why = _("Your cards take the last trick often enough that staying costs less on average than "
                    "folding now (%(clause)s).")
        line += " " + why % params
    return line


def laundry_verdict_line(verdict: Any, ascii_only: bool = False) -> str:
    """Throwing in or keeping, and which play the chance it quotes counts on."""
    line = _laundry_line(verdict, ascii_only)
    if verdict.honest and verdict.threw:
        return line
    return f"{line} {assumption_line(getattr(verdict, 'assumes', None), ascii_only)}"


def _laundry_line(verdict: Any, ascii_only: bool) -> str:
    params = {"chance": pct(verdict.chance),
              "card": show_card(verdict.strong.code, ascii_only) if verdict.strong else ""}
    if verdict.honest and verdict.threw:
        return _("Right: a hand of only {A} {K} {Q} {J} is thrown in for free; no challenge can cost you (TOE.4).")
    if verdict.honest:
        return _("Your hand held only {A} {K} {Q} {J}: throwing it in was free, and with it you take the last trick "
                 "only about %(chance)s of the time (TOE.4).") % params
    if verdict.threw and verdict.strong is not None:
        bluff = _("A bluff that threw away %(card)s, a card that takes last tricks (about %(chance)s with the "
                  "hand as it was); a challenge would cost you 1 point (TOE.4).") % params
        return _("Keeping your hand was better.") + " " + bluff
    if verdict.threw:
        return _("A bluff: if someone challenges, you take 1 point. With the hand as it was you took the last "
                 "trick about %(chance)s of the time (TOE.4).") % params
    return _("Good to keep: with this hand you take the last trick about %(chance)s of the time.") % params


def challenge_verdict_line(verdict: Any, names: Names) -> str:
    params = {"chance": pct(verdict.bluff), "player": names(verdict.thrower)}
    if verdict.challenged and verdict.kind == "right":
        return _("Good challenge: the hand %(player)s threw in holds a 7, 8, 9 or 10 about %(chance)s of the "
                 "time.") % params
    if verdict.challenged:
        return _("Letting it go was better: a challenge costs you 1 point when the thrown hand holds only aces, "
                 "kings, queens and jacks (TOE.4). The hand %(player)s threw in holds a 7, 8, 9 or 10 only about "
                 "%(chance)s of the time.") % params
    if verdict.kind == "right":
        return _("Right to let it go: the hand %(player)s threw in holds a 7, 8, 9 or 10 only about %(chance)s "
                 "of the time.") % params
    return _("You could have challenged: a thrown hand that holds a 7, 8, 9 or 10 costs its thrower 1 point "
             "(TOE.4). The hand %(player)s threw in holds one about %(chance)s of the time.") % params
