"""A leaf value for search: the chance that the heuristic team wins from a position.

The search (``agents/search.py``) stops its simulated futures after a few turns and judges the
position it reached. A finished game is worth its outcome; a running one is worth
``WinModel.predict``: a small network (or a logistic regression) on public facts of the
position (``FEATURES``: the deck, the incarnations, the haunted tiles and their limit, the
Taoists' Qi and deaths, the ghosts in play and what they threaten, the team's resources, the
configuration), fitted on positions of recorded heuristic games by
``python -m experiments.fit_value`` and shipped as data (``agents/data/*.json``; numpy alone
evaluates it). Its calibration on held-out games (reliability plot, Brier score) is in
``results/value/``.

The search judges each position with the model fitted for its difficulty level
(``LevelWinModel``, files in ``LEVEL_MODELS``): Initiation and Normal with the model fitted on
those levels' games, Nightmare and Hell with one fitted on theirs, where wins are rare and a model
fitted on the easier levels alone is not calibrated (``results/value/hard/``).

Every feature is public: the undrawn deck enters only through its size and the places of its
incarnations (public, rules §3 and 12); nothing reads the random stream or forced dice.

    model = WinModel.load()                 # one shipped fit
    p = model.predict(state)                # (B,) P(win), finished games 0 or 1
    leaf = LevelWinModel.load()             # the search's leaf: each game by its level's model
"""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np

from ghoststories_env import cards as C
from ghoststories_env.cards import LEVEL_NAMES
from ghoststories_env.config import R
from ghoststories_env.rules import common

DATA = Path(__file__).parent / "data"
DEFAULT_PATH = DATA / "win_model.json"
# the model file each difficulty level's positions are judged by (LevelWinModel)
LEVEL_MODELS = {"initiation": "win_model.json", "normal": "win_model.json",
                "nightmare": "win_model_hard.json", "hell": "win_model_hard.json"}

FEATURES = (
    "cards_left", "draws_to_incarnation", "incarnations_left", "incarnations_in_play",
    "incarnation_resistance", "haunted", "margin_1", "margin_2", "qi_living", "qi_min_living",
    "qi_low_living", "dead", "qi_neutral", "ghosts", "boards_two", "boards_full",
    "haunters", "haunters_stone_1", "tormentors", "resistance_ordinary", "captured_dice",
    "tao_lock", "powers_off", "tao_tokens", "yinyang", "buddhas_ready", "circle", "turn",
    "level_normal", "level_nightmare", "level_hell", "players_1", "players_2", "players_3",
)


