"""The policy-gradient run configuration: dataclasses read from YAML, any field overridable.

    cfg = load("configs/reinforce-initiation-4p.yaml", ["rounds=20", "selfplay.games=64"])

Read like ``experiments/exit/config.py`` (the same loader: unknown keys are errors naming the
allowed ones, overrides are ``dotted.key=value`` parsed as YAML).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from ghoststories_env.agents.heuristic import plans as plan_names
from ghoststories_env.cards import LEVEL_NAMES
from ghoststories_env.rules import stack

from ..training.config import check_positive, load_as


@dataclass
class NetConfig:
    hidden: list = field(default_factory=lambda: [128, 64])     # trunk widths
    temperature: float = 0.2        # heuristic points per logit, in play and in sampling: at
                                    # 0.2 the sampling team deviates from the heuristic about 15
                                    # times a game, mostly among near-equal actions, and still
                                    # wins 12% of Initiation 4p games (1 in 1,000 at 2.0)
    kinds: list = field(default_factory=lambda: ["YANG", "PLACE"])   # decisions it samples
    plans: list = field(default_factory=lambda: ["incarnation"])     # the residual's base team


@dataclass
class SelfPlayConfig:
    games: int = 256                # new train seeds every round (round r: r * games onwards)
    group: int = 4                  # copies of each seed, the baseline of one another
    batch: int = 64                 # seeds per task (times group games)
    progress_weight: float = 0.0    # return = won + this * progress (search_futures.progress)
    spread: float = 1e-3            # decisions played with >= 1 - spread certainty: not recorded


@dataclass
class TrainConfig:
    learning_rate: float = 3e-4     # Adam
    batch_size: int = 4096          # decisions per gradient step


@dataclass
class EvalConfig:
    every: int = 10                 # rounds between evaluations (and after the last round)
    games: int = 1000               # the same eval games each time, the network alone (argmax)


@dataclass
class ReinforceConfig:
    name: str = "reinforce"
    seed: int = 0                   # seed sets (benchmark_seeds), network init, the draws
    level: str = "initiation"
    players: int = 4
    rounds: int = 100
    workers: int = 2                # local processes for self-play
    ray_address: str | None = None  # "local", "auto" or "ray://host:port": Ray instead
    torch_threads: int = 1
    init_from: str | None = None    # start from this residual network's .npz
    net: NetConfig = field(default_factory=NetConfig)
    selfplay: SelfPlayConfig = field(default_factory=SelfPlayConfig)
    train: TrainConfig = field(default_factory=TrainConfig)
    eval: EvalConfig = field(default_factory=EvalConfig)


def load(path: str | Path | None = None, overrides: list[str] = ()) -> ReinforceConfig:
    cfg = load_as(ReinforceConfig, path, overrides)
    check(cfg)
    return cfg


def check(cfg: ReinforceConfig) -> None:
    """Values that parse but make no sense, with what is allowed."""
    if cfg.level not in LEVEL_NAMES:
        raise ValueError(f"level must be one of {', '.join(LEVEL_NAMES)}, got {cfg.level!r}")
    if cfg.players not in (1, 2, 3, 4):
        raise ValueError(f"players must be 1..4, got {cfg.players!r}")
    try:
        plan_names.checked(cfg.net.plans)
    except ValueError as e:
        raise ValueError(f"net.plans: {e}") from None
    unknown = set(cfg.net.kinds) - set(stack.CODES)
    if unknown:
        raise ValueError(f"net.kinds: unknown decision kinds {sorted(unknown)}; allowed: "
                         f"{', '.join(stack.CODE_NAMES)}")
    if cfg.selfplay.group < 2:
        raise ValueError(f"selfplay.group must be >= 2 (the copies of a seed are one another's "
                         f"baseline), got {cfg.selfplay.group!r}")
    if not 0 <= cfg.selfplay.spread < 1:
        raise ValueError(f"selfplay.spread must be in [0, 1), got {cfg.selfplay.spread!r}")
    if cfg.selfplay.progress_weight < 0:
        raise ValueError(f"selfplay.progress_weight must be >= 0, got "
                         f"{cfg.selfplay.progress_weight!r}")
    if cfg.init_from is not None and not Path(cfg.init_from).is_file():
        raise ValueError(f"init_from: no network at {cfg.init_from!r}")
    check_positive({"rounds": cfg.rounds, "workers": cfg.workers,
                    "torch_threads": cfg.torch_threads, "selfplay.games": cfg.selfplay.games,
                    "selfplay.batch": cfg.selfplay.batch, "train.batch_size": cfg.train.batch_size,
                    "train.learning_rate": cfg.train.learning_rate, "eval.every": cfg.eval.every,
                    "eval.games": cfg.eval.games, "net.temperature": cfg.net.temperature})
