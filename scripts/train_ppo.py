"""Train the PPO baseline (the ``rl-train`` extra: torch, sb3-contrib) and export it for ``ppo:PATH``.

    nice -n 10 python scripts/train_ppo.py --demos /tmp/demos.npz     # clone + 4 DAgger rounds (the shipped recipe)
    nice -n 10 python scripts/train_ppo.py --init OUT.npz --bc-epochs 0 --dagger 0 --ppo-steps 100000  # PPO on top
    nice -n 10 python scripts/train_ppo.py --games 4 --bc-epochs 1 --dagger 1 --dagger-games 2 \
        --ppo-steps 2048 --value-steps 2048 --out /tmp/p.npz                     # a smoke run

The recipe, in four stages (docs/rl.md gives the exact runs behind the shipped weights):

1. **Demonstrations.** ``--games`` two-player games of ``--teacher`` (the heuristic) against
   ``--opponent`` (easy), seats rotated; at each of the teacher's decisions with more than one legal
   action, the teacher's observation (``observation.observe``), its legal actions and its choice.
2. **Behaviour cloning.** The policy network (``--hidden``, tanh) is fitted to the teacher's choices
   by cross-entropy over the legal actions only (the illegal ones masked out), ``--bc-epochs`` epochs.
3. **DAgger** (``--dagger`` rounds): the clone plays ``--dagger-games`` games against the opponent;
   the teacher labels every decision of the clone's own states (the ones its mistakes lead to), the
   labels join the demonstrations and the clone is fitted again (``--dagger-epochs``).
4. **PPO fine-tuning** (``--ppo-steps``, default 0). sb3-contrib's MaskablePPO starts from the clone
   (its policy network and action head; the value network is fitted first for ``--value-steps`` steps with the policy frozen) and
   trains ``--ppo-steps`` steps on ``LewisClark-Vs-v0`` against the opponent, with the shaped reward
   (``shaping=True``) and a small learning rate, so that it improves on the clone instead of
   forgetting it. SB3's ``check_env`` runs on the env first.

``--init PATH`` starts from a saved policy instead (``--bc-epochs 0`` skips cloning): stages can be
run one by one. The policy network's weights (``w0, b0, ...``; float16) go to ``--out`` (the clone's
to ``<out>-bc.npz``); rl/ppo_bot.py reads them with numpy only. ``--eval N`` plays N games of each
stage's policy against the opponent and prints its win rate.
"""

from __future__ import annotations

import argparse
import multiprocessing
import sys
import time
from pathlib import Path
from typing import Any

import numpy as np

from lewis_clark.bots import make_bot
from lewis_clark.match import Match
from lewis_clark.rl import observation
from lewis_clark.rl.actions_index import INDEX, NUM_ACTIONS
from lewis_clark.rl.ppo_bot import SHIPPED, PPOBot
from lewis_clark.state import Options, view

Demos = tuple[np.ndarray, np.ndarray, np.ndarray]  # observations (float16), masks (bool), choices


def play_demos(args: tuple[int, str, str, int]) -> Demos:
    """One game of the teacher against the opponent; the teacher's non-forced decisions."""
    game, teacher, opponent, seed = args
    seat = game % 2
    seats = [teacher, opponent] if seat == 0 else [opponent, teacher]
    match = Match(Options(players=2, seed=seed + game), seats, keep_log=False)
    xs, masks, ys = [], [], []
    while not match.state.over and match.state.turn <= 400:
        state = match.state
        if state.current == seat:
            legal = match.legal()
            action = match.bot_choice()
            if len(legal) > 1:
                xs.append(observation.observe(state, seat).astype(np.float16))
                m = np.zeros(NUM_ACTIONS, bool)
                m[[INDEX[a] for a in legal]] = True
                masks.append(m)
                ys.append(INDEX[action])
            match.apply(action, seat)
        else:
            match.step_bot()
    return np.array(xs), np.array(masks), np.array(ys, np.int64)


