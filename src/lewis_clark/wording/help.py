"""Help for people: a card or a Village place explained, rule topics and the terminal's commands.

All of it is the project's own wording; nothing is copied from the rulebook.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from lewis_clark.cards import CARDS, Card
from lewis_clark.decisions import MOST_INDIANS_WITH_CARD, MOST_STRENGTH
from lewis_clark.expedition import FLAT_BOAT_CAPACITY, FREE_BOAT_CAPACITY, FREE_INDIANS, PER_RESOURCE_BOAT_CAPACITY
from lewis_clark.journal import SLOTS
from lewis_clark.turn import MOST_PER_PLACEMENT
from lewis_clark.village import PLACES, Place
from lewis_clark.wording.cards import card_summary, card_text, place_text
from lewis_clark.wording.catalogue import t, tn
from lewis_clark.wording.names import COLOUR_NAMES, card_title, choice_name, kind_name, place_title, role_name


def card_help(card: Card) -> str:
    """A card explained: name, Strength, badge, and what its action does."""
    if card.role:
        colour = COLOUR_NAMES[card.colour]() if card.colour in COLOUR_NAMES else card.colour
        kind = t("{role} of the {colour} crew", role=role_name(card.role), colour=colour)
    else:
        kind = t("encountered character #{number}", number=card.number)
    head = t("{name} ({kind}) - Strength {strength}, {badge} badge. Notation: play {slug}.", name=card.name, kind=kind,
             strength=card.strength, badge=kind_name(card.badge), slug=card.slug)
    text = card_text(card)
    if len(card.alternatives) > 1:  # the card's text names its choices in words; the terminal types them
        typed = [t("perform {label} ({choice})", label=a.label, choice=choice_name(a.label, a.result))
                 for a in card.alternatives]
        text += "\n" + t("To choose, type: {choices}.", choices=", ".join(typed))
    if card.permanent or card.once_only:
        return f"{head}\n{text}"
    return f"{head}\n{text}\n" + t("Performed once per point of Strength it is given; you may stop early or "
                                     "take less.")


def token_help(place: Place) -> str:
    """What a place's solo badge token does (R4, R24)."""
    return t("Solo: {place} has a {badge} badge token; while an Indian stands here it counts as one more {badge} "
             "badge for your collections and badge-counted moves.", place=place_title(place),
             badge=kind_name(place.solo_badge))


def solo_tokens() -> str:
    """Every place's solo badge token, e.g. "Hunting: food, Craftsmanship: equipment, ..."."""
    return ", ".join(t("{place}: {badge}", place=place_title(p), badge=kind_name(p.solo_badge)) for p in PLACES)


def cards_found(topic: str, cards: Sequence[Card]) -> str:
    """The answer when ``help <topic>`` matches several cards: each with a one-line summary."""
    head = tn("{n} card matches {topic}:", "{n} cards match {topic}:", len(cards), topic=repr(topic))
    lines = ["  " + t("{card}: {summary}", card=card_title(c), summary=card_summary(c)) for c in cards]
    return "\n".join([head, *lines, t("Type 'help' with more of a name, or its #number, for one card.")])


def place_help(place: Place) -> str:
    """A Village place explained: name, notation, room for Indians, what it does and its solo badge token."""
    head = t("{title} (Village, notation: village {name} N).", title=place_title(place), name=place.name)
    return f"{head}\n{place_text(place)}\n" + t("Indians sent to the Village stay there until an Interpreter brings them "
                                                "to the Powwow.") + "\n" + token_help(place)


