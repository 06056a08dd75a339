"""The loader refuses every state play could not produce (consistency.py), naming the field; and
whatever it accepts, however mutated, can be played on."""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from functools import cache
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_state_json import _set as set_field

from lewis_clark import CorruptState, State, apply_in_place, legal_actions, new_game, view
from lewis_clark.actions import ActionError
from lewis_clark.cards import BY_SLUG, CARDS
from lewis_clark.invariants import load_state, problems
from lewis_clark.route import Route

Data = dict[str, Any]


def _play(s: State, seed: int, until: Callable[[State], bool], most: int = 5000) -> State:
    """Random play from ``s`` until ``until`` holds (the test fails if it never does)."""
    rnd = random.Random(seed)
    for _ in range(most):
        if until(s):
            return s
        apply_in_place(s, rnd.choice(legal_actions(s)))
    raise AssertionError("the position sought never came up")


def _data(s: State) -> Data:
    loaded: Data = json.loads(s.to_text())
    return loaded


def _refused(data: Data, field: str) -> str:
    """Load ``data``, which must be refused with a message naming ``field``; the message."""
    with pytest.raises(CorruptState) as info:
        load_state(data)
    message = str(info.value)
    assert field in message, message
    return message


# The positions the tests start from, each played once on first use (never at import) and then shared:
# the tests read them, or change a copy (``_data``, ``view``), never the position itself.

@cache
def mid() -> State:
    """A two-player game at turn 12, between actions."""
    return _play(new_game(players=2, seed=3), 3, lambda s: s.turn >= 12 and not s.stack)


@cache
def solo_lost() -> State:
    """A solo game Mackenzie won."""
    return _play(new_game(players=1, seed=5, mackenzie=7), 5, lambda s: s.over)


@cache
def take() -> State:
    """A three-player game inside a take decision."""
    return _play(new_game(players=3, seed=4), 4, lambda s: bool(s.stack) and s.stack[-1].kind == "take")


@cache
def recruit() -> State:
    """A two-player game inside a recruitment of the slot-1 card."""
    s = new_game(players=2, seed=8)
    s.players[s.current].resources[1] = s.players[s.current].resources[3] = 5
    apply_in_place(s, f"recruit {CARDS[s.journal[0]].slug}")
    return s


def test_importing_this_module_plays_no_game(monkeypatch: pytest.MonkeyPatch) -> None:
    """Collecting the tests is quick; the positions above are played when a test asks."""
    import importlib.util

    import lewis_clark

    def refuse(*args: object, **kwargs: object) -> State:
        raise AssertionError("a game was started at import time")

    monkeypatch.setattr(lewis_clark, "new_game", refuse)
    spec = importlib.util.spec_from_file_location("state_consistency_again", __file__)
    assert spec is not None and spec.loader is not None
    spec.loader.exec_module(importlib.util.module_from_spec(spec))


def test_the_sources_load_as_they_are() -> None:
    assert solo_lost().over and solo_lost().winner == -1
    for s in (mid(), solo_lost(), take(), recruit()):
        assert load_state(s.to_text()).to_text() == s.to_text()


# --- impossible states the loader refuses, one test each -------------------------------------------------

def test_a_game_over_with_no_winner() -> None:
    data = _data(mid())
    data["over"] = True
    _refused(data, "winner: none in a game that is over")


def test_a_winner_whose_camp_is_at_st_louis() -> None:
    data = _data(mid())
    seat = data["current"]
    data["over"], data["winner"] = True, seat
    data["players"][seat]["camp"] = data["options"]["route"]["st_louis"]
    _refused(data, f"players.{seat}.camp")


def test_a_camp_at_the_fort_in_a_game_not_over() -> None:
    data = _data(mid())
    data["players"][1]["camp"] = data["players"][1]["scout"] = 44
    _refused(data, "players.1.camp: at Fort Clatsop")


@pytest.mark.parametrize("space", [-1, 999, 11])
def test_mackenzie_off_his_track_in_solo(space: int) -> None:
    """Level 7 starts him on 12 (St Louis 5 + 7): -1, 999 and 11 (behind his start) are impossible."""
    data = _data(new_game(players=1, seed=2, mackenzie=7))
    data["mackenzie"] = space
    _refused(data, "mackenzie")


