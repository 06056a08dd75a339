"""The random bot and the bot interface: legal choices only, reproducible by seed, sees only a view."""

from __future__ import annotations

import random

import pytest

from lewis_clark import Action, Options, State, Verb, apply_in_place, legal_actions, new_game, view
from lewis_clark.bots import BOTS, Bot, Maker, RandomBot, make_bot
from lewis_clark.selfplay import bot_seed, play_game


def states_along_a_game(players: int, seed: int, steps: int) -> list[State]:
    """Copies of the states met along a random game (driven by a separate generator)."""
    state = new_game(players=players, seed=seed)
    chooser = random.Random(seed)
    out = []
    for _ in range(steps):
        if state.over:
            break
        out.append(state.copy())
        apply_in_place(state, chooser.choice(legal_actions(state)))
    return out


def test_random_bot_only_returns_legal_actions() -> None:
    bot = make_bot("random", 3)
    for state in states_along_a_game(3, 5, 400):
        legal = legal_actions(state)
        assert bot.choose(view(state, state.current), legal) in legal


def test_random_bot_plays_whole_games_legally() -> None:
    """play_game checks each choice against the legal actions and raises on any other."""
    for players in (1, 2, 5):
        state, record, log = play_game(Options(players=players), ["random"] * players, seed=players, max_turns=60)
        assert len(record.actions) == len(log) > 0
        assert record.replay().hash() == state.hash()


def test_random_bot_covers_the_choices() -> None:
    """Uniform, not stuck on the first option: over many calls every legal action comes up."""
    state = new_game(players=2, seed=1)
    legal = legal_actions(state)
    bot = RandomBot(7)
    seen = {bot.choose(view(state, state.current), legal) for _ in range(50 * len(legal))}
    assert seen == set(legal)


def test_same_seed_same_choices_different_seed_different_choices() -> None:
    states = states_along_a_game(2, 9, 200)

    def choices(seed: int) -> list[Action]:
        bot = make_bot("random", seed)
        return [bot.choose(view(s, s.current), legal_actions(s)) for s in states]

    assert choices(42) == choices(42)
    assert choices(42) != choices(43)


def test_bot_does_not_use_the_global_random() -> None:
    states = states_along_a_game(2, 2, 100)

    def choices() -> list[Action]:
        bot = RandomBot(5)
        out = []
        for s in states:
            random.random()  # disturbing the global generator must not matter
            out.append(bot.choose(view(s, s.current), legal_actions(s)))
        return out

    random.seed(1)
    first = choices()
    random.seed(2)
    assert choices() == first


def test_deck_order_is_hidden_from_the_bot() -> None:
    """Reordering the real draw deck leaves the bot's view, and so its choice, unchanged."""
    for state in states_along_a_game(3, 6, 150)[::10]:
        shuffled = state.copy()
        random.Random(0).shuffle(shuffled.deck)
        shuffled.rng ^= 0xFFFF  # the generator would foretell reshuffles: hidden too
        assert shuffled.to_text() != state.to_text()
        seat = state.current
        assert view(shuffled, seat).to_text() == view(state, seat).to_text()
        legal = legal_actions(state)
        assert RandomBot(11).choose(view(state, seat), legal) == RandomBot(11).choose(view(shuffled, seat), legal)


def test_play_game_shows_bots_only_their_seat_view(monkeypatch: pytest.MonkeyPatch) -> None:
    seen: list[tuple[int, State]] = []

    class Spy(RandomBot):
        def choose(self, view: State, legal: list[Action]) -> Action:
            seen.append((self.seed, view))
            return super().choose(view, legal)

    monkeypatch.setitem(BOTS, "spy", Maker(lambda seed, _: Spy(seed)))
    play_game(Options(players=3), ["spy"] * 3, seed=12, max_turns=20)
    assert seen
    seeds = {bot_seed(12, seat): seat for seat in range(3)}
    for seed, v in seen:
        assert v.hidden and v.rng == 0 and v.deck == sorted(v.deck)
        assert v.current == seeds[seed], "each decision goes to the bot of the seat to decide"


def test_bot_seeds_differ_by_seat_and_game() -> None:
    seeds = {bot_seed(g, s) for g in range(20) for s in range(5)}
    assert len(seeds) == 100
    assert bot_seed(7, 1) == bot_seed(7, 1)


def test_unknown_bot_name_lists_the_known_ones() -> None:
    with pytest.raises(ValueError, match="random"):
        make_bot("alphago", 1)


def test_make_bot_returns_a_seeded_bot() -> None:
    bot = make_bot("random", 99)
    assert isinstance(bot, Bot) and isinstance(bot, RandomBot)
    assert bot.seed == 99


def test_a_bot_choosing_an_illegal_action_is_stopped(monkeypatch: pytest.MonkeyPatch) -> None:
    class Cheat(RandomBot):
        def choose(self, view: State, legal: list[Action]) -> Action:
            return Action(Verb.RETURN, "wood")

    monkeypatch.setitem(BOTS, "cheat", Maker(lambda seed, _: Cheat(seed)))
    with pytest.raises(ValueError, match="cheat"):
        play_game(Options(players=2), ["cheat", "cheat"], seed=1)
