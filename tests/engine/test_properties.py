"""Properties of random play: invariants after every step, apply never touches its input, saving,
copying and replaying give back the same game, and a player's view hides only the deck order."""

from __future__ import annotations

import json
import random
from typing import Any, cast

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from lewis_clark import Action, Options, State, apply, apply_in_place, legal_actions, new_game, view
from lewis_clark.actions import VERBS
from lewis_clark.invariants import load_state, problems
from lewis_clark.record import Record, load_record
from lewis_clark.rules import apply_legal
from lewis_clark.state import Decision, Frame

pytestmark = pytest.mark.both_builds  # run on the pure build too (.ci/run)

ALLOWED = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def _options(players: int, seed: int, random_start: bool, mackenzie: int) -> Options:
    return Options(players=players, seed=seed, random_start=random_start, mackenzie=mackenzie if players == 1 else 0)


def _check_step(before: State, before_text: str, after: State) -> None:
    """The cheap invariants of one step."""
    found = problems(after)
    assert not found, found
    assert before.to_text() == before_text, "apply changed its input"
    for p0, p1 in zip(before.players, after.players, strict=True):
        assert p1.camp >= p0.camp, "a Camp moved back"
    if after.over:
        assert legal_actions(after) == []


def _check_saved(s: State, options: Options, actions: list[str]) -> None:
    """The expensive ones: JSON round trip, copy independence and replay of the record."""
    text = s.to_text()
    assert load_state(text).to_text() == text
    copy = s.copy()
    _scramble(copy)
    assert s.to_text() == text, "a copy shares data with its original"
    replayed = Record(options, actions).replay()
    assert replayed.hash() == s.hash()
    assert replayed.to_text() == text


def _scramble(s: State) -> None:
    """Change every mutable part of a state (to show a copy shares none of them)."""
    for p in s.players:
        for lst in (p.hand, p.face_up, p.face_down):
            lst.append(0)
        p.resources[0] += 1
        p.tiles[0] += 1
    for lst in (s.village, s.tile_stacks, s.journal, s.deck, s.discard, s.spendable):
        lst.append(-1)
    s.stack.append(Frame(Decision.BOAT))


@ALLOWED
@given(players=st.integers(1, 5), seed=st.integers(0, 2**32), random_start=st.booleans(),
       mackenzie=st.integers(0, 7), warm_up=st.integers(0, 150), data=st.data())
def test_invariants_after_every_step(players: int, seed: int, random_start: bool, mackenzie: int, warm_up: int,
                                     data: st.DataObject) -> None:
    """After a seeded random warm-up (to reach late positions), hypothesis picks each choice and
    every invariant is checked after every step, saving and replay included."""
    options = _options(players, seed, random_start, mackenzie)
    s = new_game(options)
    actions: list[str] = []
    rnd = random.Random(seed)
    for _ in range(warm_up):
        legal = legal_actions(s)
        if not legal:
            break
        a = rnd.choice(legal)
        apply_in_place(s, a)
        actions.append(str(a))
    assert not problems(s)
    for _ in range(25):
        legal = legal_actions(s)
        if not legal:
            break
        a = data.draw(st.sampled_from(legal))
        before = s.to_text()
        after = apply(s, a)
        _check_step(s, before, after)
        # The text form applies identically (it is what the record keeps).
        assert apply(s, str(a)).to_text() == after.to_text()
        s = after
        actions.append(str(a))
        _check_saved(s, options, actions)


def test_thousands_of_random_games() -> None:
    """2000 seeded games of up to 150 decisions, 1-5 players: invariants after every step; saving,
    copying and replaying at the end of each game."""
    verbs: set[str] = set()
    for g in range(2000):
        rnd = random.Random(g)
        options = _options(1 + g % 5, g, g % 3 == 0, g % 8)
        s = new_game(options)
        actions: list[str] = []
        camps = [p.camp for p in s.players]
        for _ in range(150):
            legal = legal_actions(s)
            if not legal:
                break
            a = rnd.choice(legal)
            apply_in_place(s, a)
            actions.append(str(a))
            verbs.add(a.verb)
            found = problems(s)
            assert not found, (g, actions[-5:], found)
            now = [p.camp for p in s.players]
            assert all(c1 >= c0 for c0, c1 in zip(camps, now, strict=True)), (g, actions[-5:])
            camps = now
        _check_saved(s, options, actions)
    assert verbs == set(VERBS)  # random play exercises every kind of decision


