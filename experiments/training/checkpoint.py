"""Checkpoints written atomically, so that a crash never leaves a half-written file.

Every file goes to a temporary name in its own folder, is flushed to disk, then renamed over the
target with ``os.replace`` (atomic on POSIX). A checkpoint is one file: the SB3 model zip (weights,
optimizer state, step count, schedules; loadable as it is by ``agents.make("ppo:<path>")``) with
one more member, ``trainer_state.pkl``, holding what the trainer needs to continue where it was:
curriculum stage, the games in progress and the seed stream of the environment, the torch and
numpy random states. SB3's loader ignores members it does not know.
"""

from __future__ import annotations

import io
import os
import pickle
import zipfile
from pathlib import Path

from ..runfiles import atomic_write_bytes

TRAINER_STATE = "trainer_state.pkl"


def model_bytes(model, trainer_state: dict | None = None, exclude: list[str] | None = None) -> bytes:
    """The model as an SB3 zip in memory, with ``trainer_state`` as an extra member."""
    buf = io.BytesIO()
    model.save(buf, exclude=exclude)
    if trainer_state is not None:
        with zipfile.ZipFile(buf, "a") as z:
            z.writestr(TRAINER_STATE, pickle.dumps(trainer_state))
    return buf.getvalue()


def checkpoint_path(folder: Path, step: int) -> Path:
    return Path(folder) / f"step_{step:012d}.zip"


def save(model, trainer_state: dict, folder: str | Path, keep: int) -> Path:
    """Write the checkpoint of ``model.num_timesteps``; keep the ``keep`` most recent."""
    path = checkpoint_path(Path(folder), int(model.num_timesteps))
    atomic_write_bytes(path, model_bytes(model, trainer_state))
    for old in sorted(Path(folder).glob("step_*.zip"))[:-keep]:
        old.unlink()
    return path


def latest(folder: str | Path) -> Path | None:
    found = sorted(Path(folder).glob("step_*.zip"))
    return found[-1] if found else None


def damage(path: str | Path) -> str | None:
    """What is wrong with a checkpoint file (a truncated zip, a bad member, no trainer state), or
    None if it reads whole."""
    try:
        with zipfile.ZipFile(path) as z:
            bad = z.testzip()                   # reads every member, checking its CRC
            if bad is not None:
                return f"member {bad} is corrupt"
            if TRAINER_STATE not in z.namelist():
                return f"no {TRAINER_STATE}"
            pickle.loads(z.read(TRAINER_STATE))
    except Exception as e:                      # zipfile, zlib, pickle: any failure to read it
        return f"{type(e).__name__}: {e}"
    return None


def latest_whole(folder: str | Path, say=print) -> Path | None:
    """The newest checkpoint that reads whole; a damaged newer one (a write cut short by a full
    disk or a crash of the machine) is renamed ``<name>.damaged`` and the previous one taken,
    saying so with ``say``."""
    for path in sorted(Path(folder).glob("step_*.zip"), reverse=True):
        problem = damage(path)
        if problem is None:
            return path
        kept = path.with_name(path.name + ".damaged")
        os.replace(path, kept)
        say(f"resume: {path} is damaged ({problem}); moved to {kept.name}, falling back to the "
            f"previous checkpoint")
    return None


def trainer_state(path: str | Path) -> dict:
    with zipfile.ZipFile(path) as z:
        if TRAINER_STATE not in z.namelist():
            raise ValueError(f"{path} is a model, not a training checkpoint (no {TRAINER_STATE})")
        return pickle.loads(z.read(TRAINER_STATE))


def export_policy(model, path: str | Path) -> None:
    """A small copy for ``models/``: no optimizer moments, no last observations, no env state.
    The optimizer is swapped for a fresh one only while writing (SB3's loader wants one)."""
    policy = model.policy
    kept = policy.optimizer
    policy.optimizer = policy.optimizer_class(policy.parameters(), lr=kept.param_groups[0]["lr"],
                                              **policy.optimizer_kwargs)
    try:
        data = model_bytes(model, exclude=["_last_obs", "_last_episode_starts", "_last_original_obs",
                                           "ep_info_buffer", "ep_success_buffer"])
    finally:
        policy.optimizer = kept
    atomic_write_bytes(path, data)
