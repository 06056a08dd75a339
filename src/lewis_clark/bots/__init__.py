"""Bots: players that choose among the legal actions from their seat's view.

    >>> from lewis_clark.bots import make_bot
    >>> bot = make_bot("random", seed=1)
    >>> bot = make_bot("mcts:seconds=0.5:depth=16", seed=1)   # options after the name

New bots subclass ``Bot`` (bots/base.py) and add themselves to ``BOTS`` under a short name, with
their options class (bots/options.py). Difficulty levels for people (``LEVELS``) are names for a bot
with a budget, built only of the family in this package (the race planner, its finishers, the
heuristic and the learned parts); bots/experimental/ holds the bots no level uses.
``HELD_OUT_SEEDS`` are the seeds the levels' strength is reported on (docs/bots.md).
"""

from __future__ import annotations

import os
from collections.abc import Callable
from typing import Any, Final, NamedTuple

from lewis_clark.actions import Action, Verb
from lewis_clark.bots.base import Bot, FutileTally, sensible
from lewis_clark.bots.options import (
    NOISE,
    SPECS,
    MCTSOptions,
    Opt,
    Options,
    PaceOptions,
    PlannerOptions,
    RaceOptions,
    RolloutOptions,
    Valuation,
)
from lewis_clark.bots.random_bot import RandomBot
from lewis_clark.state import State

# Each maker imports its bot when first asked (keeps `import lewis_clark.bots` light). The levels are
# built only of the family beside this file; bots/experimental/ holds the bots no level uses.


def _heuristic(seed: int, options: Any) -> Bot:
    from lewis_clark.bots.heuristic import HeuristicBot

    return HeuristicBot(seed)


def _rollout(seed: int, options: Any) -> Bot:
    from lewis_clark.bots.rollout import RolloutBot

    return RolloutBot(seed, options)


def _policy(seed: int, options: Any) -> Bot:
    from lewis_clark.bots.policy import PolicyBot

    return PolicyBot(seed)


def _race(seed: int, options: Any) -> Bot:
    from lewis_clark.bots.race import RaceBot

    to_fort = None if options.value == Valuation.HAND else to_fort_estimate()  # value=1 or 2
    return RaceBot(seed, options, to_fort=to_fort, **learned_parts(options))


def learned_parts(options: RaceOptions) -> dict[str, Any]:
    """Expert iteration's shipped network (numpy; the fit ``options.network`` names) as ``RaceBot``'s
    ``worth`` and ``prior``, when the options read it (learned_camps: hard, expert; learned_beam;
    learned_prior: hard); else nothing. Every maker of a race planner (the registry, the post-game
    review) takes them from here."""
    if not options.learned:
        return {}
    from lewis_clark.bots.learned import shipped

    model = shipped(options.network)
    return {"worth": model.values, "prior": model.pick}


def to_fort_estimate() -> Callable[[State, int], float]:
    """The learned turns a seat still needs to the Fort (bots/experimental/value.py), the estimate the race
    planner's ``value`` option and the post-game review read: handed out here, so that no module of the
    family imports an experiment."""
    from lewis_clark.bots.experimental.value import turns_to_fort

    return turns_to_fort


def _random(seed: int, options: Any) -> Bot:
    return RandomBot(seed)


def _mcts(seed: int, options: Any) -> Bot:
    from lewis_clark.bots.experimental.mcts import MCTSBot

    return MCTSBot(seed, options)


def _pace(seed: int, options: Any) -> Bot:
    from lewis_clark.bots.experimental.pace import PaceBot

    return PaceBot(seed, options)


def _planner(seed: int, options: Any) -> Bot:
    from lewis_clark.bots.experimental.planner import PlannerBot

    return PlannerBot(seed, options)


PLUGINS = "lewis_clark.bots"  # the entry-point group of bots that live above this package


def plugin(name: str) -> Callable[..., Bot]:
    """The bot maker another package (or a layer above this one) installs as the entry point ``name`` of
    the group ``lewis_clark.bots``; BotSpecError when none is installed."""
    from importlib.metadata import entry_points

    for point in entry_points(group=PLUGINS, name=name):
        made: Callable[..., Bot] = point.load()
        return made
    raise BotSpecError(f"bot {name!r} is not installed (no entry point {name!r} in the group {PLUGINS!r})")


