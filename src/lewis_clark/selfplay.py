"""Bots playing whole games: every decision asked of the seat's bot, shown only that seat's view.

    >>> state, record, log = play_game(Options(players=3), ["random"] * 3, seed=7)

The game seed fixes the deck; each seat's bot gets its own seed derived from it, so one seed
replays the whole game. The record holds every action's text and the final state's hash.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import NamedTuple

from lewis_clark.bots import Bot, make_bot
from lewis_clark.match import Match, bot_seed
from lewis_clark.record import Record
from lewis_clark.state import Options, State

__all__ = ["DEFAULT_MAX_TURNS", "GameResult", "bot_seed", "make_bots", "play_game"]

DEFAULT_MAX_TURNS = 2000
MOST_TURNS = 100_000  # --max-turns at most: a game lasts a few hundred decisions; more is a typo


class GameResult(NamedTuple):
    """What ``play_game`` returns; unpacks as ``state, record, log``."""

    state: State
    record: Record
    log: list[str]  # one text per action (Match.step_texts)


def make_bots(bot_names: Sequence[str], seed: int) -> list[Bot]:
    """One bot per seat, each with its own derived seed (``match.bot_seed``); raises ValueError for an unknown name."""
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
    if "human" in bot_names:
        raise ValueError("selfplay is for bots only")
    match = Match(options, bot_names, keep_log=keep_log).play_out(max_turns)
    return GameResult(match.state, match.record, match.step_texts())