def play_dagger(args: tuple[int, str, str, int, str, int]) -> Demos:
    """One game of the current policy against the opponent; at each of its decisions, the teacher's
    choice on the policy's own state (DAgger): the states a clone reaches after its own mistakes."""
    game, teacher, opponent, seed, policy, max_turns = args
    seat = game % 2
    seats = ["human", opponent] if seat == 0 else [opponent, "human"]
    match = Match(Options(players=2, seed=seed + game), seats, keep_log=False)
    learner = PPOBot(0, policy)
    coach = make_bot(teacher, seed + game)
    xs, masks, ys = [], [], []
    while not match.state.over and match.state.turn <= max_turns:
        state = match.state
        if state.current == seat:
            legal = match.legal()
            seen = view(state, seat)
            label = coach.choose(seen, list(legal))
            if len(legal) > 1:
                xs.append(observation.observe(state, seat).astype(np.float16))
                m = np.zeros(NUM_ACTIONS, bool)
                m[[INDEX[a] for a in legal]] = True
                masks.append(m)
                ys.append(INDEX[label])
            match.apply(learner.choose(seen, legal), seat)
        else:
            match.step_bot()
    return np.array(xs), np.array(masks), np.array(ys, np.int64)


def collect_dagger(games: int, teacher: str, opponent: str, seed: int, workers: int, policy: Path,
                   max_turns: int) -> Demos:
    jobs = [(g, teacher, opponent, seed, str(policy), max_turns) for g in range(games)]
    with multiprocessing.Pool(workers) as pool:
        parts = [p for p in pool.map(play_dagger, jobs, chunksize=1) if len(p[2])]
    return (np.concatenate([p[0] for p in parts]), np.concatenate([p[1] for p in parts]),
            np.concatenate([p[2] for p in parts]))


def collect(games: int, teacher: str, opponent: str, seed: int, workers: int) -> Demos:
    jobs = [(g, teacher, opponent, seed) for g in range(games)]
    with multiprocessing.Pool(workers) as pool:
        parts = pool.map(play_demos, jobs, chunksize=1)
    return (np.concatenate([p[0] for p in parts]), np.concatenate([p[1] for p in parts]),
            np.concatenate([p[2] for p in parts]))


def network(hidden: list[int]) -> Any:
    import torch.nn as nn

    layers: list[nn.Module] = []
    size = observation.SIZE
    for h in hidden:
        layers += [nn.Linear(size, h), nn.Tanh()]
        size = h
    layers.append(nn.Linear(size, NUM_ACTIONS))
    return nn.Sequential(*layers)