def _ppo(seed: int, options: Any) -> Bot:
    # rl/ppo_bot.py reads the policy with numpy, interpreted, in the layer of the adapters above the bots:
    # found through this package's own entry point (pyproject.toml), never imported from here.
    return plugin("ppo")(seed, **({"path": options} if options else {}))


class Maker(NamedTuple):
    """How ``make_bot`` makes a bot: the maker (the seed and the options) and the bot's options class
    (None: it takes none)."""

    make: Callable[[int, Any], Bot]
    options: type[Options] | None = None


BOTS: dict[str, Maker] = {
    # the family the levels are built of
    "random": Maker(_random),
    "heuristic": Maker(_heuristic),
    "rollout": Maker(_rollout, RolloutOptions),
    "policy": Maker(_policy),
    "race": Maker(_race, RaceOptions),
    # experimental: no level uses them (bots/experimental/)
    "mcts": Maker(_mcts, MCTSOptions),
    "pace": Maker(_pace, PaceOptions),
    "planner": Maker(_planner, PlannerOptions),
    # above the bots' layer, through an entry point
    "ppo": Maker(_ppo),
}

# Difficulty levels offered to players: a bot name with its options.
LEVELS: dict[str, str] = {
    "easy": "heuristic:noise=0.3",
    # The race planner's budgets are in lines grown, not seconds, so a level replays from its seed.
    # medium: half of hard's lines (chosen on seeds 3,001-3,060: 100 lines won 13/60, 150 17/60).
    # racing (several seats only; solo plays as without it): two medium at a table took 40.8 own turns a
    # player with it, 64.1 without, on sim seeds 5, 11 and 12 (8 games; docs/research/bots-lab-notes.md)
    "medium": "race:samples=2:keep=4:beam=15:nodes=150:actions=8:recruits=4:finish=1:discounts=1:purse=1:jumps=1:racing=1",
    # hard and expert: expert iteration's value (bots/learned.py, generation 3) blended with the hand's
    # score orders a bucket's Camps (learned_camps=2); chosen on tuning seeds 2,000,101-2,000,200, hard
    # against hard with it: 38/100 -> 43/100 (docs/research/learned-value.md)
    # offered (as the expert's): on tuning seeds 2,000,512-2,000,571, hard won 33/60 with it against 31/60,
    # CPU a decision 0.083 / 0.085 s (the same rule, written before the batch: docs/research/hard-offered-rule.txt)
    # learned_prior with generation 4's fit (its value in the blend too; network=4): on tuning seeds
    # 2,000,572-2,000,631, 37/60 against hard's 33/60, CPU a decision 0.082 / 0.075 s (the rule "at least four
    # more wins, CPU at most 10% more", written before the batch: docs/research/hard-prior-rule.txt). The expert
    # reads generation 6 (below) and grows no prior: with learned_prior=1:network=4 it won 45/60
    # against 42/60 on tuning seeds 2,000,632-2,000,691 at 27% more CPU a decision, short of the same rule
    # (docs/research/expert-prior-rule.txt)
    "hard": "race:samples=2:keep=4:beam=15:nodes=300:actions=8:recruits=4:finish=1:discounts=1:purse=1:jumps=1:racing=1"
            ":learned_camps=2:offered=1:learned_prior=1:network=4",
    # expert: one deal searched twice as wide (keep=8, beam=30) and with 2,400 lines a turn, where the level
    # before grew 600 on each of two deals (docs/research/bots-lab-notes.md, the tenth and eleventh rounds).
    # On tuning seeds 2,001,023-2,001,082 (solo, level 0) it won 50/60 against that level's 39/60 at 0.158 s
    # a decision, longest turn 4.49 s (docs/research/wide-one-deal-2400-rule.txt). At a table it grows as
    # many (each line there also plays the rivals' turns): bounded at 1,200 there in the eleventh round, it
    # raced 36.2 own turns against `random` where 2,400 raced 31.2, and with the cheaper lines of the twelfth
    # round two of it took 30.1 own turns a player, longest turn 3.27 s (tuning seeds 2,001,136-2,001,147:
    # docs/research/table-full-rule.txt). A search inside a turn (a Journal card drawn replans its rest) grows
    # 600, the third and later ones 300, solo and at a table alike (replan_solo=1), so that a turn's thinking
    # stays bounded.
    # offered: its search grows and follows only first turns the driver offers (a pick refused as futile went
    # to the heuristic's rules of thumb; chosen on tuning seeds 2,000,452-2,000,511, 36/60 against 35/60).
    # Solo it grows 10 actions and 5 recruitments a turn: on tuning seeds 2,001,162-2,001,221 it won 53/60 that way
    # against 47/60 with 8 and 4 (docs/research/breadth-rule.txt). At a table it grows 8 and 4, as before
    # (table_actions, table_recruits): there each line also plays the rival's turn and the wider turn went over
    # the 5 s bound, with 2,400 lines and with 2,000 (docs/research/table-budget-rule.txt).
    # network=6: generation 6's fit, the first on the expert's own games (235 solo games by expert:finish=4):
    # on tuning seeds 2,001,311-2,001,370 it won 52/60 where generation 3's won 47/60, CPU a decision 0.125 /
    # 0.118 s, longest turn 3.32 s (the rule, written before the fit: docs/research/gen6-rule.txt)
    "expert": "race:samples=1:keep=8:beam=30:nodes=2400:replan=600:later=300:actions=10:recruits=5:table_actions=8"
              ":table_recruits=4:finish=1:discounts=1:purse=1:jumps=1:racing=1:learned_camps=2:offered=1:network=6",
}


