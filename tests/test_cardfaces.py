"""French-suited cards on screen (`tutor.cardfaces`): faces, `--ascii`, wild marks, melds, hands,
and that no game draws its cards with another game's code."""

from __future__ import annotations

import ast
from pathlib import Path

from tutor import cardfaces
from tutor.cardfaces import (
    card_style,
    hand_fragments,
    rank_face,
    rummy_order,
    show_card,
    show_cards,
    show_melds,
    with_faces,
)
from tutor.cards import RANKS, Card

ROOT = Path(__file__).resolve().parent.parent
GAMES = ROOT / "tutor" / "games"


def test_a_card_shows_its_rank_and_suit_symbol_or_its_code_in_ascii():
    assert show_card("10H") == "10♥" and show_card("10H", ascii_only=True) == "10H"
    assert show_card("AS") == "A♠" and show_card("qd") == "Q♦" and show_card("KC", True) == "KC"
    # whatever the learner may type for a card comes out the same way
    assert show_card("7♦") == show_card("7d") == "7♦" and show_card("T♥", True) == "10H"
    assert show_card("1s") == "A♠"


def test_text_that_names_no_card_comes_back_as_it_is():
    for text in ("", "x", "10", "+7", "zz", "11H"):
        assert show_card(text) == text and show_card(text, True) == text


def test_red_suits_are_drawn_red():
    assert [card_style(c) for c in ("AH", "10D", "QS", "2C")] == [
        "class:card.red", "class:card.red", "class:card.black", "class:card.black"]


def test_cards_of_the_wild_rank_are_marked_in_lists_and_melds():
    assert show_cards(["3H", "7S", "3C"], wild=3) == "3♥* 7♠ 3♣*"
    assert show_cards(["3H", "7S"], ascii_only=True, wild=3) == "3H* 7S"
    assert show_cards(["3H", "7S"]) == "3♥ 7♠"  # no wild rank: no mark
    assert show_card("QD", wild=12) == "Q♦*"
    assert show_melds([["6H", "3H", "8H"], ["9C", "9D", "9S"]], wild=3) == "[6♥ 3♥* 8♥]  [9♣ 9♦ 9♠]"
    assert show_melds([["6H", "7H", "8H"]], ascii_only=True) == "[6H 7H 8H]"
    assert show_melds([]) == ""


def test_message_parameters_name_cards_as_the_screen_shows_them():
    params = {"card": "KD", "deadwood": ["2C", "QS"], "penalty": 12}
    assert with_faces(params) == {"card": "K♦", "deadwood": ["2C", "QS"], "penalty": 12}
    assert with_faces(params, True, lists=("deadwood",)) == {"card": "KD", "deadwood": "2C QS", "penalty": 12}
    assert params == {"card": "KD", "deadwood": ["2C", "QS"], "penalty": 12}  # a copy: the error keeps its codes
    assert with_faces({"card": 3}) == {"card": 3} and with_faces({"card": "x"}) == {"card": "x"}


def test_a_hand_is_drawn_in_rummy_order_wild_last_the_drawn_card_in_brackets():
    hand = [Card(3, "H"), Card(9, "D"), Card(2, "S"), Card(9, "D", 1), Card(5, "H")]
    ordered = rummy_order(hand, wild=3)
    assert [c.code for c in ordered] == ["2S", "5H", "9D", "9D", "3H"]
    assert ordered[2].copy == 0 and ordered[3].copy == 1
    frags = hand_fragments(ordered, ascii_only=False, wild=3, marked=hand[3])
    assert "".join(text for _, text in frags) == "2♠ 5♥ 9♦ (9♦) 3♥* "
    assert frags[0] == ("class:card.black", "2♠") and frags[-2] == ("class:card.red", "3♥*")
    assert "".join(text for _, text in hand_fragments(ordered, True)) == "2S 5H 9D 9D 3H "


def test_every_rank_on_a_card_comes_from_rank_face(monkeypatch):
    """Localized faces will choose rank letters in one place: the card text follows it."""
    assert [rank_face(r) for r in RANKS] == ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
    monkeypatch.setattr(cardfaces, "rank_face", lambda rank: {12: "D", 11: "B"}.get(rank, "?"))
    assert show_card("QH") == "D♥" and show_card("JS", True) == "BS"
    assert show_melds([["QH", "QS", "JC"]], wild=11) == "[D♥ D♠ B♣*]"
    assert "".join(t for _, t in hand_fragments([Card(12, "C")], True)) == "DC "


def _imports(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module:
            found.add(node.module)
        elif isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
    return found


def test_no_game_shows_cards_with_another_games_narration():
    """Card display lives below the games: a game's narration is its own, and the trainer's
    shared screens use none."""
    games = [d.name for d in GAMES.iterdir() if (d / "narrate.py").exists()]
    assert {"three_thirteen", "speed", "toepen"} <= set(games)
    borrowed = []
    shared = [*(ROOT / "tutor" / "trainer").rglob("*.py"), ROOT / "tutor" / "cards.py", ROOT / "tutor" / "cardfaces.py"]
    for path in sorted([*GAMES.rglob("*.py"), *shared]):
        inside = path.relative_to(GAMES).parts if path.is_relative_to(GAMES) else ()
        own = inside[0] if len(inside) > 1 else None  # the game whose folder holds it
        for module in _imports(path):
            parts = module.split(".")
            if parts[:2] == ["tutor", "games"] and len(parts) == 4 and parts[3] == "narrate" and parts[2] != own:
                borrowed.append(f"{path.relative_to(ROOT)} imports {module}")
    assert not borrowed, "\n".join(borrowed)


def test_cardfaces_sits_below_the_games():
    """The cards and the catalogs (which hold each language's rank letters), nothing above."""
    assert {m for m in _imports(ROOT / "tutor" / "cardfaces.py") if m.startswith("tutor")} == {"tutor.cards",
                                                                                              "tutor.i18n"}