def test_mackenzie_in_a_two_player_game() -> None:
    data = _data(mid())
    data["mackenzie"] = 8
    _refused(data, "mackenzie: 8 in a 2-player game")


def test_a_take_decision_with_no_options() -> None:
    data = _data(take())
    top = len(data["stack"]) - 1
    data["stack"][top]["options"] = []
    _refused(data, f"stack.{top}.options")


def test_a_recruit_frame_pointing_at_a_card_not_in_the_journal() -> None:
    data = _data(recruit())
    data["stack"][0]["card"] = data["deck"][0]
    _refused(data, "stack.0.card")


def test_a_small_tile_from_the_large_stack() -> None:
    """The totals are right (12 tiles), but a small face came out of the large stack."""
    data = _data(mid())
    data["tile_stacks"] = [6, 5]
    data["players"][0]["tiles"][0] += 1
    _refused(data, "tile_stacks.0")


@pytest.mark.parametrize(("path", "value", "field"), [
    ("turn", 0, "turn"), ("boosts", -1, "boosts"), ("boosts", 4, "boosts"), ("spendable.2", -1, "spendable"),
    ("tile_stacks.1", -1, "tile_stacks"), ("tile_stacks.0", 7, "tile_stacks"), ("winner", -2, "winner"),
    ("players.0.scout", -1, "players.0"), ("players.1.tiles.3", -1, "players.1.tiles"), ("newcomer", 2, "newcomer"),
])
def test_counters_out_of_range(path: str, value: int, field: str) -> None:
    data = _data(mid())
    set_field(path, value)(data)
    if path == "newcomer":  # keep the Indians conserved: the extra one comes from the stock
        data["indian_stock"] -= 1
    _refused(data, field)


def test_a_players_view_loaded_as_a_full_state() -> None:
    seen = view(mid(), 0)
    _refused(_data(seen), "hidden: this is a player's view")
    assert load_state(seen.to_text(), view=True).to_text() == seen.to_text()


def test_a_view_with_its_deck_in_draw_order() -> None:
    data = _data(view(mid(), 0))
    data["deck"].reverse()
    with pytest.raises(CorruptState, match="deck: a player's view gives the deck sorted"):
        load_state(data, view=True)


# --- the other invariants the engine relies on --------------------------------------------------------

def _frame(kind: str, card: int = 0, place: int = -1, remaining: int = 0, options: list[list[int]] | None = None,
           after: str = "") -> Data:
    return {"kind": kind, "card": card, "place": place, "remaining": remaining, "options": options or [],
            "after": after}


def test_a_won_game_with_decisions_pending() -> None:
    data = _data(take())
    seat = data["current"]
    data["over"], data["winner"] = True, seat
    data["players"][seat]["camp"] = data["players"][seat]["scout"] = 44
    _refused(data, "stack: decisions pending in a game that is over")


def test_mackenzie_did_not_reach_the_fort_but_won() -> None:
    data = _data(solo_lost())
    data["mackenzie"] = 40
    _refused(data, "winner: none, but Mackenzie is on 40")


def test_a_second_camp_at_the_fort() -> None:
    data = _data(mid())
    data["over"], data["winner"] = True, data["current"]
    for p in data["players"]:
        p["camp"] = 44
    data["players"][0]["scout"], data["players"][1]["scout"] = 44, 45
    _refused(data, "at Fort Clatsop too")


def test_a_scout_moving_outside_an_action() -> None:
    data = _data(mid())
    data["moved"] = True
    _refused(data, "moved")


