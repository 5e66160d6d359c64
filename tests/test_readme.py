"""Issue 17: the README is the project's front page. Every ```python block in it runs when pasted
alone into a new interpreter (each in a fresh subprocess, from the repository root), its links to
repository files resolve, and it stays a front page (the long sections live in docs/guides/)."""

import importlib.util
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
README = ROOT / "README.md"
TEXT = README.read_text(encoding="utf-8")
BLOCKS = re.findall(r"```python\n(.*?)```", TEXT, re.S)

# modules of optional extras a block may import, with the extra that installs them
OPTIONAL = {"sb3_contrib": "train", "stable_baselines3": "train", "torch": "train",
            "ray": "ray / rllib", "matplotlib": "experiments", "yaml": "experiments"}


def imported_modules(block: str) -> set[str]:
    return set(re.findall(r"^\s*(?:from|import)\s+(\w+)", block, re.M))


def test_readme__has_python_examples():
    assert len(BLOCKS) >= 3       # Gymnasium, PettingZoo, Stable-Baselines3


@pytest.mark.parametrize("block", BLOCKS, ids=[f"block{i}" for i in range(len(BLOCKS))])
def test_readme__python_block_runs_alone(block):
    for module in sorted(imported_modules(block) & set(OPTIONAL)):
        if importlib.util.find_spec(module) is None:
            pytest.skip(f"the block imports {module}, from the optional extra "
                        f"'{OPTIONAL[module]}', which is not installed")
    done = subprocess.run([sys.executable, "-c", block], cwd=ROOT, capture_output=True, text=True,
                          timeout=180)
    assert done.returncode == 0, f"{block}\n--- stderr ---\n{done.stderr[-4000:]}"


def test_readme__links_to_repository_files_resolve():
    targets = re.findall(r"\]\(([^)\s]+)\)", TEXT)
    local = [t.split("#")[0] for t in targets if not re.match(r"[a-z]+:", t) and t.split("#")[0]]
    assert local, "no repository links found"
    missing = [t for t in local if not (ROOT / t).exists()]
    assert not missing, f"README links to files that do not exist: {missing}"


def test_readme__stays_a_front_page():
    lines = TEXT.count("\n")
    assert lines <= 260, (f"README.md has {lines} lines: keep it a front page and put long "
                          "sections in docs/guides/")
    assert "make demo" in TEXT and "make test" in TEXT