# Rule topics by the word typed after "help" (terminal/texts.py adds the aliases).
RULES: dict[str, Callable[[], str]] = {
    "turn": lambda: t(
        "On your turn you must take one action: play a card from your hand (give it Strength) or send "
        "Indians from your boats to the Village. Before or after that action you may also recruit one "
        "card from the Journal and set up Camp once each. Type 'end' when you are done; the turn ends "
        "by itself when nothing is left to do."),
    "strength": lambda: t(
        "A played card needs Strength: put one other card from your hand face down under it (its "
        "Strength, {low}-{high}, shows in the hand list), or use 1-{most} Indians from your boats, or a card plus "
        "1-{beside} Indians; at most {most} in all. Each point of Strength lets you perform the card's action once. "
        "Indians on cards come back to your boats when you Camp.", low=min(c.strength for c in CARDS[1:]),
        high=max(c.strength for c in CARDS[1:]), most=MOST_STRENGTH, beside=MOST_INDIANS_WITH_CARD),
    "camp": lambda: t(
        "Camp: your Scout goes back one space per card in your hand plus the Time of your loaded boats "
        "(see 'help boats'), then your Camp marker moves up to the Scout if the Scout is ahead of it. All "
        "cards of your area return to your hand and Indians on cards return to your boats. The screen "
        "shows the Time a Camp would cost now. The first Camp at Fort Clatsop wins the game."),
    "boats": lambda: tn(
        "Your first boat holds {free} resources for free, the second {flat} for 1 Time if used, the third {costly} at "
        "1 Time per resource. {n} Indian rides free; more cost 1 Time each. New boat tiles (Expedition "
        "Upgrade) add room: small ones are free, large ones cost 1 Time if used. The game always packs "
        "your boats in the cheapest way. When a gain overfills the boats you choose what goes back.",
        "Your first boat holds {free} resources for free, the second {flat} for 1 Time if used, the third {costly} at "
        "1 Time per resource. {n} Indians ride free; more cost 1 Time each. New boat tiles (Expedition "
        "Upgrade) add room: small ones are free, large ones cost 1 Time if used. The game always packs "
        "your boats in the cheapest way. When a gain overfills the boats you choose what goes back.",
        FREE_INDIANS, free=FREE_BOAT_CAPACITY, flat=FLAT_BOAT_CAPACITY, costly=PER_RESOURCE_BOAT_CAPACITY),
    "village": lambda: t(
        "Send Indians from your boats to a Village place to use its action. Circles take one Indian "
        "while empty; Canoe Manufacturing and Horse Trade take 1-{most} Indians at any time. Indians stay "
        "in the Village until an Interpreter gathers them into the Powwow for someone to take.",
        most=MOST_PER_PLACEMENT),
    "recruit": lambda: t(
        "Recruit: take a card from the Journal into your hand. It costs Fur equal to its slot number "
        "(slot 1 = 1 Fur) and Equipment equal to its Strength; you may discard one card from your "
        "hand to lower the Equipment by that card's Strength. Once per turn, outside an action."),
    "journal": lambda: t(
        "The Journal holds {slots} cards for recruiting, cheapest slot first. Taken cards are replaced "
        "from the draw deck (the discard pile is shuffled in when the deck runs out).", slots=SLOTS),
    "badges": lambda: t(
        "Each card shows a resource badge, also when face down. Collecting cards count the badges of "
        "their kind in your area and your neighbours' areas (with two players, your opponent's; solo, "
        "the tokens of occupied Village places)."),
    "movement": lambda: t(
        "River moves step over River spaces, Mountain moves over Mountain spaces; the spaces marked "
        "* on the route accept both. A move stops early at the wrong terrain. If your Scout ends the "
        "action on another Scout's space it moves on to the next free one (the first space and St "
        "Louis may be shared)."),
    "solo": lambda: t(
        "Solo: Mackenzie (M on the route) starts a few spaces above St Louis (--mackenzie 0-7) and "
        "moves one space after each of your turns. Reach Fort Clatsop with your Camp before he gets "
        "there. His space counts as taken: a move or a Camp never leaves your Scout on it. With no "
        "neighbours, your collections count the badges of your own area plus the badge "
        "token of every Village place that holds an Indian ({tokens}).", tokens=solo_tokens()),
    "end": lambda: t("The game ends as soon as a Camp reaches Fort Clatsop (F on the route); that expedition wins."),
    "notation": lambda: t(
        "Type a menu number, or an action in notation: play york, under seaman, indians 1, village "
        "hunting 1, recruit black-cat, discard none, perform, perform river boost, perform pay 1 wood, "
        "take 2 fur + 1 food, return wood, boat small-resource, camp, stop, end."),
}
RULE_TOPICS: tuple[str, ...] = tuple(RULES)


def rule(topic: str) -> str:
    """The rule help of ``topic`` (one of ``RULE_TOPICS``)."""
    return RULES[topic]()


def commands_help() -> str:
    """What may be typed at the terminal's prompt."""
    return t("""\
At a prompt you may type:
  a number          the choice with that number in the menu just shown
  an action         in notation, e.g. 'play york' or 'take 1 wood' ('help notation')
  undo              take back your last choice, a whole plan at once
  restart           take the turn back to its start or the last card drawn
  board             show the whole table again          menu   show the choices again
  log [N|all]       the game so far (last 20 lines unless told)
  save FILE         write the game record to FILE (resume with: lewis-clark play --load FILE)
  help <card>       what a card does (any part of its name, or #number); help <place> for a place
  help <topic>      rules: {topics}
  quit              leave (the game is autosaved; Ctrl-C asks too)""", topics=", ".join(RULE_TOPICS))


def no_help(topic: str) -> str:
    """The answer when ``help <topic>`` names nothing known."""
    return t("No help on {topic}. Try 'help' for the commands, 'help <topic>' ({topics}), a card ('help york', "
             "'help #39') or a place ('help hunting').", topic=repr(topic), topics=", ".join(RULE_TOPICS))
