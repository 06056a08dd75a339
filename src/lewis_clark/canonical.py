"""Canonical JSON text: sorted keys, no spaces, ASCII only, the same bytes from every encoder.

States and records are hashed by this text (``State.hash``), so it must never change. The standard
library's ``json`` defines it; ``orjson``, where installed, writes and reads the same text about five
times faster (the JSON round trip's speed target) and is used only where its answer is provably the
standard library's:

- writing: orjson's bytes are kept when they are printable ASCII. Otherwise the standard library
  writes: orjson writes non-ASCII as UTF-8 and DEL raw where ``ensure_ascii`` writes ``\\u`` escapes,
  and it refuses integers beyond 64 bits (a keyed game's seed may have 256).
- reading: orjson reads text with no run of 19 or more digits. It turns an integer beyond 64 bits into
  a float where the standard library keeps it exact, so such text, and anything orjson refuses (NaN,
  lone surrogates, deep nesting), goes to the standard library, whose answer or error stands.

The domain is the JSON the game writes: objects with text keys, lists, text, integers, true, false and
null. Floats never occur in it (both encoders would write ``1e16`` differently).
"""

from __future__ import annotations

import json
from typing import Any

__all__ = ["FAST", "dumps", "loads", "standard_dumps"]


def _orjson() -> Any:
    try:
        import orjson
    except ImportError:  # optional: the standard library gives the same text, slower
        return None
    return orjson


_ORJSON = _orjson()
FAST = _ORJSON is not None  # orjson is installed and used
_SORT_KEYS: int = _ORJSON.OPT_SORT_KEYS if FAST else 0
# Digits turned to 0, so that one substring search finds a run of 19: the first length orjson may not
# read as an integer (a regular expression takes longer than orjson's whole parse).
_ZEROS = bytes.maketrans(b"123456789", b"000000000")
_LONG_NUMBER = b"0" * 19


def dumps(data: Any) -> str:
    """The canonical text of ``data``."""
    if FAST:
        try:
            raw: bytes = _ORJSON.dumps(data, option=_SORT_KEYS)
        except TypeError:  # orjson.JSONEncodeError: an integer beyond 64 bits
            pass
        else:
            # Printable ASCII is the standard library's text: orjson escapes control characters as
            # it does, and leaves only DEL and non-ASCII unescaped.
            if raw.isascii() and b"\x7f" not in raw:
                return raw.decode("ascii")
    return standard_dumps(data)


def standard_dumps(data: Any) -> str:
    """The canonical text as the standard library writes it: the definition ``dumps`` keeps to."""
    return json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=True)


def loads(text: str) -> Any:
    """``json.loads(text)``: the same value, or the same error (a ``json.JSONDecodeError``)."""
    if FAST:
        try:
            raw = text.encode()
        except UnicodeEncodeError:  # a lone surrogate: the standard library reads it
            return json.loads(text)
        if _LONG_NUMBER not in raw.translate(_ZEROS):
            try:
                return _ORJSON.loads(raw)
            except ValueError:  # orjson.JSONDecodeError: the standard library says what is wrong, or reads it
                pass
    return json.loads(text)
