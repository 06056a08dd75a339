"""Game records: options, seed and the actions in text form; replaying one gives the identical state.

    {"format": "lewis-clark-record", "version": 1, "options": {...}, "seed": 7,
     "actions": ["play york", "under hugh-mcneal", ...], "final_hash": "3f1c..."}

``final_hash`` and ``bots`` (each seat: "human" or a bot spec) are optional; when the hash is present, a replay
that ends elsewhere is reported as tampered. Seeds are stored exactly, however big (JSON integers). The
options name the deck's generator (``"generator": "blake2b"``; a record without it was made before
the keyed generator and replays on the old ``splitmix64``) and say whether someone chose the seed (``"chosen_seed"``).
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from lewis_clark.actions import Action, ActionError
from lewis_clark.rules import apply
from lewis_clark.setup import new_game
from lewis_clark.state import CorruptState, Options, State

RECORD_FORMAT = "lewis-clark-record"
RECORD_VERSION = 1


def steps(options: Options, actions: Sequence[str | Action], *, start: State | None = None,
          offset: int = 0) -> Iterator[tuple[int, State, Action, State]]:
    """The one replay loop: ``(index, before, action, after)`` for each action in turn, from a new game
    (or from ``start``, the state after ``offset`` actions). Every ``after`` is a new state and no state
    is changed afterwards. Raises CorruptState naming the first action that does not apply."""
    state = new_game(options) if start is None else start
    for i, text in enumerate(actions, offset):
        try:
            action = Action.parse(text) if isinstance(text, str) else text
            after = apply(state, action)
        except ActionError as exc:
            raise CorruptState(f"record action {i + 1} ({str(text)!r}) does not apply: {exc}") from exc
        yield i, state, action, after
        state = after


MAX_RECORD_BYTES = 16 * 2**20  # a record of the longest game is a few tens of KiB


@dataclass
class Record:
    """Everything needed to replay a game."""

    options: Options
    actions: list[str] = field(default_factory=list)
    final_hash: str = ""
    bots: list[str] = field(default_factory=list)  # optional: each seat's spec, "human" or a bot (match.seat_spec)

    def replay(self, upto: int | None = None) -> State:
        """The state after the first ``upto`` actions (all by default); raises CorruptState naming
        the first action that does not apply."""
        state = new_game(self.options)
        for _, _, _, after in steps(self.options, self.actions[:upto], start=state):
            state = after
        if upto is None and self.final_hash and state.hash() != self.final_hash:
            raise CorruptState(f"record is tampered: replay ends in state {state.hash()}, "
                               f"the record says {self.final_hash}")
        return state

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"format": RECORD_FORMAT, "version": RECORD_VERSION,
                                "options": self.options.to_json(), "seed": self.options.seed,
                                "actions": list(self.actions)}
        if self.final_hash:
            data["final_hash"] = self.final_hash
        if self.bots:
            data["bots"] = list(self.bots)
        return data

    @classmethod
    def from_json(cls, data: Any) -> Record:
        if not isinstance(data, dict) or data.get("format") != RECORD_FORMAT:
            raise CorruptState(f"not a game record (expected \"format\": \"{RECORD_FORMAT}\")")
        if data.get("version") != RECORD_VERSION:
            raise CorruptState(f"unsupported record version {data.get('version')!r} (expected {RECORD_VERSION})")
        actions = data.get("actions")
        if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
            raise CorruptState("record: \"actions\" must be a list of action texts")
        try:
            options = Options.from_json(data.get("options", {}))
        except (ValueError, TypeError) as exc:
            raise CorruptState(f"record: bad options: {exc}") from exc
        if "seed" in data:
            if type(data["seed"]) is not int:
                raise CorruptState("record: seed must be an integer")
            if data["seed"] != options.seed:
                try:
                    options = replace(options, seed=data["seed"])
                except ValueError as exc:
                    raise CorruptState(f"record: bad seed: {exc}") from exc
        final_hash = data.get("final_hash", "")
        if not isinstance(final_hash, str):
            raise CorruptState("record: final_hash must be text")
        bots = data.get("bots", [])
        if not isinstance(bots, list) or not all(isinstance(b, str) for b in bots):
            raise CorruptState("record: \"bots\" must be a list of names")
        if bots and len(bots) != options.players:
            raise CorruptState(f"record: \"bots\" names {len(bots)} seat(s) for a {options.players}-player game")
        return cls(options, list(actions), final_hash, list(bots))

    def save(self, path: str | Path) -> None:
        Path(path).write_text(json.dumps(self.to_json(), indent=1) + "\n", encoding="utf-8")


def load_record(source: str | Path | Any) -> Record:
    """A game record from a file (its path, text or Path) or from its parsed JSON, checked: raises CorruptState naming
    what is wrong (unreadable file, not JSON, not a record, bad options, seed or seats). Whether its
    actions apply, and end on ``final_hash``, is checked as it replays (``Record.replay``)."""
    if not isinstance(source, str | Path):
        return Record.from_json(source)
    path = source
    try:
        with Path(path).open("rb") as f:  # bounded: /dev/zero or a huge file is refused, not read for ever
            raw = f.read(MAX_RECORD_BYTES + 1)
        if len(raw) > MAX_RECORD_BYTES:
            raise CorruptState(f"record {path} is over {MAX_RECORD_BYTES // 2**20} MiB: not a game record")
        text = raw.decode("utf-8")
    except OSError as exc:
        raise CorruptState(f"cannot read record {path}: {exc.strerror}") from exc
    except UnicodeDecodeError as exc:
        raise CorruptState(f"record {path} is not UTF-8 text (byte {exc.start})") from exc
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise CorruptState(f"record {path} is not valid JSON: {exc}") from exc
    except RecursionError as exc:
        raise CorruptState(f"record {path} is not a game record: JSON nested too deeply") from exc
    try:
        return Record.from_json(data)
    except CorruptState as exc:
        raise CorruptState(f"{path}: {exc}") from exc
