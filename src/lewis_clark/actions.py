"""Actions: small immutable values with a stable text form (docs/notation.md).

``Action.parse(str(a)) == a`` for every action. The verbs:

    play <card>            under <card>|none       indians <n>
    village <place> <n>    recruit <card>          discard <card>|none
    camp                   end                     stop
    perform [<choice>] [boost] [pay <bundle>]      take <bundle>
    move <n>               return <resource>       boat <face>
"""

from __future__ import annotations

from collections.abc import Callable
from enum import StrEnum
from typing import Final, NamedTuple

from lewis_clark.cards import BY_SLUG
from lewis_clark.errors import ActionError, IllegalAction, NotationError
from lewis_clark.expedition import TILE_FACES
from lewis_clark.resources import KIND_INDEX, NONE, Bundle, bundle_text, parse_bundle
from lewis_clark.village import PLACE_INDEX


class Verb(StrEnum):
    """The first word of every action; its value is the notation's word (saved records keep it)."""

    PLAY = "play"  # a card from the hand: the turn's action (R1)
    UNDER = "under"  # which card gives Strength to the card played, or none
    INDIANS = "indians"  # how many Indians add Strength
    VILLAGE = "village"  # Indians to a Village place: the turn's action (R9)
    RECRUIT = "recruit"  # a Journal card (R15)
    DISCARD = "discard"  # a card for the recruitment discount, or one more Farewell discard
    CAMP = "camp"  # R16
    END = "end"  # the turn
    STOP = "stop"  # decline the performances left (R2)
    PERFORM = "perform"  # the action once more
    TAKE = "take"  # how much of a gain to keep (R2)
    RETURN = "return"  # a resource back when the boats overflow (R7)
    BOAT = "boat"  # the face of a new boat tile
    MOVE = "move"  # how many of a movement's spaces to go (R2); last, so that older verbs keep their order


VERBS: Final[tuple[Verb, ...]] = tuple(Verb)
__all__ = ["VERBS", "Action", "ActionError", "IllegalAction", "NotationError", "Verb"]


class Action(NamedTuple):
    """One decision. Each field means one thing, whatever the verb:

    ``subject``  the card slug (play, under, recruit, discard; "none" for no card), the Village place
                 (village), the perform choice (a label, a Journal card, a place or a card to copy),
                 the resource (return) or the boat face (boat)
    ``indians``  how many Indians (indians, village)
    ``bundle``   what is kept (take) or paid (perform)
    ``boost``    perform: use Nicholas Jarrot's or Cut Nose's extra spaces (R19)
    ``spaces``   move: how many spaces of the movement the Scout goes (R2)
    """

    verb: Verb
    subject: str = ""
    indians: int = 0
    bundle: Bundle = NONE
    boost: bool = False
    spaces: int = 0

    def __str__(self) -> str:
        v = self.verb
        if v in ("camp", "end", "stop"):
            return str(v)
        if v == "indians":
            return f"indians {self.indians}"
        if v == "village":
            return f"village {self.subject} {self.indians}"
        if v == "take":
            return f"take {bundle_text(self.bundle)}"
        if v == "move":
            return f"move {self.spaces}"
        if v == "perform":
            words = ["perform"]
            if self.subject:
                words.append(self.subject)
            if self.boost:
                words.append("boost")
            if self.bundle != NONE:
                words.append("pay " + bundle_text(self.bundle))
            return " ".join(words)
        return f"{v} {self.subject}"

    @property
    def text(self) -> str:
        return str(self)

    @classmethod
    def parse(cls, text: object) -> Action:
        """Parse notation text; raises NotationError naming what is wrong."""
        if not isinstance(text, str):
            raise NotationError(f"an action must be text, got {type(text).__name__}")
        words = text.split()
        if not words:
            raise NotationError("empty action")
        word, args = words[0].lower(), words[1:]
        if word not in _PARSERS:
            raise NotationError(f"{text!r}: unknown verb {word!r} (one of {', '.join(VERBS)})")
        verb = Verb(word)
        try:
            action: Action = _PARSERS[verb](args)
            return action
        except NotationError as exc:
            raise NotationError(f"{text!r}: {exc}") from None
        except ValueError as err:  # its own name: compiled code types each ``as`` name once
            raise NotationError(f"{text!r}: {err}") from None


def _no_args(verb: Verb) -> Callable[[list[str]], Action]:
    def parse(args: list[str]) -> Action:
        if args:
            raise NotationError(f"{verb} takes nothing after it")
        return Action(verb)
    return parse


def _count(word: str) -> int:
    if not word.isdigit():
        raise NotationError(f"expected a number, got {word!r}")
    return int(word)


def _card(word: str, none_ok: bool = False) -> str:
    if none_ok and word == "none":
        return word
    if word not in BY_SLUG:
        raise NotationError(f"unknown card {word!r}")
    return word


def _one(args: list[str], what: str) -> str:
    if len(args) != 1:
        raise NotationError(f"expected one {what}")
    return args[0]


def _perform(args: list[str]) -> Action:
    subject, boost, pay = "", False, NONE
    if args and args[0] not in ("boost", "pay"):
        subject, args = args[0], args[1:]
    if args and args[0] == "boost":
        boost, args = True, args[1:]
    if args:
        if args[0] != "pay" or len(args) < 2:
            raise NotationError("expected 'pay <bundle>' at the end")
        pay = parse_bundle(" ".join(args[1:]))
        if pay == NONE:
            raise NotationError("write no 'pay' part rather than 'pay none'")
    return Action(Verb.PERFORM, subject, bundle=pay, boost=boost)


def _village(args: list[str]) -> Action:
    if len(args) != 2 or args[0] not in PLACE_INDEX:
        raise NotationError(f"expected 'village <place> <n>' with a place among {', '.join(PLACE_INDEX)}")
    return Action(Verb.VILLAGE, args[0], _count(args[1]))


def _resource(args: list[str]) -> Action:
    word = _one(args, "resource")
    if KIND_INDEX.get(word, 99) > 5:
        raise NotationError(f"unknown resource {word!r}")
    return Action(Verb.RETURN, word)


def _boat(args: list[str]) -> Action:
    word = _one(args, "boat face")
    if word not in TILE_FACES:
        raise NotationError(f"unknown boat face {word!r} (one of {', '.join(TILE_FACES)})")
    return Action(Verb.BOAT, word)


_PARSERS: Final[dict[str, Callable[[list[str]], Action]]] = {
    "camp": _no_args(Verb.CAMP), "end": _no_args(Verb.END), "stop": _no_args(Verb.STOP),
    "play": lambda a: Action(Verb.PLAY, _card(_one(a, "card"))),
    "under": lambda a: Action(Verb.UNDER, _card(_one(a, "card"), none_ok=True)),
    "recruit": lambda a: Action(Verb.RECRUIT, _card(_one(a, "card"))),
    "discard": lambda a: Action(Verb.DISCARD, _card(_one(a, "card"), none_ok=True)),
    "indians": lambda a: Action(Verb.INDIANS, "", _count(_one(a, "number"))),
    "village": _village,
    "perform": _perform,
    "move": lambda a: Action(Verb.MOVE, spaces=_count(_one(a, "number"))),
    "take": lambda a: Action(Verb.TAKE, bundle=parse_bundle(" ".join(a)) if a else _missing("bundle")),
    "return": _resource,
    "boat": _boat,
}


def _missing(what: str) -> Bundle:
    raise NotationError(f"missing {what}")
