"""The leaf-iteration run configuration: dataclasses read from YAML, any field overridable.

    cfg = load("configs/iterate-leaf-initiation-4p.yaml", ["selfplay.games=40", "rounds=2"])

Read like ``experiments/exit/config.py`` (the same loader: unknown keys are errors naming the
allowed ones, overrides are ``dotted.key=value`` parsed as YAML).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from ghoststories_env.agents.search_spec import make_search
from ghoststories_env.cards import LEVEL_NAMES

from ..training.config import check_positive, load_as


@dataclass
class SelfPlayConfig:
    games: int = 400                # new train games every round: round r plays indices
                                    # first + (r - 1) * games onwards
    first: int = 0                  # > 0 to go on from a run that played the ones before
    batch: int = 50                 # games per task
    search: str = "8x4x2:plans"     # the search that labels (agents.make("search:..."), no leaf=)


@dataclass
class TrainConfig:
    window: int = 2                 # rounds of labels trained on (the latest ones)
    learning_rate: float = 3e-4     # from the current leaf's weights (a warm start)
    epochs: int = 10                # the epoch with the best held-out log loss is kept, or the
                                    # start if none beats it (experiments/fit_value.py)
    lam: float = 0.0                # > 0: lambda-returns, the games' outcomes mixed into the labels


@dataclass
class EvalConfig:
    games: int = 100                # the same eval games every round
    batch: int = 50
    search: str = "8x4x2:plans"     # the search judged with each round's leaf
    gate: bool = False              # keep a new leaf only if its search wins more eval games
                                    # than the kept one's (False: every round's leaf is kept)


@dataclass
class LeafConfig:
    name: str = "iterate-leaf"
    seed: int = 0                   # seed sets (benchmark_seeds) and training order
    level: str = "initiation"       # or several levels joined by "+" (initiation+normal): a
                                    # mixed curriculum, each level playing selfplay.games and
                                    # eval.games games a round, one leaf for all (the
                                    # observation carries the level)
    players: int = 4
    start: str = "results/value/rollouts/leaf_rollouts.npz"   # the first leaf (a network .npz)
    rounds: int = 4
    workers: int = 2                # local processes for self-play and evaluation
    ray_address: str | None = None  # "local", "auto" or "ray://host:port": Ray instead
    torch_threads: int = 1
    selfplay: SelfPlayConfig = field(default_factory=SelfPlayConfig)
    train: TrainConfig = field(default_factory=TrainConfig)
    eval: EvalConfig = field(default_factory=EvalConfig)


def load(path: str | Path | None = None, overrides: list[str] = ()) -> LeafConfig:
    cfg = load_as(LeafConfig, path, overrides)
    check(cfg)
    return cfg


def levels(cfg: LeafConfig) -> list[str]:
    """The levels the run plays, in the order of ``level``."""
    return str(cfg.level).split("+")


def check(cfg: LeafConfig) -> None:
    """Values that parse but make no sense, with what is allowed."""
    names = levels(cfg)
    if any(n not in LEVEL_NAMES for n in names) or len(set(names)) < len(names):
        raise ValueError(f"level must be one of {', '.join(LEVEL_NAMES)}, or several different "
                         f"ones joined by '+' (initiation+normal), got {cfg.level!r}")
    if cfg.players not in (1, 2, 3, 4):
        raise ValueError(f"players must be 1..4, got {cfg.players!r}")
    if not str(cfg.start).endswith(".npz") or not Path(cfg.start).is_file():
        raise ValueError(f"start must be a leaf network's .npz file (experiments/fit_value.py, "
                         f"results/value/rollouts/leaf_rollouts.npz), got {cfg.start!r}")
    for key, spec in (("selfplay.search", cfg.selfplay.search), ("eval.search", cfg.eval.search)):
        if "leaf=" in spec:
            raise ValueError(f"{key} is the search without its leaf (each round's leaf is "
                             f"added), got {spec!r}")
        try:
            make_search(spec)
        except ValueError as e:
            raise ValueError(f"{key}: {e}") from None
    if cfg.selfplay.games < 10:
        raise ValueError(f"selfplay.games must be >= 10: the fit holds out the games whose index "
                         f"ends in 9, got {cfg.selfplay.games!r}")
    if not 0 <= cfg.train.lam <= 1:
        raise ValueError(f"train.lam must be in [0, 1], got {cfg.train.lam!r}")
    if cfg.selfplay.first < 0:
        raise ValueError(f"selfplay.first must be >= 0, got {cfg.selfplay.first!r}")
    check_positive({"rounds": cfg.rounds, "workers": cfg.workers,
                    "torch_threads": cfg.torch_threads, "selfplay.games": cfg.selfplay.games,
                    "selfplay.batch": cfg.selfplay.batch, "eval.games": cfg.eval.games,
                    "eval.batch": cfg.eval.batch, "train.window": cfg.train.window,
                    "train.epochs": cfg.train.epochs,
                    "train.learning_rate": cfg.train.learning_rate})
