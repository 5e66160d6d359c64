"""Issue 16, item 7: installing the project puts one import name into site-packages,
``ghoststories_env``; the repository's agents/ folder installs as ``ghoststories_env.agents`` and
the benchmark protocol lives in ``ghoststories_env.benchmark``; experiments/ is not installed."""

import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

tomllib = pytest.importorskip("tomllib", reason="reading pyproject.toml needs Python 3.11+")

ROOT = Path(__file__).resolve().parents[1]
SETUPTOOLS = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]


def folders(top: Path, name: str) -> set[str]:
    """Dotted names of ``top`` and its sub-folders holding files, as installed under ``name``."""
    out = set()
    for d in [top, *top.rglob("*")]:
        if d.is_dir() and d.name != "__pycache__" and any(f.is_file() for f in d.iterdir()):
            out.add(".".join([name, *d.relative_to(top).parts]))
    return out


def test_packages__every_folder_is_listed_under_the_one_import_name():
    listed = set(SETUPTOOLS["packages"])
    assert {p.partition(".")[0] for p in listed} == {"ghoststories_env"}
    assert SETUPTOOLS["package-dir"] == {"ghoststories_env.agents": "agents"}
    expected = (folders(ROOT / "ghoststories_env", "ghoststories_env")
                | folders(ROOT / "agents", "ghoststories_env.agents"))
    assert listed == expected, (f"missing from pyproject.toml: {sorted(expected - listed)}; "
                                f"listed but absent: {sorted(listed - expected)}")


def test_wheel__holds_only_ghoststories_env_with_the_agents_and_their_data(tmp_path):
    done = subprocess.run([sys.executable, "-m", "pip", "wheel", "-q", "--no-deps",
                           "--no-build-isolation", "-w", str(tmp_path), str(ROOT)],
                          capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr[-3000:]
    (wheel,) = tmp_path.glob("*.whl")
    names = zipfile.ZipFile(wheel).namelist()
    tops = {n.split("/")[0] for n in names if not n.split("/")[0].endswith(".dist-info")}
    assert tops == {"ghoststories_env"}
    for member in ("agents/search.py", "agents/heuristic/turn.py", "agents/data/win_model.json",
                   "agents/data/leaf_initiation.npz",
                   "data/ghosts.csv", "benchmark/evaluation.py", "py.typed"):
        assert "ghoststories_env/" + member in names


def test_import__the_research_api_comes_from_the_namespace():
    import ghoststories_env
    from ghoststories_env import agents, benchmark
    assert agents.make("heuristic").name == "heuristic"
    assert ghoststories_env.evaluate is benchmark.evaluate
    assert benchmark.benchmark_seeds("normal", 4, 3).shape == (3,)
    assert benchmark.wilson(5, 10)[0] == 0.5


def test_import__the_folder_as_a_top_level_agents_is_refused():
    # from a checkout, `import agents` would load a second copy with its own registry
    done = subprocess.run([sys.executable, "-c", "import agents"], cwd=ROOT, capture_output=True,
                          text=True, timeout=120)
    assert done.returncode != 0
    assert "ghoststories_env.agents" in done.stderr
