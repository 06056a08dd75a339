"""Train the PPO baseline (the ``rl-train`` extra: torch, stable-baselines3 for its env check) and export it for ``ppo:PATH``.

    nice -n 10 python scripts/train_ppo.py --demos /tmp/demos.npz     # clone + 4 DAgger rounds (stages 1-3)
    nice -n 10 python scripts/train_ppo.py --init OUT.npz --bc-epochs 0 --dagger 0 --ppo-steps 100000 --workers 1  # PPO
    nice -n 10 python scripts/train_ppo.py --games 4 --bc-epochs 1 --dagger 1 --dagger-games 2 \
        --ppo-steps 2048 --value-steps 2048 --lanes 8 --horizon 32 --out /tmp/p.npz    # a smoke run

The recipe, in four stages (docs/rl.md gives the exact runs behind the shipped weights):

1. **Demonstrations.** ``--games`` two-player games of ``--teacher`` (the heuristic) against
   ``--opponent`` (easy), seats rotated; at each of the teacher's decisions with more than one legal
   action, the teacher's observation (``observation.observe``), its legal actions and its choice.
2. **Behaviour cloning.** The policy network (``--hidden``, tanh) is fitted to the teacher's choices
   by cross-entropy over the legal actions only (the illegal ones masked out), ``--bc-epochs`` epochs.
3. **DAgger** (``--dagger`` rounds): the clone plays ``--dagger-games`` games against the opponent;
   the teacher labels every decision of the clone's own states (the ones its mistakes lead to), the
   labels join the demonstrations and the clone is fitted again (``--dagger-epochs``).
4. **PPO fine-tuning** (``--ppo-steps``, default 0): PPO of our own (``fine_tune``, CleanRL-style,
   torch) from the clone, ``--lanes`` games side by side for ``--horizon`` decisions a rollout, the
   learner offered what ``lewis-clark sim`` offers the ``ppo`` bot (the legal actions less the futile
   ones, ``bots.sensible``) against the opponent driven by ``Match``; clip 0.1, entropy 0, a small
   learning rate (``--lr``), the critic fitted alone for ``--value-steps`` steps first, the shaped
   reward of ``gym_env.potential``, and a penalty ``--kl`` x KL(clone || policy) toward the frozen
   clone on every batch (PPO + behaviour-cloning regularisation), so that it improves on the clone
   instead of forgetting it. A checkpoint ``<out>-<steps>.npz`` every ``--checkpoint-every``
   updates. SB3's ``check_env`` runs on ``LewisClark-Vs-v0`` first.

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

from lewis_clark.actions import Action
from lewis_clark.bots import make_bot, sensible
from lewis_clark.match import HUMAN, Match
from lewis_clark.rl import observation
from lewis_clark.rl.actions_index import ACTIONS, INDEX, NUM_ACTIONS
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
    """Games of the saved policy (seat rotated) against the opponent at two players, as ``lewis-clark
    sim`` plays them (the ``ppo:PATH`` spec driven by Match: offered the sensible actions)."""
    wins = 0
    for g in range(games):
        seat = g % 2
        spec = f"ppo:{path}"
        seats = [spec, opponent] if seat == 0 else [opponent, spec]
        match = Match(Options(players=2, seed=seed + g), seats, keep_log=False).play_out(400)
        wins += match.state.over and match.state.winner == seat
    return wins / games


class Lane:
    """One game of the learner (seat ``seed % 2``) against the opponent, driven as ``lewis-clark sim``
    drives it: the opponent through ``Match.run_bots`` and the learner offered the legal actions less
    the futile ones (``bots.sensible``, what ``Match.bot_turn`` offers the ``ppo`` bot). A decision with
    one such action is played at once (the bot plays it without asking the network)."""

    def __init__(self, seed: int, opponent: str, max_turns: int) -> None:
        self.seed = seed
        self.seat = seed % 2
        seats = [HUMAN, opponent] if self.seat == 0 else [opponent, HUMAN]
        self.match = Match(Options(players=2, seed=seed), seats, keep_log=False)
        self.max_turns = max_turns
        self.offer: list[Action] = []
        self.advance()

    def done(self) -> bool:
        return self.match.state.over or self.match.state.turn > self.max_turns

    def advance(self) -> None:
        """Play the opponent and the learner's forced decisions up to a real decision (or the end)."""
        match = self.match
        while True:
            match.run_bots()
            if self.done():
                return
            seen = view(match.state, self.seat)
            self.offer = sensible(seen, match.legal())
            if len(self.offer) > 1:
                return
            match.apply(self.offer[0], self.seat)

    def observe(self) -> tuple[np.ndarray, np.ndarray]:
        mask = np.zeros(NUM_ACTIONS, bool)
        mask[[INDEX[a] for a in self.offer]] = True
        return observation.observe(self.match.state, self.seat), mask

    def won(self) -> bool:
        return self.match.state.over and self.match.state.winner == self.seat


