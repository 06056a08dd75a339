"""The full-screen terminal table's own words: panel titles, the compact one-line forms of the table,
the keys and the messages of the app (``lewis_clark.terminal.app``)."""

from __future__ import annotations

from lewis_clark.village import Place
from lewis_clark.wording.catalogue import SOURCE, current_language, t, tn
from lewis_clark.wording.names import COLOUR_NAMES, place_title


def route_label() -> str:
    return t("route")


def route_legend() -> str:
    """What the route strip's characters mean."""
    return t("~ river  ^ mountain  * both   S St Louis  F Fort Clatsop   @ Scout  C Camp  # both  M Mackenzie")


def colour_label(colour: str) -> str:
    """An expedition's colour as the route strip's row name, e.g. "orange" (a name typed for a seat is
    too long for it)."""
    return COLOUR_NAMES[colour]().lower() if colour in COLOUR_NAMES else colour


def place_label(place: Place) -> str:
    """A Village place on the table: in English its notation word, the one typed after "village"
    ("canoe"); in another language its title, since the notation stays English."""
    return place.name if current_language() == SOURCE else place_title(place)


def scouts_label() -> str:
    return t("Scouts")


def camps_label() -> str:
    return t("Camps")


def journal_title() -> str:
    return t("Journal")


def journal_heads(short: bool = False) -> tuple[str, str, str]:
    """The compact Journal's three row heads: its name (the cards), their badges, what recruiting costs
    (``short``: the costs' units named in the head, for ``recruit_cost(short=True)``)."""
    return t("Journal"), t("badge"), t("fur + eq.") if short else t("recruit")


def recruit_cost(fur: int, equipment: int, short: bool = False) -> str:
    """What recruiting a Journal card costs now, in a narrow column, e.g. "1 fur 3 eq." (R15); ``short``
    "1 + 3", where the words do not fit."""
    if short:
        return t("{fur} + {equipment}", fur=fur, equipment=equipment)
    return t("{fur} fur {equipment} eq.", fur=fur, equipment=equipment)


def village_title() -> str:
    return t("Village")


def village_counts(powwow: int, newcomer: int, stock: int) -> str:
    return t("Powwow {powwow}, Newcomer {newcomer}, stock {stock}", powwow=powwow, newcomer=newcomer, stock=stock)


def badge_token(kind: str) -> str:
    """A solo badge token on a Village place (R24), e.g. "food token"."""
    return t("{kind} token", kind=kind)


def hand_title() -> str:
    return t("Hand:")


def no_cards() -> str:
    return t("(no cards)")


def empty_slot() -> str:
    return t("(empty)")


def indians_aboard(boats: int, cards: int) -> str:
    """Indians on an expedition's boats and on its cards, e.g. "Indians 2+1"."""
    return t("Indians {boats}+{cards}", boats=boats, cards=cards)


def hand_size(n: int) -> str:
    return tn("hand {n}", "hand {n}", n)


def area_cards(cards: str) -> str:
    return t("area: {cards}", cards=cards)


def log_title() -> str:
    return t("Log")


def help_title() -> str:
    return t("Help (Esc closes)")


def input_placeholder() -> str:
    return t("number, plan letter, action or command (help, undo, save FILE, log, quit); Tab completes")


def keys_line() -> str:
    """The keys in one line, where a short screen has no footer for them (the input line's placeholder)."""
    return t(": type  ? help  u undo  R restart  V Village  L log  Ctrl+Q leave")


def waiting_for(name: str) -> str:
    """The decision panel while a bot thinks or waits."""
    return t("{name} is playing...", name=name)


def game_over_keys() -> str:
    return t("The game is over: 'save FILE' keeps a copy of the record; Ctrl+Q leaves.")


def keys_help() -> str:
    """The keys of the full-screen table (shown in help, before the commands)."""
    return t("""\
Keys on the table:
  1-9               the single choice with that number (longer numbers: type them, then Enter)
  a, b, c ...       the plan with that letter
  Up/Down, Enter    move through the choices and take one
  : or /            type in the input line: a number, a letter, an action in notation or a command
  Tab               in the input line: complete the suggestion shown
  u                 undo your last choice          ?   this help
  R (shift+r)       restart the turn (to its start or the last card drawn)
  V (shift+v)       show or hide the Village       L   the whole log
  Ctrl+Q            leave (the game is autosaved)
Plans past 't' and two-letter plans (aa, ab ...) are typed in the input line.
""")


def autosaving(path: str) -> str:
    return t("Autosaving every move to {path}", path=path)


def autosaving_brief() -> str:
    """The full-screen table's one line: where the file is, leaving says (``leaving``)."""
    return t("Autosaving every move; lewis-clark play --resume continues the game")


def not_your_turn() -> str:
    return t("Wait: it is not a person's decision now.")


def more_below(actions: int) -> str:
    """Under a menu taller than its room: what is further down and how to reach it."""
    if not actions:
        return t("↓ more below")
    return tn("↓ more: single choice 1 (↓ or type 1)", "↓ more: single choices 1-{n} (↓ or type a number)", actions)
