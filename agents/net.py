"""``net:<path>``: a policy-value network, alone or as the search's prior, rollout policy and leaf.

The network reads the egocentric observation of the deciding Taoist (``envs/observation.py``)
and gives three things, all in one pass of a small ReLU trunk:

* **policy logits over relative actions** (``envs/frame.relative_of_absolute``: "move to the tile
  on my left", not "move to tile 3"), turned into the engine's action ids with the viewer's seat;
* **the chance of winning** from the position (a sigmoid), the search's leaf value;
* **progress**: the share of the deck and of the incarnations the game will have got through by
  its end (a sigmoid), a value that still ranks positions where wins are rare.

A **residual** network (the default of ``experiments.exit``) does not replace the heuristic: at
the decision kinds it was trained on (``kinds``, the search's) its logits are the heuristic's
scores divided by ``temperature`` plus the learned logits, which start at zero, so an untrained
residual network plays exactly as the heuristic and learning only moves it from there; at every
other decision it is the heuristic. Its heuristic is the team of ``meta["plans"]`` (none: the
default team; ``["incarnation"]``: ``heuristic:plans``). A plain network (``residual=False``)
plays every decision from its own logits, and needs no heuristic at all.

Inference is numpy alone (the weights are a ``.npz`` file written by ``experiments.exit``; torch
is needed only to train). Products are computed in float64 and rounded (``DECIMALS``): a BLAS
product may sum a row in another order for another batch size, and a game must play the same in
any batch.

    net = PolicyValueNet.load("results/exit/initiation-4p/net.npz")
    agents.make("net:results/exit/initiation-4p/net.npz")              # the network alone
    agents.make("search:8x4x8:net=results/exit/initiation-4p/net.npz")  # the search on it
    agents.make("search:16x8x8:plans:leaf=learned")   # value heads shipped per level (LevelLeaf)
"""

from __future__ import annotations

import io
import json
import os
from pathlib import Path

import numpy as np

from ghoststories_env.actions import NUM_ACTIONS
from ghoststories_env.cards import LEVEL_NAMES
from ghoststories_env.config import R
from ghoststories_env.envs.frame import relative_of_absolute
from ghoststories_env.envs.observation import SIZE, encode
from ghoststories_env.rules import stack

from .base import Batch, register
from .heuristic import HeuristicAgent
from .heuristic.context import settled
from .value import DATA, per_level

DECIMALS = 6            # logits and values equal to this many decimals are equal
WANTED = -1e8           # heuristic scores at or below this are actions it never wants (search.py)
VIEWER = slice(0, 4)    # the observation's first columns: the viewer's seat, one-hot
# The learned leaves shipped with the package (``search:...:leaf=learned``), each level's games
# judged by the leaf measured at it: value iteration's leaf 2 at Initiation (results/value/
# iterate/leaf2.npz) and its Normal round 1 (results/value/iterate/normal/leaf1.npz) at Normal
# and Nightmare, where the search on it was benchmarked; Hell takes the Normal leaf unmeasured.
LEARNED_LEAVES = {"initiation": "leaf_initiation.npz", "normal": "leaf_normal.npz",
                  "nightmare": "leaf_normal.npz", "hell": "leaf_normal.npz"}
_RELATIVE = relative_of_absolute()


