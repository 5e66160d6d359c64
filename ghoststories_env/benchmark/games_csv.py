"""The benchmark's per-game file ``games.csv``: its columns, and how it is read, appended to and
rewritten, so that a long run can write it batch by batch and be resumed after a kill.

Columns (``FIELDS``): agent, level, players, rules (``benchmark --rules`` switches, "" for none),
index (position in the configuration's seed set), seed, won, score, decisions, turns,
loss_reason, loss_category, seconds (CPU seconds, a share of the game's batch). Files written
before rules, index and seconds existed are read with those filled in.

Beside it, ``run.json`` (``RECORD``) says whether the file is whole: the benchmark writes it
``"status": "running"`` when it starts and ``"complete"`` when games.csv has been rewritten at
the end, with the rows the file holds and, per configuration of the run, the games expected and
played (plus the command, package version and git commit). ``check_complete`` compares a file
with its record; files written before the record existed have none and are only warned about.
"""

from __future__ import annotations

import csv
import io
import json
import os
from pathlib import Path

from .seeds import BLOCK

FIELDS = ("agent", "level", "players", "rules", "index", "seed", "won", "score", "decisions",
          "turns", "loss_reason", "loss_category", "seconds")


def read_rows(path: str | Path) -> list[dict]:
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


# -- the completeness record, run.json --------------------------------------------------------------

RECORD = "run.json"


class IncompleteFile(ValueError):
    """A games.csv that its run.json says is unfinished, or that does not hold the rows recorded."""


def config_counts(rows: list[dict]) -> dict[tuple[str, str, int], int]:
    """Games per (agent, level, players)."""
    out: dict[tuple[str, str, int], int] = {}
    for r in rows:
        key = (r["agent"], r["level"], int(r["players"]))
        out[key] = out.get(key, 0) + 1
    return out


def check_complete(path: str | Path, rows: list[dict]) -> str | None:
    """Raise ``IncompleteFile`` if the run.json beside ``path`` says the run is not complete, or
    its counts differ from ``rows`` (the file's rows); return a warning when there is no record
    (a file written before run.json existed), else None."""
    path = Path(path)
    record_path = path.parent / RECORD
    if not record_path.is_file():
        return (f"{path}: no {RECORD} beside it (written before the benchmark recorded its "
                f"runs?), so whether it holds every game is not checked")
    record = json.loads(record_path.read_text())
    if record.get("status") != "complete":
        raise IncompleteFile(f"{path} is incomplete: {record_path} says the run is "
                             f"{record.get('status')!r} ({len(rows):,} rows found, "
                             f"{record.get('expected_rows', '?')} expected)")
    problems = []
    if len(rows) != record["rows"]:
        problems.append(f"{record['rows']:,} rows expected, {len(rows):,} found")
    found = config_counts(rows)
    for c in record["configurations"]:
        n = found.get((c["agent"], c["level"], int(c["players"])), 0)
        if n != c["played"]:
            problems.append(f"{c['agent']} {c['level']} {c['players']}p: {c['played']:,} games "
                            f"expected, {n:,} found")
    if problems:
        raise IncompleteFile(f"{path} does not match {record_path}: " + "; ".join(problems))
    return None
