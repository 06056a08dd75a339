"""The turn: one compulsory action, at most one recruitment and one Camp, each before or after the
action but never in the middle of one (R15, R16), then ``end``; the turn passes to the next seat."""

from __future__ import annotations

import pytest

from builders import card, do, game, hand, indians, journal, legal, load
from lewis_clark import IllegalAction, State, apply


def ready(players: int = 2, first: int = 0) -> State:
    """Seat ``first`` to play: York and Hugh McNeal in hand, 2 Indians, Fur and Equipment to recruit Hay
    from slot 1 (1 Fur + 1 Equipment)."""
    s = game(players=players, first=first)
    hand(s, first, "york", "hugh-mcneal")
    indians(s, first, 2)
    load(s, first, fur=3, equipment=3)
    journal(s, "hay", "john-newman", "john-hay", "black-cat", "sacagawea")
    return s


def actions(s: State) -> list[str]:
    """Legal compulsory-action starts."""
    return [a for a in legal(s) if a.startswith(("play ", "village "))]


def test_turn_start_offers_action_recruit_camp_but_not_end() -> None:
    s = ready()
    options = legal(s)
    assert "play york" in options and "village hunting 1" in options
    assert "recruit hay" in options and "camp" in options
    assert "end" not in options
    with pytest.raises(IllegalAction):
        apply(s, "end")


def test_compulsory_action_only_once() -> None:
    s = ready()
    s = do(s, "village canoe 1")  # no Wood: the action is over at once
    assert s.acted and not s.stack
    assert actions(s) == []
    with pytest.raises(IllegalAction):
        apply(s, "play york")
    with pytest.raises(IllegalAction):
        apply(s, "village canoe 1")
    assert "end" in legal(s)


def test_end_passes_the_turn_to_the_next_seat() -> None:
    s = ready(players=3, first=1)
    turn = s.turn
    s = do(s, "village canoe 1", "end")
    assert s.current == 2 and s.turn == turn + 1
    assert not (s.acted or s.recruited or s.camped)
    s = do(s, "village canoe 1", "end")
    assert s.current == 0


def test_end_refused_in_the_middle_of_an_action() -> None:
    s = ready()
    s = do(s, "play york")
    assert "end" not in legal(s)
    with pytest.raises(IllegalAction):
        apply(s, "end")


def test_recruit_before_the_action_then_act() -> None:
    """R15: recruitment before the action leaves the action to do; a second recruitment is refused."""
    s = ready()
    s = do(s, "recruit hay", "discard none")
    assert s.recruited and not s.acted
    assert "play york" in legal(s)
    assert not [a for a in legal(s) if a.startswith("recruit ")]
    s = do(s, "village canoe 1")
    assert not [a for a in legal(s) if a.startswith("recruit ")]
    with pytest.raises(IllegalAction):
        apply(s, "recruit john-newman")


def test_recruit_after_the_action() -> None:
    s = ready()
    s = do(s, "village canoe 1")
    assert "recruit hay" in legal(s)
    s = do(s, "recruit hay", "discard none")
    assert s.recruited and card("hay") in s.players[0].hand


def test_no_recruit_or_camp_in_the_middle_of_an_action() -> None:
    """R15, R16: at every decision inside an action neither recruitment nor Camp is offered."""
    s = ready()
    load(s, 0, wood=4, fur=3, equipment=3)
    s = do(s, "village canoe 2")
    steps = ["perform", "take 1 canoe", "perform", "take 1 canoe"]
    for step in steps:
        assert s.stack
        options = legal(s)
        assert "camp" not in options and not [a for a in options if a.startswith("recruit ")]
        with pytest.raises(IllegalAction):
            apply(s, "camp")
        with pytest.raises(IllegalAction):
            apply(s, "recruit hay")
        s = do(s, step)
    assert not s.stack
    assert "camp" in legal(s) and "recruit hay" in legal(s)


def test_no_camp_or_action_in_the_middle_of_a_card_play() -> None:
    s = ready()
    s = do(s, "play york")  # choosing the Strength card
    assert "camp" not in legal(s) and "recruit hay" not in legal(s) and actions(s) == []
    s = do(s, "under hugh-mcneal")  # choosing how many Indians
    assert "camp" not in legal(s) and "recruit hay" not in legal(s) and actions(s) == []


def test_no_camp_or_action_in_the_middle_of_a_recruitment() -> None:
    s = ready()
    s = do(s, "recruit hay")  # choosing a card to discard
    options = legal(s)
    assert "camp" not in options and actions(s) == [] and "end" not in options
    with pytest.raises(IllegalAction):
        apply(s, "camp")


def test_camp_before_the_action_then_act() -> None:
    """R16: a Camp before the action; a second Camp is refused."""
    s = ready()
    s = do(s, "camp")
    assert s.camped and not s.acted
    assert "play york" in legal(s) and "camp" not in legal(s)
    with pytest.raises(IllegalAction):
        apply(s, "camp")
    s = do(s, "village canoe 1")
    assert "camp" not in legal(s)


def test_camp_after_the_action() -> None:
    s = ready()
    s = do(s, "village canoe 1")
    assert "camp" in legal(s)
    s = do(s, "camp")
    assert s.camped and s.current == 0  # recruitment still possible: the turn goes on
    assert {a.split()[0] for a in legal(s)} == {"end", "recruit"}


def test_turn_ends_by_itself_when_nothing_is_left() -> None:
    """Action, Camp and recruitment done: the turn passes without an ``end``."""
    s = ready()
    s = do(s, "village canoe 1", "recruit hay", "discard none", "camp")
    assert s.current == 1 and not s.acted and not s.camped and not s.recruited


def test_turn_ends_by_itself_when_no_recruit_is_affordable() -> None:
    s = ready()
    load(s, 0)
    s = do(s, "camp", "village canoe 1")
    assert s.current == 1


def test_turn_does_not_end_by_itself_while_a_recruit_is_affordable() -> None:
    s = ready()
    s = do(s, "camp", "village canoe 1")
    assert s.current == 0 and "end" in legal(s)


def test_end_allowed_when_no_action_is_possible() -> None:
    """R17: no Indian and fewer than two cards even after the Camp: the turn may end without action."""
    s = ready()
    hand(s, 1, "seaman")
    indians(s, 1, 0)
    s = do(s, "village canoe 1", "end")
    assert s.current == 1 and s.must_camp
    assert "end" not in legal(s) and actions(s) == []
    s = do(s, "camp")
    assert actions(s) == [] and "end" in legal(s)
    s = do(s, "end")
    assert s.current == 0


def test_whose_decision_is_checked() -> None:
    s = ready()
    with pytest.raises(IllegalAction):
        apply(s, "camp", player=1)
    assert apply(s, "camp", player=0).camped


def test_apply_leaves_the_given_state_unchanged() -> None:
    s = ready()
    before = s.to_text()
    apply(s, "village canoe 1")
    assert s.to_text() == before
    with pytest.raises(IllegalAction):
        apply(s, "end")
    assert s.to_text() == before
