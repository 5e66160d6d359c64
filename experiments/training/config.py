"""The run configuration: typed dataclasses loaded from YAML, any field overridable from the CLI.

    cfg = load("configs/initiation-4p.yaml", overrides=["ppo.learning_rate=1e-4", "seed=3"])

A YAML file holds any subset of the fields below (sections as nested mappings); missing fields
keep their defaults; an unknown key is an error naming the allowed ones. Overrides are dotted
paths, ``key=value``, the value parsed as YAML and then coerced to the field's type (so ``1e-4``
is a float and ``[128, 128]`` a list). ``to_dict`` / ``save`` give the resolved configuration.
"""

from __future__ import annotations

import dataclasses
import types
import typing
from dataclasses import dataclass, field
from pathlib import Path

import yaml

from ghoststories_env.cards import LEVEL_NAMES


@dataclass
class EnvConfig:
    num_envs: int = 1024              # games stepped together (one engine batch)
    level: str = "initiation"         # used when `curriculum` is empty
    players: int = 4
    reward: str = "score"             # ghoststories_env/envs/rewards.py: win_loss, score, shaped
    reward_options: dict = field(default_factory=lambda: {"scale": 0.05})
    max_decisions: int = 1000
    frame: str = "egocentric"         # observation frame (agents.make("ppo:...") reads egocentric)


@dataclass
class Stage:
    """One curriculum stage: train on (level, players) until the step count or the eval win rate
    on this stage's configuration is reached (the last stage runs to the end)."""
    level: str = "initiation"
    players: int = 4
    until_step: int | None = None
    until_win_rate: float | None = None


@dataclass
class PolicyConfig:
    net_arch: list = field(default_factory=lambda: [256, 256])   # actor and critic, separate
    activation: str = "tanh"          # tanh or relu
    relative_actions: bool = True     # actions turn with the viewer (training/policy.py)


@dataclass
class PPOConfig:
    learning_rate: float = 3e-4
    lr_schedule: str = "constant"     # constant or linear (to 0 at total_steps)
    n_steps: int = 64                 # steps per game row per update: an update is num_envs * n_steps
    batch_size: int = 8192
    n_epochs: int = 4
    gamma: float = 0.995
    gae_lambda: float = 0.95
    clip_range: float = 0.2
    ent_coef: float = 0.01
    vf_coef: float = 0.5
    max_grad_norm: float = 0.5
    target_kl: float | None = None


@dataclass
class EvalConfig:
    every_steps: int = 1_000_000      # evaluate at step 0, then every this many steps, and at the end
    games: int = 500                  # games of the "eval" split per configuration
    configs: list = field(default_factory=list)     # extra [level, players] pairs to evaluate
    baselines: list = field(default_factory=lambda: ["heuristic"])   # evaluated once, at step 0


@dataclass
class CheckpointConfig:
    every_steps: int = 1_000_000
    keep: int = 3                     # most recent checkpoints kept


@dataclass
class WarmStartConfig:
    """Behaviour cloning before PPO: the policy imitates ``agent`` (the critic regresses the
    returns), first on games the agent plays, then for ``dagger_rounds`` rounds on games the
    student plays with the agent's labels (experiments/training/imitation.py)."""
    agent: str | None = None          # e.g. "heuristic"; None = no warm start
    games: int = 1000                 # games the teacher plays
    dagger_rounds: int = 0
    dagger_games: int = 500           # games the student plays per DAgger round
    epochs: int = 4                   # passes over the pooled data per round
    batch_size: int = 1024
    learning_rate: float = 1e-3
    explore: float = 0.0              # share of moves played at random (labels stay the teacher's)


@dataclass
class Config:
    name: str = "run"
    seed: int = 0
    total_steps: int = 10_000_000
    torch_threads: int = 1            # results/training/profile.md: 1 is fastest on a shared 2-core box
    init_from: str | None = None      # start from the weights of this model zip
    export: str | None = None         # also save the final policy here (small: no optimizer state)
    env: EnvConfig = field(default_factory=EnvConfig)
    curriculum: list[Stage] = field(default_factory=list)
    policy: PolicyConfig = field(default_factory=PolicyConfig)
    ppo: PPOConfig = field(default_factory=PPOConfig)
    eval: EvalConfig = field(default_factory=EvalConfig)
    checkpoint: CheckpointConfig = field(default_factory=CheckpointConfig)
    warm_start: WarmStartConfig = field(default_factory=WarmStartConfig)

    def stages(self) -> list[Stage]:
        """The curriculum, or one stage on env.level / env.players."""
        return self.curriculum or [Stage(self.env.level, self.env.players)]


# -- building from plain data ------------------------------------------------------------------------
def _coerce(value, tp, where: str):
    origin, args = typing.get_origin(tp), typing.get_args(tp)
    if origin in (typing.Union, types.UnionType):
        if value is None and type(None) in args:
            return None
        return _coerce(value, next(a for a in args if a is not type(None)), where)
    if dataclasses.is_dataclass(tp):
        return _build(tp, value, where)
    if origin is list and args and dataclasses.is_dataclass(args[0]):
        if not isinstance(value, list):
            raise ValueError(f"{where}: expected a list, got {value!r}")
        return [_build(args[0], v, f"{where}[{i}]") for i, v in enumerate(value)]
    base = origin or tp
    if base is bool and not isinstance(value, bool):
        raise ValueError(f"{where}: expected true or false, got {value!r}")
    if base in (int, float) and (isinstance(value, bool) or not isinstance(value, (int, float, str))):
        raise ValueError(f"{where}: expected a number, got {value!r}")
    try:
        out = base(float(value)) if base in (int, float) else base(value)
    except (TypeError, ValueError):
        raise ValueError(f"{where}: expected {base.__name__}, got {value!r}") from None
    if base is int and out != float(value):
        raise ValueError(f"{where}: expected an integer, got {value!r}")
    return out


