"""An OpenSpiel game, ``python_lewis_clark``, registered with pyspiel on import.

    >>> import pyspiel
    >>> import lewis_clark.rl.openspiel_game  # registers the game
    >>> game = pyspiel.load_game("python_lewis_clark", {"players": 3, "max_turns": 200})

Card draws are chance nodes. The OpenSpiel state holds an engine state whose draw deck is a set of
unseen cards with no order: whenever the engine draws (setting up the Journal, a recruitment, an
Interpreter, a Farewell, Cuscalar's closing refill), OpenSpiel first asks chance which card comes
next, uniformly over the cards the engine would draw from at that moment (the draw deck, or the
discard deck once the draw deck is empty, R14). Set-up is chance too: five cards for the Journal
(laid by Strength, R13), then the first player. With nothing hidden but the deck order, the game is
one of perfect information with explicit chance. Player actions are the indices of
``actions_index.ACTIONS``; chance outcomes are ``card id - 1`` (or the first player's seat).

Returns: 1 for the winner, 0 for everyone else; a game stopped by ``max_turns`` (or by the hard cap
of ``MAX_DECISIONS_PER_TURN * max_turns`` player decisions) ends with no winner.

How a draw becomes a chance node: the player's action is applied to a copy of the engine state
whose decks answer ``pop()`` with the cards chance has chosen so far; when they run out, the copy is
dropped and a chance node offers the cards of the deck being drawn from. Once every draw of the
action is known the copy becomes the state. The engine's own shuffle still runs on a reshuffle, but
its order is never used.
"""

from __future__ import annotations

from typing import Any, SupportsIndex

import numpy as np
import pyspiel

from lewis_clark import journal
from lewis_clark.actions import Action
from lewis_clark.cards import CARDS
from lewis_clark.rl import observation
from lewis_clark.rl.actions_index import ACTIONS, INDEX, NUM_ACTIONS
from lewis_clark.route import PRINTED_ROUTE, Route
from lewis_clark.rules import apply_in_place, legal_actions
from lewis_clark.setup import new_game
from lewis_clark.state import Options, State
from lewis_clark.wording import prompt

SHORT_NAME = "python_lewis_clark"
NUM_CARDS = len(CARDS) - 1
MAX_DECISIONS_PER_TURN = 60  # random play needs at most ~15; the hard cap keeps MaxGameLength true
DEFAULT_MAX_TURNS = 400
DEFAULT_PARAMS: dict[str, Any] = {"players": 2, "max_turns": DEFAULT_MAX_TURNS, "mackenzie": 0, "route": ""}

_GAME_TYPE = pyspiel.GameType(
    short_name=SHORT_NAME,
    long_name="Python Lewis & Clark: The Expedition",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
    information=pyspiel.GameType.Information.PERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.GENERAL_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=5,
    min_num_players=1,
    provides_information_state_string=False,
    provides_information_state_tensor=False,
    provides_observation_string=True,
    provides_observation_tensor=True,
    parameter_specification=DEFAULT_PARAMS,
)

_DEAL = Action("deal")  # type: ignore[arg-type]  # set-up: the five Journal cards (not an engine action)