def test_solo_random_games_end_when_mackenzie_arrives() -> None:
    """R24: random solo play ends once Mackenzie reaches Fort Clatsop before the player's Camp; the
    finished game has no legal action and its record replays to the same end."""
    for g in range(6):
        rnd = random.Random(g)
        options = _options(1, g, g % 2 == 0, 7 - g)
        s = new_game(options)
        actions: list[str] = []
        while not s.over and len(actions) < 3000:
            a = rnd.choice(legal_actions(s))
            apply_in_place(s, a)
            actions.append(str(a))
        assert s.over and s.winner == -1
        assert s.mackenzie >= options.route.fort_clatsop > s.players[0].camp
        assert legal_actions(s) == [] and not problems(s)
        _check_saved(s, options, actions)


def test_random_games_near_the_coast_end_with_the_first_camp_there() -> None:
    """R23: with every Scout placed beyond Fort Clatsop, the first Camp there ends the game and
    names its player the winner."""
    for g in range(50):
        rnd = random.Random(g)
        s = new_game(players=2 + g % 4, seed=g)
        last = s.options.route.last
        for i, p in enumerate(s.players):
            p.scout = last - i
        while not s.over:
            a = rnd.choice(legal_actions(s))
            before = s.copy()
            apply_in_place(s, a)
            assert not problems(s)
        assert a.verb == "camp" and s.winner == before.current
        assert s.players[s.winner].camp >= s.options.route.fort_clatsop
        assert all(p.camp < s.options.route.fort_clatsop for i, p in enumerate(s.players) if i != s.winner)
        assert legal_actions(s) == []


def test_apply_does_not_change_its_input_even_when_shared() -> None:
    """The same state may be the parent of many children (as in a search); none disturbs another."""
    s = new_game(players=3, seed=11)
    rnd = random.Random(11)
    for _ in range(40):
        s = apply(s, rnd.choice(legal_actions(s)))
    before = s.to_text()
    children = [apply(s, a) for a in legal_actions(s)]
    assert s.to_text() == before
    texts = [c.to_text() for c in children]
    for c in children:
        _scramble(c)
    assert s.to_text() == before
    assert len(set(texts)) == len(texts), "different actions give different states"


# --- the player view -------------------------------------------------------------------------

def _without_secrets(data: dict[str, Any]) -> dict[str, Any]:
    """The state's JSON less what a view withholds: the deck's order, the seed and the generator."""
    out = {k: v for k, v in data.items() if k not in ("deck", "rng", "rng_key", "hidden")}
    out["options"] = {k: v for k, v in data["options"].items() if k != "seed"}
    return out


@settings(max_examples=60, deadline=None)
@given(players=st.integers(1, 5), seed=st.integers(0, 2**32), steps=st.integers(0, 200), data=st.data())
def test_view_hides_the_deck_order_and_nothing_else(players: int, seed: int, steps: int, data: st.DataObject) -> None:
    s = new_game(players=players, seed=seed)
    rnd = random.Random(seed)
    for _ in range(steps):
        legal = legal_actions(s)
        if not legal:
            break
        apply_in_place(s, rnd.choice(legal))
    seat = data.draw(st.integers(0, players - 1))
    before = s.to_text()
    seen = view(s, seat)
    assert s.to_text() == before, "view changed the state"
    assert seen.deck == sorted(s.deck) and seen.rng == 0 and seen.hidden
    assert seen.options.seed == 0 and seen.rng_key == bytes(len(s.rng_key))
    assert _without_secrets(seen.to_json()) == _without_secrets(s.to_json())
    # A view decides as well as the full state, and saves like one.
    assert legal_actions(seen) == legal_actions(s)
    assert load_state(seen.to_text(), view=True).to_text() == seen.to_text()
    # Two games differing only in the deck order look the same to every seat.
    other = s.copy()
    rnd.shuffle(other.deck)
    other.rng ^= 12345
    assert view(other, seat).to_text() == seen.to_text()


def test_view_of_a_missing_seat_is_refused() -> None:
    s = new_game(players=2)
    for seat in (-1, 2):
        try:
            view(s, seat)
        except ValueError as exc:
            assert str(seat) in str(exc)
        else:
            raise AssertionError(f"view of seat {seat} was allowed")


# --- records ---------------------------------------------------------------------------------------

def test_record_survives_saving_and_replays_the_game(tmp_path: Any) -> None:
    options = Options(players=4, seed=21, random_start=True)
    s = new_game(options)
    rnd = random.Random(21)
    actions: list[str] = []
    for _ in range(120):
        a: Action = rnd.choice(legal_actions(s))
        s = apply(s, a)
        actions.append(str(a))
    record = Record(options, actions, s.hash())
    path = tmp_path / "game.json"
    record.save(path)
    loaded = load_record(path)
    assert loaded.to_json() == record.to_json()
    assert json.loads(path.read_text())["actions"] == actions
    assert loaded.replay().to_text() == s.to_text()
    assert loaded.replay(upto=0).to_text() == new_game(options).to_text()