def features(S) -> np.ndarray:
    """(B, len(FEATURES)) float64 public facts of every game (see ``FEATURES``)."""
    B = S.batch_size
    idx = np.arange(B)
    card = np.maximum(S.ghost.astype(np.int64), 0)
    has = S.ghost >= 0
    inc = has & C.IS_INCARNATION[card]
    bits = common.space_bits(S, idx)
    flag = lambda bit: (bits & bit) != 0                            # noqa: E731
    living = common.living(S, idx)
    qi = S.qi.astype(np.float64)
    per_board = has.reshape(B, 4, 3).sum(2)
    limit = S.rules[:, R.HAUNTED_LIMIT].astype(np.int64)
    n_haunted = S.haunted.sum(1)
    margin = limit - n_haunted
    left = (S.deck_len - S.deck_pos).astype(np.float64)
    # undrawn incarnations lie at public places of the deck: draws until the next one
    slot = np.arange(S.deck.shape[1])
    undrawn_inc = (C.IS_INCARNATION[np.maximum(S.deck.astype(np.int64), 0)] & (S.deck >= 0)
                   & (slot >= S.deck_pos[:, None]) & (slot < S.deck_len[:, None]))
    draws = np.where(undrawn_inc.any(1), undrawn_inc.argmax(1) - S.deck_pos, 60)
    level = S.rules[:, R.DIFFICULTY]
    players = S.rules[:, R.NUM_PLAYERS]
    held = (S.tao * living[..., None]).sum((1, 2))
    cols = [
        left / 10, draws / 10, (S.inc_total - S.inc_defeated).astype(np.float64), inc.sum(1),
        (C.CARD_RESISTANCE[card] * inc).sum(1) / 5, n_haunted, margin == 1, margin == 2,
        (qi * living).sum(1), np.where(living, qi, 99).min(1).clip(0, 6) * living.any(1),
        (living & (qi <= 1)).sum(1), (S.is_player & (S.qi <= 0)).sum(1),
        (qi * ~S.is_player).sum(1), has.sum(1), (per_board == 2).sum(1), (per_board == 3).sum(1),
        flag(C.B_HAUNTER).sum(1), (flag(C.B_HAUNTER) & (S.haunter_pos == 1)).sum(1),
        flag(C.B_TORMENTOR).sum(1), (C.CARD_RESISTANCE[card] * (has & ~inc)).sum(1) / 3,
        flag(C.B_CAPTURE).sum(1), flag(C.B_TAO_LOCK).any(1), (~common.power_on(S, idx, bits)
                                                              & living).sum(1),
        held, (S.yinyang & living).sum(1), (S.buddhas * living).sum(1) + S.buddha.sum(1),
        S.circle >= 0, S.turn / 50,
        level == 1, level == 2, level == 3, players == 1, players == 2, players == 3,
    ]
    return np.stack([np.asarray(c, np.float64) for c in cols], 1)


def chance(S, logit: np.ndarray) -> np.ndarray:
    """(B,) chance of a win from fitted logits: the outcome, 1 or 0, for finished games."""
    return np.where(S.terminated, S.won.astype(np.float64), 1 / (1 + np.exp(-logit)))


