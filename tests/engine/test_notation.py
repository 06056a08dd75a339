"""The action notation: every text form parses back exactly; bad text and illegal actions are refused
with a message naming them, and a refused action leaves the state as it was."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from builders import area, do, game, hand, indians, legal, load
from lewis_clark import Action, IllegalAction, NotationError, State, apply, apply_in_place, legal_actions, new_game
from lewis_clark.actions import VERBS, Verb
from lewis_clark.cards import BY_SLUG
from lewis_clark.resources import bundle


def _random_game_states(players: int, seed: int, steps: int) -> list[State]:
    """States reached by uniformly random legal choices (a seeded generator: the same every run)."""
    rnd = random.Random(seed * 10 + players)
    s = new_game(players=players, seed=seed, random_start=seed % 2 == 1)
    out = [s]
    for _ in range(steps):
        actions = legal_actions(s)
        if not actions:
            break
        s = apply(s, rnd.choice(actions))
        out.append(s)
    return out


# Positions built by hand for the decisions random play rarely reaches (boats, overflow, boosts).
def _boost_position() -> State:
    s = game(2)
    area(s, 0, "nicholas-jarrot")
    hand(s, 0, "hawks-feather", "york", "seaman")
    load(s, 0, food=1)
    return do(s, "play hawks-feather", "under york", "indians 0")


def _boat_position() -> State:
    s = game(2)
    load(s, 0, wood=3)
    return do(s, "village upgrade 1", "perform")  # Expedition Upgrade: pay 3 wood, add a boat


def _overflow_position() -> State:
    s = game(2)
    load(s, 0, wood=11)
    return do(s, "village hunting 1", "perform", "take 1 fur + 1 food")


def _random_actions() -> tuple[set[Action], list[tuple[State, list[Action]]]]:
    seen: set[Action] = set()
    positions: list[tuple[State, list[Action]]] = []
    for players in range(1, 6):
        for seed in range(4):
            for s in _random_game_states(players, seed, 200):
                actions = legal_actions(s)
                seen.update(actions)
                positions.append((s, actions))
    return seen, positions


_SEEN, _POSITIONS = _random_actions()


def test_every_legal_action_in_random_games_parses_back() -> None:
    """``Action.parse(str(a)) == a`` for every action legal somewhere in 20 seeded games (1-5 players)."""
    assert len(_SEEN) > 200  # the sweep reaches a good variety of decisions
    for a in _SEEN:
        text = str(a)
        assert Action.parse(text) == a, text
        assert a.text == text
        assert text == " ".join(text.split()), "canonical text is single-spaced"


def test_hand_built_positions_parse_back() -> None:
    for s in (_boost_position(), _boat_position(), _overflow_position()):
        for a in legal_actions(s):
            assert Action.parse(str(a)) == a


def test_random_games_and_hand_built_positions_reach_every_verb() -> None:
    """The sweep above is only convincing if it exercises each of the 13 verbs."""
    verbs = {a.verb for a in _SEEN}
    for s in (_boost_position(), _boat_position(), _overflow_position()):
        verbs.update(a.verb for a in legal_actions(s))
    assert verbs == set(VERBS)


def test_stop_is_offered_while_performing_r2() -> None:
    """R2: an action given Strength N is performed 0..N times, so ``stop`` ends it at any point,
    even before a costly first performance (the prompt itself says "or stop")."""
    s = game(2)
    hand(s, 0, "william-clark", "hugh-mcneal")
    load(s, 0, food=1)
    s = do(s, "play william-clark", "under hugh-mcneal", "indians 0")
    assert "stop" in legal(s)
    s = do(s, "stop")
    assert s.stack == [] and s.players[0].resources[2] == 1


def test_boost_is_offered_and_written_after_the_choice() -> None:
    """R19: Nicholas Jarrot face-up offers a boosted River movement, written ``perform boost``."""
    assert "perform boost" in legal(_boost_position())
    assert Action.parse("perform boost") == Action(Verb.PERFORM, "", boost=True)
    assert str(Action(Verb.PERFORM, "river", bundle=bundle(food=1), boost=True)) == "perform river boost pay 1 food"


def test_boat_and_return_decisions_use_their_words() -> None:
    assert legal(_boat_position()) == ["boat small-resource", "boat large-resource", "boat small-indian",
                                       "boat large-indian"]
    # Hunting gave 2 more than the 11 the boats hold (R7): return any held kind.
    assert set(legal(_overflow_position())) == {"return wood", "return fur", "return food"}


@pytest.mark.parametrize("text", [
    "play york", "under none", "under hugh-mcneal", "indians 0", "indians 3", "village canoe 2",
    "village upgrade 1", "recruit black-cat", "discard none", "discard dickson-and-hancock", "camp", "end",
    "stop", "perform", "perform food", "perform river boost", "perform rene-jessaume", "perform shamanism",
    "perform pay 1 wood + 1 fur", "perform horse pay 2 equipment", "perform boost pay 1 canoe",
    "take none", "take 2 wood", "take 1 fur + 1 food",
    "take 1 wood + 1 fur + 1 food + 1 equipment + 1 canoe + 1 horse + 2 indian",
    "return horse", "boat small-resource", "boat large-indian",
])
def test_canonical_texts_print_as_written(text: str) -> None:
    assert str(Action.parse(text)) == text


@pytest.mark.parametrize(("loose", "canonical"), [
    ("Play york", "play york"), ("  camp  ", "camp"), ("take 2 canoes", "take 2 canoe"),
    ("take 1 fur + 2 wood", "take 2 wood + 1 fur"), ("take 3 indians", "take 3 indian"),
    ("perform pay 1 fur+1 wood", "perform pay 1 wood + 1 fur"),
])
def test_loose_texts_parse_to_the_canonical_action(loose: str, canonical: str) -> None:
    assert str(Action.parse(loose)) == canonical


@pytest.mark.parametrize("text", [
    "jump", "play", "play nobody", "play none", "recruit none", "under", "under nobody", "discard", "discard nobody",
    "take", "take 2 gold", "take two wood", "take 2 wood + 2 wood", "take 2 wood +", "take +", "take 2",
    "perform pay none", "perform pay 0 wood", "perform pay", "perform boost boost", "perform river pay 1 gold",
    "camp now", "end 1", "stop it", "play york seaman", "under york none", "indians 1 2", "return wood wood",
    "indians two", "indians -1", "indians 1.5", "indians \u00b2", "village hunting x", "village hunting",
    "village moon 1", "village hunting 1 2", "return gold", "return indian", "boat huge", "boat",
])
def test_malformed_text_raises_notation_error_naming_it(text: str) -> None:
    with pytest.raises(NotationError) as info:
        Action.parse(text)
    assert repr(text) in str(info.value)
    assert isinstance(info.value, ValueError)


@pytest.mark.parametrize("text", ["", "   ", "\t\n"])
def test_empty_text_is_refused(text: str) -> None:
    with pytest.raises(NotationError, match="empty"):
        Action.parse(text)


def test_non_text_is_refused() -> None:
    with pytest.raises(NotationError, match="int"):
        Action.parse(7)  # type: ignore[arg-type]


def test_malformed_text_given_to_apply_leaves_the_state_unchanged() -> None:
    s = game(3)
    before = s.to_text()
    with pytest.raises(NotationError):
        apply_in_place(s, "play the-moon")
    assert s.to_text() == before


def test_every_slug_is_a_card_word() -> None:
    for slug in BY_SLUG:
        assert Action.parse(f"play {slug}") == Action(Verb.PLAY, slug)
        assert slug.isascii() and " " not in slug and slug == slug.lower()


# --- illegal but well-formed ----------------------------------------------------------------------

_WELL_FORMED = [Action.parse(t) for t in (
    "play black-cat", "play york", "under none", "under seaman", "indians 3", "indians 9", "village hunting 1",
    "village canoe 3", "village farewell 2", "recruit sacagawea", "discard none", "discard york", "camp", "end", "stop",
    "perform", "perform food", "perform boost", "perform pay 1 wood", "perform hunting", "take 9 wood", "take none",
    "return canoe", "boat large-indian",
)]


def _assert_refused(s: State, action: Action | str) -> None:
    before = s.to_text()
    with pytest.raises(IllegalAction) as info:
        apply_in_place(s, action)
    message = str(info.value)
    assert repr(str(action)) in message
    assert info.value.reason and info.value.reason in message
    assert isinstance(info.value, ValueError)
    assert s.to_text() == before
    copy_before = s.to_text()
    with pytest.raises(IllegalAction):
        apply(s, action)
    assert s.to_text() == copy_before


def test_illegal_actions_in_random_games_are_refused_and_change_nothing() -> None:
    """At many points of the random games, every well-formed action not legal there is refused."""
    checked = 0
    for s, legal_now in _POSITIONS[::7]:
        for a in _WELL_FORMED:
            if a not in legal_now and not s.over:
                _assert_refused(s, a)
                checked += 1
    assert checked > 1000


@pytest.mark.parametrize(("texts", "illegal", "reason"), [
    ((), "play black-cat", "not a legal choice"),  # not in hand
    ((), "perform", "not possible now"),  # nothing is being performed
    ((), "end", "not possible now"),  # the compulsory action is still to do
    (("camp",), "camp", "not possible now"),  # R16: at most once per turn
    (("play york",), "play seaman", "not possible now"),  # the under decision is pending
    (("play york", "under hugh-mcneal"), "indians 3", "not a legal choice"),  # R1c: card + 2 at most
])
def test_illegal_actions_name_the_action_and_a_reason(texts: tuple[str, ...], illegal: str, reason: str) -> None:
    s = game(2)
    hand(s, 0, "york", "seaman", "hugh-mcneal")
    indians(s, 0, 3)
    s = do(s, *texts)
    with pytest.raises(IllegalAction, match=reason) as info:
        apply(s, illegal)
    assert info.value.action == Action.parse(illegal)
    _assert_refused(s, illegal)


def test_wrong_player_is_refused() -> None:
    """Whose decision it is: the current seat only, for every other seat of a 5-player game."""
    s = game(5, first=2)
    action = legal_actions(s)[0]
    for seat in (0, 1, 3, 4, 7):
        before = s.to_text()
        with pytest.raises(IllegalAction, match="decision") as info:
            apply_in_place(s, action, player=seat)
        assert repr(str(action)) in str(info.value)
        assert s.to_text() == before
    assert apply(s, action, player=2).to_text() != s.to_text()


def test_wrong_player_is_refused_in_random_games() -> None:
    for s, legal_now in _POSITIONS[::50]:
        if not legal_now:
            continue
        n = len(s.players)
        for seat in range(n + 1):
            if seat != s.current:
                with pytest.raises(IllegalAction):
                    apply(s, legal_now[0], player=seat)
        apply(s, legal_now[0], player=s.current)  # the right seat may


def test_nothing_is_legal_once_the_game_is_over() -> None:
    """R23: a Camp reaching Fort Clatsop ends the game; any later action is refused."""
    s = game(2)
    s.players[0].scout = s.options.route.last
    s = do(s, "camp")
    assert s.over and legal_actions(s) == []
    for a in _WELL_FORMED[:5]:
        with pytest.raises(IllegalAction, match="over"):
            apply(s, a)


def test_the_worked_example_in_the_docs_applies() -> None:
    """docs/notation.md's whole turn is real: each line is legal when it is played."""
    doc = (Path(__file__).parents[2] / "docs" / "notation.md").read_text(encoding="utf-8")
    block = doc.split("## Worked example", 1)[1].split("```text", 1)[1].split("```", 1)[0]
    lines = [line.split("#", 1)[0].strip() for line in block.strip().splitlines()]
    assert lines[0] == "new_game(players=2, seed=19)"
    s = new_game(players=2, seed=19)
    for text in lines[1:]:
        assert text in legal(s), text
        s = apply(s, text)
    assert s.current == 0 and s.players[1].scout == 7 and not s.stack