@pytest.mark.parametrize(("frames", "field"), [
    ([_frame("take", options=[[1, 0, 0, 0, 0, 0, 0]])], "stack.0.kind: a take decision cannot begin"),
    ([_frame("perform", place=0, remaining=1), _frame("recruit", card=1)], "stack.1.kind: a recruit decision only"),
    ([_frame("perform", place=0, remaining=1), _frame("boat"), _frame("boat")], "stack.1: a boat decision is answered"),
    ([_frame("perform", place=0, remaining=9)], "stack.0.remaining: 9 performances"),
    ([_frame("perform", card=1, place=0, remaining=1)], "stack.0.card: a Village place performs"),
    ([_frame("perform", remaining=1)], "stack.0.card: neither"),
    ([_frame("perform", card=BY_SLUG["john-boley"].id, remaining=1)], "stack.0.card: John Boley is permanent"),
    ([_frame("perform", place=0), _frame("farewell", remaining=0)], "stack.1.remaining: 0 discards"),
    ([_frame("perform", place=0), _frame("farewell", remaining=4)], "stack.1.remaining: 4 discards"),
    ([_frame("perform", place=0), _frame("overflow", remaining=2)], "stack.1.remaining: 2 resources to return"),
    ([_frame("perform", place=0), _frame("take", card=5, options=[[0] * 7])], "stack.1.card: a take decision"),
    ([_frame("perform", place=0), _frame("boat", place=3)], "stack.1.place"),
    ([_frame("perform", place=0), _frame("boat", remaining=2)], "stack.1.remaining: a boat decision counts"),
    ([_frame("perform", place=0), _frame("farewell", remaining=1, options=[[0] * 7])], "stack.1.options"),
    ([_frame("perform", place=0), _frame("take", options=[[0, 0, 0, 0, 0, 0, 99]])], "stack.1.options: 99 Indians"),
    ([_frame("perform", place=0), _frame("take", options=[[60, 0, 0, 0, 0, 0, 0]])], "more resources on offer"),
    ([_frame("under", card=BY_SLUG["york"].id)], "stack.0.card: York is not face up"),
    ([_frame("indians", card=BY_SLUG["york"].id, remaining=5)], "stack.0"),
    ([_frame("recruit")], "stack.0.card: no card is not in the Journal"),
])
def test_impossible_frames(frames: list[Data], field: str) -> None:
    data = _data(mid())
    data["acted"] = True
    data["stack"] = frames
    _refused(data, field)


def test_a_recruitment_nobody_can_pay_for() -> None:
    data = _data(recruit())
    data["players"][data["current"]]["resources"][3] = 0
    data["players"][data["current"]]["resources"][1] = 0
    _refused(data, "cannot pay for")


def test_a_copied_card_face_up_nowhere() -> None:
    data = _data(mid())
    data["acted"] = True
    data["stack"] = [_frame("perform", place=4), _frame("perform", card=BY_SLUG["york"].id, remaining=1, after="copy")]
    for p in data["players"]:
        assert BY_SLUG["york"].id not in p["face_up"]
    _refused(data, "stack.1.card: the copied York is face up in no area")


def test_an_action_under_way_before_acting() -> None:
    data = _data(take())
    data["acted"] = False
    _refused(data, "acted")


def test_a_short_route_lets_mackenzie_start_on_the_fort() -> None:
    """Level 7 on a short route puts him on Fort Clatsop at set-up; the game ends on his first move."""
    s = new_game(players=1, seed=1, mackenzie=7, route=Route.parse("R R S R M MR R R R F R"))
    assert s.mackenzie == s.options.route.fort_clatsop and not s.over
    assert load_state(s.to_text()).to_text() == s.to_text()


# --- whatever loads can be played on ---------------------------------------------------------------------

@cache
def sources() -> list[State]:
    """Saved states of seeded games, at the turn level and inside actions, solo to five players."""
    out: list[State] = []
    for players in (1, 2, 3, 5):
        rnd = random.Random(players)
        s = new_game(players=players, seed=players, mackenzie=3 if players == 1 else 0)
        for step in range(400):
            legal = legal_actions(s)
            if not legal:
                break
            apply_in_place(s, rnd.choice(legal))
            if step % 23 == 0 or (s.stack and rnd.random() < 0.04):
                out.append(s.copy())
    return out


