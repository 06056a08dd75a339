"""Help for people at the terminal: cards, Village places and rules, in the project's own words.

Card texts are composed from the card data (the effect language of ``effects_spec``), so they can
never disagree with what the engine does; the few cards with unique powers get a written note.
Nothing here is copied from the rulebook.
"""

from __future__ import annotations

from lewis_clark.cards import BOLEY, BY_SLUG, CARDS, CUT_NOSE, GRAVELINES, JARROT, LAROCQUE, Card, slugify
from lewis_clark.effects_spec import Alternative
from lewis_clark.resources import KINDS, NONE, bundle_text
from lewis_clark.village import PLACE_INDEX, PLACES, Place

# What a counted movement counts, in a few words (keys: effects_spec.COUNTERS).
_COUNTERS: dict[str, str] = {
    "food-badges": "Food badge you can see (your area and your neighbours')",
    "equipment-badges": "Equipment badge you can see (your area and your neighbours')",
    "scouts-ahead": "Scout on or beyond your Camp (yours and Mackenzie's count)",
    "indians-on-boats": "Indian on your boats",
    "indians-in-village": "Indian in the Village (places, Powwow and Newcomer)",
    "resource-pairs": "two resources on your boats",
    "resource-triples": "three resources on your boats",
    "face-up": "face-up card in your own area",
}
_SHORT_COUNTERS: dict[str, str] = {
    "food-badges": "food badges", "equipment-badges": "equip. badges", "scouts-ahead": "scouts ahead",
    "indians-on-boats": "your indians", "indians-in-village": "village indians", "resource-pairs": "res./2",
    "resource-triples": "res./3", "face-up": "face-up cards",
}
_PERMANENT: dict[int, str] = {
    LAROCQUE: "While face-up in your area: your Scout moves past spaces held by other Scouts without "
              "counting them.",
    GRAVELINES: "While face-up in your area: recruiting costs 2 Fur less (never below nothing).",
    BOLEY: "While face-up in your area: your Camps cost 1 Time less.",
    JARROT: "While face-up in your area: once per action, one River movement goes 2 spaces further "
            "(choose 'boost' when you perform it).",
    CUT_NOSE: "While face-up in your area: once per action, one Mountain movement goes 1 space further "
              "(choose 'boost' when you perform it).",
}
_NOTES: dict[int, str] = {
    1: "Strength above 1 adds nothing to this card.",
    2: "Strength above 1 adds nothing to this card.",
    14: "After all its picks the Journal slides down and is refilled once.",
}


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def _cost_words(alt: Alternative) -> list[str]:
    out = []
    if alt.powwow:
        out.append(f"send {_plural(alt.powwow, 'Indian')} from your boats to the Powwow")
    if alt.pay != NONE:
        out.append(f"pay {bundle_text(alt.pay)}")
    if alt.pay_any:
        out.append(f"pay any {_plural(alt.pay_any, 'resource')} you like")
    if alt.pay_different:
        out.append(f"pay {alt.pay_different} different resources")
    return out


def _result_words(alt: Alternative) -> str:
    r = alt.result
    if r == "take":
        return f"take {bundle_text(alt.take)}"
    if r == "choose":
        return f"take up to {alt.count} of wood, fur, food and equipment, as you like"
    if r == "collect":
        kind = KINDS[alt.resource]
        return f"take 1 {kind} per {kind} badge in your area and your neighbours' areas"
    if r in ("river", "mountain"):
        where = "on the River" if r == "river" else "in the Mountains"
        if alt.counter:
            return f"move your Scout {where}, one space per {_COUNTERS[alt.counter]}"
        return f"move your Scout {_plural(alt.count, 'space')} {where}"
    if r == "face-up":
        if alt.resource < 0:
            return "take different primary resources, one per face-up card in your own area (at most 4)"
        return f"take 1 {KINDS[alt.resource]} per face-up card in your own area"
    if r == "interpreter":
        return ("bring every Indian of the Village and the Newcomer to the Powwow and take as many of them "
                "as you like onto your boats; then the first Journal card is discarded, the Journal "
                "refilled, and a new Indian from the stock becomes the Newcomer")
    if r == "pick":
        return "take a card of your choice from the Journal into your hand, free"
    if r == "village":
        which = "a Village place that holds an Indian" if alt.occupied_only else "any Village place"
        return f"use the action of {which} once (no Indian moves)"
    if r == "copy":
        return "copy once, at Strength 1, the action of a face-up card in any area (not a permanent one)"
    if r == "boat":
        return "add a boat tile to your expedition (choose its face)"
    if r == "farewell":
        return "discard up to 3 cards from your hand, then the whole Journal is replaced by new cards"
    return "nothing"


