"""Policies written outside this project, loaded by a spec string or adapted from an object.

A spec names a factory (called with no arguments) in a module or a Python file::

    python -m experiments.benchmark --agents mypkg.policies:make_policy
    python -m experiments.benchmark --agents path/to/my_policy.py:make_policy

``agents.make`` treats a spec as external when the part before its first ':' contains '.' or '/'
or ends in '.py' (the project's own kinds, ``random``, ``heuristic``, ``ppo:<path>``..., have
none). The factory returns any of, tried in this order:

* an **agent** of the project's interface (``agents/base.py``: ``name`` and ``act(batch)``);
* an **SB3 model**, or anything with ``predict``: ``predict(obs, action_masks=mask,
  deterministic=True)`` when it takes ``action_masks`` (sb3-contrib's MaskablePPO), else
  ``predict(obs, deterministic=True)`` when it takes ``deterministic``, else ``predict(obs)``;
  the first element of a returned tuple is the actions;
* a plain **callable** ``policy(obs, mask) -> actions``.

The last two see only the games still running: ``obs`` (B, D) float32, the deciding seat's
observation (``batch.obs``, egocentric frame, ``ghoststories_env/envs/observation.py``), ``mask``
(B, A) bool legal actions (at least one per row), and return (B,) integer action ids.

Every external policy's actions are checked: an out-of-range or illegal action raises
``IllegalActionError`` naming the policy, the game (its row in the batch) and the action, with
the legal ones. The adapter's ``name`` is the spec (what the benchmark's worker processes rebuild
it from), or the agent's own ``name`` when the factory returns an agent.
"""

from __future__ import annotations

import hashlib
import importlib
import importlib.util
import inspect
import sys
from pathlib import Path

import numpy as np

from .base import Batch


class IllegalActionError(ValueError):
    """A policy chose an action that is out of range or not legal. ``row`` is the game's row in
    the batch the agent was given, ``action`` the action id."""

    def __init__(self, message: str, row: int, action: int):
        super().__init__(message)
        self.row, self.action = row, action


def is_external(spec: str) -> bool:
    """True for ``module.path:factory`` and ``path/to/file.py:factory`` (see the docstring)."""
    source = str(spec).partition(":")[0]
    return "." in source or "/" in source or source.endswith(".py")


def load(spec: str, **kwargs):
    """The agent a spec names (the factory's result, adapted); keyword arguments go to the
    factory."""
    source, sep, factory_name = str(spec).rpartition(":")
    if not sep or not source or not factory_name:
        raise ValueError(f"external policy {spec!r}: write 'package.module:factory' or "
                         f"'path/to/file.py:factory' (the factory is called with no arguments)")
    module = _import(source)
    factory = module
    for part in factory_name.split("."):
        if not hasattr(factory, part):
            raise ValueError(f"external policy {spec!r}: {source} has no {factory_name!r}")
        factory = getattr(factory, part)
    if not callable(factory):
        raise TypeError(f"external policy {spec!r}: {factory_name!r} is not callable; it must "
                        f"be a factory returning the policy")
    return adapt(factory(**kwargs), spec)


def _import(source: str):
    """A module by dotted name, or a .py file (imported once per process under a name made from
    its absolute path, so two files called policy.py do not clash)."""
    if not source.endswith(".py"):
        return importlib.import_module(source)
    path = Path(source).resolve()
    if not path.is_file():
        raise FileNotFoundError(f"external policy: no file {source!r} (from {Path.cwd()})")
    name = f"_ghoststories_policy_{path.stem}_{hashlib.sha1(str(path).encode()).hexdigest()[:8]}"
    if name not in sys.modules:
        module_spec = importlib.util.spec_from_file_location(name, path)
        module = importlib.util.module_from_spec(module_spec)
        sys.modules[name] = module          # before exec: dataclasses and pickle look it up
        try:
            module_spec.loader.exec_module(module)
        except BaseException:
            del sys.modules[name]
            raise
    return sys.modules[name]


def adapt(policy, name: str) -> "ExternalAgent":
    """An agent of the project's interface around ``policy`` (an agent, a model with
    ``predict`` or a callable, see the module docstring); ``name`` is used unless ``policy`` is
    an agent with its own."""
    if callable(getattr(policy, "act", None)) and hasattr(policy, "name"):
        return ExternalAgent(policy.name, agent=policy)
    predict = getattr(policy, "predict", None)
    if callable(predict):
        return ExternalAgent(name, decide=_predictor(predict))
    if callable(policy):
        return ExternalAgent(name, decide=policy)
    raise TypeError(f"external policy {name!r}: got a {type(policy).__name__}; expected an agent "
                    f"(name and act(batch)), a model with predict(obs, ...) or a callable "
                    f"policy(obs, mask) -> actions")


def _predictor(predict):
    """``decide(obs, mask)`` calling an SB3-style ``predict`` with what it accepts."""
    try:
        params = inspect.signature(predict).parameters
    except (TypeError, ValueError):          # a builtin without a signature: the plain call
        params = {}
    masked, deterministic = "action_masks" in params, "deterministic" in params

    def decide(obs, mask):
        keywords = {"action_masks": mask} if masked else {}
        if deterministic:
            keywords["deterministic"] = True     # a benchmark plays the policy's best action
        out = predict(obs, **keywords)
        return out[0] if isinstance(out, tuple) else out
    return decide


class ExternalAgent:
    """An agent wrapping either another agent (``agent``) or ``decide(obs, mask) -> actions``
    on the running games; every action it returns is checked (``IllegalActionError``)."""

    def __init__(self, name: str, agent=None, decide=None):
        self.name = name
        self.agent, self.decide = agent, decide

    def act(self, batch: Batch) -> np.ndarray:
        """(B,) int64: the wrapped policy's actions on the running games (0 for finished ones);
        ``TypeError`` for a malformed answer, ``IllegalActionError`` for an illegal action."""
        running = batch.mask.any(1)                  # finished games have no legal action
        actions = np.zeros(running.size, np.int64)   # what finished games get (ignored)
        if not running.any():
            return actions
        if self.agent is not None:
            chosen = self._as_actions(self.agent.act(batch), running.size)[running]
        else:
            rows = np.flatnonzero(running)
            obs = np.asarray(batch.obs)[rows]
            chosen = self._as_actions(self.decide(obs, batch.mask[rows]), rows.size)
        actions[running] = chosen
        self._check(batch, actions, running)
        return actions

    def _as_actions(self, out, n: int) -> np.ndarray:
        a = np.asarray(out)
        if a.shape != (n,) or not np.issubdtype(a.dtype, np.integer):
            raise TypeError(f"policy {self.name!r} must return ({n},) integer action ids, one "
                            f"per game it was given; got shape {a.shape}, dtype {a.dtype}")
        return a.astype(np.int64)

    def _check(self, batch: Batch, actions: np.ndarray, running: np.ndarray) -> None:
        from ghoststories_env.envs.batch import illegal_message

        num_actions = batch.mask.shape[1]
        in_range = (actions >= 0) & (actions < num_actions)
        legal = in_range & batch.mask[np.arange(actions.size), np.clip(actions, 0, num_actions - 1)]
        bad = np.flatnonzero(running & ~legal)
        if bad.size == 0:
            return
        i, a = int(bad[0]), int(actions[bad[0]])
        why = (f"action {a} is out of range (ids are 0..{num_actions - 1})" if not in_range[i]
               else illegal_message(batch.state, i, a))
        raise IllegalActionError(f"policy {self.name!r} chose an illegal action in game {i} of "
                                 f"its batch: {why}", i, a)
