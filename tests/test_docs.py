"""Issue 17: the documentation site builds with every warning an error (broken links, missing
pages, API names that no longer exist), and its generated tables come from the package."""

import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("mkdocs", reason="the docs extra (mkdocs, mkdocs-material, mkdocstrings) is "
                                     "not installed")

ROOT = Path(__file__).resolve().parents[1]


def test_docs__site_builds_strict(tmp_path):
    done = subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir",
                           str(tmp_path / "site")], cwd=ROOT, capture_output=True, text=True,
                          timeout=600)
    assert done.returncode == 0, done.stderr[-4000:]
    card = (tmp_path / "site" / "environment" / "index.html").read_text()
    from ghoststories_env import NUM_ACTIONS, GameConfig, action_meaning
    assert all(f"<code>{a}</code>" in card for a in range(NUM_ACTIONS))   # every action id
    assert action_meaning(NUM_ACTIONS - 1).split("(")[0].strip() in card
    assert all(f"<code>{name}</code>" in card for name in GameConfig.switches())
    assert (tmp_path / "site" / "rules" / "index.html").is_file()
