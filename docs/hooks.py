"""MkDocs hooks: pages hold placeholders such as ``<!-- generated: actions -->``, replaced at build
time by tables read from the package, so the documentation cannot drift from the code; and the
result plots under the repository's ``results/`` join the site, so the guides show them."""

from __future__ import annotations

import dataclasses
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def actions_table() -> str:
    from ghoststories_env import actions as A
    lines = ["| ids | range | meaning of each id |", "|---|---|---|"]
    for name, r in A.RANGES.items():
        ids = f"{r.start}" if len(r) == 1 else f"{r.start}-{r.stop - 1}"
        meanings = "<br>".join(f"`{a}` {A.action_meaning(a)}" for a in r)
        lines.append(f"| {ids} | `{name}` | {meanings} |")
    return "\n".join(lines) + f"\n\n{A.NUM_ACTIONS} actions in all (`ghoststories_env.NUM_ACTIONS`)."


def other_settings(field: dataclasses.Field, default) -> str:
    """The values a switch takes besides its default, from the field's declaration."""
    from ghoststories_env import config
    if "allowed" in field.metadata:
        return ", ".join(f"`{v!r}`" for v in field.metadata["allowed"] if v != default)
    if isinstance(default, bool):
        return f"`{not default!r}`"
    low, high, _ = getattr(config, "_INT_RANGES", {}).get(field.name, (None, None, None))
    return f"an int ({low} to {high})" if low is not None else "an int"


def switches_table() -> str:
    from ghoststories_env import GameConfig
    default = GameConfig()
    fields = {f.name: f for f in dataclasses.fields(GameConfig)}
    lines = ["| switch | default | other setting(s) | what it decides |", "|---|---|---|---|"]
    for name, doc in GameConfig.switches().items():
        value = getattr(default, name)
        lines.append(f"| `{name}` | `{value!r}` | {other_settings(fields[name], value)} | {doc} |")
    return "\n".join(lines)


def observation_table() -> str:
    from ghoststories_env.envs import observation
    return observation.describe()


def ids_table() -> str:
    from ghoststories_env.envs.registration import ids
    lines = ["| id | keyword arguments it sets |", "|---|---|"]
    for env_id, kwargs in ids().items():
        shown = ", ".join(f"`{k}={v!r}`" if k != "config" else "a `GameConfig` (5 Qi)"
                          for k, v in kwargs.items()) or "none: `num_players=4`, `difficulty=\"normal\"` unless given"
        lines.append(f"| `{env_id}` | {shown} |")
    return "\n".join(lines)


TABLES = {"actions": actions_table, "switches": switches_table, "observation": observation_table,
          "ids": ids_table}


def on_page_markdown(markdown: str, **_) -> str:
    def fill(match: re.Match) -> str:
        name = match.group(1)
        if name not in TABLES:
            raise KeyError(f"unknown generated table {name!r}; known: {', '.join(TABLES)}")
        return TABLES[name]()
    return re.sub(r"<!-- generated: (\w+) -->", fill, markdown)


def on_files(files, config):
    """Every ``results/**/*.png`` of the repository (but the scratch ``results/tmp/``) joins the
    site at ``results/...``, so a page links it relative to itself (from ``docs/guides/x.md``:
    ``../results/benchmark/win_rate.png``) and the build checks the link."""
    from mkdocs.structure.files import File
    for png in sorted((ROOT / "results").rglob("*.png")):
        uri = png.relative_to(ROOT).as_posix()
        if uri.startswith("results/tmp/") or files.get_file_from_path(uri) is not None:
            continue
        files.append(File(uri, src_dir=str(ROOT), dest_dir=config["site_dir"],
                          use_directory_urls=config["use_directory_urls"]))
    return files
