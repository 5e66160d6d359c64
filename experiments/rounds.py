"""What the experiments run in rounds share (``experiments.exit``, ``experiments.iterate_leaf``):
their command line, the opening of the run folder, the per-round files in it and the curves.

* ``main(prog, doc, argv, load, run)``: the command line read, the run folder opened and locked,
  ``run(cfg, run_dir, state, quiet)`` called, the lock released.
* ``parse(prog, doc, argv)``: ``--config FILE`` (a new run) or ``--resume RUN_DIR``, overrides
  as ``--set key=value`` or ``--dotted.key value``, ``--runs-dir`` and ``--quiet``.
* ``open_run(args, overrides, load)``: the configuration (``load(path, overrides)``), the run
  folder and the state to continue from. The folder is locked first (``runfiles``: a second
  process on it is refused, naming the one holding it) and the temporary files of writes killed
  half-way are removed; the lock is released if the run is refused.
* ``append_csv`` and ``drop_rounds_from``: one-row-per-game or per-round CSV files; a resumed
  round is redone from its start, so its rows (and later ones) are dropped first.
* ``begin(cfg, run_dir, state, files)``: what a run does before its first round (torch threads,
  the configuration saved, the rows of the round it starts from and later dropped from
  ``files``); returns that round.
* ``save_arrays`` and ``load_rounds``: a round's arrays as one ``.npz`` (written atomically), and
  several rounds' joined.
* ``GAME_FIELDS``: the per-game files' columns (``benchmark.evaluation.game_rows`` makes the rows;
  the round is added).
* ``bars(quiet)``, ``log_scalars``, ``read_rounds``, ``panels``, ``band`` and ``save_panels``:
  progress bars, TensorBoard scalars of a round's row, and the curves' data, figure, Wilson
  bands and file.
"""

from __future__ import annotations

import argparse
import csv
import io
import json
import sys
from pathlib import Path
from typing import Callable

import numpy as np

from ghoststories_env.benchmark.stats import wilson

from . import runfiles
from .training.config import dotted_overrides, save

GAME_FIELDS = ("round", "agent", "level", "players", "index", "seed", "won", "score", "decisions",
               "turns", "loss_reason", "seconds")


def main(prog: str, doc: str, argv, load: Callable, run: Callable):
    args, overrides = parse(prog, doc, list(sys.argv[1:] if argv is None else argv))
    cfg, run_dir, state = open_run(args, overrides, load)
    try:
        return run(cfg, run_dir, state, args.quiet)
    finally:
        runfiles.unlock_run_folder(run_dir)


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


def begin(cfg, run_dir: Path, state: dict, files: tuple[str, ...]) -> int:
    import torch
    torch.set_num_threads(cfg.torch_threads)
    run_dir.mkdir(parents=True, exist_ok=True)
    save(cfg, run_dir / "config.yaml")
    r0 = int(state["round"])
    for name in files:
        drop_rounds_from(run_dir / name, r0)
    return r0


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


def bars(quiet: bool) -> Callable:
    """``bars(quiet)(total, description)``: a progress bar (none with ``quiet``)."""
    from tqdm import tqdm
    return lambda total, desc: tqdm(total=total, desc=desc, disable=quiet, leave=False)


def log_scalars(writer, prefix: str, row: dict, r: int) -> None:
    for k, v in row.items():
        if isinstance(v, (int, float)) and k != "round":
            writer.add_scalar(f"{prefix}/{k}", v, r)


def read_rounds(run_dir: Path) -> tuple[list[int], Callable]:
    """The rounds of ``rounds.csv`` and ``num(field)``: that column as floats (nan where empty)."""
    with open(Path(run_dir) / "rounds.csv", newline="") as f:
        rows = list(csv.DictReader(f))

    def num(k):
        return [float(x[k]) if x.get(k) not in (None, "") else float("nan") for x in rows]
    return [int(x["round"]) for x in rows], num


def panels(run_dir: Path, count: int, width: float) -> tuple[list[int], Callable, object, list]:
    """What every curve starts from: the rounds of ``run_dir``'s ``rounds.csv``, ``num(field)``
    (``read_rounds``), and a figure of ``count`` panels side by side, ``width`` inches wide."""
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    r, num = read_rounds(run_dir)
    fig, axes = plt.subplots(1, count, figsize=(width, 4))
    return r, num, fig, list(axes)


def band(ax, r, wins, games, label, style="o-") -> None:
    """Win rates in % with their 95% Wilson band (nan where a round has no games)."""
    points = [wilson(int(w), int(n)) if n == n and n else (float("nan"),) * 3
              for w, n in zip(wins, games)]
    ax.plot(r, [100 * p[0] for p in points], style, label=label)
    ax.fill_between(r, [100 * p[1] for p in points], [100 * p[2] for p in points], alpha=0.2)


def save_panels(fig, axes, out: Path) -> Path:
    """Legends and grids on every panel, the figure written to ``out`` and closed."""
    import matplotlib.pyplot as plt
    for ax in axes:
        ax.legend(fontsize=8)
        ax.grid(alpha=0.3)
    fig.tight_layout()
    fig.savefig(out, dpi=100)
    plt.close(fig)
    return out
