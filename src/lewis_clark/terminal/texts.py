"""Help for people at the terminal: cards, Village places and rules, in the project's own words.

What cards and places do is worded once, in ``lewis_clark.texts`` (shared with the web page); this
module adds the terminal's headings, the rule topics and the commands. Nothing here is copied from
the rulebook.
"""

from __future__ import annotations

from lewis_clark.cards import BY_SLUG, CARDS, Card, slugify
from lewis_clark.resources import KINDS
from lewis_clark.texts import card_text, place_text
from lewis_clark.village import PLACE_INDEX, PLACES, Place


def card_help(card: Card) -> str:
    """A card explained: name, Strength, badge, and what its action does."""
    kind = f"{card.role.replace('-', ' ')} of the {card.colour} crew" if card.role else f"encountered character #{card.number}"
    head = (f"{card.name} ({kind}) - Strength {card.strength}, {KINDS[card.badge]} badge. "
            f"Notation: play {card.slug}.")
    if card.permanent or card.once_only:
        return f"{head}\n{card_text(card)}"
    return f"{head}\n{card_text(card)}\nPerformed once per point of Strength it is given; you may stop early or take less."


def place_help(place: Place) -> str:
    """A Village place explained: name, notation, room for Indians and what it does."""
    return (f"{place.title} (Village, notation: village {place.name} N).\n{place_text(place)}\n"
            "Indians sent to the Village stay there until an Interpreter brings them to the Powwow.")


RULES: dict[str, str] = {
    "turn": "On your turn you must take one action: play a card from your hand (give it Strength) or send "
            "Indians from your boats to the Village. Before or after that action you may also recruit one "
            "card from the Journal and set up Camp once each. Type 'end' when you are done; the turn ends "
            "by itself when nothing is left to do.",
    "strength": "A played card needs Strength: put one other card from your hand face down under it (its "
                "Strength, 1-3, shows in the hand list), or use 1-3 Indians from your boats, or a card plus 1-2 "
                "Indians; at most 3 in all. Each point of Strength lets you perform the card's action once. "
                "Indians on cards come back to your boats when you Camp.",
    "camp": "Camp: your Scout goes back one space per card in your hand plus the Time of your loaded boats "
            "(see 'help boats'), then your Camp marker moves up to the Scout if the Scout is ahead of it. All "
            "cards of your area return to your hand and Indians on cards return to your boats. The screen "
            "shows the Time a Camp would cost now. The first Camp at Fort Clatsop wins the game.",
    "boats": "Your first boat holds 3 resources for free, the second 3 for 1 Time if used, the third 5 at 1 "
             "Time per resource. One Indian rides free; more cost 1 Time each. New boat tiles (Expedition "
             "Upgrade) add room: small ones are free, large ones cost 1 Time if used. The game always packs "
             "your boats in the cheapest way. When a gain overfills the boats you choose what goes back.",
    "village": "Send Indians from your boats to a Village place to use its action. Circles take one Indian "
               "while empty; Canoe Manufacturing and Horse Trade take 1-3 Indians at any time. Indians stay "
               "in the Village until an Interpreter gathers them into the Powwow for someone to take.",
    "recruit": "Recruit: take a card from the Journal into your hand. It costs Fur equal to its slot number "
               "(slot 1 = 1 Fur) and Equipment equal to its Strength; you may discard one card from your "
               "hand to lower the Equipment by that card's Strength. Once per turn, outside an action.",
    "journal": "The Journal holds five cards for recruiting, cheapest slot first. Taken cards are replaced "
               "from the draw deck (the discard pile is shuffled in when the deck runs out).",
    "badges": "Each card shows a resource badge, also when face down. Collecting cards count the badges of "
              "their kind in your area and your neighbours' areas (with two players, your opponent's; solo, "
              "the tokens of occupied Village places).",
    "movement": "River moves step over River spaces, Mountain moves over Mountain spaces; the spaces marked "
                "* on the route accept both. A move stops early at the wrong terrain. If your Scout ends the "
                "action on another Scout's space it moves on to the next free one (the first space and St "
                "Louis may be shared).",
    "solo": "Solo: Mackenzie (M on the route) starts a few spaces above St Louis (--mackenzie 0-7) and "
            "moves one space after each of your turns. Reach Fort Clatsop with your Camp before he gets "
            "there.",
    "end": "The game ends as soon as a Camp reaches Fort Clatsop (F on the route); that expedition wins.",
    "notation": "Type a menu number, or an action in notation: play york, under seaman, indians 1, village "
                "hunting 1, recruit black-cat, discard none, perform, perform river boost, perform pay 1 wood, "
                "take 2 fur + 1 food, return wood, boat small-resource, camp, stop, end.",
}
RULE_ALIASES: dict[str, str] = {
    "action": "turn", "actions": "turn", "turns": "turn", "indians": "strength", "encampment": "camp",
    "time": "camp", "boat": "boats", "resources": "boats", "powwow": "village", "newcomer": "village",
    "recruitment": "recruit", "deck": "journal", "badge": "badges", "collect": "badges", "route": "movement",
    "river": "movement", "mountain": "movement", "mackenzie": "solo", "win": "end", "winner": "end",
    "fort": "end", "play": "notation",
}

COMMANDS = """\
At a prompt you may type:
  a number          the choice with that number in the menu just shown
  an action         in notation, e.g. 'play york' or 'take 1 wood' ('help notation')
  undo              take back your last choice (only this turn, and not past a card drawn)
  board             show the whole table again          menu   show the choices again
  log [N|all]       the game so far (last 20 lines unless told)
  save FILE         write the game record to FILE (resume with: lewis-clark play --load FILE)
  help <card>       what a card does (slug, name or #number); help <place> for a Village place
  help <topic>      rules: """ + ", ".join(RULES) + """
  quit              leave (the game is autosaved; Ctrl-C asks too)"""


def find_card(text: str) -> Card | None:
    """A card from a slug, a name, "#39", or a unique part of a name."""
    words = text.strip().lower()
    if not words:
        return None
    if words.lstrip("#").isdigit():
        n = int(words.lstrip("#"))
        return CARDS[n] if 1 <= n <= 54 else None
    slug = slugify(words)
    if slug in BY_SLUG:
        return BY_SLUG[slug]
    matches = [c for c in CARDS[1:] if slug in c.slug]
    return matches[0] if len(matches) == 1 else None


def help_text(topic: str) -> str:
    """The answer to ``help <topic>``: commands, a rule, a Village place or a card."""
    words = topic.strip().lower()
    if not words or words in ("help", "commands"):
        return COMMANDS
    rule = RULE_ALIASES.get(words, words)
    if rule in RULES:
        return RULES[rule]
    place = PLACE_INDEX.get(words.split()[-1]) if words.startswith("village ") else PLACE_INDEX.get(words)
    if place is None:
        place = next((p.index for p in PLACES if p.title.lower() == words), None)
    if place is not None:
        return place_help(PLACES[place])
    card = find_card(words)
    if card is not None:
        return card_help(card)
    return (f"No help on {topic.strip()!r}. Try 'help' for the commands, 'help <topic>' "
            f"({', '.join(RULES)}), a card ('help york', 'help #39') or a place ('help hunting').")
