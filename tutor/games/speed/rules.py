"""The rules of 3-13 Speed as the learner reads them: one text per RULEBOOK clause."""

from __future__ import annotations

from tutor.games.rulebook import Clause
from tutor.i18n import N_

CLAUSES: tuple[Clause, ...] = (
    Clause(
        "SPD.1",
        N_("Players and cards"),
        N_(
            "Two to twelve can play; the game is made for a big table of about twelve. Four 52-card decks "
            "are shuffled together, without jokers. Here the trainer is the caller and keeps the score."
        ),
    ),
    Clause(
        "SPD.2",
        N_("Eleven hands"),
        N_(
            "A game has eleven hands. In hand 1 everyone holds 3 cards, in hand 2 four, and so on up to 13 "
            "cards in hand 11. The rank that matches the number of cards is wild: threes in hand 1 up to tens "
            "in hand 8, then jacks, queens and kings. Aces are low only."
        ),
    ),
    Clause(
        "SPD.3",
        N_("Setting up a hand"),
        N_(
            "All the cards are shuffled into one heap in the middle. Everyone takes their cards from it and "
            "then one more, which goes face up on their left: that is their own discard pile. So each player "
            "has two piles beside them: their own on the left, which the left neighbour draws from, and the "
            "right neighbour's on the right, which they draw from."
        ),
    ),
    Clause(
        "SPD.4",
        N_("Sets"),
        N_(
            "A set is three or more cards of one rank, or three or more cards in sequence in one suit. A wild "
            "card can complete any set, but it serves only one set, and a set may hold several wilds: one "
            "natural card with two wilds is a set. To match, every card in your hand must be in a set: four "
            "cards need one set of four, six cards two sets of three or one of six, and so on."
        ),
    ),
    Clause(
        "SPD.5",
        N_("Matching at once"),
        N_("If the cards you are dealt are already all in sets, call \"match\" before the caller's first \"draw\"."),
    ),
    Clause(
        "SPD.6",
        N_("The cycle"),
        N_(
            "Everyone plays at the same time. When the caller says \"draw\", each player takes one card: the "
            "top of the middle, or the top of the pile on their right. Then everyone picks a card to discard "
            "and lays it face down. When all have chosen, the caller says \"discard\" and all the cards are "
            "turned face up, each onto its player's own pile on the left. Every cycle ends with a discard, so "
            "nobody keeps the extra card."
        ),
    ),
    Clause(
        "SPD.7",
        N_("Match"),
        N_(
            "Right after \"discard\", a player whose cards are all in sets calls \"match\" and shows them. The "
            "caller then calls one more \"draw\" and \"discard\" for everybody else, while the matcher's hand "
            "stays as it is; tutor freezes it, as the sources leave this open. Then the hand is over."
        ),
        decided=True,
    ),
    Clause(
        "SPD.8",
        N_("Scoring"),
        N_(
            "The first player to match scores 0, and so does everyone who matched in the same call and "
            "everyone whose cards are all in sets after the last cycle. The others score the cards left out "
            "of their sets, arranged for the fewest points: ace 1, two to ten their number, jack, queen and "
            "king 10. After eleven hands the lowest total wins."
        ),
    ),
    Clause(
        "SPD.9",
        N_("Late and false calls"),
        N_(
            "If you could have called match and did not, you may still call it in any later match window. A "
            "call whose cards are not all in sets is turned down with the reason, and there is no penalty. "
            "Both points are tutor's choices where the sources say nothing."
        ),
        decided=True,
    ),
    Clause(
        "SPD.10",
        N_("Empty middle"),
        N_(
            "With many players the middle runs out in the long hands. When someone is to draw from it and it "
            "is empty, every discard pile except its top card is gathered up, shuffled, and becomes the new "
            "middle; a card taken from a pile at that same \"draw\" has already left it. This is tutor's "
            "choice where the sources say nothing."
        ),
        decided=True,
    ),
)
