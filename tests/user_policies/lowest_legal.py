"""Factories of the lowest legal action in every form ``agents/external.py`` accepts, and of
two broken policies."""

import numpy as np


def lowest_legal(obs, mask):
    """A plain callable: obs (B, D) float32, mask (B, A) bool -> (B,) action ids."""
    assert obs.dtype == np.float32 and mask.dtype == bool and mask.any(1).all()
    return mask.argmax(1)


def make_callable():
    return lowest_legal


class MaskedModel:
    """Shaped like sb3-contrib's MaskablePPO: predict(obs, ..., action_masks) -> (actions, state)."""

    def predict(self, observation, state=None, episode_start=None, deterministic=False,
                action_masks=None):
        assert deterministic
        return lowest_legal(observation, action_masks), state


def make_sb3_like():
    return MaskedModel()


class Agent:
    """An agent of the project's interface (agents/base.py), keeping its own name."""
    name = "lowest-legal-agent"

    def act(self, batch):
        return batch.mask.argmax(1)


def make_agent():
    return Agent()


class PlainModel:
    """Shaped like a plain SB3 model: predict(obs) alone, so it cannot see the mask (here it
    always asks for action 0, which is not always legal)."""

    def __init__(self):
        self.calls = 0

    def predict(self, observation):
        self.calls += 1
        return np.zeros(len(observation), np.int64), None


def make_plain_model():
    return PlainModel()


def make_illegal():
    """The lowest *illegal* action: refused with the game and the action named."""
    return lambda obs, mask: (~mask).argmax(1)


def make_floats():
    return lambda obs, mask: mask.argmax(1).astype(np.float64)


NOT_CALLABLE = 3
