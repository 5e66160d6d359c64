"""The expert-iteration run configuration: dataclasses read from YAML, any field overridable.

    cfg = load("configs/exit-initiation-4p.yaml", ["selfplay.games=50", "rounds=2"])

Read like ``experiments/training/config.py`` (the same loader: unknown keys are errors naming the
allowed ones, overrides are ``dotted.key=value`` parsed as YAML).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from ghoststories_env.agents.heuristic import plans as plan_names
from ghoststories_env.agents.search import DEFAULTS
from ghoststories_env.cards import LEVEL_NAMES
from ghoststories_env.rules import stack

from ..training.config import check_positive, load_as
from .learn import TrainConfig


@dataclass
class NetConfig:
    hidden: list = field(default_factory=lambda: [256, 128])    # trunk widths
    residual: bool = True           # learned logits added to the heuristic's (agents/net.py)
    temperature: float = 1.0        # heuristic points per logit
    kinds: list = field(default_factory=lambda: ["YANG", "PLACE"])   # decisions it learns
    plans: list = field(default_factory=list)    # the heuristic's team plans (agents/heuristic/
                                    # plans.py): the residual's base, and the first round's
                                    # prior and rollout team (["incarnation"]: search:plans)
    leaf: str = "win_model"         # the search's leaf value: "net" (its win head),
                                    # "win_model" (agents/value.py, fitted on many more games),
                                    # "learned" (the value networks shipped per level) or a
                                    # file as the search's leaf= takes (a WinModel .json, a
                                    # network .npz: results/value/iterate/leaf2.npz)


@dataclass
class SelfPlayConfig:
    games: int = 200                # train games per round (split evenly over the configs)
    batch: int = 50                 # games per task
    search: str = "8x4x8"           # futures x width x horizon (agents/search.py)
    share: float = 0.25             # part of the searchable decisions searched and recorded
    configs: list = field(default_factory=lambda: [["initiation", 4]])   # [level, players]


@dataclass
class GateConfig:
    games: int = 100                # paired eval games: the new network's search against the kept one's
                                    # (0: no search gate, the candidate is kept whenever training
                                    # found an epoch better than its starting weights)
    search: str = "4x4x4"
    batch: int = 50
    net_games: int = 500            # eval games of the network alone (the learning curve), 0: none


@dataclass
class ExitConfig:
    name: str = "exit"
    seed: int = 0                   # seed sets (benchmark_seeds), network init, training order
    rounds: int = 4
    workers: int = 2                # local processes for self-play and the gate
    ray_address: str | None = None  # "local", "auto" or "ray://host:port": Ray instead
    torch_threads: int = 1
    init_from: str | None = None    # start from this .npz instead of a new network
    init_temperature: float | None = None   # and at this temperature (PolicyValueNet.
                                    # at_temperature: the same play; None: the file's)
    net: NetConfig = field(default_factory=NetConfig)
    selfplay: SelfPlayConfig = field(default_factory=SelfPlayConfig)
    train: TrainConfig = field(default_factory=TrainConfig)
    gate: GateConfig = field(default_factory=GateConfig)


def load(path: str | Path | None = None, overrides: list[str] = ()) -> ExitConfig:
    cfg = load_as(ExitConfig, path, overrides)
    check(cfg)
    return cfg


def check(cfg: ExitConfig) -> None:
    """Values that parse but make no sense, with what is allowed."""
    for pair in cfg.selfplay.configs:
        if not (isinstance(pair, list) and len(pair) == 2 and pair[0] in LEVEL_NAMES
                and pair[1] in (1, 2, 3, 4)):
            raise ValueError(f"selfplay.configs: each entry is [level, players] with a level of "
                             f"{', '.join(LEVEL_NAMES)} and 1..4 players, got {pair!r}")
    try:
        plan_names.checked(cfg.net.plans)
    except ValueError as e:
        raise ValueError(f"net.plans: {e}") from None
    for key, spec in (("selfplay.search", cfg.selfplay.search), ("gate.search", cfg.gate.search)):
        parts = spec.split("x")
        if len(parts) > len(DEFAULTS) or not all(p.isdigit() for p in parts):
            raise ValueError(f"{key} is 'K', 'KxW' or 'KxWxH' (futures, width, horizon), got {spec!r}")
    unknown = set(cfg.net.kinds) - set(stack.CODES)
    if unknown:
        raise ValueError(f"net.kinds: unknown decision kinds {sorted(unknown)}; allowed: "
                         f"{', '.join(stack.CODE_NAMES)}")
    if cfg.net.leaf not in ("net", "win_model", "learned") and not (
            cfg.net.leaf.endswith((".npz", ".json")) and Path(cfg.net.leaf).is_file()):
        raise ValueError(f"net.leaf must be net, win_model, learned or an existing .npz or "
                         f".json leaf file (the search's leaf=), got {cfg.net.leaf!r}")
    if cfg.train.soft_target < 0:
        raise ValueError(f"train.soft_target must be >= 0 (0: the chosen action), got {cfg.train.soft_target!r}")
    if cfg.train.params not in ("all", "bias"):
        raise ValueError(f"train.params must be all or bias, got {cfg.train.params!r}")
    if cfg.train.select not in ("agreement", "play"):
        raise ValueError(f"train.select must be agreement or play, got {cfg.train.select!r}")
    if not 0 < cfg.selfplay.share <= 1:
        raise ValueError(f"selfplay.share must be in (0, 1], got {cfg.selfplay.share!r}")
    check_positive({"rounds": cfg.rounds, "workers": cfg.workers,
                    "torch_threads": cfg.torch_threads, "selfplay.games": cfg.selfplay.games,
                    "selfplay.batch": cfg.selfplay.batch, "gate.batch": cfg.gate.batch,
                    "train.epochs": cfg.train.epochs,
                    "train.batch_size": cfg.train.batch_size, "train.window": cfg.train.window,
                    "train.select_games": cfg.train.select_games,
                    "net.temperature": cfg.net.temperature})
    if cfg.init_temperature is not None and (not cfg.init_from or not cfg.init_temperature > 0):
        raise ValueError(f"init_temperature rescales the network of init_from and must be > 0; "
                         f"got {cfg.init_temperature!r} with init_from {cfg.init_from!r}")
    if cfg.gate.games < 0 or cfg.gate.net_games < 0:
        raise ValueError(f"gate.games and gate.net_games must be >= 0 (0: none), got "
                         f"{cfg.gate.games!r} and {cfg.gate.net_games!r}")
    if cfg.selfplay.games < len(cfg.selfplay.configs):
        raise ValueError(f"selfplay.games ({cfg.selfplay.games}) must give each of the "
                         f"{len(cfg.selfplay.configs)} configurations at least one game")
