"""Toepen (RULEBOOK TOE.1-TOE.14): the options, the engine, the bots and record replay."""
