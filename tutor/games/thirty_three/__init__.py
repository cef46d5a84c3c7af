"""33: an adding game with a special deck; never push the total over 33.

Engine (`engine`), cards and options (`deck`), bots (`bots`), replay of records
(`replay`), and the texts a learner reads (`rules`, `narrate`) all live here.
"""

from tutor.games.thirty_three.deck import Options, parse_options
from tutor.games.thirty_three.engine import Chance, State

__all__ = ["Chance", "Options", "State", "parse_options"]
