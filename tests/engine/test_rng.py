"""The deck's keyed generator: a keyed hash nobody can run backwards from the cards they see, the
old SplitMix64 kept so that records and states saved before it replay exactly, and views that carry
nothing of the secret."""

from __future__ import annotations

import json
import secrets
from dataclasses import replace
from hashlib import blake2b
from pathlib import Path
from typing import Any

import pytest

from lewis_clark import Options, legal_actions, new_game, rng, view
from lewis_clark.actions import Action
from lewis_clark.cards import ENCOUNTERED_IDS
from lewis_clark.invariants import load_state
from lewis_clark.record import Record, load_record
from lewis_clark.rules import apply
from lewis_clark.state import CorruptState, State

OLD_RECORDS = Path(__file__).resolve().parents[1] / "old-records"


# --- the generators ------------------------------------------------------------------------------

def test_keyed_outputs_are_pinned_for_a_fixed_key() -> None:
    key = rng.key_for(1)
    assert key.hex() == "1ef2d843575b1a5dbc248cb56a73823cb06badbeb34e77f3e2cba0c795d49d2c"
    assert key == blake2b(b"1", digest_size=32, person=b"lewis-clark-deck").digest()  # the documented derivation
    position, out = 0, []
    for _ in range(10):
        position, x = rng.next_u64(position, key)
        out.append(x)
    assert out[:3] == [0x48AE21ABA48D1F40, 0x585645F4E8ED46E8, 0x39866407AB01E85B] and position == 10
    # Draw n is word n % 8 (little-endian) of BLAKE2b-512 of the 8-byte little-endian block n // 8, under the key.
    block = blake2b((1).to_bytes(8, "little"), digest_size=64, key=key).digest()
    assert out[9] == int.from_bytes(block[8:16], "little") == 0xF41A2E2156FD7FFC
    deck = list(range(1, 11))
    assert rng.shuffle(0, deck, key) == 9 and deck == [3, 6, 5, 2, 10, 7, 9, 4, 8, 1]


@pytest.mark.parametrize("key", [b"", rng.key_for(5)])
def test_a_shuffle_draws_what_single_draws_give(key: bytes) -> None:
    """``shuffle`` hashes each block once; it must deal what draw-by-draw ``below`` deals, from any position."""
    for start in (0, 3, 7, 8, 1 << 40):
        bulk, single = list(range(60)), list(range(60))
        end = rng.shuffle(start, bulk, key)
        position = start
        for i in range(59, 0, -1):
            position, j = rng.below(position, i + 1, key)
            single[i], single[j] = single[j], single[i]
        assert bulk == single and end == position


def _shuffled(seed: int) -> list[int]:
    deck = list(ENCOUNTERED_IDS)
    position, key = rng.start(rng.KEYED, seed)
    rng.shuffle(position, deck, key)
    return deck


@pytest.mark.parametrize("base", [0, 7, 0x9E3779B97F4A7C15F39CC0605CEDC834])
def test_seeds_one_bit_apart_deal_unrelated_decks(base: int) -> None:
    """Flip any one bit, low or high: the deck shares about one position with the first (as two
    unrelated orders of 50-odd cards do), never the near-copies a weak mix would give."""
    deck = _shuffled(base)
    for bit in (0, 1, 31, 63, 64, 100, 127):
        other = _shuffled(base ^ (1 << bit))
        assert sorted(other) == sorted(deck) and other != deck
        assert sum(a == b for a, b in zip(deck, other, strict=True)) < 8, bit
    assert new_game(players=2, seed=base).journal != new_game(players=2, seed=base ^ 1).journal


def test_big_seeds_are_kept_exactly_and_bounded() -> None:
    seed = (1 << 255) + 12345
    state = new_game(players=3, seed=seed)
    assert load_state(json.loads(state.to_text())).options.seed == seed
    record = Record(state.options)
    assert load_record(json.loads(json.dumps(record.to_json()))).options.seed == seed
    for bad in (-1, 1 << 256):
        with pytest.raises(ValueError, match="seed"):
            Options(seed=bad)
    with pytest.raises(ValueError, match="seed must be a whole number"):
        Options.from_json({"seed": 1.5, "generator": "blake2b"})
    assert Options(seed=-1, generator=rng.SPLITMIX64).seed == -1  # as old records may hold


# --- the state and its JSON ----------------------------------------------------------------------

def _advanced(seed: int, steps: int = 40) -> State:
    state = new_game(players=3, seed=seed)
    for i in range(steps):
        state = apply(state, legal_actions(state)[i % len(legal_actions(state))])
    return state


