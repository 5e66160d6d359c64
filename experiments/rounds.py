"""What the experiments run in rounds share (``experiments.exit``, ``experiments.iterate_leaf``):
their command line, the opening of the run folder, and the per-round files in it.

* ``parse(prog, doc, argv)``: ``--config FILE`` (a new run) or ``--resume RUN_DIR``, overrides
  as ``--set key=value`` or ``--dotted.key value``, ``--runs-dir`` and ``--quiet``.
* ``open_run(args, overrides, load)``: the configuration (``load(path, overrides)``), the run
  folder and the state to continue from. The folder is locked first (``runfiles``: a second
  process on it is refused, naming the one holding it) and the temporary files of writes killed
  half-way are removed; the lock is released if the run is refused.
* ``append_csv`` and ``drop_rounds_from``: one-row-per-game or per-round CSV files; a resumed
  round is redone from its start, so its rows (and later ones) are dropped first.
* ``save_arrays`` and ``load_rounds``: a round's arrays as one ``.npz`` (written atomically), and
  several rounds' joined.
"""

from __future__ import annotations

import argparse
import csv
import io
import json
from pathlib import Path
from typing import Callable

import numpy as np

from . import runfiles
from .training.config import dotted_overrides


def parse(prog: str, doc: str, argv: list[str]) -> tuple[argparse.Namespace, list[str]]:
    p = argparse.ArgumentParser(prog=prog, description=doc, allow_abbrev=False,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--config", help="YAML run configuration (configs/...)")
    p.add_argument("--resume", metavar="RUN_DIR", help="continue the run in RUN_DIR")
    p.add_argument("--set", nargs="+", default=[], metavar="KEY=VALUE", help="override config fields")
    p.add_argument("--runs-dir", default="runs", help="parent folder of the run folders")
    p.add_argument("--quiet", action="store_true", help="no progress bar")
    args, rest = p.parse_known_args(argv)
    overrides = list(args.set) + dotted_overrides(rest, p.error)
    if bool(args.config) == bool(args.resume):
        p.error("give either --config FILE (a new run) or --resume RUN_DIR (with optional overrides)")
    return args, overrides


def open_run(args, overrides: list[str], load: Callable) -> tuple[object, Path, dict]:
    """The configuration, the locked run folder and its ``state.json`` (``{"round": 0}`` for a
    new run)."""
    if args.resume:
        run_dir = Path(args.resume)
        if not (run_dir / "config.yaml").is_file():
            raise SystemExit(f"--resume {run_dir}: no config.yaml there")
    else:
        cfg = load(args.config, overrides)
        run_dir = Path(args.runs_dir) / cfg.name
    runfiles.lock_run_folder(run_dir)
    try:
        for path in runfiles.remove_temporaries(run_dir):
            print(f"removed {path}, left by a write that was killed", flush=True)
        if args.resume:
            cfg = load(run_dir / "config.yaml", overrides)
            path = run_dir / "state.json"
            return cfg, run_dir, json.loads(path.read_text()) if path.is_file() else {"round": 0}
        if (run_dir / "state.json").exists():
            raise SystemExit(f"{run_dir} already holds a run: --resume {run_dir}, or pick another "
                             f"name (--name ...)")
        return cfg, run_dir, {"round": 0}
    except BaseException:
        runfiles.unlock_run_folder(run_dir)
        raise


def save_state(run_dir: Path, state: dict) -> None:
    """Written last in a round: ``--resume`` continues from the round it names."""
    runfiles.atomic_write_bytes(run_dir / "state.json", json.dumps(state, indent=1).encode())


def append_csv(path: Path, fields, rows: list[dict]) -> None:
    new = not path.exists()
    with open(path, "a", newline="") as f:
        w = csv.DictWriter(f, fieldnames=fields, extrasaction="ignore")
        if new:
            w.writeheader()
        w.writerows(rows)


def drop_rounds_from(path: Path, r: int) -> None:
    """Forget the rows of round ``r`` and later (a resumed round is redone from its start)."""
    if path.exists():
        with open(path, newline="") as f:
            reader = csv.DictReader(f)
            rows, fields = [row for row in reader if int(row["round"]) < r], reader.fieldnames
        with open(path.with_suffix(".tmp"), "w", newline="") as f:
            w = csv.DictWriter(f, fieldnames=fields)
            w.writeheader()
            w.writerows(rows)
        path.with_suffix(".tmp").replace(path)


def save_arrays(path: Path, arrays: dict) -> None:
    buf = io.BytesIO()
    np.savez_compressed(buf, **arrays)
    runfiles.atomic_write_bytes(path, buf.getvalue())


def load_rounds(folder: Path, rounds: range) -> dict:
    """The arrays of ``folder/round_<r>.npz`` for ``rounds``, joined by the fields all of them
    hold (files written before a field was added lack it)."""
    parts = []
    for r in rounds:
        with np.load(folder / f"round_{r:03d}.npz") as z:
            parts.append({k: z[k] for k in z.files})
    return joined(parts)


def joined(parts: list[dict]) -> dict:
    return {k: np.concatenate([p[k] for p in parts]) for k in parts[0] if all(k in p for p in parts)}
