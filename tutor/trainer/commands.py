"""The trainer's commands and the words a learner may type for them, in any language.

English words always work as well as the learner's own, so a habit carries over.
"""

from __future__ import annotations

from tutor.i18n import pgettext, quoted


def _words() -> dict[str, str]:
    return {
        # TRANSLATORS: words a learner may type to ask for help, alternatives separated by |.
        "help": pgettext("command", "help|?"),
        # TRANSLATORS: words to show the rules, alternatives separated by |.
        "rules": pgettext("command", "rules"),
        # TRANSLATORS: words to show the text of the rule a lesson step cites, alternatives separated by |.
        "rule": pgettext("command", "rule"),
        # TRANSLATORS: words to leave the game, alternatives separated by |.
        "quit": pgettext("command", "quit|exit"),
        # TRANSLATORS: words to draw a card, alternatives separated by |.
        "draw": pgettext("command", "draw"),
        # TRANSLATORS: words to end one's turn without drawing, alternatives separated by |.
        "end": pgettext("command", "end"),
        # TRANSLATORS: words to skip the forfeit draw, alternatives separated by |.
        "skip": pgettext("command", "skip"),
        # TRANSLATORS: words to ask the bots why they played what they played, separated by |.
        "why": pgettext("command", "why"),
        # TRANSLATORS: words to ask for a hint in a lesson or drill, alternatives separated by |.
        "hint": pgettext("command", "hint"),
        # TRANSLATORS: words to go back one step in a lesson, alternatives separated by |.
        "back": pgettext("command", "back"),
        # TRANSLATORS: words to try a lesson decision again, alternatives separated by |.
        "retry": pgettext("command", "retry|again"),
        # TRANSLATORS: Three Thirteen: words to draw the top card of the stock, separated by |.
        "stock": pgettext("command", "stock"),
        # TRANSLATORS: Three Thirteen: words to take the top card of the discard pile, separated by |.
        "pile": pgettext("command", "pile|discard"),
        # TRANSLATORS: Three Thirteen: the word before a card to go out with it, e.g. "out 7D".
        "out": pgettext("command", "out"),
        # TRANSLATORS: 3-13 Speed: words to draw the top card of the middle heap, separated by |.
        "middle": pgettext("command", "middle"),
        # TRANSLATORS: 3-13 Speed: words to call "match" (all cards in sets), separated by |.
        "match": pgettext("command", "match"),
        # TRANSLATORS: Toepen: words to knock (raise the stake by one), alternatives separated by |.
        "knock": pgettext("command", "knock"),
        # TRANSLATORS: Toepen: words to stay in the hand after a knock, alternatives separated by |.
        "stay": pgettext("command", "stay"),
        # TRANSLATORS: Toepen: words to fold (leave the hand) after a knock, alternatives separated by |.
        "fold": pgettext("command", "fold"),
        # TRANSLATORS: Toepen: words to throw in one's hand as dirty laundry, alternatives separated by |.
        "throw": pgettext("command", "throw"),
        # TRANSLATORS: Toepen: words to keep the hand dealt (no dirty laundry), alternatives separated by |.
        "keep": pgettext("command", "keep"),
        # TRANSLATORS: Toepen: words to challenge a hand someone threw in, alternatives separated by |.
        "challenge": pgettext("command", "challenge"),
        # TRANSLATORS: Toepen: words to let a thrown-in hand go unchallenged, alternatives separated by |.
        "pass": pgettext("command", "pass"),
        # TRANSLATORS: at a network table, the host's word to start the game, alternatives separated by |.
        "start": pgettext("command", "start"),
    }


#: The English words of every command (they work in every language).
ENGLISH = {"help": "help|?", "rules": "rules", "rule": "rule", "quit": "quit|exit", "draw": "draw", "end": "end",
            "skip": "skip", "why": "why", "hint": "hint", "back": "back", "retry": "retry|again",
            "stock": "stock", "pile": "pile|discard", "out": "out",
            "middle": "middle", "match": "match", "knock": "knock", "stay": "stay", "fold": "fold",
            "throw": "throw", "keep": "keep", "challenge": "challenge", "pass": "pass",
            "start": "start"}
_ENGLISH = ENGLISH

#: The names of the commands (a lesson text writes a command word as `%(name)s`).
COMMANDS = frozenset(ENGLISH)


def command_of(text: str) -> str | None:
    """The command a typed word names, or None."""
    word = text.strip().lower()
    if not word:
        return None
    for command, alternatives in _words().items():
        options = alternatives.lower().split("|") + _ENGLISH[command].split("|")
        if word in (o.strip() for o in options):
            return command
    return None


def split_command(text: str) -> tuple[str | None, list[str]]:
    """The command a line starts with, and the words after it (`out 7D` -> ("out", ["7D"])).

    A command may be several words ("por qué", "из колоды"), so the longest run of leading
    words that names one wins; with none, (None, every word).
    """
    words = text.split()
    longest = max(len(option.split()) for command, alternatives in _words().items()
                  for option in alternatives.split("|") + _ENGLISH[command].split("|"))
    for k in range(min(len(words), longest), 0, -1):
        command = command_of(" ".join(words[:k]))
        if command is not None:
            return command, words[k:]
    return None, words


def command_word(command: str) -> str:
    """The first word for a command in the learner's language, as shown in hints."""
    return _words()[command].split("|")[0]


def typed_word(command: str) -> str:
    """The word for a command as a sentence tells the learner to type it: in the language's
    quotation marks (`quoted`), so no translation has to quote it, or forget to."""
    return quoted(command_word(command))