class LewisClarkGame(pyspiel.Game):  # type: ignore[misc]
    """The game; parameters: players (1-5), max_turns, mackenzie (solo level 0-7), route (text, R25)."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        merged = {**DEFAULT_PARAMS, **(params or {})}
        route_text = str(merged["route"])
        route = Route.parse(route_text) if route_text else PRINTED_ROUTE
        self.options = Options(players=int(merged["players"]), mackenzie=int(merged["mackenzie"]), route=route)
        self.max_turns = int(merged["max_turns"])
        if self.max_turns < 1:
            raise ValueError(f"max_turns must be at least 1, got {self.max_turns}")
        self.max_length = MAX_DECISIONS_PER_TURN * self.max_turns
        info = pyspiel.GameInfo(
            num_distinct_actions=NUM_ACTIONS,
            max_chance_outcomes=NUM_CARDS,
            num_players=self.options.players,
            min_utility=0.0,
            max_utility=1.0,
            utility_sum=None,
            max_game_length=self.max_length,
        )
        super().__init__(_GAME_TYPE, info, merged)

    def new_initial_state(self) -> LewisClarkState:
        return LewisClarkState(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> LewisClarkObserver:
        # The game type declares no information state: a perfect-recall observer (what
        # information_state_tensor/string ask for) is refused, so the calls agree with the declaration.
        if iig_obs_type is not None and iig_obs_type.perfect_recall:
            raise ValueError(f"{SHORT_NAME} provides no information state (perfect information with explicit "
                             "chance): use observation_tensor / observation_string")
        return LewisClarkObserver(params)

    def __reduce__(self) -> tuple[type[LewisClarkGame], tuple[dict[str, Any]]]:
        # pyspiel's own pickling keeps only the C++ part (max_turns and the options were lost): rebuild
        # from the parameters, so the game can be sent to worker processes and deep-copied.
        return (LewisClarkGame, (dict(self.get_parameters()),))


class _NeedCard(Exception):
    """Raised inside a trial application when the engine draws a card chance has not chosen yet."""

    def __init__(self, pool: list[int]) -> None:
        super().__init__("a card must be drawn")
        self.pool = pool


class _Drawn:
    """The cards chance has chosen for the action being resolved, in draw order."""

    def __init__(self, cards: list[int]) -> None:
        self.cards = cards
        self.used = 0

    def next(self, pool: list[int]) -> int:
        if self.used == len(self.cards):
            raise _NeedCard(sorted(pool))
        card = self.cards[self.used]
        self.used += 1
        return card


class _ChanceDeck(list[int]):
    """A deck whose top card is whatever chance chose (journal.draw pops the deck)."""

    def __init__(self, cards: list[int], drawn: _Drawn) -> None:
        super().__init__(cards)
        self.drawn = drawn

    def pop(self, index: SupportsIndex = -1) -> int:
        card = self.drawn.next(self)
        self.remove(card)
        return card


class LewisClarkState(pyspiel.State):  # type: ignore[misc]
    """An engine state, plus the player action (or set-up step) waiting for chance to draw cards."""

    def __init__(self, game: LewisClarkGame) -> None:
        super().__init__(game)
        self._max_turns = game.max_turns
        self._max_length = game.max_length
        engine = new_game(game.options)
        # The deal and the first player become chance nodes: the Journal goes back into the deck.
        engine.deck = sorted(engine.deck + [c for c in engine.journal if c])
        engine.journal = [0] * journal.SLOTS
        engine.current = 0
        self.engine: State = engine
        self._pending: Action | None = _DEAL
        self._drawn: list[int] = []
        self._pool: list[int] = []
        self._choosing_first = False
        self._decisions = 0
        self._resolve()

    # --- OpenSpiel API ---------------------------------------------------------------------------

    def current_player(self) -> int:
        if self.is_terminal():
            return int(pyspiel.PlayerId.TERMINAL)
        if self._pending is not None or self._choosing_first:
            return int(pyspiel.PlayerId.CHANCE)
        return self.engine.current

    def _legal_actions(self, player: int) -> list[int]:
        if self.is_terminal() or player != self.current_player():
            return []
        return sorted(INDEX[a] for a in legal_actions(self.engine))

    def chance_outcomes(self) -> list[tuple[int, float]]:
        if self._choosing_first:
            n = len(self.engine.players)
            return [(seat, 1.0 / n) for seat in range(n)]
        p = 1.0 / len(self._pool)
        return [(card - 1, p) for card in self._pool]

    def _apply_action(self, action: int) -> None:
        if self._choosing_first:
            self.engine.current = action
            self._choosing_first = False
        elif self._pending is not None:
            self._drawn.append(action + 1)
            self._resolve()
        else:
            self._pending = ACTIONS[action]
            self._decisions += 1
            self._resolve()

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            if self._choosing_first:
                return f"first {self.engine.players[action].colour}"
            return f"draw {CARDS[action + 1].slug}"
        return str(ACTIONS[action])

    def is_terminal(self) -> bool:
        e = self.engine
        return e.over or e.turn > self._max_turns or self._decisions >= self._max_length

    def returns(self) -> list[float]:
        e = self.engine
        return [1.0 if e.over and e.winner == seat else 0.0 for seat in range(len(e.players))]

    def __str__(self) -> str:
        e = self.engine
        lines = [f"turn {e.turn}, state {e.hash()}"]
        for p in e.players:
            lines.append(f"{p.colour}: scout {p.scout}, camp {p.camp}, hand {len(p.hand)}, resources {p.resources}, "
                         f"indians {p.indians}")
        lines.append("journal: " + " ".join(CARDS[c].slug if c else "-" for c in e.journal))
        if self._choosing_first:
            lines.append("chance: first player")
        elif self._pending is not None:
            # The deal is no engine action: the compiled Action.__str__ would refuse its verb.
            pending = "deal" if self._pending == _DEAL else str(self._pending)
            lines.append(f"chance: draw for {pending} (drawn {[CARDS[c].slug for c in self._drawn]})")
        elif e.over:
            winner = e.outcome.winner
            lines.append(f"over, winner {'none' if winner is None else e.players[winner].colour}")
        else:
            lines.append(prompt(e))
        return "\n".join(lines)

    # --- chance ----------------------------------------------------------------------------------

    def _resolve(self) -> None:
        """Apply the pending action to a copy; commit it, or stop at a chance node for the next draw."""
        trial = self.engine.copy()
        drawn = _Drawn(self._drawn)
        trial.deck = _ChanceDeck(trial.deck, drawn)
        trial.discard = _ChanceDeck(trial.discard, drawn)
        try:
            if self._pending is _DEAL:
                journal.deal_sorted(trial)
            else:
                assert self._pending is not None
                apply_in_place(trial, self._pending)
        except _NeedCard as need:
            self._pool = need.pool
            return
        trial.deck = sorted(trial.deck)  # the order means nothing: chance picks every card
        trial.discard = list(trial.discard)
        self._choosing_first = self._pending is _DEAL and len(trial.players) > 1
        self.engine = trial
        self._pending = None
        self._drawn = []
        self._pool = []


class LewisClarkObserver:
    """Observation tensor (``observation.observe``: the player's view) and a text summary."""

    def __init__(self, params: Any = None) -> None:
        if params:
            raise ValueError(f"observation parameters are not supported, got {params}")
        self.tensor = np.zeros(observation.SIZE, np.float32)
        self.dict = {s.name: self.tensor[s.start: s.start + s.size] for s in observation.LAYOUT}

    def set_from(self, state: LewisClarkState, player: int) -> None:
        observation.observe(state.engine, player, self.tensor)  # reads only what the view shows

    def string_from(self, state: LewisClarkState, player: int) -> str:
        return f"player {player}\n{state}"


pyspiel.register_game(_GAME_TYPE, LewisClarkGame)
