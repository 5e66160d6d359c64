"""Ghost Stories for Ray RLlib: the PettingZoo parallel env as an RLlib ``MultiAgentEnv``, with
the observation RLlib's action-masking module reads.

    from ghoststories_env.envs.rllib import GhostStoriesRLlibEnv, ppo_config
    config = ppo_config({"num_players": 4, "difficulty": "initiation"})   # a PPOConfig
    algo = config.build_algo(); algo.train()

Needs the ``rllib`` extra (``pip install "ghoststories_env[rllib]"``; ``ray[rllib]`` 2.60 pins
gymnasium 1.2.2). ``python -m experiments.rllib_train`` is the training script.

What the adapter translates (``pettingzoo_env.py`` holds the game; this module only reshapes):

* **observations**: ``{"observations": float32 (SIZE,), "action_mask": float32 (A,)}`` per agent,
  the keys and the float mask (0.0 / 1.0) of RLlib's ``ActionMaskingTorchRLModule``
  (``ray.rllib.examples.rl_modules.classes.action_masking_rlm``: it adds ``log(mask)`` to the
  logits, so the mask must be a float; the PettingZoo env's is int8 under ``"action_mask"`` beside
  ``"observation"``);
* **turns**: RLlib's turn-based convention (its ``TicTacToe`` example): a step returns the
  observation of the agent who must decide next only, and its action dict holds that agent's
  action alone; the team reward of every step goes to every Taoist (RLlib keeps it for an agent
  until his next observation); when the game ends every Taoist gets his last observation, so
  each agent's episode closes (a truncation needs them for bootstrapping);
* **config**: RLlib builds the env from ``env_config``, a dict of the keywords every env takes
  (``envs/batch.py: make_batch``: ``num_players``, ``difficulty``, ``reward``...).

Illegal actions cannot come from the masked module; from any other client they follow the
PettingZoo env's ``illegal_action`` (default ``"forfeit"``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import numpy as np
from gymnasium import spaces
from ray.rllib.env.multi_agent_env import MultiAgentEnv

from ..actions import NUM_ACTIONS
from .pettingzoo_env import GhostStoriesParallelEnv
from .spaces import observation_space

if TYPE_CHECKING:
    from ray.rllib.algorithms.ppo import PPOConfig

OBS_KEY, MASK_KEY = "observations", "action_mask"     # what ActionMaskingRLModule reads
POLICY = "taoist"           # ppo_config: one module shared by every Taoist (egocentric views)


class GhostStoriesRLlibEnv(MultiAgentEnv):
    """Ghost Stories as an RLlib multi-agent env; ``config``: the env keywords (module docstring)."""

    def __init__(self, config: dict | None = None) -> None:
        super().__init__()
        self.game = GhostStoriesParallelEnv(**dict(config or {}))
        self.agents = self.possible_agents = list(self.game.possible_agents)
        space = spaces.Dict({OBS_KEY: observation_space(),
                             MASK_KEY: spaces.Box(0.0, 1.0, (NUM_ACTIONS,), np.float32)})
        self.observation_spaces = {a: space for a in self.possible_agents}
        self.action_spaces = {a: spaces.Discrete(NUM_ACTIONS) for a in self.possible_agents}
        self.acting: str | None = None

    def reset(self, *, seed: int | None = None,
              options: dict | None = None) -> tuple[dict[str, dict], dict[str, dict]]:
        """A new game (``seed``, or ``options={"scenario": d}``): the observation and info of the
        Taoist who decides first, alone."""
        obs, infos = self.game.reset(seed=seed, options=options)
        self.acting = _acting(infos)
        return {self.acting: _rllib_obs(obs[self.acting])}, {self.acting: infos[self.acting]}

    def step(self, action_dict: dict[str, Any]) -> tuple[dict, dict, dict, dict, dict]:
        """The acting Taoist's action (``ValueError`` if ``action_dict`` lacks it): the next
        decider's observation and info, the team reward for every Taoist, and RLlib's
        ``terminateds`` / ``truncateds`` with ``"__all__"``; at the end every Taoist gets his
        last observation."""
        if self.acting not in action_dict:
            raise ValueError(f"{self.acting} must decide, but the actions are for "
                             f"{sorted(action_dict)}")
        obs, rewards, terminated, truncated, infos = self.game.step(
            {self.acting: action_dict[self.acting]})
        over = not self.game.agents
        shown = list(obs) if over else [_acting(infos)]     # who gets an observation now
        self.acting = None if over else shown[0]
        done = {"__all__": over and any(terminated.values())}
        cut = {"__all__": over and not done["__all__"]}
        if over:
            done.update(terminated)
            cut.update(truncated)
        return ({a: _rllib_obs(obs[a]) for a in shown}, rewards, done, cut,
                {a: infos[a] for a in shown})

    def render(self) -> str | np.ndarray | None:
        """The parallel env's ``render()`` (its ``render_mode``, from ``config``)."""
        return self.game.render()


def _acting(infos: dict) -> str:
    return next(a for a, info in infos.items() if info["acting"])


def _rllib_obs(pettingzoo_obs: dict) -> dict:
    return {OBS_KEY: pettingzoo_obs["observation"],
            MASK_KEY: pettingzoo_obs["action_mask"].astype(np.float32)}


def ppo_config(env_config: dict | None = None, hidden: tuple = (256, 256)) -> PPOConfig:
    """A ``PPOConfig`` (new API stack) on ``GhostStoriesRLlibEnv``: one action-masking module,
    ``POLICY``, shared by every Taoist (each sees the game from his own seat), fully connected
    layers ``hidden``. Set rollouts, batch sizes and learners on the result as usual."""
    from ray.rllib.algorithms.ppo import PPOConfig
    from ray.rllib.core.rl_module.default_model_config import DefaultModelConfig
    from ray.rllib.core.rl_module.multi_rl_module import MultiRLModuleSpec
    from ray.rllib.core.rl_module.rl_module import RLModuleSpec
    from ray.rllib.examples.rl_modules.classes.action_masking_rlm import (
        ActionMaskingTorchRLModule)

    module = RLModuleSpec(module_class=ActionMaskingTorchRLModule,
                          model_config=DefaultModelConfig(fcnet_hiddens=list(hidden)))
    return (PPOConfig()
            .environment(GhostStoriesRLlibEnv, env_config=dict(env_config or {}))
            .multi_agent(policies={POLICY}, policy_mapping_fn=lambda agent_id, *_, **__: POLICY)
            .rl_module(rl_module_spec=MultiRLModuleSpec(rl_module_specs={POLICY: module})))