# The held-out evaluation set: the game seeds every strength figure of the levels is reported on
# (scripts/held_out.py, scripts/elo.py --held-out). No option, weight or model is ever chosen on them:
# tuning looks at TUNING_SEEDS (and any others) only, so the held-out figures stay honest.
HELD_OUT_SEEDS: range = range(1_000_001, 1_000_201)
TUNING_SEEDS: range = range(1, 101)  # the seeds the levels were tuned on, reported beside as "tuning set"


def bot_names() -> list[str]:
    """The names ``make_bot`` knows (bots and difficulty levels), sorted."""
    return sorted(BOTS) + sorted(LEVELS)


class BotSpecError(ValueError):
    """A bot spec that names no bot, or an option the bot does not take or a value out of its range."""


class Spec(NamedTuple):
    """A parsed bot spec: the bot's name, its options (the bot's options class, filled; None for a
    bot that takes none), ``noise`` if given, and the policy file of ``ppo:PATH``."""

    name: str
    options: Options | None = None
    noise: float | None = None
    path: str = ""


def spec_options(name: str) -> dict[str, Opt]:
    """The ``key=value`` options bot ``name`` takes, with what each may be (``noise`` aside)."""
    made = BOTS[name].options
    return dict(SPECS[made]) if made is not None else {}


PPO_PREFIX = "ppo:"  # a trained policy network: "ppo:PATH" (rl/ppo_bot.py); "ppo" alone is the shipped one


def normal_spec(text: str) -> str:
    """A spec as typed, made canonical: lower case and trimmed, except the file path of ``ppo:PATH``."""
    text = text.strip()
    if text.lower().startswith(PPO_PREFIX):
        return PPO_PREFIX + text[len(PPO_PREFIX):]
    return text.lower()


def with_level(spec: str) -> str:
    """A spec that begins with a level's name, as the level's bot with its options, those given after
    the name in place of the level's own: ``expert:learned_camps=1`` is the expert with that option added,
    ``expert:nodes=300`` the expert with a smaller budget. Any other spec is returned as it is."""
    name, sep, extra = spec.partition(":")
    level = LEVELS.get(name)
    if level is None:
        return spec
    bot, *own = level.split(":")
    given = {pair.partition("=")[0] for pair in extra.split(":")} if sep else set()
    return ":".join([bot, *(pair for pair in own if pair.partition("=")[0] not in given)] + ([extra] if sep else []))


