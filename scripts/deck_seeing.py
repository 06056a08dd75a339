"""Evidence, not a bot: how far a planner races when it is handed the real deck order.

A planner (``race``, so the ``hard`` and ``expert`` levels; ``rollout``, so ``medium``; the older
``planner``) normally deals the unseen
draw deck anew from its view before each search (``Bot.deal``). Here its own generator is replaced
by one that deals the truth: the deck in its real order and the game's real generator. Everything
else (the search, its budgets, the views it is given) is the level's own, so the figures say whether
hidden information or the search itself limits it: if seeing the deck does not win many more solo
games, the search and its scores are what to improve. Never a player: it reads what no seat can know.

    python scripts/deck_seeing.py expert --level 0 --seeds 1-50 --workers 2
    python scripts/deck_seeing.py "race:samples=1:nodes=600" --seeds 4,8,10
    python scripts/deck_seeing.py medium --seeds 1-100 --workers 2

With the deck in view every deal of a ``race`` spec is the same deal, so ``samples=2`` searches the
same deal twice: ``--samples 1`` (the default) runs the very search of one deal at half the CPU.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from multiprocessing import Pool
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from solo_cpu import parse_seeds  # noqa: E402  (scripts are files: the sibling is on the path above)

from lewis_clark.bots import LEVELS, make_bot, parse_spec  # noqa: E402
from lewis_clark.rules import apply_in_place, legal_actions  # noqa: E402
from lewis_clark.setup import new_game  # noqa: E402
from lewis_clark.sim import machine  # noqa: E402
from lewis_clark.state import Options, State, view  # noqa: E402

MAX_TURNS = 120  # own turns: a solo game is over long before (Mackenzie reaches the Fort)
SEARCHERS = ("planner", "race", "rollout")  # the bots whose search deals the deck (Bot.deal)


class TruthDealer(random.Random):
    """A bot's generator that deals the truth: ``Bot.deal`` shuffles the view's deck (sorted) and
    draws the game's generator from it; this one puts the real deck order and generator there.
    Any other use is an ordinary generator (the planners use theirs only to deal)."""

    def __init__(self, seed: int) -> None:
        super().__init__(seed)
        self.truth: State | None = None  # the real table, set before each decision

    def shuffle(self, x: Any, *args: Any) -> None:  # noqa: ANN401 (random.Random's own signature)
        truth = self.truth
        if truth is not None and sorted(x) == sorted(truth.deck):
            x[:] = truth.deck
        else:
            super().shuffle(x, *args)

    def getrandbits(self, k: int) -> int:
        if self.truth is not None and k == 64:
            return self.truth.rng
        return super().getrandbits(k)

    def randbytes(self, n: int) -> bytes:
        if self.truth is not None and len(self.truth.rng_key) == n:
            return self.truth.rng_key
        return super().randbytes(n)


def deck_seeing(spec: str, seed: int) -> tuple[Any, TruthDealer]:
    """The bot of ``spec`` with a generator that deals the truth (set ``dealer.truth`` each turn)."""
    name = parse_spec(LEVELS.get(spec, spec)).name
    if name not in SEARCHERS:
        raise ValueError(f"a planner, race or rollout spec is needed (a bot that deals the deck), got {spec!r}")
    bot = make_bot(spec, seed)
    dealer = TruthDealer(seed)
    bot.rng = dealer
    return bot, dealer


def one(job: tuple[str, int, int]) -> dict[str, Any]:
    """One solo game of ``spec`` seeing the deck, on game seed ``seed`` at Mackenzie level ``level``."""
    spec, seed, level = job
    state = new_game(Options(players=1, seed=seed, mackenzie=level))
    bot, dealer = deck_seeing(spec, seed)
    start = time.process_time()
    decisions = 0
    while not state.over and state.turn <= MAX_TURNS:
        dealer.truth = state
        apply_in_place(state, bot.choose(view(state, 0), legal_actions(state)))
        decisions += 1
    cpu = time.process_time() - start
    return {"seed": seed, "won": state.over and state.winner == 0, "turns": state.turn - (0 if state.over else 1),
            "camp": state.players[0].camp, "mackenzie": state.mackenzie, "cpu": round(cpu, 1),
            "s_per_decision": round(cpu / max(1, decisions), 3)}


def with_samples(spec: str, samples: int) -> str:
    """``spec`` (a level name or a spec) with ``samples`` deals if it is a race spec."""
    spec = LEVELS.get(spec, spec)
    if parse_spec(spec).name != "race":
        return spec
    name, *pairs = spec.split(":")
    rest = [pair for pair in pairs if not pair.startswith("samples=")]
    return ":".join([name, f"samples={samples}", *rest])


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("bot", nargs="?", default="expert", help="a level or a planner/race/rollout spec (default expert)")
    parser.add_argument("--seeds", type=parse_seeds, default="1-6", help="game seeds: 1-6 or 4,8,10-12 (default 1-6)")
    parser.add_argument("--level", type=int, default=0, help="Mackenzie's level, 0-7 (default 0)")
    parser.add_argument("--samples", type=int, default=1,
                        help="deals of a race spec: every deal is the truth, so 1 (default) is the same search")
    parser.add_argument("--workers", type=int, default=1, help="worker processes (default 1)")
    args = parser.parse_args()
    spec = with_samples(args.bot, args.samples)
    try:
        deck_seeing(spec, 0)
    except ValueError as exc:
        parser.error(str(exc))
    seeds: list[int] = args.seeds
    print(f"machine: {machine()}")
    print(f"command: python {' '.join(sys.argv)}")
    print(f"bot: {args.bot} seeing the deck = `{spec}`, Mackenzie level {args.level}")
    print("| seed | result | own turns | Camp | Mackenzie | s/decision |")
    print("|---:|---|---:|---:|---:|---:|")
    results: list[dict[str, Any]] = []
    with Pool(max(1, args.workers)) as pool:
        for r in pool.imap(one, [(spec, s, args.level) for s in seeds]):
            results.append(r)
            print(f"| {r['seed']} | {'won' if r['won'] else 'lost'} | {r['turns']} | {r['camp']} | {r['mackenzie']} | "
                  f"{r['s_per_decision']:.3f} |", flush=True)
    won = [r for r in results if r["won"]]
    lost = [r for r in results if not r["won"]]
    fewer, which = (lost, "lost") if len(lost) <= len(won) else (won, "won")  # the shorter list
    print(f"\nwon {len(won)}/{len(results)} seeing the deck at level {args.level}"
          + (f" in {min(r['turns'] for r in won)}-{max(r['turns'] for r in won)} turns" if won else "")
          + (f"; {which} seeds: {','.join(str(r['seed']) for r in fewer)}" if fewer else ""))


if __name__ == "__main__":
    main()
