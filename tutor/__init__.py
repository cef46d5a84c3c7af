"""tutor: a multilingual rules tutor and trainer for card games, in the terminal."""

__version__ = "0.1.0"
