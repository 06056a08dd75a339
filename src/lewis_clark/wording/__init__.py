"""The wording layer: every sentence a person reads, through one translation catalogue.

Words are keyed by the engine's typed verbs (``actions.Verb``) and decision kinds (``state.Decision``)
and go through ``catalogue.t``/``tn``, so that a second language is a data file
(``locale/<lang>/LC_MESSAGES/messages.po``). Choose the language with ``language(code)``.
"""

from __future__ import annotations

from lewis_clark.wording.cards import card_summary, card_text, place_room, place_summary, place_text
from lewis_clark.wording.catalogue import KNOWN, LANGUAGES, PSEUDO, current_language, language, t, tn, use_language
from lewis_clark.wording.decisions import decision_hint, prompt
from lewis_clark.wording.help import RULE_TOPICS, card_help, cards_found, commands_help, no_help, place_help, rule
from lewis_clark.wording.labels import discard_warning, futile_mark, futile_words, hint, label
from lewis_clark.wording.log import event_line, log_lines
from lewis_clark.wording.names import (
    boat_count,
    boat_face,
    bundle_words,
    card_title,
    kind_count,
    kind_name,
    place_title,
    place_token,
    player_name,
    seat_name,
    seat_names,
    source_name,
)
from lewis_clark.wording.page import page_words
from lewis_clark.wording.plans import choice_label, plan_label
from lewis_clark.wording.table import (
    boats_load,
    camp_effect,
    camp_preview,
    outcome,
    resources_line,
    resources_words,
    unfinished,
    village_room,
)

__all__ = [
    "KNOWN", "LANGUAGES", "PSEUDO", "RULE_TOPICS",
    "page_words", "boat_count", "boat_face", "boats_load", "bundle_words", "camp_effect",
    "camp_preview", "card_help", "cards_found", "card_summary", "card_text", "card_title", "choice_label",
    "commands_help", "current_language", "decision_hint", "event_line", "hint", "kind_count", "kind_name", "label",
    "language", "log_lines", "no_help", "outcome", "place_help", "plan_label", "place_room", "place_summary",
    "place_text", "place_title", "place_token", "player_name", "prompt", "resources_line", "resources_words", "rule",
    "seat_name", "seat_names", "source_name", "t", "tn", "unfinished", "use_language", "village_room",
    "discard_warning", "futile_mark", "futile_words",
]
