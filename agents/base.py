"""The agent interface shared by every policy, and the registry that builds agents by name.

An agent is any object with a ``name`` and ``act(batch) -> (B,) int`` actions::

    agent = agents.make("heuristic")            # or "random", "ppo:path/to/model.zip"
    state = engine.reset(seeds)
    while not state.terminated.all():
        state = engine.step(state, agent.act(Batch(engine, state)))

``Batch`` carries what an agent may look at for a whole batch of games at once:

* ``engine`` and ``state`` (the engine ``State``; agents that read it say so in their docstring),
* ``mask``: (B, A) bool legal actions (all False for finished games),
* ``obs``: the encoded observation of the deciding seat, computed on first access by
  ``ghoststories_env.envs.observation`` (only agents that need it pay for it).

``act`` must return a legal action for every running game; what it returns for a finished game is
ignored by the engine (agents return 0 there).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable, Protocol

import numpy as np


class Agent(Protocol):
    """What every agent is: a ``name`` (for reports; ``make(name)`` rebuilds the agent where it
    can) and ``act``."""

    name: str

    def act(self, batch: "Batch") -> np.ndarray:
        """(B,) int64 actions, a legal one for every running game of ``batch`` (0 for finished
        games)."""
        ...


@dataclass
class Batch:
    """What an agent sees of a batch of games (module docstring): the ``engine``, the
    ``state``, the (B, A) bool ``mask`` of legal actions (from the engine unless given) and
    ``obs``, the observations, encoded on first use."""

    engine: object
    state: object
    mask: np.ndarray | None = None
    _obs: object = field(default=None, repr=False)

    def __post_init__(self):
        if self.mask is None:
            self.mask = self.engine.legal_action_mask(self.state)

    @property
    def obs(self):
        """Observations of the deciding seats (see ``ghoststories_env/envs/observation.py``)."""
        if self._obs is None:
            from ghoststories_env.envs.observation import encode
            self._obs = encode(self.state)
        return self._obs

    def obs_of(self, rows: np.ndarray) -> np.ndarray:
        """The observations of ``rows`` alone: encoded for those games only unless the whole
        batch's are already there (an agent that reads the observation at a few decisions, as
        a residual network does at placements, then encodes a few games, not the batch)."""
        if self._obs is not None or len(rows) == len(self.mask):
            return self.obs[rows]
        from ghoststories_env.envs.observation import encode
        return encode(self.state.take(rows))


def first_legal(mask: np.ndarray) -> np.ndarray:
    """(B,) the lowest legal action id per game (0 where nothing is legal)."""
    return mask.argmax(1)


# -- registry --------------------------------------------------------------------------------------
_FACTORIES: dict[str, Callable[[str], Agent]] = {}


def register(kind: str, factory: Callable[[str], Agent]) -> None:
    """``factory(argument)`` builds an agent for the name ``kind`` or ``kind:argument``."""
    _FACTORIES[kind] = factory


def make(spec: str, **kwargs) -> Agent:
    """Build an agent from its name: ``"random"``, ``"heuristic"`` (or ``"heuristic:plans"``,
    either with ``":weights=<file.json>"``), ``"rollout"`` (or
    ``"rollout:KxW"``, ``"rollout:KxW:progress"``), ``"search"`` (or ``"search:KxWxH"``,
    ``"search:KxWxH:net=<path>"``), ``"net:<path to npz>"``, ``"ppo:<path to zip>"``; the clairvoyant
    yardstick ``"oracle"`` (not a player: it reads the future, see ``agents/rollout.py``); and a
    policy written elsewhere, ``"package.module:factory"`` or ``"path/to/file.py:factory"``
    (``agents/external.py``: a spec whose part before ':' holds '.' or '/').
    Keyword arguments go to the agent's constructor (e.g. ``seed`` for ``random``), or to an
    external policy's factory."""
    from . import external
    if external.is_external(spec):
        return external.load(spec, **kwargs)
    from . import heuristic, net, ppo, random_agent, rollout, search_spec  # noqa: F401  (they register themselves)
    kind, _, arg = str(spec).partition(":")
    if kind not in _FACTORIES:
        raise ValueError(f"unknown agent {spec!r}; known kinds: {', '.join(sorted(_FACTORIES))} "
                         f"(write 'ppo:<path>' for a trained policy, 'package.module:factory' or "
                         f"'path/to/file.py:factory' for a policy of your own)")
    return _FACTORIES[kind](arg, **kwargs)


def known() -> list[str]:
    """The registered agent kinds, sorted (the names ``make`` accepts before a ':')."""
    from . import heuristic, net, ppo, random_agent, rollout, search_spec  # noqa: F401
    return sorted(_FACTORIES)
