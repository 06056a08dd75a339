"""Saved states: ``to_json``/``from_json`` are lossless, and a corrupt state is refused with
CorruptState (a ValueError) naming what is wrong."""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from dataclasses import fields
from typing import Any

import pytest

from builders import do, game, hand, load
from lewis_clark import CorruptState, State, apply, legal_actions, new_game, view
from lewis_clark.invariants import load_state
from lewis_clark.route import Route
from lewis_clark.state import STATE_FORMAT


def _states() -> list[State]:
    """A spread of states: fresh games of every size and option, and positions inside actions."""
    out = [new_game(players=n, seed=n) for n in range(1, 6)]
    out.append(new_game(players=1, seed=4, mackenzie=7))
    out.append(new_game(players=3, seed=5, random_start=True, colours=("purple", "green", "orange")))
    out.append(new_game(players=2, seed=6, route=Route.parse("R R S R M MR R R R F R")))
    for players in (1, 3, 5):
        rnd = random.Random(players)
        s = new_game(players=players, seed=players)
        for _ in range(300):
            actions = legal_actions(s)
            if not actions:
                break
            s = apply(s, rnd.choice(actions))
            if s.stack and len(out) % 3 == 0 or rnd.random() < 0.03:
                out.append(s)
    out.append(view(out[-1], 0))
    return out


STATES = _states()


def _data(s: State) -> dict[str, Any]:
    """The state's JSON data as a fresh, independent structure (the way a file would give it back)."""
    loaded: dict[str, Any] = json.loads(s.to_text())
    return loaded


def test_the_spread_includes_pending_decisions() -> None:
    kinds = {f.kind for s in STATES for f in s.stack}
    assert {"perform", "take"} <= kinds
    assert any(s.hidden for s in STATES) and any(s.mackenzie >= 0 for s in STATES)


@pytest.mark.parametrize("s", STATES, ids=lambda s: s.hash())
def test_round_trip_is_lossless(s: State) -> None:
    text = s.to_text()
    back = load_state(text, view=s.hidden)
    assert back.to_text() == text
    assert back.hash() == s.hash()
    assert load_state(s.to_json(), view=s.hidden).to_text() == text
    assert legal_actions(back) == legal_actions(s)


def test_round_trip_keeps_every_field() -> None:
    """The JSON names every field of the state and of each expedition; nothing is dropped."""
    s = STATES[-2]
    data = s.to_json()
    # dataclasses.fields, not __slots__: a compiled (native) class has no __slots__
    assert set(data) - {"format"} == {f.name for f in fields(State)}
    assert set(data["players"][0]) == {f.name for f in fields(type(s.players[0]))}
    assert data["format"] == STATE_FORMAT


def test_the_field_table_is_the_declarations() -> None:
    """State._values() (==, pickling, to_json) lists the fields in the declared order: changing any one
    field alone changes that field's place in it and no other."""
    base = STATES[-2].copy()
    names = [f.name for f in fields(State)]
    assert base._values() == tuple(getattr(base, n) for n in names)
    for name in names:
        changed = base.copy()
        value = getattr(base, name)
        new: Any = (not value) if isinstance(value, bool) else value + 7 if isinstance(value, int) else None
        if new is None:
            continue
        setattr(changed, name, new)
        got = changed._values()
        assert [n for n, a, b in zip(names, got, base._values(), strict=True) if a != b] == [name]
        assert changed != base and changed.copy() == changed
    with pytest.raises(TypeError):
        hash(base)


def test_a_loaded_game_plays_on_like_the_original() -> None:
    s = STATES[-2]
    back = load_state(s.to_text())
    rnd_a, rnd_b = random.Random(9), random.Random(9)
    for _ in range(60):
        if not legal_actions(s):
            break
        s = apply(s, rnd_a.choice(legal_actions(s)))
        back = apply(back, rnd_b.choice(legal_actions(back)))
        assert back.to_text() == s.to_text()


def test_loaded_state_shares_nothing_with_the_data() -> None:
    data = _data(STATES[-2])
    s = load_state(data)
    s.players[0].hand.append(99)
    s.deck.clear()
    s.village[0] = 7
    assert data == _data(STATES[-2])


