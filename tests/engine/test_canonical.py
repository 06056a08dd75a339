"""Canonical JSON text (canonical.py): orjson, where installed, writes and reads exactly what the standard
library does, so that state hashes never depend on which encoder ran."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from lewis_clark import apply, canonical, legal_actions, new_game
from lewis_clark.invariants import load_state
from lewis_clark.rules import apply_in_place
from lewis_clark.state import State

# Text with what the encoders treat differently: control characters, DEL, non-ASCII, lone surrogates.
TEXT = st.text(st.characters(codec=None, min_codepoint=0, max_codepoint=0x10FFFF), max_size=12) | st.sampled_from(
    ["\x7f", "é", "vörös", "\u2028", "\ud800", "\x00", "\\", '"', "/", "R", "MR"])
# Integers across orjson's edges: 64-bit signed and unsigned limits, and a keyed game's 256-bit seeds.
INTEGERS = st.integers(-(2**70), 2**70) | st.integers(0, 2**256 - 1) | st.sampled_from(
    [2**63 - 1, 2**63, 2**64 - 1, 2**64, -(2**63), -(2**63) - 1, 10**18, 10**19, 0])
VALUES = st.recursive(st.none() | st.booleans() | INTEGERS | TEXT,
                      lambda inner: st.lists(inner, max_size=5) | st.dictionaries(TEXT, inner, max_size=5),
                      max_leaves=30)


@settings(max_examples=400, deadline=None)
@given(VALUES)
def test_both_encoders_write_the_same_text(value: Any) -> None:
    assert canonical.dumps(value) == canonical.standard_dumps(value)


@settings(max_examples=400, deadline=None)
@given(VALUES)
def test_reading_gives_the_standard_librarys_value_type_for_type(value: Any) -> None:
    text = canonical.standard_dumps(value)
    # Written back by the standard library: an integer read as a float would change the text.
    assert canonical.standard_dumps(canonical.loads(text)) == text


JSONISH = st.text(st.sampled_from(list('{}[]:," 0123456789-+.eEtrufalsnNaIiy\\u\x7fé')), max_size=40)


@settings(max_examples=400, deadline=None)
@given(JSONISH)
def test_reading_any_text_answers_or_fails_as_the_standard_library(text: str) -> None:
    try:
        expected: Any = ("value", json.loads(text))
    except (ValueError, RecursionError) as exc:
        expected = ("error", type(exc), str(exc))
    try:
        got: Any = ("value", canonical.loads(text))
    except (ValueError, RecursionError) as exc:
        got = ("error", type(exc), str(exc))
    assert repr(got) == repr(expected)  # repr: nan != nan, and 1 == 1.0 == True would hide a type


def _played(players: int, seed: int, steps: int) -> list[State]:
    rnd = random.Random(seed)
    s = new_game(players=players, seed=seed)
    out = [s.copy()]
    for _ in range(steps):
        actions = legal_actions(s)
        if not actions:
            break
        apply_in_place(s, rnd.choice(actions))
        out.append(s.copy())
    return out


@settings(max_examples=25, deadline=None)
@given(st.integers(1, 5), st.integers(0, 2**256 - 1))
def test_states_of_play_have_the_standard_text_and_load_back(players: int, seed: int) -> None:
    for s in _played(players, seed, 60)[::10]:
        text = s.to_text()
        assert text == canonical.standard_dumps(s.to_json())
        back = load_state(text)
        assert back.to_text() == text and back.options.seed == seed


def test_a_seed_beyond_64_bits_survives_the_round_trip() -> None:
    # orjson reads such an integer as a float: the loader must hand that text to the standard library.
    s = new_game(players=2, seed=2**256 - 1)
    assert load_state(s.to_text()).options.seed == 2**256 - 1
    assert load_state(s.to_text()).hash() == s.hash()


def test_a_non_ascii_colour_is_written_as_the_standard_library_writes_it() -> None:
    # No saved game has one (colours are checked on load), but the text of any state is canonical.
    s = new_game(players=2, seed=1)
    s.players[0].colour = "vörös\x7f"
    assert s.to_text() == canonical.standard_dumps(s.to_json())
    assert "\\u00f6" in s.to_text() and "\\u007f" in s.to_text()


def test_without_orjson_the_standard_library_gives_the_same_text_and_hashes() -> None:
    # orjson is optional: a process that cannot import it writes, reads and hashes the same states.
    script = ("import sys; sys.modules['orjson'] = None\n"
              "from lewis_clark import canonical, new_game, legal_actions, apply, load_state\n"
              "import random\n"
              "s, rnd = new_game(players=4, seed=9), random.Random(9)\n"
              "for _ in range(80): s = apply(s, rnd.choice(legal_actions(s)))\n"
              "assert load_state(s.to_text()).to_text() == s.to_text()\n"
              "print(canonical.FAST, s.hash())\n")
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True)
    s, rnd = new_game(players=4, seed=9), random.Random(9)
    for _ in range(80):
        s = apply(s, rnd.choice(legal_actions(s)))
    assert done.stdout.split() == ["False", s.hash()]
