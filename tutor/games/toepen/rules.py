"""The rules of Toepen as the learner reads them: one text per RULEBOOK clause."""

from __future__ import annotations

from tutor.games.rulebook import Clause
from tutor.i18n import N_

CLAUSES: tuple[Clause, ...] = (
    Clause(
        "TOE.1",
        N_("Cards"),
        N_(
            "Toepen is played with 32 cards: 7, 8, 9, 10, jack, queen, king and ace in each of the four "
            "suits. Within a suit the ten is the highest card, then 9, 8, 7, ace, king, queen, and the jack "
            "is the lowest. No suit is trumps."
        ),
    ),
    Clause(
        "TOE.2",
        N_("Players and penalty points"),
        N_(
            "Three to eight can play; two only with an option. Everyone starts at 0 penalty points, and "
            "the limit is 10 (15, 20, 25 or 30 as options). Points taken during a hand, for a lost "
            "challenge or a fold, count at once, but the hand is always played to its end. After the hand, "
            "a player at or above the limit has lost and the rubber is over; as an option, such players "
            "drop out and the others play on until only one is left."
        ),
        decided=True,
    ),
    Clause(
        "TOE.3",
        N_("The deal"),
        N_(
            "The first dealer is chosen at random; after that, whoever won the last hand deals. If that "
            "winner has just dropped out of the rubber, the next player still in on their left deals. Every "
            "player gets four cards, and the rest stays face down as the stock."
        ),
        decided=True,
    ),
    Clause(
        "TOE.4",
        N_("Dirty laundry"),
        N_(
            "After the deal and before the first card, each player in turn from the dealer's left may "
            "throw in their four cards face down and take four new ones from the stock, as long as it "
            "still holds four. The honest reason is a hand of only aces, kings, queens and jacks, but you "
            "may bluff. Another player may challenge: the first one in turn from the thrower's left who "
            "does so decides. The thrown hand is then shown. If it holds a 7, 8, 9 or 10, the thrower takes "
            "1 penalty point (and keeps the new cards); otherwise the challenger takes 1 point. Each "
            "player may throw in once per hand, and a thrown hand stays out of play until the next deal. "
            "With eight players no stock is left, so nobody can throw in."
        ),
        decided=True,
    ),
    Clause(
        "TOE.5",
        N_("Tricks"),
        N_(
            "The player on the dealer's left leads the first trick; if they have folded before the first "
            "card, the next player still in the hand on their left leads. You must follow the suit that was "
            "led if you can; if you cannot, you may play any card. The highest card of the suit led takes "
            "the trick, and its winner leads the next one. Whoever takes the fourth and last trick wins the "
            "hand."
        ),
        decided=True,
    ),
    Clause(
        "TOE.6",
        N_("The stake"),
        N_("A hand starts worth 1 penalty point. Every knock raises it by 1."),
    ),
    Clause(
        "TOE.7",
        N_("Knocking"),
        N_(
            "Any player still in the hand may knock at any moment while the tricks are played: the "
            "trainer offers you a knock at each of your decisions, and between the bots' cards. The "
            "player who knocked last may not knock again until someone else has knocked. Nobody knocks "
            "while the dirty laundry is being done."
        ),
    ),
    Clause(
        "TOE.8",
        N_("Answering a knock"),
        N_(
            "After a knock, every other player still in the hand, in turn from the knocker's left, either "
            "stays in or folds. The knocker cannot fold. A player who folds takes the stake as it was before "
            "this knock and is out of the hand; the cards they already played stay in the trick."
        ),
    ),
    Clause(
        "TOE.9",
        N_("Everyone folds"),
        N_("If every other player folds, the knocker wins the hand at once and deals the next one."),
    ),
    Clause(
        "TOE.10",
        N_("Folded players and tricks"),
        N_(
            "If a player who has folded wins a trick, the next player on their left who is still in the "
            "hand leads. The fourth trick goes to the highest card of the suit led among the players still "
            "in; if none of them followed suit, to the first of them who played to that trick."
        ),
        decided=True,
    ),
    Clause(
        "TOE.11",
        N_("Poverty"),
        N_(
            "A player who is one point below the limit when a hand starts is poor. They lead the first "
            "trick, and the hand starts worth 2, as if they had knocked: so they cannot fold, and cannot "
            "make the next knock. After the dirty laundry and before the first card, every other player, "
            "from the poor player's left, chooses to play for 2 or to leave at once for 1 point. If several "
            "players are poor, the first of them from the dealer's left leads."
        ),
        decided=True,
    ),
    Clause(
        "TOE.12",
        N_("Knock limit"),
        N_(
            "You may not knock if the new stake added to your points would go over the limit. With a limit "
            "of 10: at 9 points you cannot knock at all, at 8 you cannot make the second knock, and so on."
        ),
    ),
    Clause(
        "TOE.13",
        N_("Scoring a hand"),
        N_(
            "When the hand ends, every player still in it except the winner takes the stake in penalty "
            "points. The winner takes nothing."
        ),
    ),
    Clause(
        "TOE.14",
        N_("Table customs"),
        N_(
            "An option, off unless chosen. Right after the deal, a player with three tens must whistle "
            "and one with three jacks may whistle; with four tens they must stand up, with four jacks they "
            "may. Whoever cannot whistle sings. The trainer announces these customs; they change no score."
        ),
    ),
)

#: The options of Toepen as `--option KEY=VALUE`, with the clause each belongs to.
OPTIONS_HELP: tuple[tuple[str, str, str], ...] = (
    ("limit=10|15|20|25|30", "TOE.2", N_("the penalty points at which a player has lost")),
    ("end=first-loser", "TOE.2", N_("the rubber ends when someone reaches the limit (the default)")),
    ("end=last-survivor", "TOE.2", N_("players at the limit drop out; play on until one is left")),
    ("customs=on", "TOE.14", N_("announce the table customs: whistling and standing up")),
    ("two=on", "TOE.2", N_("allow a game for two players")),
)
