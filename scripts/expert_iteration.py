"""Expert iteration for the race planner: games by the bots, labelled by the search, a network fitted on them.

    python scripts/expert_iteration.py --generate --generation 0 --games 200 --workers 1
    python scripts/expert_iteration.py --fit --generation 0          # needs torch (the train extra)
    python scripts/expert_iteration.py --ship --generation 0         # copies the fit to bots/learned-gen0.npz
    python scripts/expert_iteration.py --generate --generation 1 --learned learned_camps=1:learned_prior=1
                                                                     # games by expert + the generation-0 model

``--generate`` plays games from seeds of its own (``SEED_BASE``: never the held-out evaluation seeds
1,000,001-1,000,200), each seed drawing the table: solo at a Mackenzie level 0-7 (``SOLO_SHARE`` of the
games; ``--solo``: all) or 2-5 players, every seat the same bot (``--bot``, the expert; with ``--learned``
its learned options on, reading the previous generation's model). At each search of a race bot it keeps
the position (the seat's observation counts, ``lewis_clark.tensor``) and what the search found
(``RaceBot.root_stats``: each deal's first turn, whether its line wins); at the end each position gets
the outcome (win, the turns left, the margin in spaces: past the rival's Camp, or short of the Fort).
Every play-out of the search that reaches the end of the game (``RaceBot.on_play_out``, the ``finish``
option) gives one more position for free: the Camp it started from, labelled with the play-out's own
outcome (``source`` 1; the real positions are ``source`` 0). One ``.npz`` per game under ``--out``/gen{N}.

``--measure`` plays solo games on ``--seeds`` (the held-out set only for the final figures) with each
bot of ``--arms`` in turn on every seed (paired: the same deals; ``--workers`` processes), one JSON line a game, then each
arm's wins with the Wilson 95% interval and its CPU per decision (scripts/solo_cpu.py's measure). With
``--players N`` each game is a table of N seats, every seat the arm (``at_table``): its length in own turns
a player, and the share of deals the searches carried on.

``--rank`` judges fitted models on the validation games (how well their value orders positions).

``--fit`` trains ``bots.learned.Learner``'s network (PyTorch, CPU, seeded by the generation) on every
generation up to N, holding out one game in ten for the validation loss it prints; the arrays are
saved with numpy as ``--out``/gen{N}/model.npz, which play reads without torch.

``--reproduce N`` makes generation N's model again from one command: ``RECIPES[N]`` pins who played its
games (a whole spec, its model included), how many and at which tables, and the fit; it plays what is
missing, fits, and compares the arrays with the shipped ``bots/learned-genN.npz`` when there is one.
"""

from __future__ import annotations

import argparse
import glob
import os
import random
import shutil
import sys
import time
from dataclasses import asdict, dataclass
from multiprocessing import Pool
from typing import Any

import numpy as np
from librt.strings import BytesWriter

from lewis_clark import Options, tensor
from lewis_clark.bots import learned as learned_model
from lewis_clark.bots import with_level
from lewis_clark.bots.learned import ACTING_MOVES, LAYERS, MARGIN_SCALE, MOVES, acting_move, recruit_move
from lewis_clark.bots.race import RaceBot
from lewis_clark.match import Match
from lewis_clark.state import State

SEED_BASE = 5_000_000  # generation N plays seeds SEED_BASE + N * 100_000 + i (held-out: 1,000,001-1,000,200)
SOLO_SHARE = 0.7
MAX_TURNS = 120
OUT = "runs/expert-iteration"
HERE = os.path.dirname(os.path.abspath(__file__))
BOTS = os.path.join(HERE, "..", "src", "lewis_clark", "bots")  # where the shipped fits are (learned.model_file)


@dataclass(frozen=True)
class Fit:
    """``--fit``'s settings, as generation 6 was fitted (its defaults but for the ranked loss); torch is
    seeded by the generation."""

    rank_weight: float = 1.0
    hidden: int = 64
    epochs: int = 15
    batch: int = 128
    lr: float = 1e-3
    decay: float = 1e-3
    prior_weight: float = 0.5
    playouts: int = 1
    suffix: str = "-ranked"


@dataclass(frozen=True)
class Recipe:
    """How one generation's model is made, all of it pinned: the games, then the fit."""

    bot: str  # a whole spec, ``network`` included: a level's name would follow the level as it changes
    games: int  # seeds SEED_BASE + generation * 100_000 + 0 .. games - 1
    solo: bool  # solo tables only (at Mackenzie levels 0-7), or the mixed draw of ``table``
    reads: tuple[int, ...]  # the generations whose games the fit reads (each with a recipe of its own)
    fitting: Fit = Fit()


