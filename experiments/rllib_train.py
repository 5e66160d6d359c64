"""Multi-agent PPO with action masking on Ray RLlib: one module shared by the Taoists.

    python -m experiments.rllib_train --config configs/rllib-initiation-4p.yaml
    python -m experiments.rllib_train --config configs/rllib-initiation-4p.yaml --iterations 5 \\
        --set ppo.lr=1e-4                          # fields overridden as in experiments.train
    python -m experiments.rllib_train --config ... --ray-address auto     # on a Ray cluster

The environment is ``ghoststories_env/envs/rllib.py`` (the PettingZoo parallel env for RLlib's
multi-agent API, with the observation of RLlib's action-masking module), the algorithm
``ppo_config`` there. Without ``--ray-address`` a Ray starts here with ``num_cpus`` CPUs; with it,
the run joins that cluster (``auto``, ``ray://host:10001``), whose nodes need the project and
the ``rllib`` extra installed. Needs ``pip install "ghoststories_env[rllib]"`` (``ray[rllib]``
2.60 pins gymnasium 1.2.2).

Writes into ``<runs-dir>/<name>/``: ``config.yaml`` (the resolved configuration), ``progress.csv``
(per iteration: env steps, episodes, mean episode return summed over the Taoists, mean episode
length in agent decisions, seconds) and ``checkpoint/`` (RLlib's, at the end and every
``checkpoint_every`` iterations; ``Algorithm.from_checkpoint`` reloads it).
"""

from __future__ import annotations

import argparse
import csv
import sys
import time
import warnings
from dataclasses import dataclass, field
from pathlib import Path

from ghoststories_env.envs.batch import IllegalActionWarning

from .training import config as config_io


@dataclass
class EnvSection:
    level: str = "initiation"
    players: int = 4
    reward: str = "score"             # ghoststories_env/envs/rewards.py: win_loss, score, shaped
    reward_options: dict = field(default_factory=lambda: {"scale": 0.05})
    max_decisions: int = 1000


@dataclass
class PPOSection:
    lr: float = 3e-4
    gamma: float = 0.995
    lambda_: float = 0.95
    clip_param: float = 0.2
    entropy_coeff: float = 0.01
    train_batch_size: int = 4000      # agent decisions per update (per learner)
    minibatch_size: int = 500
    num_epochs: int = 4


@dataclass
class RLlibConfig:
    name: str = "rllib"
    seed: int = 0
    iterations: int = 100             # RLlib training iterations (one update each)
    num_cpus: int = 2                 # the local Ray's CPUs (ignored with --ray-address)
    env_runners: int = 1              # RLlib EnvRunner actors sampling games (0: in the driver)
    envs_per_runner: int = 1
    torch_threads: int = 1            # the driver's torch threads (results/training/profile.md)
    hidden: list = field(default_factory=lambda: [256, 256])
    checkpoint_every: int = 50        # iterations between checkpoints (and one at the end)
    env: EnvSection = field(default_factory=EnvSection)
    ppo: PPOSection = field(default_factory=PPOSection)


def parse(argv) -> tuple[argparse.Namespace, RLlibConfig]:
    p = argparse.ArgumentParser(prog="python -m experiments.rllib_train", description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter,
                                allow_abbrev=False)     # --key value overrides are not ours
    p.add_argument("--config", help="YAML run configuration (configs/rllib-*.yaml)")
    p.add_argument("--set", nargs="+", default=[], metavar="KEY=VALUE", help="override config fields")
    p.add_argument("--ray-address", metavar="ADDRESS",
                   help="join this Ray cluster ('auto', 'ray://host:10001'); default: a local Ray")
    p.add_argument("--runs-dir", default="runs", help="parent folder of the run folders")
    args, rest = p.parse_known_args(argv)
    overrides = args.set + config_io.dotted_overrides(rest, p.error)
    try:
        cfg = config_io.load_as(RLlibConfig, args.config, overrides)
    except ValueError as e:
        p.error(str(e))
    for key in ("iterations", "num_cpus", "envs_per_runner", "torch_threads", "checkpoint_every"):
        if getattr(cfg, key) < 1:
            p.error(f"{key} must be >= 1, got {getattr(cfg, key)}")
    return args, cfg


