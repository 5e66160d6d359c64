"""A policy whose actions turn with the viewer, like its egocentric observations.

The egocentric observation (``envs/observation.py``) lists seats, ghost spaces and village
positions relative to the deciding Taoist, but action ids are absolute: "exorcise space 4" is a
different output unit for each seat, so a plain MLP must learn every seat-dependent move four
times. ``RelativeActionPolicy`` scores *relative* actions instead ("move to the tile on my left",
"exorcise the first space of the next board") and turns the scores into the engine's absolute
ids with the viewer's seat, read from the ``viewer`` section of the observation (its first four
columns), using the same quarter-turn tables as the observation (``envs/frame.py``). Actions
without a seat, space or position (colours, rerolls, Qi...) are unchanged. It is still an SB3
``MaskableActorCriticPolicy``: saved models load with ``MaskablePPO.load`` and ``agents.make``.
"""

from __future__ import annotations

import torch
from sb3_contrib.common.maskable.policies import MaskableActorCriticPolicy

from ghoststories_env.envs.frame import relative_of_absolute  # noqa: F401  (re-exported)


class RelativeActionPolicy(MaskableActorCriticPolicy):
    """``MaskableActorCriticPolicy`` with the action head in the viewer's frame (module docstring).
    Only meaningful with ``frame="egocentric"`` observations."""

    _gather = torch.as_tensor(relative_of_absolute(), dtype=torch.int64)

    def _see(self, obs) -> None:
        self._viewer = torch.as_tensor(obs)[:, :4].argmax(1)

    def _get_action_dist_from_latent(self, latent_pi):
        relative = self.action_net(latent_pi)
        absolute = relative.gather(1, self._gather.to(relative.device)[self._viewer])
        return self.action_dist.proba_distribution(action_logits=absolute)

    def forward(self, obs, deterministic: bool = False, action_masks=None):
        self._see(obs)
        return super().forward(obs, deterministic, action_masks)

    def evaluate_actions(self, obs, actions, action_masks=None):
        self._see(obs)
        return super().evaluate_actions(obs, actions, action_masks)

    def get_distribution(self, obs, action_masks=None):
        self._see(obs)
        return super().get_distribution(obs, action_masks)