def test_state_holds_key_and_counter_and_round_trips_them() -> None:
    state = new_game(players=2, seed=99)
    assert state.rng_key == rng.key_for(99) and 0 < state.rng < 200
    data = state.to_json()
    assert data["rng_key"] == rng.key_for(99).hex() and data["rng"] == state.rng
    back = load_state(data)
    assert back.rng_key == state.rng_key and back.to_text() == state.to_text()
    copy = state.copy()
    assert copy.rng_key is state.rng_key and copy.rng == state.rng  # an immutable key: shared, not copied


@pytest.mark.parametrize(("change", "words"), [
    (lambda d: d.pop("rng_key"), "rng_key must be 64 hex digits"),
    (lambda d: d.update(rng_key="zz" * 32), "hex digits"),
    (lambda d: d.update(rng_key="00" * 16), "64 hex digits"),
    (lambda d: d.update(rng_key=rng.key_for(100).hex()), "not the key of the seed"),
    (lambda d: d.update(rng_key=7), "hex digits"),
    (lambda d: d.update(rng=-1), "rng must be"),
])
def test_a_bad_key_or_counter_is_refused(change: Any, words: str) -> None:
    data = new_game(players=2, seed=99).to_json()
    change(data)
    with pytest.raises(CorruptState, match=words):
        load_state(data)


def test_a_splitmix64_state_has_no_key() -> None:
    data = new_game(Options(players=2, seed=3, generator=rng.SPLITMIX64)).to_json()
    assert "rng_key" not in data and "generator" not in data["options"]
    data["rng_key"] = rng.key_for(3).hex()
    with pytest.raises(CorruptState, match="no key"):
        load_state(data)


# --- what a player sees --------------------------------------------------------------------------

def _values(data: Any) -> list[Any]:
    if isinstance(data, dict):
        return [v for value in data.values() for v in _values(value)]
    if isinstance(data, list):
        return [v for value in data for v in _values(value)]
    return [data]


@pytest.mark.parametrize("generator", [rng.KEYED, rng.SPLITMIX64])
def test_view_hides_seed_key_and_counter(generator: str) -> None:
    seed = secrets.randbits(128)
    state = new_game(Options(players=3, seed=seed, generator=generator))
    for seat in range(3):
        seen = view(state, seat)
        assert seen.options.seed == 0 and seen.rng == 0 and seen.rng_key == bytes(len(state.rng_key))
        text = seen.to_text()
        assert str(seed) not in text and str(state.rng) not in _values(json.loads(text))
        if state.rng_key:
            assert state.rng_key.hex() not in text
        assert load_state(seen.to_json(), view=True).to_text() == text  # a view still loads, as a view


def test_view_carries_nothing_derived_from_the_secret() -> None:
    """Two games on the same table with different secrets (seed, key, counter) look the same to every
    seat, byte for byte: nothing in a view is a function of the key, so nothing in it can give it back."""
    state = _advanced(5)
    other = state.copy()
    seed = secrets.randbits(128)
    other.options = replace(state.options, seed=seed)
    other.rng_key, other.rng = rng.key_for(seed), state.rng + 12345
    assert other.to_text() != state.to_text()
    for seat in range(3):
        assert view(other, seat).to_text() == view(state, seat).to_text()


def test_a_loaded_view_must_withhold_the_secret() -> None:
    data = view(new_game(players=2, seed=8), 0).to_json()
    data["rng_key"] = rng.key_for(8).hex()
    with pytest.raises(CorruptState, match="withholds"):
        load_state(data, view=True)


def test_chosen_seed_is_public() -> None:
    state = new_game(Options(players=2, seed=5, chosen_seed=True))
    assert view(state, 1).options.chosen_seed
    assert Options.from_json(state.options.to_json()).chosen_seed
    assert "chosen_seed" not in Options(seed=5).to_json()
    with pytest.raises(ValueError, match="chosen_seed"):
        Options.from_json({"chosen_seed": "yes"})


# --- old records and saved states ----------------------------------------------------------------

@pytest.mark.parametrize("path", sorted(OLD_RECORDS.glob("*.json")), ids=lambda p: p.stem)
def test_old_records_and_states_replay_exactly(path: Path) -> None:
    """Made before the keyed generator (the seven strong solo lines of /work/shared/data/strong-solo, a 3-player
    random-start game, a state saved before a reshuffle): their hashes, written then, still come out."""
    data = json.loads(path.read_text(encoding="utf-8"))
    if data.get("format") == "lewis-clark-record":
        assert "generator" not in data["options"]
        record = load_record(data)
        assert record.options.generator == rng.SPLITMIX64 and record.final_hash
        assert record.replay().hash() == record.final_hash  # replay() also raises on a changed hash
        return
    saved = load_state(data["state"])
    assert saved.options.generator == rng.SPLITMIX64 and saved.rng_key == b""
    assert saved.to_json() == data["state"]
    state = saved
    for text in data["actions"]:
        after = apply(state, Action.parse(text))
        state = after
    assert state.hash() == data["final_hash"]
    assert saved.rng != state.rng  # the game reshuffled after it was saved: the generator carried on