def _leaves(node: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Paths to every value in the JSON (lists and objects included), "format" left alone."""
    out: list[tuple[Any, ...]] = [path] if path else []
    if isinstance(node, dict):
        for key, value in node.items():
            if key != "format":
                out.extend(_leaves(value, (*path, key)))
    elif isinstance(node, list):
        for i, value in enumerate(node):
            out.extend(_leaves(value, (*path, i)))
    return out


def _mutate(data: Data, draw: st.DataObject) -> None:
    """One random change: an integer nudged or replaced, a flag flipped, a list shortened, extended or
    shuffled, a frame added or removed."""
    paths = _leaves(data)
    path = paths[draw.draw(st.integers(0, len(paths) - 1), label="path")]
    parent: Any = data
    for key in path[:-1]:
        parent = parent[key]
    last = path[-1]
    value = parent[last]
    if isinstance(value, bool):
        parent[last] = not value
    elif isinstance(value, int):
        parent[last] = draw.draw(st.one_of(st.integers(value - 2, value + 2), st.integers(-2, 90)), label="int")
    elif isinstance(value, list):
        how = draw.draw(st.sampled_from(["pop", "append", "shuffle", "frame", "clear"]), label="list")
        if how == "pop" and value:
            value.pop(draw.draw(st.integers(0, len(value) - 1)))
        elif how == "append":
            value.append(draw.draw(st.integers(-1, 85)) if not value or isinstance(value[0], int) else value[-1])
        elif how == "shuffle":
            random.Random(draw.draw(st.integers(0, 99))).shuffle(value)
        elif how == "clear":
            value.clear()
        else:  # a frame of any kind pushed on the decision stack
            kind = draw.draw(st.sampled_from(["under", "indians", "perform", "take", "overflow", "recruit",
                                              "farewell", "boat"]))
            first = data["players"][0]["face_up"] if data["players"] else []  # a change may have removed every player
            card = draw.draw(st.sampled_from([0, *data["journal"], *first, 1, 61]))
            options = draw.draw(st.lists(st.lists(st.integers(0, 3), min_size=7, max_size=7), max_size=3))
            data["stack"].append(_frame(kind, card, draw.draw(st.integers(-1, 7)), draw.draw(st.integers(0, 3)),
                                        options, draw.draw(st.sampled_from(["", "copy", "interpreter", "stock"]))))
    elif isinstance(value, str):
        parent[last] = draw.draw(st.sampled_from(["", "perform", "take", "orange", "interpreter"]))


def _play_on(s: State, seed: int) -> None:
    """Every legal action applies cleanly; then a few random playouts keep every invariant."""
    legal = legal_actions(s)
    assert legal or s.over
    for action in legal:
        after = s.copy()
        apply_in_place(after, action)
        assert not problems(after), (str(action), problems(after))
    rnd = random.Random(seed)
    for _ in range(3):
        game = s.copy()
        for _ in range(40):
            legal = legal_actions(game)
            if not legal:
                break
            apply_in_place(game, rnd.choice(legal))
            assert not problems(game), problems(game)


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(changes=st.integers(1, 3), seed=st.integers(0, 1000), draw=st.data())
def test_whatever_loads_can_be_played_on(changes: int, seed: int, draw: st.DataObject) -> None:
    data = _data(sources()[draw.draw(st.integers(0, len(sources()) - 1), label="source")])
    for _ in range(changes):
        _mutate(data, draw)
    try:
        s = load_state(data)
    except CorruptState:
        return  # refused, as a corrupt state should be
    try:
        _play_on(s, seed)
    except ActionError as exc:  # the engine's documented error for bad actions: never for a legal one
        pytest.fail(f"a legal action was refused after loading: {exc}")


# --- what play cannot make, refused by the loader --------------------------------------------------------

def _cleared() -> Data:
    """``mid()`` with the current player's Playing Area taken back to the hand and boats, as a Camp would."""
    data = _data(mid())
    p = data["players"][data["current"]]
    p["hand"], p["face_up"], p["face_down"] = p["hand"] + p["face_up"] + p["face_down"], [], []
    p["indians"], p["on_cards"] = p["indians"] + p["on_cards"], 0
    return data


def _with_played_card() -> Data:
    """The cleared area with one card played from the hand, nothing under it."""
    data = _cleared()
    p = data["players"][data["current"]]
    p["face_up"], p["hand"] = [p["hand"][0]], p["hand"][1:]
    return data


def test_the_played_card_position_itself_loads() -> None:
    load_state(_cleared())
    load_state(_with_played_card())


def test_indians_on_cards_with_no_played_card() -> None:
    data = _cleared()
    p = data["players"][data["current"]]
    assert not p["face_up"]
    p["on_cards"] = 1
    data["indian_stock"] -= 1
    _refused(data, f"players.{data['current']}.on_cards: 1 Indians on 0 played card(s)")


def test_more_than_three_indians_on_one_card() -> None:
    data = _with_played_card()
    p = data["players"][data["current"]]
    moved = 4 - p["on_cards"]
    p["on_cards"] = 4
    data["indian_stock"] -= moved
    assert data["indian_stock"] >= 0
    _refused(data, "4 Indians on 1 played card(s), at most 3 on each (R1)")


def _lay_face_down(data: Data, n: int) -> Data:
    """``n`` cards of the current player's hand laid face down in its area, as Strength cards."""
    p = data["players"][data["current"]]
    assert len(p["hand"]) >= n
    p["face_down"], p["hand"] = p["face_down"] + p["hand"][:n], p["hand"][n:]
    return data


def test_one_strength_card_under_the_played_card_loads() -> None:
    load_state(_lay_face_down(_with_played_card(), 1))


def test_a_strength_card_with_no_played_card() -> None:
    data = _lay_face_down(_cleared(), 1)
    _refused(data, f"players.{data['current']}.face_down: 1 Strength card(s) with no played card (R1)")


def test_two_strength_cards_under_one_played_card() -> None:
    data = _lay_face_down(_with_played_card(), 2)
    _refused(data, f"players.{data['current']}.face_down: 2 Strength card(s) under 1 played card(s), at most one "
                   "under each (R1)")


def test_a_strength_card_and_indians_beyond_three() -> None:
    """R1c: a Strength card of k leaves room for 3 - k Indians on the card, never more."""
    data = _with_played_card()
    seat = data["current"]
    p = data["players"][seat]
    under = next(c for c in p["hand"] if CARDS[c].strength < 3)
    k = CARDS[under].strength
    p["hand"].remove(under)
    p["face_down"] = [under]
    data["indian_stock"] -= 3 - k
    p["on_cards"] = 3 - k
    load_state(data)  # k + (3 - k): the most a card takes
    data["indian_stock"] -= 1
    p["on_cards"] = 4 - k
    assert data["indian_stock"] >= 0
    _refused(data, f"players.{seat}.on_cards: {4 - k} Indians and Strength cards worth {k} give 4 Strength to "
                   "1 played card(s), at most 3 each (R1c)")


def test_the_card_whose_strength_is_being_chosen_has_none_yet() -> None:
    """With its ``under`` decision pending, the card just played has no Strength card under it."""
    data = _with_played_card()
    card = data["players"][data["current"]]["face_up"][0]
    data["stack"], data["acted"] = [_frame("under", card)], True
    load_state(data)
    _refused(_lay_face_down(data, 1), f"players.{data['current']}.face_down: 1 Strength card(s) under 0 played "
                                      "card(s) besides the one whose Strength is being chosen")


def test_the_indians_decision_of_a_card_with_a_strength_card() -> None:
    """An ``indians`` decision after a Strength card of k: that card lies face down; any other is another
    played card's, so a Strength card with no card of its own is refused before the Indians overfill it."""
    data = _with_played_card()
    seat = data["current"]
    p = data["players"][seat]
    card = p["face_up"][0]
    under = next(c for c in p["hand"] if CARDS[c].strength == 1)
    data["stack"], data["acted"] = [_frame("indians", card, remaining=1)], True
    _refused(data, f"players.{seat}.face_down: no Strength card of 1 for the card whose Indians are being chosen")
    p["hand"].remove(under)
    p["face_down"] = [under]
    load_state(data)
    data["stack"] = [_frame("indians", card)]  # no Strength card given: the face-down one is no card's
    _refused(data, f"players.{seat}.face_down: 1 Strength card(s) under 0 played card(s) besides the one whose "
                   "Strength is being chosen")


def test_a_camp_takes_the_playing_area_back() -> None:
    """R16: after this turn's Camp, only an action played since can have put a card there."""
    data = _with_played_card()
    seat = data["current"]
    data["camped"] = True
    _refused(data, f"players.{seat}.face_up: 1 played card(s) after this turn's Camp")
    data["acted"] = True  # the Camp first, then the action played the card
    load_state(data)
    p = data["players"][seat]
    p["face_up"].append(p["hand"].pop())
    _refused(data, f"players.{seat}.face_up: 2 played card(s) after this turn's Camp")


def test_an_empty_newcomer_while_the_stock_holds_indians() -> None:
    data = _data(mid())
    assert data["newcomer"] == 1 and data["indian_stock"] > 0
    data["newcomer"], data["indian_stock"] = 0, data["indian_stock"] + 1
    _refused(data, f"newcomer: empty while the stock holds {data['indian_stock']} Indians")


@cache
def interpreting() -> State:
    """A game inside an Interpreter's take: the Village and the Newcomer just gathered into the Powwow."""
    return _play(new_game(players=3, seed=6), 6,
                 lambda s: bool(s.stack) and s.stack[-1].kind == "take" and s.stack[-1].then == "interpreter")


def test_an_interpreters_take_leaves_the_newcomer_empty() -> None:
    data = _data(interpreting())
    assert data["newcomer"] == 0 and not any(data["village"]) and data["indian_stock"] > 0
    load_state(data)
    data["newcomer"], data["powwow"] = 1, data["powwow"] - 1
    _refused(data, "newcomer: Indians left on the board while an Interpreter's take is pending")
    data["newcomer"], data["village"][0] = 0, 1
    _refused(data, "village: Indians left on the board while an Interpreter's take is pending")


def test_an_empty_journal_slot_between_actions_while_the_deck_holds_cards() -> None:
    data = _data(mid())
    assert data["deck"] and not data["stack"]
    data["discard"].append(data["journal"][2])
    data["journal"][2] = 0
    _refused(data, "journal.2: an empty slot while the draw deck holds")


def test_an_empty_journal_slot_inside_an_action_loads() -> None:
    """Inside an action the refill may still be to come (an Interpreter's take, R10)."""
    data = _data(take())
    data["discard"].append(data["journal"][2])
    data["journal"][2] = 0
    load_state(data)


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(players=st.integers(1, 5), seed=st.integers(0, 2**32), level=st.integers(0, 7))
def test_every_state_a_seeded_game_reaches_loads(players: int, seed: int, level: int) -> None:
    """The checked loader's refusals never refuse a real position: each state of a random game, at every
    step, goes through JSON and the checked loader unchanged."""
    s = new_game(players=players, seed=seed, mackenzie=level if players == 1 else 0)
    rnd = random.Random(seed)
    for _ in range(400):
        text = s.to_text()
        assert load_state(text).to_text() == text
        if s.over:
            break
        apply_in_place(s, rnd.choice(legal_actions(s)))


def test_the_outcome_is_typed_where_winner_minus_one_meant_two_things() -> None:
    from lewis_clark import Ending, Outcome

    assert mid().winner == -1 and mid().outcome == Outcome(None, Ending.PLAYING) and not mid().outcome.over
    assert solo_lost().winner == -1 and solo_lost().outcome == Outcome(None, Ending.MACKENZIE) and solo_lost().outcome.over
    from lewis_clark.match import Match
    from lewis_clark.state import Options

    won = Match(Options(players=2, seed=3), ["heuristic", "heuristic"]).play_out(200).state
    assert won.outcome == Outcome(won.winner, Ending.FORT) and won.winner >= 0
    assert load_state(won.to_text()).hash() == won.hash()  # derived: nothing new saved, hashes unchanged