def parse_spec(spec: str) -> Spec:
    """``"race:nodes=600:purse=1"`` as the bot's name and its options class filled (``RaceOptions``);
    a level's name may be followed by options (``with_level``). Raises BotSpecError (a ValueError)
    naming the bot and the option for an unknown name or option, or a value out of range."""
    spec = normal_spec(spec)
    if spec.startswith(PPO_PREFIX):  # the rest is a path, which may hold ':' or '='
        path = spec[len(PPO_PREFIX):]
        if not os.path.isfile(path):
            raise BotSpecError(f"bot 'ppo': no policy file {path!r}")
        return Spec("ppo", path=path)
    spec = with_level(spec)
    name, *pairs = spec.split(":")
    if name not in BOTS:
        raise BotSpecError(f"unknown bot {name!r} (known: {', '.join(bot_names())})")
    allowed = {**spec_options(name), "noise": NOISE}
    values: dict[str, Any] = {}
    for pair in pairs:
        key, sep, text = pair.partition("=")
        if not sep or not key:
            raise BotSpecError(f"bad bot option {pair!r} in {spec!r} (expected key=value)")
        if key not in allowed:
            raise BotSpecError(f"bot {name!r} has no option {key!r} (options: {', '.join(sorted(allowed))})")
        if key in values:
            raise BotSpecError(f"bot {name!r}: option {key!r} given twice")
        value = allowed[key].read(text)
        if value is None:
            raise BotSpecError(f"bot {name!r}: {key} must be {allowed[key].describe()}, got {text!r}")
        values[key] = value
    noise = values.pop("noise", None)
    made = BOTS[name].options
    return Spec(name, made(**values) if made is not None else None, noise)


TURN_ACTIONS: Final = frozenset({Verb.PLAY, Verb.VILLAGE})  # the decisions a NoisyBot may take at random


class NoisyBot(Bot):
    """Another bot that, with probability ``noise``, takes a uniformly random one of the turn's actions
    offered (a card to play, a Village place) instead of its own: the "easy" level is a heuristic that
    now and then picks the wrong card. Every other decision is the bot's own: a random recruitment,
    Camp or end of the turn stalls the race for good (two such easy bots never finished a 2-player game
    in 400 turns), which is doing nothing, not playing weakly."""

    def __init__(self, seed: int, inner: Bot, noise: float) -> None:
        super().__init__(seed)
        if not 0.0 <= noise <= 1.0:
            raise ValueError(f"noise must be between 0 and 1, got {noise}")
        self.inner = inner
        self.noise = noise
        self.name = f"{inner.name}+noise"

    def __reduce__(self) -> tuple[type[NoisyBot], tuple[int, Bot, float], object]:
        # Sent to worker processes: rebuilt through __init__ (its arguments have no defaults, which a
        # compiled class needs to be made empty), then given its state (the generator's included).
        return (NoisyBot, (self.seed, self.inner, self.noise), self.__getstate__())

    def choose(self, view: State, legal: list[Action]) -> Action:
        actions = [a for a in legal if a.verb in TURN_ACTIONS]
        if actions and self.rng.random() < self.noise:
            return actions[self.rng.randrange(len(actions))]
        return self.inner.choose(view, legal)


def make_bot(spec: str, seed: int) -> Bot:
    """A new bot from a name, a difficulty level or ``name:key=value...``, with its own seed; raises
    BotSpecError (a ValueError) for an unknown name or option. ``noise=p`` works with every bot (see NoisyBot)."""
    parsed = parse_spec(spec)
    bot = BOTS[parsed.name].make(seed, parsed.path if parsed.name == "ppo" else parsed.options)
    if parsed.noise is not None:
        bot = NoisyBot(seed ^ 0x5EED, bot, float(parsed.noise))
    return bot


__all__ = ["BOTS", "HELD_OUT_SEEDS", "LEVELS", "TUNING_SEEDS", "Bot", "BotSpecError", "FutileTally", "Maker",
           "NoisyBot", "RandomBot", "Spec", "bot_names", "make_bot", "normal_spec", "parse_spec", "plugin",
           "learned_parts", "sensible", "spec_options", "to_fort_estimate", "with_level"]
