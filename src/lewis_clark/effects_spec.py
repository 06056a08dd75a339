"""The little language in which card and Village actions are written as data.

An action is one or more alternatives separated by ``|``; each performance picks one. An
alternative is an optional ``label:`` and clauses separated by ``;``:

- costs: ``pay 1 food + 1 canoe``, ``pay any 2`` (any kinds), ``pay different 3``,
  ``powwow 1`` (send Indians from your boats to the Powwow);
- one result: ``take 1 canoe``, ``choose 2`` (primary resources of your choice), ``collect wood``,
  ``river 4`` / ``mountain food-badges`` (a movement, fixed or counted), ``face-up wood`` (up to the
  count of your face-up cards), ``face-up distinct``, ``interpreter``, ``pick`` (a Journal card),
  ``village`` / ``village occupied`` (another place's action), ``copy`` (a face-up card), ``boat``.

Parsing happens once at import; a typo in the data fails loudly there.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from lewis_clark.resources import KIND_INDEX, NONE, Bundle, parse_bundle

COUNTERS: Final = frozenset(
    {
        "food-badges",  # Black Buffalo
        "equipment-badges",  # Weuche
        "scouts-ahead",  # Half Man, One Eye (R21)
        "indians-on-boats",  # Richard Warfington
        "indians-in-village",  # Daniel Boone (R11)
        "resource-pairs",  # Little Thief (R21)
        "resource-triples",  # Tetoharsky (R21)
        "face-up",  # Watkuweis (R5)
    }
)
RESULTS: Final = frozenset(
    {"take", "choose", "collect", "river", "mountain", "face-up", "interpreter", "pick",
     "village", "copy", "boat", "none"}
)


@dataclass(frozen=True, slots=True)
class Alternative:
    """One way to perform an action once: what it costs and what it gives."""

    label: str = ""
    pay: Bundle = NONE
    pay_any: int = 0
    pay_different: int = 0
    powwow: int = 0
    result: str = "none"
    take: Bundle = NONE
    resource: int = -1  # collect / face-up: which resource (-1 = distinct primaries for face-up)
    count: int = 0  # choose N; fixed movement distance
    counter: str = ""  # movement counted at performance time
    occupied_only: bool = False  # village: only places holding an Indian (R12)

    @property
    def is_move(self) -> bool:
        return self.result in ("river", "mountain")


def parse_effect(text: str) -> tuple[Alternative, ...]:
    """Parse an action written in the effect language (see the module docstring)."""
    if not text:
        return ()
    return tuple(_parse_alternative(part.strip()) for part in text.split("|"))


def _parse_alternative(text: str) -> Alternative:
    label = ""
    head, sep, rest = text.partition(":")
    if sep and " " not in head.strip():
        label, text = head.strip(), rest
    fields: dict[str, object] = {"label": label}
    for clause in (c.strip() for c in text.split(";")):
        word, _, arg = clause.partition(" ")
        if word == "pay" and arg.startswith("any "):
            fields["pay_any"] = int(arg[4:])
        elif word == "pay" and arg.startswith("different "):
            fields["pay_different"] = int(arg[10:])
        elif word == "pay":
            fields["pay"] = parse_bundle(arg)
        elif word == "powwow":
            fields["powwow"] = int(arg)
        elif word in RESULTS:
            if fields.get("result"):
                raise ValueError(f"two results in {text!r}")
            fields["result"] = word
            _parse_result(word, arg, fields)
        else:
            raise ValueError(f"unknown clause {clause!r} in {text!r}")
    return Alternative(**fields)  # type: ignore[arg-type]


def _parse_result(word: str, arg: str, fields: dict[str, object]) -> None:
    if word == "take":
        fields["take"] = parse_bundle(arg)
    elif word == "choose":
        fields["count"] = int(arg)
    elif word == "collect":
        fields["resource"] = KIND_INDEX[arg]
    elif word in ("river", "mountain"):
        if arg.isdigit():
            fields["count"] = int(arg)
        elif arg in COUNTERS:
            fields["counter"] = arg
        else:
            raise ValueError(f"bad distance {arg!r}")
    elif word == "face-up":
        fields["resource"] = -1 if arg == "distinct" else KIND_INDEX[arg]
    elif word == "village":
        if arg not in ("", "occupied"):
            raise ValueError(f"bad village clause {arg!r}")
        fields["occupied_only"] = arg == "occupied"
    elif arg:
        raise ValueError(f"{word!r} takes no argument, got {arg!r}")
