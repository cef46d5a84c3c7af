"""The rules of 33 as the learner reads them: one text per RULEBOOK clause.

Texts are message ids, translated when shown. A clause the RULEBOOK marks as decided
carries `decided=True`, and the rules screen says so.
"""

from __future__ import annotations

from tutor.games.rulebook import Clause
from tutor.i18n import N_

CLAUSES: tuple[Clause, ...] = (
    Clause(
        "33.1",
        N_("Deck"),
        N_(
            "The deck has twenty different faces. +2 to +10 add their value to the total; -2 to -9 "
            "take theirs away. The 1/11 card adds 1 or 11 and the +-10 card adds 10 or takes 10 away: "
            "you choose when you play it. The 0 card adds nothing. The rule sheet does not say how "
            "many copies of each face there are, so tutor assumes 64 cards: four of each plus card, two "
            "of each minus card, and four each of 1/11, +-10 and 0. A deck file can change the counts."
        ),
        decided=True,
    ),
    Clause(
        "33.2",
        N_("Players"),
        N_(
            "Two to eight people can play; four is usual. The rule sheet gives no numbers, so this "
            "range is tutor's choice. The deck must hold at least three cards per player and one more."
        ),
        decided=True,
    ),
    Clause(
        "33.3",
        N_("Set-up"),
        N_(
            "A dealer is chosen at random, shuffles, and deals three cards to every player. The cards "
            "left over form the stock, face down. The discard pile starts empty and the total at 0."
        ),
    ),
    Clause(
        "33.4",
        N_("Order of play"),
        N_("The player on the dealer's left plays first, and play goes on clockwise."),
    ),
    Clause(
        "33.5",
        N_("A turn"),
        N_(
            "On your turn you put exactly one card face up on the discard pile, picking its value if it "
            "has two, and say the new total out loud. Then you draw the top card of the stock straight "
            "away, so that everyone always holds three cards."
        ),
    ),
    Clause(
        "33.6",
        N_("The 0 card"),
        N_(
            "Playing the 0 card is your whole turn: the total stays as it was. You still draw a card "
            "afterwards."
        ),
    ),
    Clause(
        "33.7",
        N_("The limit"),
        N_(
            "No play may take the total above 33. Reaching exactly 33 is fine. The total may drop "
            "below 0: nothing in the rules forbids it."
        ),
        decided=True,
    ),
    Clause(
        "33.8",
        N_("Losing"),
        N_(
            "If on your turn every card in your hand would take the total above 33, you lose and the "
            "game ends at once. If you hold a card that keeps the total at 33 or below, you must play "
            "one."
        ),
    ),
    Clause(
        "33.9",
        N_("Empty stock"),
        N_(
            "When the stock is empty and someone has to draw, the discard pile is turned over, "
            "without shuffling, and becomes the new stock. The total carries on unchanged. As an "
            "option, the pile can be shuffled instead."
        ),
        decided=True,
    ),
    Clause(
        "33.10",
        N_("Forgetting to draw"),
        N_(
            "At a real table, a player who forgets to draw and still holds two cards once the next "
            "player has played and drawn loses the game. tutor normally draws for everyone; in "
            "manual-draw mode you draw yourself, and this rule applies to you."
        ),
    ),
    Clause(
        "33.11",
        N_("Saying the total"),
        N_(
            "After each play the player announces the new total. In manual-draw mode tutor asks you "
            "for it and checks it; a wrong total is corrected, with no penalty."
        ),
    ),
    Clause(
        "33.12",
        N_("The forfeit draw (optional)"),
        N_(
            "After the game every player, the loser included, chooses a card so that all can see, in turn "
            "from the loser's left, the loser last: any face of the deck, whether they hold it or not, but "
            "not one someone has already chosen. The chosen cards are mixed face down and the loser draws "
            "one. Whoever chose that card asks the loser to do something funny; if the loser draws their own "
            "card, nothing happens. "
            "Warning: never ask for anything that could harm anyone's health or life, nothing "
            "humiliating, and nobody is forced to do anything. This part can always be skipped."
        ),
    ),
)

#: The options of 33 as `--option KEY=VALUE`, with the clause each belongs to.
OPTIONS_HELP: tuple[tuple[str, str, str], ...] = (
    ("deck=FILE", "33.1", N_("use the card counts in a YAML file (face: count)")),
    ("recycle=flip|shuffle", "33.9", N_("turn the discard pile over (default) or shuffle it")),
    ("draw=auto|manual", "33.10", N_("draw and say the total yourself")),
    ("forfeit=on|off", "33.12", N_("the forfeit draw after the game")),
)