class WinModel:
    """A small network that maps ``features`` (standardised by the fit's means and scales) to a
    chance of winning: ``layers`` of (weights, bias), ReLU between them, a sigmoid at the end. One
    layer is a logistic regression."""

    def __init__(self, layers, mean, scale, meta: dict | None = None):
        self.layers = [(np.asarray(w, np.float64), np.asarray(b, np.float64)) for w, b in layers]
        self.mean, self.scale = np.asarray(mean, np.float64), np.asarray(scale, np.float64)
        self.meta = dict(meta or {})
        width = len(FEATURES)
        for w, b in self.layers:
            if w.ndim != 2 or w.shape[0] != width or b.shape != (w.shape[1],):
                raise ValueError(f"layer shapes {w.shape} and {b.shape} do not follow a layer of "
                                 f"width {width} (the first takes len(FEATURES) = {len(FEATURES)})")
            width = w.shape[1]
        if width != 1 or self.mean.shape != (len(FEATURES),) or self.scale.shape != self.mean.shape:
            raise ValueError(f"a win model ends in one output and standardises {len(FEATURES)} "
                             f"features, got {width} outputs and {self.mean.shape} means")

    def logit(self, X: np.ndarray) -> np.ndarray:
        """(B,) the model's log-odds of a win for features ``X`` (B, len(FEATURES))."""
        h = (X - self.mean) / self.scale
        for i, (w, b) in enumerate(self.layers):
            # einsum sums each row in a fixed order; a BLAS product may sum a row in another
            # order for another batch size, and a game's value must not depend on its batch
            h = np.einsum("bi,ij->bj", h, w) + b
            if i < len(self.layers) - 1:
                h = np.maximum(h, 0.0)
        return h[:, 0]

    def predict(self, S) -> np.ndarray:
        """(B,) chance of a win: 1 or 0 for finished games, the fitted estimate otherwise."""
        return chance(S, self.logit(features(S)))

    @staticmethod
    def standardiser(X: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """The per-feature mean and scale of ``X`` (a constant feature's scale is 1)."""
        scale = X.std(0)
        return X.mean(0), np.where(scale > 0, scale, 1.0)

    @classmethod
    def fit_logistic(cls, X: np.ndarray, y: np.ndarray, l2: float = 1e-3, iterations: int = 30,
                     meta: dict | None = None) -> "WinModel":
        """Logistic regression: maximum likelihood with an L2 penalty ``l2`` per position, by
        Newton's method (numpy only)."""
        mean, scale = cls.standardiser(X)
        Z = np.c_[(X - mean) / scale, np.ones(len(X))]
        w = np.zeros(Z.shape[1])
        w[-1] = np.log(max(y.mean(), 1e-6) / max(1 - y.mean(), 1e-6))
        penalty = np.full(Z.shape[1], l2 * len(X))
        penalty[-1] = 0.0
        for _ in range(iterations):
            p = 1 / (1 + np.exp(-(Z @ w)))
            grad = Z.T @ (p - y) + penalty * w
            hess = (Z * (p * (1 - p))[:, None]).T @ Z + np.diag(penalty)
            step = np.linalg.solve(hess, grad)
            w -= step
            if np.abs(step).max() < 1e-8:
                break
        return cls([(w[:-1, None], w[-1:])], mean, scale, meta)

    def to_json(self) -> dict:
        """The model as the JSON of ``agents/data/win_model.json`` (``load`` reads it back)."""
        return {"features": list(FEATURES), "mean": self.mean.tolist(),
                "scale": self.scale.tolist(), "meta": self.meta,
                "layers": [{"weights": w.tolist(), "bias": b.tolist()} for w, b in self.layers]}

    def save(self, path) -> None:
        """Write ``to_json`` to ``path`` (its folder made if needed)."""
        Path(path).parent.mkdir(parents=True, exist_ok=True)
        Path(path).write_text(json.dumps(self.to_json()) + "\n")

    @classmethod
    def load(cls, path=DEFAULT_PATH) -> "WinModel":
        """The model of a JSON file (default: the shipped fit); ``ValueError`` if it was fitted
        on other features."""
        d = json.loads(Path(path).read_text())
        if list(d["features"]) != list(FEATURES):
            raise ValueError(f"{path} was fitted on other features ({len(d['features'])}); "
                             f"refit it with python -m experiments.fit_value")
        layers = [(layer["weights"], layer["bias"]) for layer in d["layers"]]
        return cls(layers, d["mean"], d["scale"], d.get("meta"))


class LevelWinModel:
    """The search's leaf value: each game judged by the ``WinModel`` of its difficulty level
    (``models``: level name -> model; ``LEVEL_MODELS`` names the shipped files). A game's value
    depends on its own row only, whatever the levels of the other games of the batch."""

    def __init__(self, models: dict[str, WinModel]):
        missing = set(LEVEL_NAMES) - set(models)
        if missing:
            raise ValueError(f"a LevelWinModel needs a model for every level, missing "
                             f"{sorted(missing)}")
        self.models = dict(models)

    def predict(self, S) -> np.ndarray:
        """(B,) chance of a win: 1 or 0 for finished games, the level's fitted estimate otherwise."""
        X = features(S)
        level = S.rules[:, R.DIFFICULTY]
        logit = np.zeros(S.batch_size)
        for code in np.unique(level):
            rows = level == code
            logit[rows] = self.models[LEVEL_NAMES[code]].logit(X[rows])
        return chance(S, logit)

    @classmethod
    def load(cls, folder=DATA, files: dict | None = None) -> "LevelWinModel":
        """The models of ``files`` (level -> file name in ``folder``; default ``LEVEL_MODELS``),
        each file read once."""
        return cls(per_level(folder, LEVEL_MODELS if files is None else files, WinModel.load))


def per_level(folder, files: dict, load) -> dict:
    """level -> ``load(folder / file)`` for ``files`` (level -> file name), each file read once
    (a file several levels share is one model)."""
    read = {name: load(Path(folder) / name) for name in set(files.values())}
    return {level: read[name] for level, name in files.items()}