def test_to_json_shares_no_lists_with_the_state() -> None:
    """STYLE (state is plain data; never share lists): editing the JSON data must not edit the state."""
    s = new_game(players=2, seed=1)
    before = s.to_text()
    data = s.to_json()
    data["deck"].append(1)
    data["players"][0]["hand"].clear()
    data["players"][0]["resources"][0] = 5
    data["village"][0] = 3
    assert s.to_text() == before


def test_hash_is_stable_and_tells_states_apart() -> None:
    hashes = {s.hash() for s in STATES}
    assert len(hashes) == len({s.to_text() for s in STATES})
    s = new_game(players=2, seed=1)
    assert s.hash() == new_game(players=2, seed=1).hash() == s.copy().hash()
    assert len(s.hash()) == 16 and set(s.hash()) <= set("0123456789abcdef")
    assert s.hash() != new_game(players=2, seed=2).hash()


# --- corrupt states -------------------------------------------------------------------------------

@pytest.mark.parametrize(("text", "words"), [
    ("", "not valid JSON"), ("{players: 2}", "not valid JSON"), ("[1, 2]", "object"), ("null", "object"),
    ("42", "object"), ('{"format": 1}', "options"),
])
def test_text_that_is_not_a_state(text: str, words: str) -> None:
    with pytest.raises(CorruptState, match=words):
        load_state(text)


@pytest.mark.parametrize("fmt", [0, 2, "1", None])
def test_wrong_format_number(fmt: object) -> None:
    data = _data(STATES[0])
    data["format"] = fmt
    with pytest.raises(CorruptState, match="format"):
        load_state(data)


def test_missing_format_number() -> None:
    data = _data(STATES[0])
    del data["format"]
    with pytest.raises(CorruptState, match="format"):
        load_state(data)


_TOP = ["options", "players", "village", "powwow", "newcomer", "indian_stock", "tile_stacks", "journal", "deck",
        "discard", "rng", "current", "turn", "acted", "recruited", "camped", "must_camp", "moved", "boosts",
        "spendable", "stack", "mackenzie", "winner", "over", "hidden"]
_PLAYER = ["colour", "hand", "face_up", "face_down", "resources", "indians", "on_cards", "tiles", "scout", "camp"]


@pytest.mark.parametrize("name", _TOP)
def test_missing_field_is_named(name: str) -> None:
    data = _data(STATES[-2])
    del data[name]
    with pytest.raises(CorruptState, match=name):
        load_state(data)


@pytest.mark.parametrize("name", _PLAYER)
def test_missing_player_field_is_named(name: str) -> None:
    data = _data(STATES[-2])
    del data["players"][1][name]
    with pytest.raises(CorruptState, match=name):
        load_state(data)


def test_missing_frame_field_is_named() -> None:
    s = next(s for s in STATES if s.stack)
    data = _data(s)
    del data["stack"][0]["remaining"]
    with pytest.raises(CorruptState, match="remaining"):
        load_state(data)


def _set(path: str, value: object) -> Callable[[dict[str, Any]], None]:
    """An edit of one field, e.g. ``players.0.indians``."""
    def edit(data: dict[str, Any]) -> None:
        *parents, last = path.split(".")
        node: Any = data
        for key in parents:
            node = node[int(key)] if isinstance(node, list) else node[key]
        if isinstance(node, list):
            node[int(last)] = value
        else:
            node[last] = value
    return edit


# Each wrong type is refused with CorruptState whose message names the field (its last word).
@pytest.mark.parametrize("path, value", [
    ("players", "two"), ("players.0.hand", 5), ("players.0.hand", "abc"), ("players.0.indians", "1"),
    ("players.0.indians", 1.5), ("players.0.resources", [1.0, 1, 1, 0, 0, 0]), ("players.0.scout", None),
    ("players.0.tiles", {"small": 1}), ("players.0.colour", 3), ("village", None), ("village", "0"),
    ("deck.0", "a"), ("journal.0", [1]), ("rng", "abc"), ("current", "0"), ("turn", 1.0), ("over", "yes"),
    ("acted", 0), ("stack", {}), ("options", []), ("indian_stock", None), ("spendable", 7),
])
def test_wrong_type_is_refused_naming_the_field(path: str, value: object) -> None:
    data = _data(STATES[1])
    _set(path, value)(data)
    field = [part for part in path.split(".") if not part.isdigit()][-1]
    with pytest.raises(CorruptState) as info:
        load_state(data)
    assert field in str(info.value)


