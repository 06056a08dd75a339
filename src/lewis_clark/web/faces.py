"""Card faces for the browser table: what a card costs and gives, as data the page draws as icons.

Built from the same effect data (``effects_spec``) that the engine performs and the wording layer
words, so a face cannot disagree with the card's text. A face is a small JSON object::

    {"alts": [{"pay": [["food", 1]], "gain": [["river", 2]]}, ...], "power": "", "once": false}

- ``alts``: the ways to perform the card, one of which is chosen each time. ``pay`` and ``gain`` are
  lists of ``[icon, count]``. Icons: the six resources (``wood`` ... ``horse``); ``indian`` (paid:
  Indians sent from your boats to the Powwow); ``any`` (resources of any kind: paid, or chosen among
  the primary ones); ``different`` (different resources paid); ``river`` / ``mountain`` (spaces moved);
  ``card`` (a Journal card taken), ``village`` (a Village place's action), ``copy`` (another card's
  action), ``boat`` (a boat tile), ``powwow`` (the Interpreter: Indians of the Village taken).
  A count of 0 means "counted when performed"; ``per`` then says what is counted: ``badge`` (badges
  of that resource you see), ``face-up`` (your face-up cards), a movement counter of
  ``effects_spec.COUNTERS``, or ``occupied`` (village: only places holding an Indian).
- ``power``: a permanent card's power in a few words (the wording layer's), else "".
- ``once``: Strength above 1 adds nothing to this card.
"""

from __future__ import annotations

from typing import Any

from lewis_clark.cards import Card
from lewis_clark.effects_spec import Alternative
from lewis_clark.resources import INDIAN, KINDS, NONE, PRIMARY
from lewis_clark.wording.cards import PERMANENT_SHORT

__all__ = ["Face", "alternative_face", "card_face"]

Face = dict[str, Any]
# Results drawn as one icon, by effects_spec result.
_SPECIAL = {"pick": "card", "village": "village", "copy": "copy", "boat": "boat", "interpreter": "powwow"}


def _bundle(b: tuple[int, ...]) -> list[list[Any]]:
    """A bundle as ``[kind, count]`` pairs, Indians included."""
    return [[KINDS[k], n] for k, n in enumerate(b) if n] if b != NONE else []


def _gain(alt: Alternative) -> tuple[list[list[Any]], str]:
    """What one performance gives, and what a counted result counts ("" when fixed)."""
    r = alt.result
    if r == "take":
        return _bundle(alt.take), ""
    if r == "choose":
        return [["any", alt.count]], ""
    if r == "collect":
        return [[KINDS[alt.resource], 0]], "badge"
    if r in ("river", "mountain"):
        return [[r, alt.count]], alt.counter
    if r == "face-up":
        kinds = [alt.resource] if alt.resource >= 0 else list(PRIMARY)
        return [[KINDS[k], 0] for k in kinds], "face-up"
    if r in _SPECIAL:
        return [[_SPECIAL[r], 1]], "occupied" if alt.occupied_only else ""
    return [], ""


def alternative_face(alt: Alternative) -> Face:
    """One way of performing: ``{"pay": [...], "gain": [...]}`` and ``per`` when something is counted."""
    pay = [[KINDS[INDIAN], alt.powwow]] if alt.powwow else []
    pay += _bundle(alt.pay)
    pay += [["any", alt.pay_any]] if alt.pay_any else []
    pay += [["different", alt.pay_different]] if alt.pay_different else []
    gain, per = _gain(alt)
    face: Face = {"pay": pay, "gain": gain}
    if per:
        face["per"] = per
    return face


def card_face(card: Card) -> Face:
    """A card's face: its alternatives as icons, its permanent power in words, whether it is once-only."""
    return {"alts": [alternative_face(a) for a in card.alternatives],
            "power": PERMANENT_SHORT[card.id]() if card.permanent else "", "once": card.once_only}
