"""The terminal's ``help`` lookup: which card, Village place or rule topic a typed word means.

The words themselves (card and place help, rule topics, the commands) live in ``lewis_clark.wording``.
"""

from __future__ import annotations

import re
import textwrap

from lewis_clark.cards import BY_SLUG, CARDS, Card, slugify
from lewis_clark.village import PLACE_INDEX, PLACES
from lewis_clark.wording import RULE_TOPICS, card_help, cards_found, commands_help, no_help, place_help, place_title, rule
from lewis_clark.wording.terminal import plans_help

__all__ = ["RULE_ALIASES", "card_help", "find_card", "find_cards", "hanging", "help_text", "place_help"]

# Where a help line's second column may begin: after two spaces or more (what is typed, then what it does).
_GAPS = re.compile(r"(?<=\S)\s{2,}(?=\S)")

# Other words people type for a rule topic.
RULE_ALIASES: dict[str, str] = {
    "action": "turn", "actions": "turn", "turns": "turn", "indians": "strength", "encampment": "camp",
    "time": "camp", "boat": "boats", "resources": "boats", "powwow": "village", "newcomer": "village",
    "recruitment": "recruit", "deck": "journal", "badge": "badges", "collect": "badges", "route": "movement",
    "river": "movement", "mountain": "movement", "mackenzie": "solo", "win": "end", "winner": "end",
    "fort": "end", "play": "notation",
}


def find_cards(text: str) -> list[Card]:
    """Cards meant by ``text``: one for a slug, a whole name or "#39"; else every card whose name contains
    each typed word, accents and case ignored ("rene" finds René Jessaume, "john" every John)."""
    words = text.strip().lower()
    if not words:
        return []
    if words.lstrip("#").isdigit():
        n = int(words.lstrip("#"))
        return [CARDS[n]] if 1 <= n < len(CARDS) else []
    slug = slugify(words)
    if slug in BY_SLUG:
        return [BY_SLUG[slug]]
    parts = slug.split("-")
    return [c for c in CARDS[1:] if all(part in c.slug for part in parts)] if slug else []


def find_card(text: str) -> Card | None:
    """A card from a slug, a name, "#39", or a unique part of a name."""
    cards = find_cards(text)
    return cards[0] if len(cards) == 1 else None


def help_text(topic: str) -> str:
    """The answer to ``help <topic>``: commands, a rule, a Village place or a card."""
    words = topic.strip().lower()
    if not words or words in ("help", "commands"):
        return commands_help() + "\n" + plans_help()
    topic_word = RULE_ALIASES.get(words, words)
    if topic_word in RULE_TOPICS:
        return rule(topic_word)
    place = PLACE_INDEX.get(words.split()[-1]) if words.startswith("village ") else PLACE_INDEX.get(words)
    if place is None:  # a title, in English or in the language shown
        place = next((p.index for p in PLACES if words in (p.title.lower(), place_title(p).lower())), None)
    if place is not None:
        return place_help(PLACES[place])
    cards = find_cards(words)
    if len(cards) == 1:
        return card_help(cards[0])
    if cards:
        return cards_found(topic.strip(), cards)
    return no_help(topic.strip())


def hanging(text: str, width: int) -> str:
    """``text`` wrapped between words to ``width`` columns, a line's continuation under its own words: in a
    two-column help line ("  undo      take back ...") under the second column, else under its first word;
    lines of a paragraph (not indented) are joined first, then wrapped together."""
    lines: list[str] = []
    for line in text.splitlines():  # a paragraph's lines, broken in the source, become one
        if lines and line and not line[0].isspace() and lines[-1] and not lines[-1][0].isspace() \
                and not lines[-1].endswith(":"):
            lines[-1] += " " + line
        else:
            lines.append(line)
    out: list[str] = []
    for line in lines:
        if len(line) <= width:
            out.append(line)
            continue
        indent = len(line) - len(line.lstrip())
        for gap in _GAPS.finditer(line):
            if 12 <= gap.end() < width // 2:
                indent = gap.end()
                break
        out.extend(textwrap.wrap(line, width, subsequent_indent=" " * indent))
    return "\n".join(out)
