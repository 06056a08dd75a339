"""Bots playing whole games: every decision asked of the seat's bot, shown only that seat's view.

    >>> state, record, log = play_game(Options(players=3), ["random"] * 3, seed=7)

The game seed fixes the deck; each seat's bot gets its own seed derived from it, so one seed
replays the whole game. The record holds every action's text and the final state's hash.
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from dataclasses import replace
from typing import NamedTuple

from lewis_clark.bots import Bot, make_bot
from lewis_clark.describe import describe
from lewis_clark.record import Record
from lewis_clark.rules import apply_in_place, legal_actions
from lewis_clark.setup import new_game
from lewis_clark.state import Options, State, view

DEFAULT_MAX_TURNS = 2000


class GameResult(NamedTuple):
    """What ``play_game`` returns; unpacks as ``state, record, log``."""

    state: State
    record: Record
    log: list[str]


def bot_seed(game_seed: int, seat: int) -> int:
    """The seed of ``seat``'s bot in a game: derived by hashing, so seats and games never share a stream."""
    digest = hashlib.sha256(f"lewis-clark-bot/{game_seed}/{seat}".encode()).digest()
    return int.from_bytes(digest[:8], "big")


def make_bots(bot_names: Sequence[str], seed: int) -> list[Bot]:
    """One bot per seat, each with its own derived seed; raises ValueError for an unknown name."""
    return [make_bot(name, bot_seed(seed, seat)) for seat, name in enumerate(bot_names)]


def play_game(options: Options, bot_names: Sequence[str], seed: int | None = None,
              max_turns: int = DEFAULT_MAX_TURNS, keep_log: bool = True) -> GameResult:
    """Play a game to its end, or until ``max_turns`` turns have been played (then ``state.over`` is
    False). ``seed`` overrides ``options.seed``; one bot name per seat."""
    if seed is not None:
        options = replace(options, seed=seed)
    if len(bot_names) != options.players:
        raise ValueError(f"{len(bot_names)} bots for {options.players} players")
    if max_turns < 1:
        raise ValueError(f"max_turns must be at least 1, got {max_turns}")
    bots = make_bots(bot_names, options.seed)
    state = new_game(options)
    record = Record(options, bots=list(bot_names))
    log: list[str] = []
    while not state.over and state.turn <= max_turns:
        seat = state.current
        legal = legal_actions(state)
        action = bots[seat].choose(view(state, seat), list(legal))
        if action not in legal:  # a bot bug, not a rules question: say which bot
            raise ValueError(f"bot {bot_names[seat]!r} at seat {seat} chose {str(action)!r}, which is not legal")
        before = state.copy() if keep_log else state
        apply_in_place(state, action, seat)
        record.actions.append(str(action))
        if keep_log:
            log.append(describe(before, action, state))
    record.final_hash = state.hash()
    return GameResult(state, record, log)
