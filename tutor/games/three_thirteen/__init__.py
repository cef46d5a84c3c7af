"""Three Thirteen (RULEBOOK TT.1-TT.14): the rules, the hand solver and the engine."""