# Right types, wrong shapes or values: a state the engine could not play from.
@pytest.mark.parametrize("path, value", [
    ("players.0.resources", [1, 1, 1, 0, 0]), ("players.0.tiles", [0, 0, 0]), ("village", [0] * 7),
    ("spendable", [0] * 6), ("players.0.colour", "pink"), ("deck.0", 99), ("journal.0", -1),
    ("stack", [{"kind": "fly", "card": 0, "place": -1, "remaining": 0, "options": [], "after": ""}]),
    ("stack", [{"kind": "take", "card": 0, "place": -1, "remaining": 0, "options": [[1, 0]], "after": ""}]),
    ("stack", [{"kind": "take", "card": 0, "place": -1, "remaining": 0, "options": [], "after": "later"}]),
    ("players.1.colour", "orange"), ("rng", -1), ("rng", 1 << 64),
])
def test_wrong_shape_is_refused(path: str, value: object) -> None:
    data = _data(STATES[1])
    _set(path, value)(data)
    with pytest.raises(CorruptState):
        load_state(data)


def test_players_must_match_the_options() -> None:
    data = _data(STATES[2])
    data["players"].pop()
    with pytest.raises(CorruptState, match="players"):
        load_state(data)


def test_an_extra_indian_is_refused() -> None:
    data = _data(STATES[2])
    data["indian_stock"] += 1
    with pytest.raises(CorruptState, match="Indians in play"):
        load_state(data)


def test_a_missing_indian_is_refused() -> None:
    data = _data(STATES[2])
    data["players"][0]["indians"] -= 1
    with pytest.raises(CorruptState, match="Indians in play"):
        load_state(data)


def test_a_duplicated_card_is_refused() -> None:
    data = _data(STATES[2])
    data["discard"].append(data["players"][1]["hand"][0])
    with pytest.raises(CorruptState, match="two places"):
        load_state(data)


def test_a_lost_card_is_refused() -> None:
    data = _data(STATES[2])
    lost = data["deck"].pop()
    with pytest.raises(CorruptState, match=f"missing: \\[{lost}\\]"):
        load_state(data)


def test_another_colours_card_is_refused() -> None:
    """Only the crews of the colours in play belong in a 2-player game (ids 67-72 are yellow's)."""
    data = _data(STATES[1])
    data["deck"].append(67)
    with pytest.raises(CorruptState, match="belong"):
        load_state(data)


def test_negative_resources_are_refused() -> None:
    data = _data(STATES[2])
    data["players"][1]["resources"][3] = -1
    with pytest.raises(CorruptState, match="negative"):
        load_state(data)


def test_overfull_boats_are_refused() -> None:
    """R7: outside an overflow decision the boats never hold more than their capacity (11 at first)."""
    data = _data(STATES[2])
    data["players"][0]["resources"] = [3, 3, 3, 3, 0, 0]
    with pytest.raises(CorruptState, match="more resources than the boats carry"):
        load_state(data)


def test_overfull_boats_are_fine_during_an_overflow_decision() -> None:
    s = game(2)
    hand(s, 0, "york", "seaman")
    load(s, 0, wood=11)
    s = do(s, "village hunting 1", "perform", "take 1 fur + 1 food")
    assert s.stack[-1].kind == "overflow"
    assert load_state(s.to_text()).to_text() == s.to_text()


def test_scouts_sharing_a_space_are_refused() -> None:
    """R18: only index 0 and St Louis hold several Scouts."""
    data = _data(STATES[2])
    data["players"][0]["scout"] = data["players"][1]["scout"] = 9
    data["players"][0]["camp"] = data["players"][1]["camp"] = 9
    with pytest.raises(CorruptState, match="share"):
        load_state(data)


def test_lost_boat_tile_is_refused() -> None:
    data = _data(STATES[2])
    data["tile_stacks"][0] -= 1
    with pytest.raises(CorruptState, match="tiles"):
        load_state(data)


def test_the_message_lists_the_problem_and_is_a_value_error() -> None:
    data = _data(STATES[2])
    data["indian_stock"] += 1
    data["players"][0]["resources"][0] = -2
    with pytest.raises(ValueError) as info:
        load_state(data)
    assert isinstance(info.value, CorruptState)
    assert "Indians" in str(info.value) and "negative" in str(info.value)