# Generations 0-5 were played by bots that no longer exist as a spec (see docs/research/learned-value.md),
# so only their shipped files remain. Generation 6 is the first by the expert itself.
RECIPES: dict[int, Recipe] = {
    6: Recipe(bot="race:samples=1:keep=8:beam=30:nodes=2400:replan=600:later=300:actions=10:recruits=5:"
              "table_actions=8:table_recruits=4:discounts=1:purse=1:jumps=1:racing=1:learned_camps=2:"
              "offered=1:finish=4:network=3", games=235, solo=True, reads=(6,)),
}


def table(seed: int, solo: bool = False) -> tuple[int, int]:
    """The players and Mackenzie's level of the game of ``seed`` (level 0 when not solo)."""
    rng = random.Random(seed)
    if rng.random() < SOLO_SHARE or solo:
        return 1, rng.randrange(8)
    return rng.randint(2, 5), 0


def spec_of(base: str, learned: str) -> str:
    """The bot that plays a generation's games: ``base`` (a level or spec) with ``learned`` options added."""
    spec = with_level(base)
    return spec + ":" + learned if learned else spec


def outcome(s: State, seat: int) -> tuple[int, float]:
    """Whether ``seat`` won the finished game ``s`` and its margin in spaces: a win, how far the rival's
    Camp (solo: Mackenzie) was from Fort Clatsop; a loss, how far its own Camp was short of it."""
    fort = s.options.route.fort_clatsop
    if s.over and s.winner == seat:
        rival = s.mackenzie if len(s.players) == 1 else max(p.camp for j, p in enumerate(s.players) if j != seat)
        return 1, float(fort - rival)
    return 0, -float(max(0, fort - s.players[seat].camp))


def start_worker(model: str) -> None:
    """Each worker reads the previous generation's model instead of the shipped one."""
    if model:
        learned_model.use(model)