def alternative_text(alt: Alternative) -> str:
    """One way of performing an action, as a sentence fragment."""
    costs = _cost_words(alt)
    result = _result_words(alt)
    return (", ".join(costs) + ", then " + result) if costs else result


def action_text(alternatives: tuple[Alternative, ...]) -> str:
    """Everything an action can do, as a sentence."""
    if len(alternatives) == 1:
        return alternative_text(alternatives[0]).capitalize() + "."
    parts = [f"'{a.label}': {alternative_text(a)}" for a in alternatives]
    return "Each time, choose one: " + "; ".join(parts) + "."


def _short_alt(alt: Alternative) -> str:
    costs = []
    if alt.powwow:
        costs.append(f"{alt.powwow} ind.>powwow")
    if alt.pay != NONE:
        costs.append(bundle_text(alt.pay).replace("equipment", "equip."))
    if alt.pay_any:
        costs.append(f"any {alt.pay_any}")
    if alt.pay_different:
        costs.append(f"{alt.pay_different} different")
    r = alt.result
    if r == "take":
        res = "+" + bundle_text(alt.take)
    elif r == "choose":
        res = f"+{alt.count} any"
    elif r == "collect":
        res = f"collect {KINDS[alt.resource]}"
    elif r in ("river", "mountain"):
        res = f"{r} {alt.count if not alt.counter else _SHORT_COUNTERS[alt.counter]}"
    elif r == "face-up":
        res = "+1 per face-up" + (" (different)" if alt.resource < 0 else f" {KINDS[alt.resource]}")
    elif r == "interpreter":
        res = "take powwow indians"
    elif r == "pick":
        res = "take a Journal card"
    elif r == "village":
        res = "use a village place"
    elif r == "copy":
        res = "copy a card"
    elif r == "boat":
        res = "new boat"
    elif r == "farewell":
        res = "discard, new Journal"
    else:
        res = "-"
    return (" + ".join(costs) + " > " + res) if costs else res


def card_summary(card: Card) -> str:
    """A compact one-line reminder of a card's action, e.g. "1 food > river 2 | 1 canoe > river 4"."""
    if card.permanent:
        return {LAROCQUE: "permanent: skip other scouts", GRAVELINES: "permanent: recruit -2 fur",
                BOLEY: "permanent: camp -1 time", JARROT: "permanent: river +2 once",
                CUT_NOSE: "permanent: mountain +1 once"}[card.id]
    return " | ".join(_short_alt(a) for a in card.alternatives)


def place_summary(place: Place) -> str:
    return " | ".join(_short_alt(a) for a in place.alternatives)


def card_help(card: Card) -> str:
    """A card explained: name, Strength, badge, and what its action does."""
    kind = f"{card.role.replace('-', ' ')} of the {card.colour} crew" if card.role else f"encountered character #{card.number}"
    head = (f"{card.name} ({kind}) - Strength {card.strength}, {KINDS[card.badge]} badge. "
            f"Notation: play {card.slug}.")
    if card.permanent:
        body = _PERMANENT[card.id] + " It has no action to perform and cannot be copied."
    else:
        body = action_text(card.alternatives)
        body += " Performed once per point of Strength it is given; you may stop early or take less."
    note = _NOTES.get(card.id)
    return f"{head}\n{body}" + (f"\n{note}" if note else "")


def place_help(place: Place) -> str:
    if place.semicircle:
        room = "Any number of Indians may be here; send 1 to 3 at a time, each gives 1 Strength."
    else:
        spots = "two circles" if place.spots == 2 else "one circle"
        room = f"It has {spots}: send 1 Indian to an empty circle for Strength 1."
    if place.name == "farewell":
        what = "Discard up to 3 cards from your hand, then the whole Journal is replaced by new cards."
    else:
        what = action_text(place.alternatives)
    return (f"{place.title} (Village, notation: village {place.name} N). {room}\n{what}\n"
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