def _build(cls, data, where: str = "config"):
    if isinstance(data, cls):
        return data
    if not isinstance(data, dict):
        raise ValueError(f"{where}: expected a mapping of {cls.__name__} fields, got {data!r}")
    hints = typing.get_type_hints(cls)
    unknown = set(data) - set(hints)
    if unknown:
        raise ValueError(f"{where}: unknown key(s) {sorted(unknown)}; allowed: {sorted(hints)}")
    return cls(**{k: _coerce(v, hints[k], f"{where}.{k}") for k, v in data.items()})


def _set(data: dict, dotted: str, value) -> None:
    keys = dotted.split(".")
    for k in keys[:-1]:
        data = data.setdefault(k, {})
        if not isinstance(data, dict):
            raise ValueError(f"override {dotted!r}: {k!r} is not a section")
    data[keys[-1]] = value


def dotted_overrides(tokens: list[str], error) -> list[str]:
    """``--dotted.key value`` and ``--dotted.key=value`` command-line tokens as ``key=value``
    overrides (dashes in keys read as underscores); ``error(message)`` reports a bad token."""
    out, rest = [], list(tokens)
    while rest:
        token = rest.pop(0)
        if not token.startswith("--") or len(token) < 3:
            error(f"unexpected argument {token!r}; fields are overridden as --key value or --set key=value")
        key, eq, value = token[2:].partition("=")
        if not eq:
            if not rest:
                error(f"{token} needs a value")
            value = rest.pop(0)
        out.append(f"{key.replace('-', '_')}={value}")
    return out


def to_dict(cfg) -> dict:
    return dataclasses.asdict(cfg)


def load(path: str | Path | None = None, overrides: list[str] = ()) -> Config:
    """The configuration of ``path`` (None: the defaults) with ``key=value`` overrides applied."""
    cfg = load_as(Config, path, overrides)
    check(cfg)
    return cfg


def check_positive(values: dict) -> None:
    """``ValueError`` naming the first of ``values`` (dotted key -> value) that is not > 0."""
    for key, v in values.items():
        if not v > 0:
            raise ValueError(f"{key} must be > 0, got {v!r}")


def load_as(cls, path: str | Path | None = None, overrides: list[str] = ()):
    """Any configuration dataclass ``cls`` from a YAML file and ``key=value`` overrides (the
    same reading as ``load``, without ``Config``'s checks)."""
    data = {}
    if path is not None:
        data = yaml.safe_load(Path(path).read_text()) or {}
        if not isinstance(data, dict):
            raise ValueError(f"{path}: a config file is a YAML mapping, got {type(data).__name__}")
    for item in overrides:
        key, eq, text = item.partition("=")
        if not eq or not key:
            raise ValueError(f"override {item!r} must look like key=value (e.g. ppo.n_epochs=4)")
        _set(data, key.strip(), yaml.safe_load(text))
    return _build(cls, data)


def check(cfg: Config) -> None:
    """Values that parse but make no sense, with what is allowed."""
    for i, s in enumerate(cfg.stages()):
        if s.level not in LEVEL_NAMES:
            raise ValueError(f"stage {i}: unknown level {s.level!r}; allowed: {', '.join(LEVEL_NAMES)}")
        if s.players not in (1, 2, 3, 4):
            raise ValueError(f"stage {i}: players must be 1..4, got {s.players!r}")
    for pair in cfg.eval.configs:
        if not (isinstance(pair, list) and len(pair) == 2 and pair[0] in LEVEL_NAMES):
            raise ValueError(f"eval.configs: each entry is [level, players], got {pair!r}")
    if cfg.policy.relative_actions and cfg.env.frame != "egocentric":
        raise ValueError("policy.relative_actions needs env.frame: egocentric (the viewer's seat "
                         f"turns the actions), got env.frame={cfg.env.frame!r}")
    if cfg.policy.activation not in ("tanh", "relu"):
        raise ValueError(f"policy.activation must be tanh or relu, got {cfg.policy.activation!r}")
    if cfg.ppo.lr_schedule not in ("constant", "linear"):
        raise ValueError(f"ppo.lr_schedule must be constant or linear, got {cfg.ppo.lr_schedule!r}")
    positive = {"total_steps": cfg.total_steps, "env.num_envs": cfg.env.num_envs,
                "ppo.n_steps": cfg.ppo.n_steps, "ppo.batch_size": cfg.ppo.batch_size,
                "eval.every_steps": cfg.eval.every_steps, "eval.games": cfg.eval.games,
                "checkpoint.every_steps": cfg.checkpoint.every_steps,
                "checkpoint.keep": cfg.checkpoint.keep, "torch_threads": cfg.torch_threads}
    for key, v in positive.items():
        if v < 1:
            raise ValueError(f"{key} must be >= 1, got {v!r}")


def save(cfg, path: Path) -> None:
    from .checkpoint import atomic_write_bytes
    atomic_write_bytes(path, yaml.safe_dump(to_dict(cfg), sort_keys=False).encode())
