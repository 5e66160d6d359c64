"""The benchmark's per-game file ``games.csv``: its columns, and how it is read, appended to and
rewritten, so that a long run can write it batch by batch and be resumed after a kill.

Columns (``FIELDS``): agent, level, players, rules (``benchmark --rules`` switches, "" for none),
index (position in the configuration's seed set), seed, won, score, decisions, turns,
loss_reason, loss_category, seconds (CPU seconds, a share of the game's batch). Files written
before rules, index and seconds existed are read with those filled in.
"""

from __future__ import annotations

import csv
import io
import os
from pathlib import Path

from .seeds import BLOCK

FIELDS = ("agent", "level", "players", "rules", "index", "seed", "won", "score", "decisions",
          "turns", "loss_reason", "loss_category", "seconds")


def read_rows(path) -> list[dict]:
    """The complete rows of a games.csv: a half-written last line (a killed run) is dropped, and
    the columns older files lack are filled in (rules "", index from the seed, seconds "")."""
    with open(path, newline="") as f:
        text = f.read()
    reader = csv.DictReader(io.StringIO(text[:text.rfind("\n") + 1]))
    rows = list(reader)
    missing = {"agent", "level", "players", "seed"} - set(reader.fieldnames or FIELDS)
    if missing:
        raise ValueError(f"{path} is not a benchmark games.csv (no column {', '.join(missing)})")
    for r in rows:
        r.setdefault("rules", "")
        r.setdefault("index", str(int(r["seed"]) % BLOCK))     # seeds.py: the index is seed % BLOCK
        r.setdefault("seconds", "")
    return rows


def rewrite(path: Path, rows: list[dict]) -> None:
    """Replace the file by ``rows`` at once (a kill leaves either the old file or the new one)."""
    tmp = path.with_name(path.name + ".tmp")
    with open(tmp, "w", newline="") as f:
        w = csv.DictWriter(f, fieldnames=FIELDS, extrasaction="ignore")
        w.writeheader()
        w.writerows(rows)
    os.replace(tmp, path)


def append(path: Path, rows: list[dict]) -> None:
    """Add rows at the end; the file is closed, so flushed, before this returns."""
    with open(path, "a", newline="") as f:
        csv.DictWriter(f, fieldnames=FIELDS, extrasaction="ignore").writerows(rows)