def algorithm_config(cfg: RLlibConfig):
    """The RLlib ``PPOConfig`` of a run."""
    from ghoststories_env.envs.rllib import ppo_config

    env = {"num_players": cfg.env.players, "difficulty": cfg.env.level, "reward": cfg.env.reward,
           "reward_options": cfg.env.reward_options, "max_decisions": cfg.env.max_decisions}
    ppo = cfg.ppo
    return (ppo_config(env, tuple(cfg.hidden))
            .env_runners(num_env_runners=cfg.env_runners, num_envs_per_env_runner=cfg.envs_per_runner)
            .learners(num_learners=0)                       # the driver learns (CPU)
            .training(lr=ppo.lr, gamma=ppo.gamma, lambda_=ppo.lambda_, clip_param=ppo.clip_param,
                      entropy_coeff=ppo.entropy_coeff, train_batch_size_per_learner=ppo.train_batch_size,
                      minibatch_size=ppo.minibatch_size, num_epochs=ppo.num_epochs)
            .debugging(seed=cfg.seed))


def progress_row(iteration: int, result: dict, seconds: float) -> dict:
    from ray.rllib.utils.metrics import (ENV_RUNNER_RESULTS, EPISODE_LEN_MEAN, EPISODE_RETURN_MEAN,
                                         NUM_ENV_STEPS_SAMPLED_LIFETIME, NUM_EPISODES_LIFETIME)
    runners = result.get(ENV_RUNNER_RESULTS, {})
    return {"iteration": iteration,
            "env_steps": runners.get(NUM_ENV_STEPS_SAMPLED_LIFETIME, ""),
            "episodes": runners.get(NUM_EPISODES_LIFETIME, ""),
            "episode_return_mean": runners.get(EPISODE_RETURN_MEAN, ""),
            "episode_len_mean": runners.get(EPISODE_LEN_MEAN, ""),
            "seconds": f"{seconds:.1f}"}


def ray_start(address: str | None, num_cpus: int):
    try:
        import ray
        import ray.rllib  # noqa: F401
    except ImportError as e:
        raise SystemExit(f"RLlib is not installed ({e}): pip install 'ghoststories_env[rllib]'") from None
    if not ray.is_initialized():
        if address is None:
            ray.init(num_cpus=num_cpus, include_dashboard=False, configure_logging=False)
        else:
            ray.init(address=address, configure_logging=False)
    return ray


def main(argv=None) -> Path:
    args, cfg = parse(list(sys.argv[1:] if argv is None else argv))
    run = Path(args.runs_dir) / cfg.name
    run.mkdir(parents=True, exist_ok=True)
    config_io.save(cfg, run / "config.yaml")
    ray_start(args.ray_address, cfg.num_cpus)
    import torch
    torch.set_num_threads(cfg.torch_threads)
    # RLlib's env check steps one unmasked sampled action, which the env forfeits with a warning
    warnings.filterwarnings("ignore", category=IllegalActionWarning)
    algo = algorithm_config(cfg).build_algo()
    t0 = time.perf_counter()
    try:
        with open(run / "progress.csv", "w", newline="") as f:
            out = None
            for it in range(1, cfg.iterations + 1):
                row = progress_row(it, algo.train(), time.perf_counter() - t0)
                if out is None:
                    out = csv.DictWriter(f, list(row))
                    out.writeheader()
                out.writerow(row)
                f.flush()
                print(", ".join(f"{k} {v}" for k, v in row.items()), flush=True)
                if it % cfg.checkpoint_every == 0 or it == cfg.iterations:
                    algo.save_to_path(str((run / "checkpoint").resolve()))
    finally:
        algo.stop()
    print(f"written: {run / 'config.yaml'}, {run / 'progress.csv'}, {run / 'checkpoint'}")
    return run


if __name__ == "__main__":
    main()