def test_apply_legal_is_apply_in_place_for_every_legal_action() -> None:
    """``apply_legal`` (the searches' unchecked path) does what the checked ``apply_in_place`` does, for
    every legal action of the states of seeded games of 1-5 players; only the check is skipped."""
    for players in range(1, 6):
        s = new_game(Options(players=players, seed=players))
        rnd = random.Random(players)
        for _ in range(150):
            legal = legal_actions(s)
            if not legal:
                break
            for a in legal:
                checked, unchecked = s.copy(), s.copy()
                apply_in_place(checked, a)
                apply_legal(unchecked, a)
                assert unchecked.to_text() == checked.to_text(), (players, str(a))
            apply_in_place(s, rnd.choice(legal))


def test_the_turn_options_of_one_verb_and_the_performance_tests_agree_with_the_full_lists() -> None:
    """The check's shortcuts (rules.check): ``turn.options(state, verb)`` is the full turn options'
    actions of that verb, in order; ``can_perform`` (which closes an empty perform frame) is true
    exactly when ``perform_options`` lists something; ``offers_performance`` (``offers_take``) is true
    exactly for the actions equal to one the perform (take) frame lists, among every action of the RL
    index and variants of the listed ones (boosted, with Indians, spaces or a subject, made anew)."""
    from lewis_clark.decisions import DECISIONS, can_perform, offers_performance, offers_take, perform_options
    from lewis_clark.rl.actions_index import ACTIONS
    from lewis_clark.turn import options as turn_options

    turns = performs = nonempty = takes = 0
    for players in range(1, 6):
        s = new_game(Options(players=players, seed=40 + players))
        rnd = random.Random(players)
        for _ in range(400):
            if s.over:
                break
            if not s.stack:
                full = turn_options(s)
                for verb in VERBS:
                    assert turn_options(s, verb) == [a for a in full if a.verb == verb], (players, verb)
                turns += 1
            elif s.stack[-1].kind == Decision.PERFORM:
                frame = s.stack[-1]
                full = perform_options(s, frame)
                assert can_perform(s, frame) == bool(full)
                candidates = [*ACTIONS, *full]
                for a in full:
                    candidates += [Action(*a), a._replace(boost=not a.boost), a._replace(boost=cast(bool, 1)),
                                   a._replace(boost=cast(bool, 2)), a._replace(indians=1), a._replace(spaces=1),
                                   a._replace(subject=a.subject + "x")]
                for a in candidates:
                    assert offers_performance(s, frame, a) == (a in full), (players, str(a), a)
                performs += 1
                nonempty += bool(full)
            elif s.stack[-1].kind == Decision.TAKE:
                frame = s.stack[-1]
                full = DECISIONS[frame.kind].options(s, frame)
                candidates = [*ACTIONS, *full]
                for a in full:
                    candidates += [Action(*a), a._replace(boost=True), a._replace(boost=cast(bool, 0)),
                                   a._replace(indians=1), a._replace(spaces=1), a._replace(subject="x"),
                                   a._replace(bundle=a.bundle[:6] + (a.bundle[6] + 1,))]
                for a in candidates:
                    assert offers_take(frame, a) == (a in full), (players, str(a), a)
                takes += 1
            apply_in_place(s, rnd.choice(legal_actions(s)))
    assert turns > 100 and performs > 50 and nonempty > 20 and takes > 20


def test_the_direct_calls_agree_with_the_decision_and_turn_tables() -> None:
    """``decisions.options_of`` / ``apply_frame`` and ``turn.handle`` (the rules' direct calls) do what
    ``DECISIONS`` and ``HANDLERS`` name, for every action of every kind met in seeded games of 1-5
    players."""
    from lewis_clark.decisions import DECISIONS, apply_frame, options_of
    from lewis_clark.turn import HANDLERS, handle

    kinds: set[str] = set()
    for players in range(1, 6):
        for seed in range(3):
            s = new_game(Options(players=players, seed=60 + 10 * players + seed))
            rnd = random.Random(seed)
            for _ in range(300):
                if s.over:
                    break
                if s.stack:
                    frame = s.stack[-1]
                    kinds.add(str(frame.kind))
                    assert options_of(s, frame) == DECISIONS[frame.kind].options(s, frame)
                    for a in DECISIONS[frame.kind].options(s, frame):
                        direct, table = s.copy(), s.copy()
                        apply_frame(direct, direct.stack[-1], a)
                        DECISIONS[frame.kind].apply(table, table.stack[-1], a)
                        assert direct.to_text() == table.to_text(), str(a)
                else:
                    for a in legal_actions(s):
                        direct, table = s.copy(), s.copy()
                        handle(direct, a)
                        HANDLERS[a.verb](table, a)
                        assert direct.to_text() == table.to_text(), str(a)
                apply_in_place(s, rnd.choice(legal_actions(s)))
    assert {"under", "indians", "perform", "take", "recruit", "move", "overflow"} <= kinds, kinds
