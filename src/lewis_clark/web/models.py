"""The API's request and answer bodies (pydantic), as the OpenAPI schema at ``/docs`` shows them.

Strict: a value of the wrong JSON type is refused (422 naming the field), never converted (``"0"`` is
not a number, ``1`` is not ``true``), and unknown fields are refused too. A whole number is an integer
however it is written (``3.0`` is ``3``, as JSON Schema's ``integer`` says), up to 2**53, where a
number with a fraction part stops being exact; ``3.5`` and ``1e60`` are refused.
"""

from __future__ import annotations

from typing import Annotated, Literal, Self

from pydantic import BaseModel, BeforeValidator, ConfigDict, Field, field_validator, model_validator
from pydantic.config import JsonDict
from pydantic_core import PydanticCustomError

from lewis_clark.state import MOST_LEVEL, MOST_PLAYERS
from lewis_clark.wording import t

MAX_PLAN = 64  # steps in one plan; the longest the engine's plans make is far shorter
STRICT = ConfigDict(extra="forbid", strict=True)

EXACT = 2**53  # the largest whole number a JSON number with a fraction part (a double) holds exactly


def _whole(value: object) -> object:
    """``3.0`` as the integer 3 (JSON Schema's data model: the same number); anything else unchanged, for
    the strict check to judge."""
    if isinstance(value, float) and value.is_integer() and abs(value) <= EXACT:
        return int(value)
    return value


Whole = BeforeValidator(_whole)  # after the bounds in its Annotated, so the schema keeps them as JSON Schema
Colour = Literal["orange", "blue", "yellow", "green", "purple"]
Level = Literal["random", "easy", "medium", "hard", "expert"]
# Characters that reorder the text around them (U+202E turns "Ann" + "...nnA" into another seat's name
# on every page): refused in names.
BIDI = frozenset("\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")


class SeatIn(BaseModel):
    """One seat of a new game: a person, or a bot at a difficulty level."""

    model_config = STRICT
    kind: Literal["human", "bot"] = "human"
    level: Level = "medium"
    colour: Colour | None = None
    name: str | None = Field(None, max_length=24, pattern=r"^[^\x00-\x1f\x7f<>]*$",
                             description="what the players call this seat (shown beside its colour)")

    @field_validator("name")
    @classmethod
    def _no_bidi_controls(cls, name: str | None) -> str | None:
        found = next((ch for ch in name or "" if ch in BIDI), None)
        if found is not None:
            code = f"{ord(found):04X}"
            raise ValueError(t("a name may not hold a character that reorders text (U+{code})", code=code))
        return name


class GameIn(BaseModel):
    """A new game. ``route`` is the variant route as text, e.g. "R R S R M MR R F R" (S: St Louis,
    F: Fort Clatsop); ``seed`` is drawn at random (128 bits) when not given; a given one is said to every
    seat (``options.chosen_seed``): whoever chose it knows every draw."""

    model_config = ConfigDict(extra="forbid", strict=True, json_schema_extra={"examples": [
        {"seats": [{"kind": "human", "name": "Ann"}, {"kind": "bot", "level": "medium"}]},
        {"seats": [{"kind": "human", "colour": "blue"}], "mackenzie": 2, "route": "R R S R M MR R F R", "seed": 7}]})
    seats: list[SeatIn] = Field(min_length=1, max_length=MOST_PLAYERS)
    mackenzie: Annotated[int, Field(ge=0, le=MOST_LEVEL), Whole] = Field(0, description="solo only: Mackenzie's head start (R24)")
    random_start: bool = Field(False, description="random starting resources (R25)")
    route: str | None = Field(None, max_length=400)
    seed: Annotated[int, Field(ge=0, lt=2**256), Whole] | None = None


Step = Annotated[str, Field(min_length=1, max_length=200)]


# Exactly one of ``action`` and ``plan``, as the schema says it (``oneOf``) and the model checks it.
EITHER: JsonDict = {"oneOf": [{"required": ["action"], "properties": {"action": {"type": "string"}}},
                              {"required": ["plan"], "properties": {"plan": {"type": "array"}}}],
                    "examples": [{"action": "play york", "expect": 12}, {"plan": ["play york", "under hugh-mcneal"]}]}


class ActionIn(BaseModel):
    """An action in the text notation, or a ``plan``: several actions applied one after the other (the
    ``plans`` of the game's view), stopping at the first one refused; exactly one of the two. ``expect``
    (optional) is the number of actions the sender has seen, so that a click on an outdated page is
    refused rather than misapplied."""

    model_config = ConfigDict(extra="forbid", strict=True, json_schema_extra=EITHER)
    action: str | None = Field(None, min_length=1, max_length=200)
    plan: list[Step] | None = Field(None, min_length=1, max_length=MAX_PLAN,
                                    description="actions in the text notation, in order")
    expect: Annotated[int, Field(ge=0), Whole] | None = None

    @model_validator(mode="after")
    def either(self) -> Self:
        if (self.action is None) == (self.plan is None):
            raise PydanticCustomError("action_or_plan", t("give either an action or a plan"))
        return self


class UndoIn(BaseModel):
    """``expect`` (optional): the number of actions the sender has seen, so that a second click on an
    outdated page (a double click) takes back nothing more."""

    model_config = STRICT
    expect: Annotated[int, Field(ge=0), Whole] | None = None
    back: Literal["action", "choice", "turn"] = Field(
        "action", description="one action, the last choice whole (a plan), or the turn to its start or the last card drawn")


class CreatedSeat(BaseModel):
    seat: int
    colour: str
    kind: str
    level: str
    token: str
    link: str


class Created(BaseModel):
    id: str
    seats: list[CreatedSeat]
    spectator: str
    hotseat: str
    creator: str = Field(description="the creator's secret: `DELETE /api/games/{id}` with it in X-Token deletes the game")
