"""The trained policy as a bot (``ppo:PATH``): the shipped weights load with numpy only and play legal games."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from lewis_clark.bots import BotSpecError, Spec, make_bot, normal_spec, parse_spec
from lewis_clark.match import Match, seat_spec
from lewis_clark.rl.actions_index import NUM_ACTIONS
from lewis_clark.rl.observation import SIZE
from lewis_clark.rl.ppo_bot import SHIPPED, PPOBot, load_layers
from lewis_clark.state import Options


def test_shipped_weights_fit_this_encoding() -> None:
    layers = load_layers(SHIPPED)
    assert layers[0][0].shape[0] == SIZE and layers[-1][0].shape[1] == NUM_ACTIONS
    assert SHIPPED.stat().st_size < 2_000_000


def test_spec_keeps_the_path_as_typed() -> None:
    path = str(SHIPPED)
    assert parse_spec(f"ppo:{path}") == Spec("ppo", path=path)
    assert parse_spec(f"  PPO:{path} ") == Spec("ppo", path=path)
    assert normal_spec(" Easy ") == "easy"
    assert seat_spec(f"ppo:{path}") == f"ppo:{path}"
    assert parse_spec("ppo") == Spec("ppo")
    with pytest.raises(BotSpecError, match="no policy file"):
        parse_spec("ppo:/nowhere/at/all.npz")


def test_not_a_policy_file_is_refused(tmp_path: Path) -> None:
    bad = tmp_path / "bad.npz"
    bad.write_text("not numpy")
    with pytest.raises(ValueError, match="not a saved policy"):
        PPOBot(0, bad)
    wrong = tmp_path / "wrong.npz"
    np.savez(wrong, observation_size=np.array(SIZE + 1), num_actions=np.array(NUM_ACTIONS))
    with pytest.raises(ValueError, match="another observation"):
        PPOBot(0, wrong)


@pytest.mark.slow
def test_shipped_policy_plays_a_legal_game_against_easy() -> None:
    match = Match(Options(players=2, seed=5), [f"ppo:{SHIPPED}", "easy"], keep_log=False)
    match.play_out(400)  # every choice is checked legal by the match (BotError otherwise)
    assert match.state.over or match.state.turn > 400
    assert len(match.actions) > 100


def test_plays_without_torch() -> None:
    """Play imports numpy, never torch."""
    code = ("import sys; from lewis_clark.bots import make_bot; import lewis_clark, lewis_clark.match as m;"
            "from lewis_clark.state import Options;"
            "x = m.Match(Options(players=2, seed=1), ['ppo', 'random'], keep_log=False); [x.step_bot() for _ in range(30)];"
            "print('torch' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "False"


def test_make_bot_builds_the_bot() -> None:
    bot = make_bot("ppo", 3)
    assert isinstance(bot, PPOBot) and bot.path == str(SHIPPED)