def fine_tune(net: Any, hidden: list[int], opponent: str, steps: int, value_steps: int, seed: int, lr: float,
              checkpoint: Path | None = None, *, kl_coef: float = 0.5, lanes: int = 64, horizon: int = 64,
              epochs: int = 4, minibatch: int = 1024, clip: float = 0.1, gamma: float = 0.995, lam: float = 0.95,
              max_turns: int = 300, critic_lr: float = 3e-4, checkpoint_every: int = 10) -> Any:
    """PPO (clipped, CleanRL-style, masked to the offered actions) from the cloned policy, with a
    penalty ``kl_coef * KL(clone || policy)`` on every batch toward the frozen clone, so fine-tuning
    keeps what the clone knows unless the games' returns say otherwise (PPO + BC regularisation, as
    AlphaStar keeps its agents near the human policy). The critic (a network of its own) is fitted
    alone for the first ``value_steps`` steps; entropy bonus 0; reward 1 for a win plus the
    potential-based shaping of ``gym_env.potential``. Returns the policy's Linear layers."""
    import copy

    import torch
    import torch.nn as nn
    from stable_baselines3.common.env_checker import check_env

    from lewis_clark.rl.gym_env import potential, vs_env

    check_env(vs_env(opponents=(opponent,)))  # SB3's own check of the Gymnasium env (unmasked random actions too)
    torch.manual_seed(seed)
    actor = net
    anchor = copy.deepcopy(net).requires_grad_(False)
    layers: list[nn.Module] = []
    size = observation.SIZE
    for h in hidden:
        layers += [nn.Linear(size, h), nn.Tanh()]
        size = h
    critic = nn.Sequential(*layers, nn.Linear(size, 1))
    opt = torch.optim.Adam([{"params": actor.parameters(), "lr": lr}, {"params": critic.parameters(), "lr": critic_lr}],
                           eps=1e-5)
    next_seed = seed * 1_000_003  # training deals, far from the evaluation seeds (sim deals seed + game)
    games: list[Lane] = []
    for _ in range(lanes):
        games.append(Lane(next_seed, opponent, max_turns))
        next_seed += 1
    won = played = 0
    done_steps = 0
    update = 0
    start = time.time()

    def masked_log_probs(model: Any, x: Any, m: Any) -> Any:
        return torch.log_softmax(model(x).masked_fill(~m, -1e9), dim=-1)

    while done_steps < value_steps + steps:
        obs = np.zeros((horizon, lanes, observation.SIZE), np.float32)
        masks = np.zeros((horizon, lanes, NUM_ACTIONS), bool)
        acts = np.zeros((horizon, lanes), np.int64)
        logps = np.zeros((horizon, lanes), np.float32)
        values = np.zeros((horizon + 1, lanes), np.float32)
        rewards = np.zeros((horizon, lanes), np.float32)
        dones = np.zeros((horizon, lanes), np.float32)
        for t in range(horizon):
            for i, lane in enumerate(games):
                obs[t, i], masks[t, i] = lane.observe()
            with torch.no_grad():
                x = torch.from_numpy(obs[t])
                logp_all = masked_log_probs(actor, x, torch.from_numpy(masks[t]))
                a = torch.distributions.Categorical(logits=logp_all).sample()
                logps[t] = logp_all.gather(1, a[:, None])[:, 0].numpy()
                values[t] = critic(x)[:, 0].numpy()
            acts[t] = a.numpy()
            for i, lane in enumerate(games):
                before = potential(lane.match.state, lane.seat)
                lane.match.apply(ACTIONS[acts[t, i]], lane.seat)
                lane.advance()
                if lane.done():
                    rewards[t, i] = float(lane.won()) - before
                    dones[t, i] = 1.0
                    played += 1
                    won += lane.won()
                    games[i] = Lane(next_seed, opponent, max_turns)
                    next_seed += 1
                else:
                    rewards[t, i] = gamma * potential(lane.match.state, lane.seat) - before
        with torch.no_grad():
            last = np.stack([lane.observe()[0] for lane in games])
            values[horizon] = critic(torch.from_numpy(last))[:, 0].numpy()
        advantages = np.zeros((horizon, lanes), np.float32)
        gae = np.zeros(lanes, np.float32)
        for t in reversed(range(horizon)):
            live = 1.0 - dones[t]
            delta = rewards[t] + gamma * values[t + 1] * live - values[t]
            gae = delta + gamma * lam * live * gae
            advantages[t] = gae
        returns = advantages + values[:horizon]
        n = horizon * lanes
        X = torch.from_numpy(obs.reshape(n, -1))
        M = torch.from_numpy(masks.reshape(n, -1))
        A = torch.from_numpy(acts.reshape(n))
        old_logp = torch.from_numpy(logps.reshape(n))
        adv = torch.from_numpy(advantages.reshape(n))
        ret = torch.from_numpy(returns.reshape(n))
        warming = done_steps < value_steps  # the critic alone: early advantages would be noise
        clip_fracs, kls = [], []
        for epoch in range(epochs):
            perm = torch.from_numpy(np.random.default_rng(seed + update * epochs + epoch).permutation(n))
            for j in range(0, n, minibatch):
                idx = perm[j: j + minibatch]
                v_loss = 0.5 * ((critic(X[idx])[:, 0] - ret[idx]) ** 2).mean()
                if warming:
                    loss = v_loss
                else:
                    logp_all = masked_log_probs(actor, X[idx], M[idx])
                    logp = logp_all.gather(1, A[idx][:, None])[:, 0]
                    ratio = torch.exp(logp - old_logp[idx])
                    a_n = adv[idx]
                    a_n = (a_n - a_n.mean()) / (a_n.std() + 1e-8)
                    pg = torch.max(-a_n * ratio, -a_n * torch.clamp(ratio, 1 - clip, 1 + clip)).mean()
                    with torch.no_grad():
                        ref = masked_log_probs(anchor, X[idx], M[idx])
                    kl = (ref.exp() * (ref - logp_all)).sum(1).mean()  # KL(clone || policy), offered actions
                    loss = pg + kl_coef * kl + v_loss
                    clip_fracs.append(float(((ratio.detach() - 1).abs() > clip).float().mean()))
                    kls.append(float(kl.detach()))
                opt.zero_grad()
                loss.backward()
                nn.utils.clip_grad_norm_([*actor.parameters(), *critic.parameters()], 0.5)
                opt.step()
        done_steps += n
        update += 1
        stage = "critic warm-up" if warming else "PPO"
        kl_mean = float(np.mean(kls)) if kls else 0.0
        clipped = float(np.mean(clip_fracs)) if clip_fracs else 0.0
        print(f"  {stage} {done_steps} steps, {time.time() - start:.0f} s: won {won} of {played} sampled training "
              f"games, KL to the clone {kl_mean:.4f}, clipped {clipped:.3f}", flush=True)
        if checkpoint is not None and not warming and update % checkpoint_every == 0:
            linears = [m for m in actor if isinstance(m, nn.Linear)]
            export(linears, checkpoint.with_name(f"{checkpoint.stem}-{done_steps - value_steps}.npz"))
    print(f"  PPO: {steps} steps in {time.time() - start:.0f} s", flush=True)
    return [m for m in actor if isinstance(m, nn.Linear)]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--teacher", default="heuristic")
    parser.add_argument("--opponent", default="easy")
    parser.add_argument("--games", type=int, default=300, help="demonstration games")
    parser.add_argument("--hidden", default="128,128", help="hidden layer sizes")
    parser.add_argument("--bc-epochs", type=int, default=10)
    parser.add_argument("--ppo-steps", type=int, default=0, help="PPO fine-tuning steps (0: stop at the clone; "
                        "the shipped policy is the clone after 600,000, docs/rl.md)")
    parser.add_argument("--value-steps", type=int, default=8192, help="critic-only steps before PPO moves the policy")
    parser.add_argument("--lr", type=float, default=2e-5, help="PPO learning rate (the policy's)")
    parser.add_argument("--kl", type=float, default=0.5, help="weight of the KL penalty toward the frozen clone")
    parser.add_argument("--lanes", type=int, default=64, help="games played side by side in a PPO rollout")
    parser.add_argument("--checkpoint-every", type=int, default=5, help="PPO updates between saved checkpoints")
    parser.add_argument("--horizon", type=int, default=64, help="decisions per game per rollout (batch = lanes x horizon)")
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
    demos: Demos = (np.zeros((0, observation.SIZE), np.float16), np.zeros((0, NUM_ACTIONS), bool), np.zeros(0, np.int64))
    if args.init and args.bc_epochs == 0 and args.dagger == 0:
        pass  # PPO alone on a saved policy: no demonstrations needed
    elif args.demos and args.demos.exists():
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
        linears = fine_tune(net, hidden, args.opponent, args.ppo_steps, args.value_steps, args.seed, args.lr, args.out,
                            kl_coef=args.kl, lanes=args.lanes, horizon=args.horizon,
                            checkpoint_every=args.checkpoint_every)
        print(f"PPO fine-tuning: {time.time() - t2:.0f} s", flush=True)
    export(linears, args.out)
    if args.eval:
        print(f"  final policy vs {args.opponent}: {win_rate(args.out, args.opponent, args.eval, 10**7):.1%}", flush=True)
    print(f"wrote {args.out} ({args.out.stat().st_size} bytes); total {time.time() - t0:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