def clone(demos: Demos, hidden: list[int], epochs: int, seed: int, net: Any = None) -> Any:
    """Behaviour cloning: masked cross-entropy on the teacher's choices (from ``net``'s weights if
    given); prints held-out accuracy."""
    import torch

    torch.manual_seed(seed)
    xs, masks, ys = demos
    n = len(ys)
    order = np.random.default_rng(seed).permutation(n)
    held = order[: n // 10]
    train = order[n // 10:]
    net = network(hidden) if net is None else net
    opt = torch.optim.Adam(net.parameters(), lr=1e-3)
    X = torch.from_numpy(xs)
    M = torch.from_numpy(masks)
    Y = torch.from_numpy(ys)

    def loss_acc(idx: np.ndarray) -> tuple[Any, float]:
        t = torch.from_numpy(idx)
        logits = net(X[t].float()).masked_fill(~M[t], -1e9)
        loss = torch.nn.functional.cross_entropy(logits, Y[t])
        acc = float((logits.argmax(1) == Y[t]).float().mean())
        return loss, acc

    for epoch in range(epochs):
        net.train()
        perm = np.random.default_rng(seed + epoch).permutation(train)
        for i in range(0, len(perm), 256):
            loss, _ = loss_acc(perm[i: i + 256])
            opt.zero_grad()
            loss.backward()
            opt.step()
        with torch.no_grad():
            loss, acc = loss_acc(held)
        print(f"  clone epoch {epoch + 1}: held-out loss {float(loss):.3f}, accuracy {acc:.3f}", flush=True)
    return net


def export(linears: list[Any], path: Path) -> None:
    """Save the Linear layers' weights as rl/ppo_bot.py reads them (w as in x @ w + b)."""
    arrays: dict[str, np.ndarray] = {"observation_size": np.array(observation.SIZE), "num_actions": np.array(NUM_ACTIONS)}
    for k, lin in enumerate(linears):
        arrays[f"w{k}"] = lin.weight.detach().numpy().T.astype(np.float16)
        arrays[f"b{k}"] = lin.bias.detach().numpy().astype(np.float16)
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("wb") as f:
        np.savez_compressed(f, **arrays)


def load_network(path: Path, hidden: list[int]) -> Any:
    """A network with the weights of a saved policy (to fine-tune a clone without cloning again)."""
    import torch

    net = network(hidden)
    with np.load(path) as data, torch.no_grad():
        for k, lin in enumerate(m for m in net if isinstance(m, torch.nn.Linear)):
            lin.weight.copy_(torch.from_numpy(data[f"w{k}"].astype(np.float32).T))
            lin.bias.copy_(torch.from_numpy(data[f"b{k}"].astype(np.float32)))
    return net


def win_rate(path: Path, opponent: str, games: int, seed: int) -> float:
    """Games of the saved policy (seat rotated) against the opponent at two players."""
    wins = 0
    for g in range(games):
        seat = g % 2
        seats = ["human", opponent] if seat == 0 else [opponent, "human"]
        match = Match(Options(players=2, seed=seed + g), seats, keep_log=False)
        bot = PPOBot(0, path)
        while not match.state.over and match.state.turn <= 400:
            if match.state.current == seat:
                match.apply(bot.choose(view(match.state, seat), match.legal()), seat)
            else:
                match.step_bot()
        wins += match.state.over and match.state.winner == seat
    return wins / games


def fine_tune(net: Any, hidden: list[int], opponent: str, steps: int, value_steps: int, seed: int, lr: float,
              checkpoint: Path | None = None) -> Any:
    """MaskablePPO from the cloned weights; returns the fine-tuned policy network's Linear layers.
    ``checkpoint``: exported there every ten rollouts (a run stopped early keeps its latest policy)."""
    import torch
    from sb3_contrib import MaskablePPO
    from stable_baselines3.common.callbacks import BaseCallback
    from stable_baselines3.common.env_checker import check_env
    from stable_baselines3.common.vec_env import DummyVecEnv

    from lewis_clark.rl.gym_env import vs_env

    check_env(vs_env(opponents=(opponent,)))  # SB3's own check (unmasked random actions included)
    gamma = 0.995
    venv = DummyVecEnv([lambda: vs_env(opponents=(opponent,), shaping=True, gamma=gamma, max_turns=300)])
    venv.seed(seed)
    model = MaskablePPO("MlpPolicy", venv, learning_rate=lr, n_steps=2048, batch_size=256, n_epochs=4, gamma=gamma,
                        gae_lambda=0.95, clip_range=0.1, ent_coef=0.0, vf_coef=0.5, seed=seed, verbose=0,
                        policy_kwargs={"net_arch": {"pi": hidden, "vf": hidden}, "activation_fn": torch.nn.Tanh})
    cloned = [m for m in net if isinstance(m, torch.nn.Linear)]
    pi = [m for m in model.policy.mlp_extractor.policy_net if isinstance(m, torch.nn.Linear)]
    with torch.no_grad():
        for dst, src in zip([*pi, model.policy.action_net], cloned, strict=True):
            dst.weight.copy_(src.weight)
            dst.bias.copy_(src.bias)
    if value_steps > 0:  # fit the critic first, the actor frozen, so early advantages are not noise
        actor = [*model.policy.mlp_extractor.policy_net.parameters(), *model.policy.action_net.parameters()]
        for p in actor:
            p.requires_grad_(False)
        model.learn(value_steps)
        for p in actor:
            p.requires_grad_(True)
    layers = [*pi, model.policy.action_net]

    class Progress(BaseCallback):  # type: ignore[misc]
        def __init__(self) -> None:
            super().__init__()
            self.rollouts = 0
            self.games = 0
            self.wins = 0

        def _on_step(self) -> bool:
            for done, info in zip(self.locals["dones"], self.locals["infos"], strict=True):
                if done:
                    self.games += 1
                    self.wins += info.get("winner") == info.get("seat")
            return True

        def _on_rollout_end(self) -> None:
            self.rollouts += 1
            if self.rollouts % 10 == 0:
                print(f"  PPO {self.num_timesteps} steps, {time.time() - start:.0f} s, won {self.wins} of "
                      f"{self.games} training games", flush=True)
                if checkpoint is not None:
                    export(layers, checkpoint)

    start = time.time()
    model.learn(steps, reset_num_timesteps=value_steps == 0, callback=Progress())
    print(f"  PPO: {steps} steps in {time.time() - start:.0f} s", flush=True)
    return layers


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--teacher", default="heuristic")
    parser.add_argument("--opponent", default="easy")
    parser.add_argument("--games", type=int, default=300, help="demonstration games")
    parser.add_argument("--hidden", default="128,128", help="hidden layer sizes")
    parser.add_argument("--bc-epochs", type=int, default=10)
    parser.add_argument("--ppo-steps", type=int, default=0, help="PPO fine-tuning steps (0: stop at the clone, "
                        "as shipped: fine-tuning did not help, docs/rl.md)")
    parser.add_argument("--value-steps", type=int, default=20_480)
    parser.add_argument("--lr", type=float, default=1e-5, help="PPO learning rate")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--eval", type=int, default=0, help="games against the opponent after each stage")
    parser.add_argument("--out", type=Path, default=SHIPPED)
    parser.add_argument("--demos", type=Path, help="keep the demonstrations in this .npz (read it if it exists)")
    parser.add_argument("--collect-only", action="store_true", help="stop after the demonstrations")
    parser.add_argument("--init", type=Path, help="start from this saved policy instead of a new network")
    parser.add_argument("--dagger", type=int, default=4, help="DAgger rounds after cloning")
    parser.add_argument("--dagger-games", type=int, default=150, help="games of the policy per DAgger round")
    parser.add_argument("--dagger-turns", type=int, default=250, help="turn cap of those games")
    parser.add_argument("--dagger-epochs", type=int, default=2, help="epochs of cloning after each DAgger round")
    args = parser.parse_args(argv)
    hidden = [int(h) for h in args.hidden.split(",")]
    t0 = time.time()
    if args.demos and args.demos.exists():
        with np.load(args.demos) as kept:
            demos = (kept["x"], kept["mask"], kept["y"])
        print(f"demonstrations: {len(demos[2])} decisions read from {args.demos}", flush=True)
    else:
        demos = collect(args.games, args.teacher, args.opponent, args.seed * 100_000, args.workers)
        print(f"demonstrations: {len(demos[2])} decisions from {args.games} games in {time.time() - t0:.0f} s", flush=True)
        if args.demos:
            np.savez(args.demos, x=demos[0], mask=demos[1], y=demos[2])
    if args.collect_only:
        return 0
    import torch

    torch.set_num_threads(max(1, args.workers))
    t1 = time.time()
    net = load_network(args.init, hidden) if args.init else None
    if args.bc_epochs > 0:
        net = clone(demos, hidden, args.bc_epochs, args.seed, net)
        print(f"behaviour cloning: {time.time() - t1:.0f} s", flush=True)
    linears = [m for m in net if isinstance(m, torch.nn.Linear)]
    bc_path = args.out.with_name(args.out.stem + "-bc.npz")
    export(linears, bc_path)
    if args.eval:
        print(f"  cloned policy vs {args.opponent}: {win_rate(bc_path, args.opponent, args.eval, 10**7):.1%}", flush=True)
    for r in range(args.dagger):
        t3 = time.time()
        more = collect_dagger(args.dagger_games, args.teacher, args.opponent, (args.seed + 1 + r) * 100_000,
                              args.workers, bc_path, args.dagger_turns)
        demos = (np.concatenate([demos[0], more[0]]), np.concatenate([demos[1], more[1]]),
                 np.concatenate([demos[2], more[2]]))
        print(f"DAgger round {r + 1}: {len(more[2])} decisions labelled in {time.time() - t3:.0f} s "
              f"({len(demos[2])} in all)", flush=True)
        net = clone(demos, hidden, args.dagger_epochs, args.seed + 1 + r, net)
        linears = [m for m in net if isinstance(m, torch.nn.Linear)]
        export(linears, bc_path)
        print(f"DAgger round {r + 1}: {time.time() - t3:.0f} s", flush=True)
        if args.eval:
            print(f"  policy after DAgger round {r + 1} vs {args.opponent}: "
                  f"{win_rate(bc_path, args.opponent, args.eval, 10**7):.1%}", flush=True)
    if args.ppo_steps > 0:
        t2 = time.time()
        linears = fine_tune(net, hidden, args.opponent, args.ppo_steps, args.value_steps, args.seed, args.lr, args.out)
        print(f"PPO fine-tuning: {time.time() - t2:.0f} s", flush=True)
    export(linears, args.out)
    if args.eval:
        print(f"  final policy vs {args.opponent}: {win_rate(args.out, args.opponent, args.eval, 10**7):.1%}", flush=True)
    print(f"wrote {args.out} ({args.out.stat().st_size} bytes); total {time.time() - t0:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
