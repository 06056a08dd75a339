"""Actions: small immutable values with a stable text form (docs/notation.md).

``Action.parse(str(a)) == a`` for every action. The verbs:

    play <card>            under <card>|none       indians <n>
    village <place> <n>    recruit <card>          discard <card>|none
    camp                   end                     stop
    perform [<choice>] [boost] [pay <bundle>]      take <bundle>
    return <resource>      boat <face>
"""

from __future__ import annotations

from typing import NamedTuple

from lewis_clark.cards import BY_SLUG
from lewis_clark.expedition import TILE_FACES
from lewis_clark.resources import KIND_INDEX, NONE, Bundle, bundle_text, parse_bundle
from lewis_clark.village import PLACE_INDEX

VERBS = ("play", "under", "indians", "village", "recruit", "discard", "camp", "end", "stop",
         "perform", "take", "return", "boat")


class ActionError(ValueError):
    """Base of every error about an action: malformed text or an illegal choice."""


class NotationError(ActionError):
    """Text that is not an action in the notation."""


class IllegalAction(ActionError):
    """A well-formed action that the rules do not allow in this state."""

    def __init__(self, action: object, reason: str) -> None:
        super().__init__(f"illegal action {str(action)!r}: {reason}")
        self.action = action
        self.reason = reason


class Action(NamedTuple):
    """One decision. ``subject`` is a card slug, place, choice label, resource or boat face."""

    verb: str
    subject: str = ""
    amount: int = 0
    bundle: Bundle = NONE

    def __str__(self) -> str:
        v = self.verb
        if v in ("camp", "end", "stop"):
            return v
        if v == "indians":
            return f"indians {self.amount}"
        if v == "village":
            return f"village {self.subject} {self.amount}"
        if v == "take":
            return f"take {bundle_text(self.bundle)}"
        if v == "perform":
            words = ["perform"]
            if self.subject:
                words.append(self.subject)
            if self.amount:
                words.append("boost")
            if self.bundle != NONE:
                words.append("pay " + bundle_text(self.bundle))
            return " ".join(words)
        return f"{v} {self.subject}"

    @property
    def text(self) -> str:
        return str(self)

    @classmethod
    def parse(cls, text: str) -> Action:
        """Parse notation text; raises NotationError naming what is wrong."""
        if not isinstance(text, str):
            raise NotationError(f"an action must be text, got {type(text).__name__}")
        words = text.split()
        if not words:
            raise NotationError("empty action")
        verb, args = words[0].lower(), words[1:]
        if verb not in VERBS:
            raise NotationError(f"{text!r}: unknown verb {verb!r} (one of {', '.join(VERBS)})")
        try:
            action: Action = _PARSERS[verb](args)
            return action
        except NotationError as exc:
            raise NotationError(f"{text!r}: {exc}") from None
        except ValueError as exc:
            raise NotationError(f"{text!r}: {exc}") from None


def _no_args(verb: str):  # type: ignore[no-untyped-def]
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
    subject, boost, pay = "", 0, NONE
    if args and args[0] not in ("boost", "pay"):
        subject, args = args[0], args[1:]
    if args and args[0] == "boost":
        boost, args = 1, args[1:]
    if args:
        if args[0] != "pay" or len(args) < 2:
            raise NotationError("expected 'pay <bundle>' at the end")
        pay = parse_bundle(" ".join(args[1:]))
        if pay == NONE:
            raise NotationError("write no 'pay' part rather than 'pay none'")
    return Action("perform", subject, boost, pay)


def _village(args: list[str]) -> Action:
    if len(args) != 2 or args[0] not in PLACE_INDEX:
        raise NotationError(f"expected 'village <place> <n>' with a place among {', '.join(PLACE_INDEX)}")
    return Action("village", args[0], _count(args[1]))


def _resource(args: list[str]) -> Action:
    word = _one(args, "resource")
    if KIND_INDEX.get(word, 99) > 5:
        raise NotationError(f"unknown resource {word!r}")
    return Action("return", word)


def _boat(args: list[str]) -> Action:
    word = _one(args, "boat face")
    if word not in TILE_FACES:
        raise NotationError(f"unknown boat face {word!r} (one of {', '.join(TILE_FACES)})")
    return Action("boat", word)


_PARSERS = {
    "camp": _no_args("camp"), "end": _no_args("end"), "stop": _no_args("stop"),
    "play": lambda a: Action("play", _card(_one(a, "card"))),
    "under": lambda a: Action("under", _card(_one(a, "card"), none_ok=True)),
    "recruit": lambda a: Action("recruit", _card(_one(a, "card"))),
    "discard": lambda a: Action("discard", _card(_one(a, "card"), none_ok=True)),
    "indians": lambda a: Action("indians", "", _count(_one(a, "number"))),
    "village": _village,
    "perform": _perform,
    "take": lambda a: Action("take", "", 0, parse_bundle(" ".join(a)) if a else _missing("bundle")),
    "return": _resource,
    "boat": _boat,
}


def _missing(what: str) -> Bundle:
    raise NotationError(f"missing {what}")
