"""Learning curves of one or more training runs as a PNG.

    python -m experiments.plot_training runs/initiation-4p --out results/training/curves.png
    python -m experiments.plot_training runs/a runs/b --labels "from scratch" "warm start" --out cmp.png

Reads each run folder written by ``experiments/train.py``: ``evals.csv`` (evaluations on the
``eval`` seeds, and the baselines at step 0, drawn as dashed lines) and the TensorBoard events in
``tb/`` (training games, losses, speed). Panels: eval win rate (95% Wilson band), eval mean
score, training-game score, value and policy losses, steps/s and the share of time in the env.
"""

from __future__ import annotations

import argparse
import csv
from pathlib import Path

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402

PANELS = (   # (title, source, key); source "eval" reads evals.csv, "tb" the TensorBoard scalars
    ("eval win rate (%)", "eval", "win_rate"),
    ("eval mean score", "eval", "score"),
    ("training games: mean score", "tb", "rollout/score"),
    ("value loss", "tb", "train/value_loss"),
    ("entropy loss (minus the policy entropy)", "tb", "train/entropy_loss"),
    ("steps/s (line) and env share % (dots)", "tb", "time/steps_per_s"),
)


def read_evals(run: Path) -> list[dict]:
    path = run / "evals.csv"
    if not path.exists():
        return []
    with open(path, newline="") as f:
        return list(csv.DictReader(f))


def read_scalars(run: Path) -> dict[str, tuple[list[int], list[float]]]:
    """Every scalar tag of ``run/tb``; a step written twice (a resumed run redoing the part after
    its checkpoint) keeps its last value."""
    from tensorboard.backend.event_processing.event_accumulator import EventAccumulator
    out = {}
    for events in sorted((run / "tb").glob("events.out.tfevents.*"), key=lambda p: p.stat().st_mtime):
        acc = EventAccumulator(str(events), size_guidance={"scalars": 0})
        acc.Reload()
        for tag in acc.Tags()["scalars"]:
            series = out.setdefault(tag, {})
            series.update({e.step: e.value for e in acc.Scalars(tag)})
    return {tag: (sorted(s), [s[k] for k in sorted(s)]) for tag, s in out.items()}


def _eval_panel(ax, rows: list[dict], key: str, label: str, colour) -> None:
    scale = 100 if key == "win_rate" else 1
    for target in dict.fromkeys((r["level"], r["players"]) for r in rows):
        mine = [r for r in rows if (r["level"], r["players"]) == target and r["agent"] == "ppo"]
        name = f"{label} {target[0]}-{target[1]}p"
        x = [int(r["step"]) for r in mine]
        ax.plot(x, [scale * float(r[key]) for r in mine], "-o", ms=3, color=colour, label=name)
        if key == "win_rate" and mine:
            ax.fill_between(x, [100 * float(r["win_low"]) for r in mine],
                            [100 * float(r["win_high"]) for r in mine], color=colour, alpha=0.15)
        for r in rows:
            if r["agent"] != "ppo" and (r["level"], r["players"]) == target:
                ax.axhline(scale * float(r[key]), ls="--", lw=1, color=colour, alpha=0.6)
                ax.annotate(r["agent"], (0, scale * float(r[key])), fontsize=7, color=colour,
                            xytext=(2, 2), textcoords="offset points")


def plot(runs: list[Path], labels: list[str], out: Path) -> None:
    fig, axes = plt.subplots(2, 3, figsize=(15, 7.5))
    colours = plt.rcParams["axes.prop_cycle"].by_key()["color"]
    for i, (run, label) in enumerate(zip(runs, labels)):
        colour = colours[i % len(colours)]
        rows, scalars = read_evals(run), read_scalars(run)
        for ax, (title, source, key) in zip(axes.flat, PANELS):
            if source == "eval":
                _eval_panel(ax, rows, key, label, colour)
            elif key in scalars:
                ax.plot(*scalars[key], color=colour, lw=1, label=label)
        if "time/env_share" in scalars:
            share = axes.flat[-1].twinx()
            x, y = scalars["time/env_share"]
            share.plot(x, [100 * v for v in y], ".", ms=2, color=colour)
            share.set_ylim(0, 100)
    for ax, (title, *_rest) in zip(axes.flat, PANELS):
        ax.set_title(title, fontsize=10)
        ax.set_xlabel("training steps (decisions)")
        ax.grid(alpha=0.3)
    axes.flat[0].legend(fontsize=7)
    fig.tight_layout()
    out.parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(out, dpi=110)
    plt.close(fig)


def main(argv=None) -> Path:
    p = argparse.ArgumentParser(prog="python -m experiments.plot_training", description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("runs", nargs="+", type=Path, help="run folders (runs/<name>)")
    p.add_argument("--labels", nargs="+", help="one label per run (default: folder names)")
    p.add_argument("--out", type=Path, default=Path("results/training/curves.png"))
    a = p.parse_args(argv)
    labels = a.labels or [r.name for r in a.runs]
    if len(labels) != len(a.runs):
        p.error(f"{len(a.runs)} runs but {len(labels)} labels")
    for run in a.runs:
        if not (run / "evals.csv").exists() and not (run / "tb").exists():
            p.error(f"{run} is not a training run folder (no evals.csv, no tb/)")
    plot(a.runs, labels, a.out)
    print(f"written: {a.out}")
    return a.out


if __name__ == "__main__":
    main()
