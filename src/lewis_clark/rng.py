"""The game's own random generator: every shuffle, the first player and random starting resources.

Two generators, named in ``Options.generator``:

- ``"blake2b"`` (every new game): BLAKE2b-512, keyed with a 256-bit key derived from the secret
  seed, over a counter: draw ``n`` is the ``n % 8``-th 64-bit word of the hash of block ``n // 8``.
  A search showed why: with 31-bit server seeds and the shuffle in the open, a search of all 2^31
  seeds against the opening Journal and one Farewell (18 s on one core) left a single seed and
  foretold every later draw. A keyed hash cannot be run backwards from the cards it dealt, and with
  seeds of 128 bits or more drawn from the OS (the server, ``play``) there is nothing to search. The
  state holds the key and the counter; ``view`` withholds both, and the seed.
- ``"splitmix64"``: the original generator, whose whole state is one 64-bit number that the cards
  seen soon give away. Kept only so that records and saved states made before the keyed one replay exactly;
  their JSON has no ``"generator"`` field, which means this one.

Both live in the state as a position (``State.rng``: SplitMix64's state, or the counter) and a key
(``State.rng_key``: the BLAKE2b key, or ``b""`` for SplitMix64), so copying a state copies two
references and the functions below take the key to know which generator runs.
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import lru_cache
from hashlib import blake2b
from typing import Any, Final

MASK: Final = (1 << 64) - 1
KEYED = "blake2b"
SPLITMIX64 = "splitmix64"
GENERATORS = (KEYED, SPLITMIX64)
KEY_BYTES = 32
SEED_LIMIT = 1 << 256  # a keyed game's seed is below this (and at least 0)
_PERSON = b"lewis-clark-deck"  # BLAKE2b personalisation: this key is for decks and nothing else


def key_for(seed: int) -> bytes:
    """The BLAKE2b key of a game seed (a non-negative integer, written in decimal and hashed)."""
    return blake2b(str(seed).encode(), digest_size=KEY_BYTES, person=_PERSON).digest()


def start(generator: str, seed: int) -> tuple[int, bytes]:
    """The position and key a new game's generator starts from."""
    if generator == KEYED:
        return 0, key_for(seed)
    if generator == SPLITMIX64:
        return seed & MASK, b""
    raise ValueError(f"unknown generator {generator!r} (choose from {', '.join(GENERATORS)})")


@lru_cache(maxsize=64)
def _keyed(key: bytes) -> Any:
    """BLAKE2b already keyed (keying hashes a whole block): each draw copies it, a third of the work."""
    return blake2b(digest_size=64, key=key)


def _block(counter: int, key: bytes) -> bytes:
    """64 bytes, eight draws: BLAKE2b-512 under the key of the 8-byte little-endian block number."""
    h = _keyed(key).copy()
    h.update((counter >> 3).to_bytes(8, "little"))
    digest: bytes = h.digest()
    return digest


def next_u64(position: int, key: bytes = b"") -> tuple[int, int]:
    """Advance the generator: returns (new position, 64 random bits). With a key, draw ``n`` is the
    8-byte word ``n % 8`` of block ``n // 8``; without one, SplitMix64."""
    if key:
        word = (position & 7) * 8
        return (position + 1) & MASK, int.from_bytes(_block(position, key)[word:word + 8], "little")
    position = (position + 0x9E3779B97F4A7C15) & MASK
    z = position
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
    return position, z ^ (z >> 31)


def _draws(position: int, key: bytes) -> Iterator[tuple[int, int]]:
    """(position after, 64 bits) for each draw from ``position`` on: the same values as ``next_u64``,
    hashing each block once."""
    if not key:
        while True:
            position, x = next_u64(position)
            yield position, x
    while True:
        block, first = _block(position, key), position & 7
        for word in range(first, 8):
            position += 1
            yield position & MASK, int.from_bytes(block[word * 8:word * 8 + 8], "little")


def _below(draws: Iterator[tuple[int, int]], n: int) -> tuple[int, int]:
    limit = (1 << 64) - ((1 << 64) % n)
    for position, x in draws:
        if x < limit:
            return position, x % n
    raise AssertionError("the draws never end")


def below(position: int, n: int, key: bytes = b"") -> tuple[int, int]:
    """A uniform integer in [0, n) by rejection (no modulo bias); returns (new position, the integer)."""
    return _below(_draws(position, key), n)


def shuffle(position: int, items: list[int], key: bytes = b"") -> int:
    """Fisher-Yates shuffle of ``items`` in place; returns the new position."""
    draws = _draws(position, key)
    for i in range(len(items) - 1, 0, -1):
        position, j = _below(draws, i + 1)
        items[i], items[j] = items[j], items[i]
    return position


def seed_state(seed: int) -> int:
    """SplitMix64's state for a game seed (any integer): the old generator's start."""
    return seed & MASK
