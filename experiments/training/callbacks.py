"""The trainer's SB3 callback: progress bar, training statistics, the evaluation, curriculum and
checkpoint schedules, and the timing of each update (steps/s, share of time in the environment).

Everything scheduled runs at the start of a rollout, when the model has been trained on every
step counted so far: a checkpoint taken there is a clean point to resume from. Its own counters
(stage, next evaluation and checkpoint, last win rates) go into the checkpoint (``state_dict``).
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

import numpy as np
import torch
from stable_baselines3.common.callbacks import BaseCallback
from tqdm import tqdm

from ghoststories_env.state import LOSS_REASONS

from . import checkpoint, curriculum, envs
from .config import Config
from .evaluation import EvalLog, ModelAgent, baseline, evaluate


class TrainerCallback(BaseCallback):
    def __init__(self, cfg: Config, run_dir: Path, venv: envs.TimedVecEnv, resume_step: int | None):
        super().__init__()
        self.cfg, self.run_dir, self.venv = cfg, Path(run_dir), venv
        self.stages = cfg.stages()
        self.evals = EvalLog(self.run_dir / "evals.csv", resume_step)
        self.stage = 0
        self.win_rates: dict[tuple, float] = {}
        self.next_eval = self.next_checkpoint = 0
        self.last_eval: int | None = None
        self.baselines_done = False
        self.best: dict | None = None
        self.totals = {"seconds": 0.0, "env_seconds": 0.0, "rollout_seconds": 0.0, "steps": 0}
        self._reset_episodes()
        self.bar = None
        self._cycle_start = self._env_at_start = self._cycle_steps = None
        self._rollout_end = 0.0

    # -- state kept in checkpoints ------------------------------------------------------------------
    def state_dict(self) -> dict:
        return {"stage": self.stage, "win_rates": self.win_rates, "next_eval": self.next_eval,
                "next_checkpoint": self.next_checkpoint, "last_eval": self.last_eval,
                "baselines_done": self.baselines_done, "best": self.best,
                "env": envs.env_state(self.venv),
                "last_episode_starts": np.array(self.model._last_episode_starts, bool),
                "episode_return": self.ep_return, "episode_length": self.ep_length,
                "torch_rng": torch.get_rng_state(), "numpy_rng": np.random.get_state()}

    def load_state_dict(self, d: dict) -> None:
        self.stage, self.win_rates = d["stage"], d["win_rates"]
        self.next_eval, self.next_checkpoint = d["next_eval"], d["next_checkpoint"]
        # checkpoints written before the flag existed always came after the step-0 baselines
        self.last_eval, self.baselines_done = d["last_eval"], d.get("baselines_done", True)
        self.best = d.get("best")
        torch.set_rng_state(d["torch_rng"])
        np.random.set_state(d["numpy_rng"])
        if d["episode_return"].shape == self.ep_return.shape:
            self.ep_return, self.ep_length = d["episode_return"], d["episode_length"]

    # -- SB3 hooks ----------------------------------------------------------------------------------
    def _on_training_start(self) -> None:
        self.bar = tqdm(total=self.cfg.total_steps, initial=self.model.num_timesteps, unit="step",
                        unit_scale=True, dynamic_ncols=True, mininterval=1 if sys.stderr.isatty() else 30,
                        desc=self.cfg.name)
        if not self.baselines_done:
            self._baselines()

    def _on_rollout_start(self) -> None:
        self._log_timing()
        self._scheduled(self.model.num_timesteps, final=False)
        self._cycle_start, self._env_at_start = time.perf_counter(), self.venv.seconds
        self._cycle_steps = self.model.num_timesteps

    def _on_step(self) -> bool:
        rewards, dones, infos = self.locals["rewards"], self.locals["dones"], self.locals["infos"]
        self.ep_return += rewards
        self.ep_length += 1
        for i in np.flatnonzero(dones):
            info = infos[i]
            self.finished.append((self.ep_return[i], self.ep_length[i], info.get("won", False),
                                  info.get("score", np.nan), info.get("loss_reason", 0)))
        self.ep_return[dones] = 0
        self.ep_length[dones] = 0
        self.bar.update(self.venv.num_envs)
        return True

    def _on_rollout_end(self) -> None:
        self._rollout_end = time.perf_counter()
        if not self.finished:
            return
        ret, length, won, score, reason = (np.array(c, float) for c in zip(*self.finished))
        record = self.logger.record
        record("rollout/episodes", len(self.finished))
        record("rollout/return", ret.mean())
        record("rollout/length", length.mean())
        record("rollout/win_rate", won.mean())
        record("rollout/score", np.nanmean(score))
        for code, name in enumerate(LOSS_REASONS[1:], 1):
            record(f"rollout/loss/{name}", float((reason == code).mean()))
        self.bar.set_postfix_str(f"{self._stage_name()} train win {won.mean():.1%} "
                                 f"score {np.nanmean(score):.1f}", refresh=False)
        self._reset_episodes(keep_rows=True)

    def _on_training_end(self) -> None:
        self._log_timing()
        self._scheduled(self.model.num_timesteps, final=True)
        self.logger.dump(self.model.num_timesteps)
        self.bar.close()

    # -- helpers ------------------------------------------------------------------------------------
    def _scheduled(self, step: int, final: bool) -> None:
        """Evaluation (then the curriculum) and checkpoint when due; at the end, both at once
        unless already done at this step."""
        every_eval, every_ckpt = self.cfg.eval.every_steps, self.cfg.checkpoint.every_steps
        if step >= self.next_eval or (final and self.last_eval != step):
            self._evaluate(step)
            self.next_eval = (step // every_eval + 1) * every_eval
            self._advance_curriculum(step)
        if step >= self.next_checkpoint or final:
            self.next_checkpoint = (step // every_ckpt + 1) * every_ckpt
            self.save_checkpoint()

    def _reset_episodes(self, keep_rows: bool = False) -> None:
        self.finished = []
        if not keep_rows:
            self.ep_return = np.zeros(self.venv.num_envs)
            self.ep_length = np.zeros(self.venv.num_envs, np.int64)

    def _stage_name(self) -> str:
        s = self.stages[self.stage]
        return f"{s.level}-{s.players}p"

    def _targets(self) -> list[tuple[str, int]]:
        """The final stage's configuration, the current stage's, and eval.configs."""
        keys = [curriculum.stage_key(self.stages[-1]), curriculum.stage_key(self.stages[self.stage])]
        keys += [(lv, int(p)) for lv, p in self.cfg.eval.configs]
        return list(dict.fromkeys(keys))

    def _log_result(self, step: int, result: dict, prefix: str) -> None:
        self.evals.add(step, result)
        tag = f"{prefix}/{result['level']}-{result['players']}p"
        for key in ("win_rate", "score", "decisions"):
            self.logger.record(f"{tag}/{key}", result[key])

    def _baselines(self) -> None:
        for spec in self.cfg.eval.baselines:
            for level, players in self._targets():
                result = baseline(spec, level, players, self.cfg.eval.games, self.cfg.seed)
                self._log_result(0, result, f"baseline_{spec}")
                self.bar.write(f"baseline {spec} {level}-{players}p: win {result['win_rate']:.1%} "
                               f"score {result['score']:.1f} ({result['games']} games)")
        self.baselines_done = True

    def _evaluate(self, step: int) -> None:
        self.last_eval = step
        agent = ModelAgent(self.model, self.cfg.env.frame)
        for level, players in self._targets():
            result = evaluate(agent, level, players, self.cfg.eval.games, self.cfg.seed)
            self.win_rates[(level, players)] = result["win_rate"]
            self._log_result(step, result, "eval")
            self.bar.write(f"step {step:,}: eval {level}-{players}p win {result['win_rate']:.1%} "
                           f"score {result['score']:.1f} ({result['games']} games)")
            if (level, players) == self._targets()[0]:
                self._keep_if_best(step, result)

    def _keep_if_best(self, step: int, result: dict) -> None:
        """``best.zip``: the policy with the best eval result on the final stage's configuration
        (win rate first, mean score to break ties): model selection on the eval seeds, never test."""
        key = (result["win_rate"], result["score"])
        if self.best is None or key > (self.best["win_rate"], self.best["score"]):
            self.best = {"step": step, "win_rate": result["win_rate"], "score": result["score"]}
            checkpoint.export_policy(self.model, self.run_dir / "best.zip")

    def _advance_curriculum(self, step: int) -> None:
        new = curriculum.next_stage(self.stages, self.stage, step, self.win_rates)
        if new == self.stage:
            return
        self.stage = new
        obs = envs.start_stage(self.venv, self.cfg.env, self.stages[new], self.cfg.ppo.gamma,
                               self.cfg.seed)
        self.model._last_obs = obs
        self.model._last_episode_starts = np.ones(self.venv.num_envs, bool)
        self._reset_episodes()
        self.logger.record("curriculum/stage", new)
        self.bar.write(f"step {step:,}: curriculum stage {new}: {self._stage_name()}")

    def _log_timing(self) -> None:
        """steps/s and the share of wall time in the environment over the last rollout + update."""
        if self._cycle_start is None or self.model.num_timesteps == self._cycle_steps:
            return
        now = time.perf_counter()
        seconds = now - self._cycle_start
        env_seconds = self.venv.seconds - self._env_at_start
        record = self.logger.record
        record("time/steps_per_s", (self.model.num_timesteps - self._cycle_steps) / seconds)
        record("time/env_share", env_seconds / seconds)
        record("time/rollout_s", self._rollout_end - self._cycle_start)
        record("time/update_s", now - self._rollout_end)
        cycle = {"seconds": seconds, "env_seconds": env_seconds,
                 "rollout_seconds": self._rollout_end - self._cycle_start,
                 "steps": self.model.num_timesteps - self._cycle_steps}
        self.totals = {k: self.totals[k] + v for k, v in cycle.items()}

    def save_checkpoint(self) -> Path:
        return checkpoint.save(self.model, self.state_dict(), self.run_dir / "checkpoints",
                               self.cfg.checkpoint.keep)
