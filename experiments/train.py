"""Train a cooperative Taoist team with sb3-contrib's MaskablePPO on the batched engine.

    python -m experiments.train --config configs/initiation-4p.yaml
    python -m experiments.train --config configs/initiation-4p.yaml --set ppo.learning_rate=1e-4 \
        --total_steps 2e6 --name lr-1e-4                    # fields overridden on the command line
    python -m experiments.train --resume runs/initiation-4p  # continue from the latest checkpoint

Everything a run needs is in the config file (``experiments/training/config.py`` lists every
field with its default); any field can be overridden as ``--set dotted.key=value`` or
``--dotted.key value`` (values parsed as YAML). One policy acts for whichever Taoist must decide
(egocentric observations, shared team reward), on ``GhostStoriesSB3VecEnv`` straight over one
engine batch. The run folder ``runs/<name>/`` gets:

* ``config.yaml``: the resolved configuration; ``pid``: the process id; ``.lock``: locked
  (``fcntl.flock``) while a process runs in the folder, so a second ``--resume`` of the same run
  is refused, naming the process; the kernel releases it when the process ends or is killed;
* ``tb/``: TensorBoard events (training win rate, score, episode length, return, losses, steps/s,
  share of time in the environment, evaluations);
* ``evals.csv``: evaluations on the ``eval`` seeds (deterministic policy, masks respected), and
  the baselines of ``eval.baselines`` on the same games at step 0;
* ``checkpoints/step_<n>.zip``: atomic checkpoints, each with what ``--resume`` needs (model,
  optimizer, step count, env games and seed stream, random states, curriculum stage);
* ``model.zip``: the final policy, small, for ``agents.make("ppo:runs/<name>/model.zip")``;
  ``best.zip``: the policy of the best evaluation on the final stage's configuration.

torch runs on ``torch_threads`` threads (default 1: on this 2-core machine the engine shares
the process and a second torch thread makes updates slower as soon as anything else runs; see
``results/training/profile.md``). Ctrl-C stops without saving: resume from the last checkpoint.
At start, the temporary files of atomic writes killed half-way are removed; ``--resume`` takes
the newest checkpoint that reads whole, renaming a damaged newer one ``*.damaged`` and saying so.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path

import numpy as np
import torch
from sb3_contrib import MaskablePPO
from stable_baselines3.common.logger import configure
from stable_baselines3.common.save_util import load_from_zip_file
from stable_baselines3.common.utils import LinearSchedule

from . import runfiles
from .training import checkpoint, config, curriculum, envs, imitation
from .training.callbacks import TrainerCallback
from .training.policy import RelativeActionPolicy

ACTIVATIONS = {"tanh": torch.nn.Tanh, "relu": torch.nn.ReLU}


def parse(argv) -> tuple[argparse.Namespace, list[str]]:
    p = argparse.ArgumentParser(prog="python -m experiments.train", description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter,
                                allow_abbrev=False)     # --key value overrides are not ours
    p.add_argument("--config", help="YAML run configuration (configs/*.yaml)")
    p.add_argument("--resume", metavar="RUN_DIR",
                   help="continue the run in RUN_DIR from its latest checkpoint")
    p.add_argument("--set", nargs="+", default=[], metavar="KEY=VALUE", help="override config fields")
    p.add_argument("--runs-dir", default="runs", help="parent folder of the run folders")
    args, rest = p.parse_known_args(argv)
    overrides = list(args.set) + config.dotted_overrides(rest, p.error)
    if bool(args.config) == bool(args.resume):
        p.error("give either --config FILE (a new run) or --resume RUN_DIR (with optional overrides)")
    return args, overrides


def resolve(args, overrides) -> tuple[config.Config, Path, Path | None]:
    """The configuration, the run folder and the checkpoint to resume from (None: a new run).
    The folder is locked first (``experiments/runfiles.py``): a second process on it is refused
    before it reads or writes anything there; the lock is released if the run is refused."""
    if args.resume:
        run_dir = Path(args.resume)
        if not run_dir.is_dir():
            raise SystemExit(f"--resume {run_dir}: no such folder")
    else:
        cfg = config.load(args.config, overrides)
        run_dir = Path(args.runs_dir) / cfg.name
    take_folder(run_dir)
    try:
        if not args.resume:
            if checkpoint.latest(run_dir / "checkpoints") is not None:
                raise SystemExit(f"{run_dir} already holds a run: --resume {run_dir}, or pick "
                                 f"another name (--name ...)")
            return cfg, run_dir, None
        ckpt = checkpoint.latest_whole(run_dir / "checkpoints", say=lambda t: print(t, flush=True))
        if ckpt is None:
            raise SystemExit(f"--resume {run_dir}: no readable checkpoint in "
                             f"{run_dir / 'checkpoints'}")
        return config.load(run_dir / "config.yaml", overrides), run_dir, ckpt
    except BaseException:
        runfiles.unlock_run_folder(run_dir)
        raise


def take_folder(run_dir: Path) -> None:
    """Lock the run folder for this process and remove what writes killed half-way left."""
    runfiles.lock_run_folder(run_dir)
    for path in runfiles.remove_temporaries(run_dir):
        print(f"removed {path}, left by a write that was killed", flush=True)


def ppo_kwargs(cfg: config.Config) -> dict:
    p = cfg.ppo
    lr = p.learning_rate if p.lr_schedule == "constant" else LinearSchedule(p.learning_rate, 0.0, 1.0)
    return dict(learning_rate=lr, n_steps=p.n_steps, batch_size=p.batch_size, n_epochs=p.n_epochs,
                gamma=p.gamma, gae_lambda=p.gae_lambda, clip_range=p.clip_range, ent_coef=p.ent_coef,
                vf_coef=p.vf_coef, max_grad_norm=p.max_grad_norm, target_kl=p.target_kl)


def new_model(cfg: config.Config, venv, logger) -> MaskablePPO:
    arch = list(cfg.policy.net_arch)
    policy_kwargs = {"net_arch": {"pi": arch, "vf": arch},
                     "activation_fn": ACTIVATIONS[cfg.policy.activation]}
    policy = RelativeActionPolicy if cfg.policy.relative_actions else "MlpPolicy"
    model = MaskablePPO(policy, venv, seed=cfg.seed, device="cpu", policy_kwargs=policy_kwargs,
                        **ppo_kwargs(cfg))
    model.set_logger(logger)
    stage = cfg.stages()[0]
    if cfg.init_from:
        _, params, _ = load_from_zip_file(cfg.init_from, device="cpu")
        model.policy.load_state_dict(params["policy"])
    if cfg.warm_start.agent:
        imitation.warm_start(model, cfg, logger, say=lambda text: print(text, flush=True))
    model._last_obs = envs.start_stage(venv, cfg.env, stage, cfg.ppo.gamma, cfg.seed)
    model._last_episode_starts = np.ones(venv.num_envs, bool)
    return model


def resumed_model(cfg: config.Config, venv, logger, ckpt: Path, callback: TrainerCallback) -> MaskablePPO:
    """The checkpoint's model (hyper-parameters from the config, which may have been overridden),
    its games and random streams put back exactly."""
    model = MaskablePPO.load(ckpt, env=venv, device="cpu", **ppo_kwargs(cfg))
    model.set_logger(logger)
    saved = checkpoint.trainer_state(ckpt)
    callback.load_state_dict(saved)            # after load: SB3's load reseeds the RNGs
    stage = cfg.stages()[callback.stage]
    obs = envs.start_stage(venv, cfg.env, stage, cfg.ppo.gamma, cfg.seed)
    restored = envs.restore_env_state(venv, saved["env"])
    if restored is None:
        print(f"resume: num_envs changed, starting new games on {stage.level}-{stage.players}p")
    else:
        obs, model._last_episode_starts = restored, saved["last_episode_starts"]
    model._last_obs = obs
    return model


def main(argv=None) -> MaskablePPO:
    args, overrides = parse(list(sys.argv[1:] if argv is None else argv))
    cfg, run_dir, ckpt = resolve(args, overrides)
    try:
        return run(cfg, run_dir, ckpt)
    finally:
        runfiles.unlock_run_folder(run_dir)


def run(cfg: config.Config, run_dir: Path, ckpt: Path | None) -> MaskablePPO:
    torch.set_num_threads(cfg.torch_threads)
    # the masked Categorical re-checks its arguments at every construction (~5% of an update)
    torch.distributions.Distribution.set_default_validate_args(False)
    run_dir.mkdir(parents=True, exist_ok=True)
    config.save(cfg, run_dir / "config.yaml")
    checkpoint.atomic_write_bytes(run_dir / "pid", f"{os.getpid()}\n".encode())
    stages = cfg.stages()
    print(f"{cfg.name}: {curriculum.describe(stages)}, {cfg.total_steps:,} steps, "
          f"{cfg.env.num_envs} games at once, reward {cfg.env.reward} -> {run_dir}", flush=True)
    venv = envs.make_venv(cfg.env, stages[0], cfg.ppo.gamma)
    logger = configure(str(run_dir / "tb"), ["tensorboard"])
    step = None if ckpt is None else int(ckpt.stem.split("_")[1])
    callback = TrainerCallback(cfg, run_dir, venv, resume_step=step)
    if ckpt is None:
        model = new_model(cfg, venv, logger)
    else:
        model = resumed_model(cfg, venv, logger, ckpt, callback)
        print(f"resumed from {ckpt} at step {model.num_timesteps:,}", flush=True)
    model.learn(max(0, cfg.total_steps - model.num_timesteps), callback=callback,
                reset_num_timesteps=False)
    t = callback.totals
    if t["seconds"]:
        print(f"{t['steps']:,} steps in {t['seconds']:.0f} s of rollouts and updates (evaluations "
              f"excluded): {t['steps'] / t['seconds']:,.0f} steps/s, {t['env_seconds'] / t['seconds']:.1%} "
              f"of the time in the environment, {t['rollout_seconds'] / t['seconds']:.1%} collecting "
              f"rollouts (env included)", flush=True)
        checkpoint.atomic_write_bytes(run_dir / "timing.json", json.dumps(t, indent=1).encode())
    checkpoint.export_policy(model, run_dir / "model.zip")
    if cfg.export:
        checkpoint.export_policy(model, cfg.export)
    print(f"final policy: {run_dir / 'model.zip'}" + (f" and {cfg.export}" if cfg.export else ""))
    if callback.best is not None:
        b = callback.best
        print(f"best eval: {run_dir / 'best.zip'} (step {b['step']:,}: win {b['win_rate']:.1%}, "
              f"score {b['score']:.1f})")
    return model


if __name__ == "__main__":
    main()