def play(job: tuple[int, str, bool]) -> dict[str, Any]:
    """One game of ``spec`` on ``seed``: its positions and labels (see the module's docstring)."""
    seed, spec, solo = job
    players, level = table(seed, solo)
    match = Match(Options(players=players, seed=seed, mackenzie=level), [spec] * players, keep_log=False)
    # the search's play-outs to the end: (observation, seat, win, margin, turns it took, group)
    outs: list[tuple[bytes, int, int, float, int, int]] = []
    # a group: the play-outs of one bucket of Camps (one bot's search, one turn, told one after another),
    # the Camps the value must order against each other
    last: list[tuple[int, int, int]] = [(-1, -1, -1)]

    def hearing(bot: RaceBot) -> Any:
        def heard(start: State, seat: int, end: State, taken: int) -> None:
            obs = BytesWriter()
            tensor.fill(obs, start, seat)  # the seat's view of the dealt line: never the deck's order
            key = (id(bot), bot.searches, start.turn)
            if key != last[-1]:
                last.append(key)
            outs.append((obs.getvalue(), seat, *outcome(end, seat), taken, len(last)))
        return heard

    for bot in match.bots.values():
        if isinstance(bot, RaceBot):
            bot.on_play_out = hearing(bot)
    rows: list[bytes] = []
    seats: list[int] = []
    turns: list[int] = []
    deal_moves: list[list[int]] = []
    deal_wins: list[list[int]] = []
    played: list[int] = []
    recruited: list[int] = []
    start = time.process_time()
    while not match.over and match.state.turn <= MAX_TURNS * players:  # turns count every seat's
        state = match.state
        seat = state.current
        bot = match.bots[seat]
        before = bot.searches if isinstance(bot, RaceBot) else -1
        buf = BytesWriter()
        tensor.fill(buf, state, seat)  # reads only the seat's view
        turn = state.turn
        # another bot gives outcome-only positions: each turn's start
        starts = not state.stack and not state.acted and not state.recruited and not state.camped
        match.step_bot()
        if isinstance(bot, RaceBot) and bot.searches != before:
            rows.append(buf.getvalue())
            seats.append(seat)
            turns.append(turn)
            deal_moves.append([acting_move(r.first) for r in bot.root_stats] + [recruit_move(r.first)
                                                                                 for r in bot.root_stats])
            deal_wins.append([int(r.wins) for r in bot.root_stats])
            played.append(acting_move(bot.committed))
            recruited.append(recruit_move(bot.committed))
        elif not isinstance(bot, RaceBot) and starts:
            rows.append(buf.getvalue())
            seats.append(seat)
            turns.append(turn)
            deal_moves.append([])
            deal_wins.append([])
            played.append(-1)
            recruited.append(-1)
    s = match.state
    ends = [outcome(s, k) for k in range(players)]
    won = [w for w, _ in ends]
    margin = [m for _, m in ends]
    real = len(rows)
    win_of = [won[k] for k in seats]
    margin_of = [margin[k] for k in seats]
    left = [s.turn - t for t in turns]
    groups = [-1] * len(rows)
    for obs, at, w, m, taken, group in outs:  # after the real positions: no search labels, their own outcome
        groups.append(group)
        rows.append(obs)
        seats.append(at)
        turns.append(-1)
        win_of.append(w)
        margin_of.append(m)
        left.append(taken * players)
        deal_moves.append([])
        deal_wins.append([])
        played.append(-1)
        recruited.append(-1)
    samples = max((len(m) // 2 for m in deal_moves), default=0)
    moves = np.full((len(rows), 2 * max(1, samples)), -1, np.int16)
    wins = np.zeros((len(rows), max(1, samples)), np.int8)
    for i, (picked, won_deals) in enumerate(zip(deal_moves, deal_wins, strict=True)):
        half = len(picked) // 2
        moves[i, :half] = picked[:half]
        moves[i, samples: samples + half] = picked[half:]
        wins[i, :len(won_deals)] = won_deals
    seat_arr = np.asarray(seats, np.int8)
    return {
        "seed": seed, "spec": spec, "players": players, "level": level, "cpu": time.process_time() - start,
        "end_turn": s.turn, "won_any": int(any(won)),
        "counts": np.frombuffer(b"".join(rows), "<u2").reshape(len(rows), tensor.SIZE),
        "playouts": len(outs),
        "seat": seat_arr, "turn": np.asarray(turns, np.int16),
        "win": np.asarray(win_of, np.int8), "margin": np.asarray(margin_of, np.float32),
        "turns_left": np.asarray(left, np.int16),
        "source": np.asarray([0] * real + [1] * (len(rows) - real), np.int8),
        "group": np.asarray(groups, np.int32),
        "deal_moves": moves, "deal_wins": wins,
        "played": np.asarray(played, np.int16), "recruited": np.asarray(recruited, np.int16),
        "scales": np.asarray(tensor.scales(s.options.route), np.float32),
    }


def generate(args: argparse.Namespace) -> None:
    folder = os.path.join(args.out, f"gen{args.generation}")
    os.makedirs(folder, exist_ok=True)
    spec = spec_of(args.bot, args.learned)
    model = os.path.join(args.out, f"gen{args.generation - 1}", "model.npz") if args.learned else ""
    if args.learned and not args.generation:
        sys.exit("--learned plays with the previous generation's model: generation 0 has none")
    if model and not os.path.isfile(model):
        sys.exit(f"no model {model}: fit generation {args.generation - 1} first")
    first = SEED_BASE + args.generation * 100_000 + args.first
    if args.first < 0 or args.first + args.games > 100_000:
        sys.exit("--first and --games must keep the seeds inside the generation's 100,000")
    seeds = [s for s in range(first, first + args.games)
             if not os.path.exists(os.path.join(folder, f"g{s}.npz"))]
    print(f"generation {args.generation}: {len(seeds)} games of `{spec}` (model: {model or 'none'}), "
          f"seeds {first}-{first + args.games - 1}", flush=True)
    wall = time.time()
    positions = cpu = 0.0
    with Pool(max(1, args.workers), initializer=start_worker, initargs=(model,)) as pool:
        for n, game in enumerate(pool.imap_unordered(play, [(s, spec, args.solo) for s in seeds]), 1):
            arrays = {k: v for k, v in game.items() if isinstance(v, np.ndarray)}
            meta = {k: np.asarray(v) for k, v in game.items() if not isinstance(v, np.ndarray)}
            np.savez_compressed(os.path.join(folder, f"g{game['seed']}.npz"), **arrays, **meta)
            positions += len(game["seat"])
            cpu += game["cpu"]
            print(f"{n}/{len(seeds)} seed {game['seed']} players {game['players']} level {game['level']} "
                  f"won {game['won_any']} turns {game['end_turn']} positions {len(game['seat'])} "
                  f"(play-outs {game['playouts']}) "
                  f"cpu {game['cpu']:.0f}s | total {positions:.0f} positions, {positions / max(cpu, 1e-9):.2f}/cpu-s, "
                  f"wall {time.time() - wall:.0f}s", flush=True)


def load_games(out: str, generations: list[int], playouts: bool = True) -> dict[str, Any]:
    """Every game of ``generations`` as stacked arrays, with each position's game seed and source (0: a
    real position, 1: a play-out's start; ``playouts`` False leaves those out)."""
    parts: dict[str, list[Any]] = {}
    for g in generations:
        for path in sorted(glob.glob(os.path.join(out, f"gen{g}", "g*.npz"))):
            with np.load(path) as data:
                n = len(data["seat"])
                if not n or (int(data["players"]) > 1 and not int(data["won_any"])):
                    continue  # a table of several seats cut off unfinished has no outcome
                source = data["source"] if "source" in data.files else np.zeros(n, np.int8)
                # a bucket's play-outs, told in the order ``camped`` ranked their Camps (-1: none)
                group = data["group"].astype(np.int64) if "group" in data.files else np.full(n, -1, np.int64)
                group = np.where(group >= 0, int(data["seed"]) * 1_000_000 + group, -1)
                keep = np.ones(n, bool) if playouts else source == 0
                x = data["counts"].astype(np.float32) / data["scales"]
                moves = data["deal_moves"]
                half = moves.shape[1] // 2
                acting = np.zeros((n, ACTING_MOVES), np.float32)
                recruit = np.zeros((n, len(MOVES) - ACTING_MOVES), np.float32)
                for i in range(n):
                    for m in moves[i, :half]:
                        if m >= 0:
                            acting[i, m] += 1.0
                    for m in moves[i, half:]:
                        if m >= ACTING_MOVES:
                            recruit[i, m - ACTING_MOVES] += 1.0
                for key, value in (("x", x), ("win", data["win"].astype(np.float32)),
                                   ("margin", data["margin"] / MARGIN_SCALE), ("acting", acting),
                                   ("recruit", recruit), ("seed", np.full(n, int(data["seed"]))),
                                   ("source", source), ("group", group)):
                    parts.setdefault(key, []).append(value[keep])
    if not parts:
        sys.exit(f"no games under {out} for generations {generations}")
    return {k: np.concatenate(v) for k, v in parts.items()}


def bucket_pairs(group: Any, margin: Any, chosen: Any) -> Any:
    """Every pair (i, j) of ``chosen`` positions in one group (a bucket's Camps played out, ``camped``'s
    order) whose margins differ, i told before j: an int64 array of (i, j) rows."""
    idx = np.flatnonzero(chosen & (group >= 0))
    pairs: list[tuple[int, int]] = []
    if len(idx):
        order = idx[np.argsort(group[idx], kind="stable")]
        bounds = np.flatnonzero(np.diff(group[order])) + 1
        for members in np.split(order, bounds):
            for a in range(len(members)):
                for b in range(a + 1, len(members)):
                    i, j = int(members[a]), int(members[b])
                    if margin[i] != margin[j]:
                        pairs.append((i, j))
    return np.asarray(pairs, np.int64).reshape(-1, 2)


def fit(args: argparse.Namespace, generations: tuple[int, ...] = ()) -> str:
    """Fit the network on ``generations`` (every one up to ``--generation`` if none is named); the saved path."""
    import torch
    from torch import nn

    torch.manual_seed(args.generation)
    torch.set_num_threads(1)
    data = load_games(args.out, list(generations or range(args.generation + 1)), bool(args.playouts))
    held = data["seed"] % 10 == 0  # whole games held out
    val = held & (data["source"] == 0)  # judged on their real positions only, whatever the fit saw
    print(f"positions: {len(held)} ({int((data['source'] == 1).sum())} of them play-outs' starts; "
          f"{int(held.sum())} held out, {int(val.sum())} real ones judge the fit), games: "
          f"{len(set(data['seed'].tolist()))}", flush=True)
    tensors = {k: torch.from_numpy(np.ascontiguousarray(v)) for k, v in data.items()
               if k not in ("seed", "source", "group")}
    # the Camps of one bucket against each other: the order the search asks the value for
    pairs = {name: torch.from_numpy(bucket_pairs(data["group"], data["margin"], chosen))
             for name, chosen in (("train", ~held), ("validation", held))}
    print(f"bucket pairs (different margins): {len(pairs['train'])} training, {len(pairs['validation'])} validation",
          flush=True)

    class Net(nn.Module):
        def __init__(self) -> None:
            super().__init__()
            self.l0 = nn.Linear(tensor.SIZE, args.hidden)
            self.l1 = nn.Linear(args.hidden, args.hidden // 2)
            self.value = nn.Linear(args.hidden // 2, 2)
            self.prior = nn.Linear(args.hidden // 2, len(MOVES))

        def forward(self, x: Any) -> tuple[Any, Any]:
            h = torch.relu(self.l1(torch.relu(self.l0(x))))
            return self.value(h), self.prior(h)

    net = Net()
    opt = torch.optim.Adam(net.parameters(), lr=args.lr, weight_decay=args.decay)
    train_idx = torch.from_numpy(np.flatnonzero(~held))
    val_idx = torch.from_numpy(np.flatnonzero(val))

    def losses(idx: Any) -> tuple[Any, Any, Any]:
        value, prior = net(tensors["x"][idx])
        win = nn.functional.binary_cross_entropy_with_logits(value[:, 0], tensors["win"][idx])
        margin = nn.functional.mse_loss(value[:, 1], tensors["margin"][idx])
        total = torch.zeros(())
        for key, lo, hi in (("acting", 0, ACTING_MOVES), ("recruit", ACTING_MOVES, len(MOVES))):
            target = tensors[key][idx]
            mass = target.sum(1)
            have = mass > 0
            if have.any():
                logp = torch.log_softmax(prior[have, lo:hi], 1)
                total = total - (target[have] / mass[have, None] * logp).sum(1).mean()
        return win, margin, total

    def ranked(rows: Any) -> tuple[Any, Any]:
        """The pairwise logistic loss of the value's margin on bucket pairs ``rows``, and how many it orders right."""
        if not len(rows):
            return torch.zeros(()), torch.zeros(())
        value, _ = net(tensors["x"][torch.cat([rows[:, 0], rows[:, 1]])])
        first, second = value[: len(rows), 1], value[len(rows):, 1]
        sign = torch.sign(tensors["margin"][rows[:, 0]] - tensors["margin"][rows[:, 1]])
        gap = sign * (first - second)
        return nn.functional.softplus(-gap).mean(), (gap > 0).float().mean()

    with torch.no_grad():  # what a constant guess scores on the validation games, to judge the fit by
        win_rate = tensors["win"][train_idx].mean()
        mean_margin = tensors["margin"][train_idx].mean()
        base_win = nn.functional.binary_cross_entropy(win_rate.expand(len(val_idx)), tensors["win"][val_idx])
        base_margin = nn.functional.mse_loss(mean_margin.expand(len(val_idx)), tensors["margin"][val_idx])
    print(f"constant guess on validation: win {base_win:.3f} margin {base_margin:.3f}", flush=True)
    best: tuple[float, int, dict[str, Any]] | None = None
    for epoch in range(args.epochs):
        net.train()
        order = train_idx[torch.randperm(len(train_idx))]
        train_pairs = pairs["train"]
        for b in range(0, len(order), args.batch):
            win, margin, prior = losses(order[b: b + args.batch])
            loss = win + margin + args.prior_weight * prior
            if args.rank_weight and len(train_pairs):
                rows = train_pairs[torch.randint(len(train_pairs), (args.batch,))]
                loss = loss + args.rank_weight * ranked(rows)[0]
            opt.zero_grad()
            loss.backward()
            opt.step()
        net.eval()
        with torch.no_grad():
            tw, tm, tp = losses(train_idx)
            vw, vm, vp = losses(val_idx) if len(val_idx) else (tw, tm, tp)
            vr, right = ranked(pairs["validation"])
        print(f"epoch {epoch + 1}: train win {tw:.3f} margin {tm:.3f} prior {tp:.3f} | "
              f"validation win {vw:.3f} margin {vm:.3f} prior {vp:.3f} bucket pairs {vr:.3f} "
              f"({float(right):.1%} right)", flush=True)
        score = float(vw + vm + args.rank_weight * vr)  # the value is what the search uses: keep its best epoch
        if best is None or score < best[0]:
            best = (score, epoch + 1, {k: v.detach().clone() for k, v in net.state_dict().items()})
    assert best is not None
    net.load_state_dict(best[2])
    print(f"kept epoch {best[1]} (validation win + margin {best[0]:.3f})", flush=True)
    arrays = {"w0": net.l0.weight.T, "b0": net.l0.bias, "w1": net.l1.weight.T, "b1": net.l1.bias,
              "value_w": net.value.weight.T, "value_b": net.value.bias,
              "prior_w": net.prior.weight.T, "prior_b": net.prior.bias}
    saved = {k: arrays[k].detach().numpy().astype(np.float32) for k in LAYERS}
    path = os.path.join(args.out, f"gen{args.generation}", f"model{args.suffix}.npz")
    np.savez_compressed(path, **saved)
    print(f"saved {path} ({os.path.getsize(path)} bytes)")
    return path


def reproduce(args: argparse.Namespace) -> None:
    """Generation ``--generation``'s model from its recipe: the games of every generation it reads (those not
    yet under ``--out``), the fit, and the arrays against the shipped file's (exit 1 if any differs)."""
    recipe = RECIPES.get(args.generation)
    if recipe is None:
        sys.exit(f"no recipe for generation {args.generation}: recipes exist for {sorted(RECIPES)}")
    for g in recipe.reads:  # the fit reads every game in the folder: one more than the recipe's, another model
        first = SEED_BASE + g * 100_000
        extra = sorted(p for p in glob.glob(os.path.join(args.out, f"gen{g}", "g*.npz"))
                       if not first <= int(os.path.basename(p)[1:-4]) < first + RECIPES[g].games)
        if extra:
            sys.exit(f"{os.path.join(args.out, f'gen{g}')} holds games outside the recipe's {RECIPES[g].games} "
                     f"seeds ({len(extra)}, the first {os.path.basename(extra[0])}); use another --out")
    for g in recipe.reads:
        made = RECIPES[g]
        generate(argparse.Namespace(**{**vars(args), "generation": g, "bot": made.bot, "learned": "",
                                       "solo": made.solo, "first": 0, "games": made.games}))
    path = fit(argparse.Namespace(**{**vars(args), **asdict(recipe.fitting)}), recipe.reads)
    shipped = os.path.join(BOTS, learned_model.model_file(args.generation))
    if not os.path.isfile(shipped):
        print(f"nothing shipped as {os.path.normpath(shipped)} to compare with")
        return
    with np.load(path) as made_arrays, np.load(shipped) as ship_arrays:
        differ = [k for k in ship_arrays.files
                  if k not in made_arrays.files or not np.array_equal(made_arrays[k], ship_arrays[k])]
    if differ:
        sys.exit(f"{path} differs from {os.path.normpath(shipped)} in {', '.join(differ)}")
    print(f"reproduced: every array of {os.path.normpath(shipped)}, to the last bit")


def rank(args: argparse.Namespace) -> None:
    """How well each model of ``--models`` judges the validation games (seed ending in 0) of generations up
    to N: on the real positions and on the play-outs' starts (the Camps the search ranks), the root-mean-square
    error of its margin in spaces and how often it orders two positions of different margins right (20,000
    random pairs, seeded); then, on the Camps of one bucket played out (the pairs the search asks it), how
    often ``camped``'s order, the value's and their blend (``learned_camps=2``: the sum of the two places) put
    the one with the better margin first."""
    paths = sorted(p for g in range(args.generation + 1)
                   for p in glob.glob(os.path.join(args.out, f"gen{g}", "g*0.npz")))
    parts: dict[str, list[Any]] = {"x": [], "margin": [], "source": [], "group": []}
    for path in paths:
        with np.load(path) as data:
            n = len(data["seat"])
            if not n or (int(data["players"]) > 1 and not int(data["won_any"])):
                continue  # no outcome, as in the fit
            parts["x"].append(data["counts"].astype(np.float32) / data["scales"])
            parts["margin"].append(data["margin"])
            parts["source"].append(data["source"] if "source" in data.files else np.zeros(n, np.int8))
            group = data["group"].astype(np.int64) if "group" in data.files else np.full(n, -1, np.int64)
            parts["group"].append(np.where(group >= 0, int(data["seed"]) * 1_000_000 + group, -1))
    x, margin, source, group = (np.concatenate(parts[k]) for k in ("x", "margin", "source", "group"))
    print(f"validation games: {len(parts['x'])}, positions: {len(x)} ({int((source == 1).sum())} play-outs' starts)")
    for path in args.models.split(","):
        value, _ = learned_model.load(path).forward(x)
        guess = value[:, 1] * MARGIN_SCALE
        rng = np.random.default_rng(0)
        for label, chosen in (("real", source == 0), ("play-outs", source == 1)):
            p, t = guess[chosen], margin[chosen]
            if not len(p):
                continue
            i, j = rng.integers(0, len(p), 20_000), rng.integers(0, len(p), 20_000)
            differ = t[i] != t[j]
            right = float(np.mean((p[i] > p[j])[differ] == (t[i] > t[j])[differ]))
            print(f"{path} {label}: {len(p)} positions, margin error {float(np.sqrt(np.mean((p - t) ** 2))):.1f} "
                  f"spaces (root mean square), pairs ordered right {right:.1%}", flush=True)
        print(f"{path} buckets: {bucket_orders(group, margin, guess)}", flush=True)


def bucket_orders(group: Any, margin: Any, guess: Any) -> str:
    """How often, over the pairs of one bucket's Camps with different margins, each order puts the better
    first: ``camped``'s (the order they were told), the value's and their blend (see race.blended)."""
    from lewis_clark.bots.race import blended

    right = {"camped": 0, "value": 0, "blend": 0}
    total = 0
    idx = np.flatnonzero(group >= 0)
    order = idx[np.argsort(group[idx], kind="stable")]
    for members in np.split(order, np.flatnonzero(np.diff(group[order])) + 1):
        if len(members) < 2:
            continue
        worth = [float(guess[i]) for i in members]
        place = {"camped": list(range(len(members))),
                 "value": [0] * len(members), "blend": [0] * len(members)}
        for at, k in enumerate(sorted(range(len(members)), key=lambda k: -worth[k])):
            place["value"][k] = at
        for at, k in enumerate(blended(worth)):
            place["blend"][k] = at
        for a in range(len(members)):
            for b in range(a + 1, len(members)):
                ma, mb = margin[members[a]], margin[members[b]]
                if ma == mb:
                    continue
                total += 1
                for name, places in place.items():
                    right[name] += int((places[a] < places[b]) == (ma > mb))
    return f"{total} pairs; " + ", ".join(f"{k} right {v / max(1, total):.1%}" for k, v in right.items())


def at_table(job: tuple[str, int, int]) -> dict[str, Any]:
    """One game of ``spec`` in every seat of a ``players``-seat table on ``seed`` (``--measure --players``):
    the seats' own turns (the game's length a player), CPU per decision and longest turn over all seats,
    and the share of deals each search carried on from the turn before."""
    from solo_cpu import timed  # the benchmark's loop: CPU, decisions, longest turn (on sys.path: ``measure``)

    spec, seed, players = job
    match = Match(Options(players=players, seed=seed), [spec] * players, keep_log=False)
    cpu, decisions, longest = timed(match, MAX_TURNS * players)
    s = match.state
    races = [b for b in match.bots.values() if isinstance(b, RaceBot)]
    deals = sum(b.searches * b.samples for b in races)
    return {"seed": seed, "won": s.over, "winner": s.winner, "turns": round(s.turn / players, 1),
            "camps": [p.camp for p in s.players], "cpu": round(cpu, 2), "decisions": decisions,
            "s_per_decision": round(cpu / max(1, decisions), 3), "longest_turn": round(longest, 2),
            "carried": round(sum(b.carried for b in races) / max(1, deals), 3)}


def measure(args: argparse.Namespace) -> None:
    import json

    sys.path.insert(0, HERE)
    from solo_cpu import one, parse_seeds  # the solo benchmark's game: CPU per decision, longest turn

    arms = [a.strip() for a in args.arms.split(",")]
    if args.model:
        learned_model.use(args.model)  # the learned options read this fit, not the shipped one
    print(f"model: {args.model or 'shipped (each arm its network option)'}", flush=True)
    results: dict[str, list[dict[str, Any]]] = {a: [] for a in arms}
    table = f"{args.players} seats, each the arm" if args.players > 1 else f"Mackenzie level {args.level}"
    print(f"arms: {', '.join(f'{a} = `{with_level(a)}`' for a in arms)}; {table}", flush=True)
    jobs = [(arm, seed, args.players if args.players > 1 else args.level)
            for seed in parse_seeds(args.seeds) for arm in arms]
    game = at_table if args.players > 1 else one
    # ``--workers`` processes play the games side by side; the lines come in the jobs' order (seed, arm)
    with Pool(max(1, args.workers), initializer=start_worker, initargs=(args.model or "",)) as pool:
        for (arm, _, _), r in zip(jobs, pool.imap(game, jobs), strict=True):
            r["arm"] = arm
            results[arm].append(r)
            print(json.dumps(r), flush=True)
    tally(results)


def tally(results: dict[str, list[dict[str, Any]]]) -> None:
    """Each arm's wins (Wilson 95%), CPU per decision and longest turn, over the seeds every arm played."""
    from lewis_clark.sim import wilson

    common = set.intersection(*({r["seed"] for r in rs} for rs in results.values())) if results else set()
    for arm, rs in results.items():
        rs = [r for r in rs if r["seed"] in common]
        wins = sum(1 for r in rs if r["won"])
        low, high = wilson(wins, len(rs))
        cpu = sum(r["cpu"] for r in rs) / max(1, sum(r["decisions"] for r in rs))
        longest = max((r["longest_turn"] for r in rs), default=0.0)
        turns = sum(r["turns"] for r in rs) / max(1, len(rs))
        what = "finished" if rs and "winner" in rs[0] else "won"  # a table's games: finished within MAX_TURNS
        print(f"{arm}: {what} {wins}/{len(rs)} = {wins / max(1, len(rs)):.0%} (Wilson 95% {low:.0%}-{high:.0%}); "
              f"{turns:.1f} own turns; CPU {cpu:.3f} s a decision, longest turn {longest:.2f} s", flush=True)


def arguments() -> argparse.ArgumentParser:
    """The command line (``--help``)."""
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    what = parser.add_mutually_exclusive_group(required=True)
    what.add_argument("--generate", action="store_true", help="play and label games")
    what.add_argument("--fit", action="store_true", help="fit the network on generations 0..N (needs torch)")
    what.add_argument("--measure", action="store_true", help="games of each arm on --seeds, paired: solo, or "
                      "every seat the arm (--players)")
    what.add_argument("--rank", action="store_true", help="judge --models on the validation games up to N")
    what.add_argument("--tally", metavar="LOG", help="the figures of a --measure log (one cut short too)")
    what.add_argument("--reproduce", action="store_true", help="make generation N's model again from its "
                      "recipe (RECIPES: games, then fit; needs torch) and compare it with the shipped one")
    what.add_argument("--ship", action="store_true", help="copy generation N's model to bots/learned-genN.npz "
                      "(a race bot reads it with network=N, once options.Network lists N)")
    parser.add_argument("--generation", type=int, default=0)
    parser.add_argument("--games", type=int, default=100, help="games to play (--generate)")
    parser.add_argument("--first", type=int, default=0, help="first game index within the generation's seeds")
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--bot", default="expert", help="the level or spec that plays (--generate)")
    parser.add_argument("--learned", default="", help="learned options the bot plays with, reading the previous "
                        "generation's model (--generate), e.g. learned_camps=1:learned_prior=1")
    parser.add_argument("--model", default="", help="the model the arms' learned options read (--measure; "
                        "default: the shipped one)")
    parser.add_argument("--models", default="", help="comma-separated model files (--rank)")
    parser.add_argument("--solo", action="store_true", help="only solo tables (--generate)")
    parser.add_argument("--playouts", type=int, default=1, choices=(0, 1),
                        help="fit on the search's play-outs too (1) or on the real positions only (0)")
    parser.add_argument("--out", default=OUT)
    parser.add_argument("--arms", default="expert,expert:learned_camps=1", help="bots to compare (--measure)")
    parser.add_argument("--seeds", default="3000001-3000010", help="game seeds (--measure), FIRST-LAST or a list")
    parser.add_argument("--level", type=int, default=0, help="Mackenzie's level (--measure)")
    parser.add_argument("--players", type=int, default=1, help="seats at the table, each the arm (--measure; "
                        "1: solo against Mackenzie at --level)")
    parser.add_argument("--hidden", type=int, default=64)
    parser.add_argument("--epochs", type=int, default=15)
    parser.add_argument("--batch", type=int, default=128)
    parser.add_argument("--lr", type=float, default=1e-3)
    parser.add_argument("--decay", type=float, default=1e-3)
    parser.add_argument("--prior-weight", type=float, default=0.5)
    parser.add_argument("--rank-weight", type=float, default=0.0, help="weight of the loss that orders the "
                        "Camps of one bucket by their play-outs' margins (--fit; 0: generation 1's fit)")
    parser.add_argument("--suffix", default="", help="the fit is saved as, and shipped from, model{SUFFIX}.npz "
                        "(--fit, --ship)")
    return parser


def main() -> None:
    args = arguments().parse_args()
    if args.generate:
        generate(args)
    elif args.fit:
        fit(args)
    elif args.reproduce:
        reproduce(args)
    elif args.measure:
        measure(args)
    elif args.rank:
        rank(args)
    elif args.tally:
        import json

        results: dict[str, list[dict[str, Any]]] = {}
        with open(args.tally) as log:
            for line in log:
                if line.startswith("{"):
                    r = json.loads(line)
                    results.setdefault(r["arm"], []).append(r)
        tally(results)
    else:
        source = os.path.join(args.out, f"gen{args.generation}", f"model{args.suffix}.npz")
        target = os.path.join(BOTS, learned_model.model_file(args.generation))
        shutil.copyfile(source, target)
        print(f"shipped {source} as {os.path.normpath(target)}")


if __name__ == "__main__":
    main()