class PolicyValueNet:
    """The network of the module docstring: ``trunk`` is a list of (weights, bias) with a ReLU
    after each, ``policy`` and ``value`` the heads' (weights, bias), value giving (win, progress)
    logits. ``meta`` records how it was made (``residual``, ``temperature``, ``kinds`` and
    whatever the trainer adds)."""

    def __init__(self, trunk, policy, value, meta: dict | None = None):
        as64 = lambda wb: (np.asarray(wb[0], np.float64), np.asarray(wb[1], np.float64))  # noqa: E731
        self.trunk = [as64(layer) for layer in trunk]
        self.policy, self.value = as64(policy), as64(value)
        self.meta = {"residual": True, "temperature": 1.0, "kinds": ["YANG", "PLACE"],
                     "plans": [], **(meta or {})}
        width = SIZE
        for w, b in self.trunk:
            if w.ndim != 2 or w.shape[0] != width or b.shape != w.shape[1:]:
                raise ValueError(f"layer of shape {w.shape} (bias {b.shape}) does not follow a "
                                 f"layer of width {width}; the first takes the observation "
                                 f"({SIZE} values)")
            width = w.shape[1]
        if (self.policy[0].shape != (width, NUM_ACTIONS) or self.policy[1].shape != (NUM_ACTIONS,)
                or self.value[0].shape != (width, 2) or self.value[1].shape != (2,)):
            raise ValueError(f"the heads must give {NUM_ACTIONS} action logits and 2 values from "
                             f"{width} units, got {self.policy[0].shape} and {self.value[0].shape}")
        unknown = set(self.meta["kinds"]) - set(stack.CODES)
        if unknown:
            raise ValueError(f"unknown decision kinds {sorted(unknown)}; allowed: "
                             f"{', '.join(stack.CODE_NAMES)}")
        self.residual = bool(self.meta["residual"])
        self.temperature = float(self.meta["temperature"])
        self.codes = np.array([stack.CODES[k] for k in self.meta["kinds"]])
        self.heuristic = HeuristicAgent(tuple(self.meta["plans"]))   # a residual network's base

    @classmethod
    def initial(cls, hidden=(256, 128), seed: int = 0, **meta) -> "PolicyValueNet":
        """A new network: He-initialised trunk, zero heads (a residual one plays as the
        heuristic, and every value starts at one half)."""
        g = np.random.default_rng(seed)
        sizes = [SIZE, *hidden]
        trunk = [(g.normal(0, np.sqrt(2 / n), (n, m)), np.zeros(m)) for n, m in zip(sizes, sizes[1:])]
        width = sizes[-1]
        return cls(trunk, (np.zeros((width, NUM_ACTIONS)), np.zeros(NUM_ACTIONS)),
                   (np.zeros((width, 2)), np.zeros(2)), meta)

    def at_temperature(self, temperature: float) -> "PolicyValueNet":
        """The same residual policy at another ``temperature`` (heuristic points per logit): the
        policy head scaled by old / new temperature, so every logit is the old one times that
        factor and the argmax, which is what the agent plays, is the same (up to the logits'
        rounding). A student at a higher temperature can learn a teacher that often overrides
        the heuristic: at 0.2 one override costs hundreds of nats (``experiments.exit``)."""
        if not self.residual:
            raise ValueError("only a residual network has a temperature (heuristic points per logit)")
        k = self.temperature / float(temperature)
        return PolicyValueNet(self.trunk, (self.policy[0] * k, self.policy[1] * k), self.value,
                              {**self.meta, "temperature": float(temperature)})

    # -- the forward pass -------------------------------------------------------------------------
    def forward(self, obs: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """(B, NUM_ACTIONS) logits over absolute actions (before any mask or heuristic) and
        (B, 2) value logits (win, progress), for (B, SIZE) observations."""
        h = np.asarray(obs, np.float64)
        for w, b in self.trunk:
            h = np.maximum(h @ w + b, 0.0)
        relative = h @ self.policy[0] + self.policy[1]
        viewer = np.asarray(obs)[:, VIEWER].argmax(1)
        logits = np.take_along_axis(relative, _RELATIVE[viewer], 1)
        return np.round(logits, DECIMALS), np.round(h @ self.value[0] + self.value[1], DECIMALS)

    def scores(self, batch: Batch) -> np.ndarray:
        """(B, A) the network's logits, ``-inf`` where illegal; the agent plays the argmax. A
        residual network adds its logits to the heuristic's scores / temperature at its ``kinds``
        where the heuristic wants the action, and is the heuristic elsewhere."""
        mask = batch.mask
        if not self.residual:
            return np.where(mask, self.forward(batch.obs)[0], -np.inf)
        out = self.heuristic.scores(batch)
        rows = self.decisions(batch)
        if rows.size:
            h = out[rows]
            out[rows] = np.where(h > WANTED, self.residual_logits(h, batch.obs_of(rows)), h)
        return out

    def decisions(self, batch: Batch) -> np.ndarray:
        """The games of ``batch`` waiting on a decision of the network's ``kinds``."""
        return np.flatnonzero(np.isin(batch.state.top, self.codes) & batch.mask.any(1))

    def residual_logits(self, heuristic: np.ndarray, obs: np.ndarray) -> np.ndarray:
        """(n, A) a residual network's policy logits at its kinds, from the heuristic's scores
        there: scores / temperature + the learned logits where the heuristic wants the action,
        ``-inf`` elsewhere (``experiments.reinforce`` samples from their softmax)."""
        logits = settled(heuristic / self.temperature + self.forward(obs)[0])
        return np.where(heuristic > WANTED, logits, -np.inf)

    def act(self, batch: Batch) -> np.ndarray:
        """(B,) int64: the argmax of ``scores`` (0 for finished games)."""
        return self.scores(batch).argmax(1)         # finished games (all -inf) get 0

    def values(self, S) -> np.ndarray:
        """(B, 2) chances (win, progress) of each game's position as the network sees it."""
        return 1 / (1 + np.exp(-self.forward(encode(S))[1]))

    def predict(self, S) -> np.ndarray:
        """(B,) chance of a win: 1 or 0 for finished games, the network's estimate otherwise (the
        search's leaf value, like ``value.WinModel.predict``)."""
        return _win_chance(S, self.forward(encode(S))[1][:, 0])

    # -- files ------------------------------------------------------------------------------------
    def to_bytes(self) -> bytes:
        """The ``.npz`` file's content (what ``save`` writes and ``from_bytes`` reads)."""
        arrays = {"policy_w": self.policy[0], "policy_b": self.policy[1],
                  "value_w": self.value[0], "value_b": self.value[1],
                  "meta": np.frombuffer(json.dumps(self.meta).encode(), np.uint8)}
        for i, (w, b) in enumerate(self.trunk):
            arrays[f"trunk{i}_w"], arrays[f"trunk{i}_b"] = w, b
        buf = io.BytesIO()
        np.savez(buf, **arrays)
        return buf.getvalue()

    def save(self, path) -> None:
        """Write the ``.npz`` whole or not at all (a temporary file renamed over the target)."""
        path = Path(path)
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_name(f".tmp-{path.name}")
        tmp.write_bytes(self.to_bytes())
        os.replace(tmp, path)

    @classmethod
    def load(cls, path) -> "PolicyValueNet":
        """The network of a ``.npz`` file (``save``); ``FileNotFoundError`` when there is none."""
        if not Path(path).is_file():
            raise FileNotFoundError(f"no policy-value network at {str(path)!r} (a .npz written by "
                                    f"python -m experiments.exit)")
        return cls.from_bytes(Path(path).read_bytes(), path=str(path))

    @classmethod
    def from_bytes(cls, data: bytes, path: str | None = None) -> "PolicyValueNet":
        """The network of ``to_bytes`` (``path``: where it came from, kept in ``meta``)."""
        with np.load(io.BytesIO(data)) as z:
            meta = json.loads(bytes(z["meta"]).decode())
            n = sum(1 for k in z.files if k.startswith("trunk") and k.endswith("_w"))
            trunk = [(z[f"trunk{i}_w"], z[f"trunk{i}_b"]) for i in range(n)]
            if path is not None:
                meta["path"] = path
            return cls(trunk, (z["policy_w"], z["policy_b"]), (z["value_w"], z["value_b"]), meta)


class LeafEnsemble:
    """Several networks' value heads as one leaf value (``search:...:leaf=a.npz+b.npz``): the
    mean of their win logits. Leaves fitted from the same start on other games differ from one
    fit to the next by more than 100 games can rank (results/value/iterate); their mean is one
    way to average that noise out."""

    def __init__(self, nets: list[PolicyValueNet]):
        if len(nets) < 2:
            raise ValueError(f"an ensemble takes two networks or more, got {len(nets)}")
        self.nets = list(nets)

    def predict(self, S) -> np.ndarray:
        """(B,) chance of a win: 1 or 0 for finished games, else the sigmoid of the mean logit."""
        obs = encode(S)
        logit = np.mean([net.forward(obs)[1][:, 0] for net in self.nets], axis=0)
        return _win_chance(S, np.round(logit, DECIMALS))


class LevelLeaf:
    """Networks' value heads as one leaf value, each game judged by its difficulty level's network
    (``leaves``: level name -> network), as ``value.LevelWinModel`` does with the win models. A
    game's value depends on its own row only, whatever the levels of the other games."""

    def __init__(self, leaves: dict[str, PolicyValueNet]):
        missing = set(LEVEL_NAMES) - set(leaves)
        if missing:
            raise ValueError(f"a LevelLeaf needs a network for every level, missing {sorted(missing)}")
        self.leaves = dict(leaves)

    def predict(self, S) -> np.ndarray:
        """(B,) chance of a win: 1 or 0 for finished games, the level's network's otherwise."""
        obs, level = encode(S), S.rules[:, R.DIFFICULTY]
        logit = np.zeros(S.batch_size)
        for code in np.unique(level):
            rows = level == code
            logit[rows] = self.leaves[LEVEL_NAMES[code]].forward(obs[rows])[1][:, 0]
        return _win_chance(S, logit)

    @classmethod
    def load(cls, folder=DATA, files: dict | None = None) -> "LevelLeaf":
        """The networks of ``files`` (level -> file name in ``folder``; default the shipped
        ``LEARNED_LEAVES``), each file read once."""
        files = LEARNED_LEAVES if files is None else files
        return cls(per_level(folder, files, PolicyValueNet.load))


def _win_chance(S, logit: np.ndarray) -> np.ndarray:
    """(B,) the outcome of finished games, the rounded sigmoid of ``logit`` for the others."""
    p = np.round(1 / (1 + np.exp(-logit)), DECIMALS)
    return np.where(S.terminated, S.won.astype(np.float64), p)


class NetAgent:
    """``net:<path>``: the network alone plays (the argmax of ``PolicyValueNet.scores``)."""

    def __init__(self, path: str):
        self.net = PolicyValueNet.load(path)
        self.name = f"net:{path}"

    def act(self, batch: Batch) -> np.ndarray:
        """(B,) int64: the network's choice (``PolicyValueNet.act``)."""
        return self.net.act(batch)


def _make(arg: str, **_) -> NetAgent:
    if not arg:
        raise ValueError("agent 'net' needs the network's path: 'net:<path to .npz>'")
    return NetAgent(arg)


register("net", _make)
