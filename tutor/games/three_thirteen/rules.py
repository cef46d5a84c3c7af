"""The rules of Three Thirteen as the learner reads them: one text per RULEBOOK clause."""

from __future__ import annotations

from tutor.games.rulebook import Clause
from tutor.i18n import N_

CLAUSES: tuple[Clause, ...] = (
    Clause(
        "TT.1",
        N_("Players and decks"),
        N_(
            "Two to eight can play. Use one 52-card deck for every two players, rounded up: one deck for "
            "two, two for three or four, three for five or six, four for seven or eight. The sources only "
            "say \"enough decks\", so this table is tutor's choice; --decks changes it. No jokers."
        ),
        decided=True,
    ),
    Clause(
        "TT.2",
        N_("Ranks"),
        N_("The ranks run {A}, 2, 3 up to 10, {J}, {Q}, {K}. Aces are low only: {A}-2-3 is a run, but {Q}-{K}-{A} and {K}-{A}-2 are not."),
    ),
    Clause(
        "TT.3",
        N_("Rounds and wild cards"),
        N_(
            "A game has eleven rounds. In round 1 everyone gets 3 cards, in round 2 four, and so on up to "
            "13 cards in round 11. The rank that matches the number of cards is wild: threes in round 1, "
            "fours in round 2, up to tens in round 8, then jacks, queens and kings."
        ),
    ),
    Clause(
        "TT.4",
        N_("The deal"),
        N_(
            "The first dealer is chosen at random, and the deal passes to the left each round. The cards "
            "not dealt form the stock, face down; its top card is turned face up to start the discard pile."
        ),
    ),
    Clause(
        "TT.5",
        N_("A turn"),
        N_(
            "The player on the dealer's left begins, and play goes clockwise. On your turn you draw one "
            "card, either the top of the stock or the top of the discard pile, and then discard one card face "
            "up. A card you have just taken from the discard pile may not go straight back: this is the usual "
            "rummy rule, chosen by tutor where the sources are silent."
        ),
        decided=True,
    ),
    Clause(
        "TT.6",
        N_("Melds"),
        N_(
            "A set is three or more cards of the same rank; with several decks, identical cards may sit in "
            "one set. A run is three or more cards in sequence in one suit. Melds may be longer than three, "
            "but no card may belong to two melds."
        ),
    ),
    Clause(
        "TT.7",
        N_("Wild cards in melds"),
        N_(
            "A wild card can stand for any card in a set or a run. A meld may hold any number of wilds, and "
            "may even be made only of wilds. As options, each meld can be required to hold at least one "
            "natural card, or to hold no more than one wild."
        ),
    ),
    Clause(
        "TT.8",
        N_("Going out"),
        N_(
            "After drawing, a player who can arrange every card but one into melds may go out: they lay "
            "down the melds and discard the last card. Going out always ends with a discard."
        ),
    ),
    Clause(
        "TT.9",
        N_("The last turns"),
        N_(
            "Once a player has gone out, every other player has exactly one more turn, drawing and "
            "discarding as usual. A player who can then meld every card but the discard may go out too; "
            "either way the round ends after the last of these turns. Nobody may add cards to another "
            "player's melds."
        ),
    ),
    Clause(
        "TT.10",
        N_("Scoring a round"),
        N_(
            "At the end of the round each hand is arranged into the melds that leave the fewest points. "
            "Cards left over count against you: an ace 1, two to ten their number, jacks, queens and kings 10. "
            "A wild card left over counts its own face value, a choice tutor made where the sources differ. "
            "The player who went out, and anyone else whose cards are all in melds, scores 0."
        ),
        decided=True,
    ),
    Clause(
        "TT.11",
        N_("Winning"),
        N_("Scores add up over the eleven rounds. The lowest total wins; players level on the lowest total share the win."),
    ),
    Clause(
        "TT.12",
        N_("Empty stock"),
        N_(
            "If a player wants to draw from the stock and it is empty, the top card of the discard pile "
            "stays where it is and the rest of the pile is shuffled to make a new stock."
        ),
    ),
    Clause(
        "TT.13",
        N_("Variant: aces high or low"),
        N_(
            "In this variant an ace may go below the two ({A}-2-3) or above the king ({Q}-{K}-{A}), but never both "
            "in one run, so {K}-{A}-2 is still not a run. An ace left over then counts 15 points."
        ),
    ),
    Clause(
        "TT.14",
        N_("Other options"),
        N_(
            "Two more options: jacks, queens and kings can count 11, 12 and 13 instead of 10; and going out "
            "can be forbidden until every player has finished a turn. Then nobody goes out in their first "
            "turn of a round: the first who may is the player on the dealer's left, in their second turn."
        ),
    ),
)

#: The options of Three Thirteen as `--option KEY=VALUE`, with the clause each belongs to.
OPTIONS_HELP: tuple[tuple[str, str, str], ...] = (
    ("decks=N", "TT.1", N_("play with N decks instead of one per two players")),
    ("aces=low|high", "TT.13", N_("aces high or low (a leftover ace counts 15)")),
    ("natural-required=on", "TT.7", N_("every meld needs at least one natural card")),
    ("max-one-wild=on", "TT.7", N_("at most one wild card in a meld")),
    ("face-points=11-13", "TT.14", N_("jacks, queens and kings count 11, 12 and 13")),
    ("no-early-out=on", "TT.14", N_("nobody goes out before everyone has had a turn")),
)
