"""The API's request and answer bodies (pydantic), as the OpenAPI schema at ``/docs`` shows them.

Strict: a value of the wrong JSON type is refused (422 naming the field), never converted (``"0"`` is
not a number, ``1`` is not ``true``), and unknown fields are refused too.
"""

from __future__ import annotations

from typing import Annotated, Literal, Self

from pydantic import BaseModel, ConfigDict, Field, model_validator
from pydantic.config import JsonDict
from pydantic_core import PydanticCustomError

from lewis_clark.state import MOST_LEVEL, MOST_PLAYERS
from lewis_clark.wording import t

MAX_PLAN = 64  # steps in one plan; the longest the engine's plans make is far shorter
STRICT = ConfigDict(extra="forbid", strict=True)

Colour = Literal["orange", "blue", "yellow", "green", "purple"]
Level = Literal["random", "easy", "medium", "hard", "expert"]


class SeatIn(BaseModel):
    """One seat of a new game: a person, or a bot at a difficulty level."""

    model_config = STRICT
    kind: Literal["human", "bot"] = "human"
    level: Level = "medium"
    colour: Colour | None = None
    name: str | None = Field(None, max_length=24, pattern=r"^[^\x00-\x1f\x7f<>]*$",
                             description="what the players call this seat (shown beside its colour)")


class GameIn(BaseModel):
    """A new game. ``route`` is the variant route as text, e.g. "R R S R M MR R F R" (S: St Louis,
    F: Fort Clatsop); ``seed`` is drawn at random (128 bits) when not given; a given one is said to every
    seat (``options.chosen_seed``): whoever chose it knows every draw."""

    model_config = STRICT
    seats: list[SeatIn] = Field(min_length=1, max_length=MOST_PLAYERS)
    mackenzie: int = Field(0, ge=0, le=MOST_LEVEL, description="solo only: Mackenzie's head start (R24)")
    random_start: bool = Field(False, description="random starting resources (R25)")
    route: str | None = Field(None, max_length=400)
    seed: int | None = Field(None, ge=0, lt=2**256, strict=True)


Step = Annotated[str, Field(min_length=1, max_length=200)]


# Exactly one of ``action`` and ``plan``, as the schema says it (``oneOf``) and the model checks it.
EITHER: JsonDict = {"oneOf": [{"required": ["action"], "properties": {"action": {"type": "string"}}},
                    {"required": ["plan"], "properties": {"plan": {"type": "array"}}}]}


class ActionIn(BaseModel):
    """An action in the text notation, or a ``plan``: several actions applied one after the other (the
    ``plans`` of the game's view), stopping at the first one refused; exactly one of the two. ``expect``
    (optional) is the number of actions the sender has seen, so that a click on an outdated page is
    refused rather than misapplied."""

    model_config = ConfigDict(extra="forbid", strict=True, json_schema_extra=EITHER)
    action: str | None = Field(None, min_length=1, max_length=200)
    plan: list[Step] | None = Field(None, min_length=1, max_length=MAX_PLAN,
                                    description="actions in the text notation, in order")
    expect: int | None = Field(None, ge=0)

    @model_validator(mode="after")
    def either(self) -> Self:
        if (self.action is None) == (self.plan is None):
            raise PydanticCustomError("action_or_plan", t("give either an action or a plan"))
        return self


class UndoIn(BaseModel):
    """``expect`` (optional): the number of actions the sender has seen, so that a second click on an
    outdated page (a double click) takes back nothing more."""

    model_config = STRICT
    expect: int | None = Field(None, ge=0)
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
