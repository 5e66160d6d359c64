"""``ppo:<path>``: a trained MaskablePPO policy (sb3-contrib) acting on a whole batch.

    agent = agents.make("ppo:runs/normal-4p/model.zip")            # deterministic (argmax)
    agent = agents.make("ppo:model.zip", deterministic=False)      # samples from the policy

The policy sees what the environments give it during training: the observation of the deciding
seat from ``ghoststories_env/envs/observation.py`` (``batch.obs``, egocentric frame by default;
pass ``frame="absolute"`` for a model trained on that frame) and the legal-action mask. Actions are
the engine's action ids. Needs the ``train`` extra (stable-baselines3, sb3-contrib, torch).
"""

from __future__ import annotations

from pathlib import Path

import numpy as np

from .base import Batch, register


class PPOAgent:
    """A MaskablePPO model loaded from ``path`` (a ``.zip``); ``deterministic``: the policy's
    most likely action, else a sample; ``frame``: the observation frame it was trained on."""

    def __init__(self, path: str, deterministic: bool = True, frame: str = "egocentric",
                 device: str = "cpu"):
        from sb3_contrib import MaskablePPO

        from ghoststories_env.envs.observation import SIZE
        if not Path(path).is_file() and not Path(str(path) + ".zip").is_file():
            raise FileNotFoundError(f"no MaskablePPO model at {path!r}")
        self.model = MaskablePPO.load(path, device=device)
        shape = self.model.observation_space.shape
        if shape != (SIZE,):
            raise ValueError(f"model {path!r} expects observations of shape {shape}, the encoder "
                             f"gives ({SIZE},): it was trained on another observation version")
        # the spec as given, so a benchmark row names the model it can be replayed with
        self.name = f"ppo:{path}"
        self.deterministic = deterministic
        self.frame = frame

    def act(self, batch: Batch) -> np.ndarray:
        """(B,) int64: the policy's action for every game, masked to the legal ones (any action
        for finished games, which the engine ignores)."""
        mask = batch.mask.copy()
        over = ~mask.any(1)
        mask[over, 0] = True               # finished games: any action (the engine ignores it)
        if self.frame == "egocentric":
            obs = batch.obs
        else:
            from ghoststories_env.envs.observation import encode
            obs = encode(batch.state, frame=self.frame)
        actions, _ = self.model.predict(obs, action_masks=mask, deterministic=self.deterministic)
        return np.asarray(actions, np.int64)


def _make(arg: str, **kwargs) -> PPOAgent:
    if not arg:
        raise ValueError("agent 'ppo' needs the model's path: 'ppo:<path to zip>'")
    return PPOAgent(arg, **kwargs)


register("ppo", _make)
