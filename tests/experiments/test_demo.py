"""Smoke run of the demonstration (``make demo``) on a tiny budget: its five parts."""

from __future__ import annotations

from experiments import demo


def test_demo__shows_a_game_and_ends_in_a_results_table(tmp_path, monkeypatch, capsys):
    small = list(demo.DEMO_BENCHMARK)
    small[small.index("--episodes") + 1] = "4"
    small[small.index("--out") + 1] = str(tmp_path / "demo")
    monkeypatch.setattr(demo, "DEMO_BENCHMARK", small)
    monkeypatch.setattr(demo, "OUT", tmp_path / "demo")
    demo.main()
    out = capsys.readouterr().out
    assert "gymnasium.make" in out and "Village" in out and "How to read the table" in out
    assert "legal ids" in out and "random pick #" in out        # the mask and the meanings
    assert out.count("| heuristic |") == 2 and out.count("| random |") == 2
    assert (tmp_path / "demo" / "games.csv").exists()
    assert (tmp_path / "demo" / "table.png").stat().st_size > 10_000     # the picture


def test_demo__runs_with_only_the_core_and_the_experiments_extra(tmp_path):
    # `make demo` installs only those: the demo must not import torch, SB3, Ray or the docs tools
    import subprocess
    import sys
    from pathlib import Path
    script = f"""
import sys
BLOCKED = {{"torch", "stable_baselines3", "sb3_contrib", "ray", "tensorboard", "mkdocs", "pytest"}}
class NoExtras:
    def find_spec(self, name, path=None, target=None):
        if name.partition(".")[0] in BLOCKED:
            raise ModuleNotFoundError(f"No module named {{name!r}} (not in the demo's install)")
sys.meta_path.insert(0, NoExtras())
from pathlib import Path
from experiments import demo
demo.DEMO_BENCHMARK[demo.DEMO_BENCHMARK.index("--episodes") + 1] = "3"
demo.DEMO_BENCHMARK[demo.DEMO_BENCHMARK.index("--out") + 1] = {str(tmp_path / "demo")!r}
demo.OUT = Path({str(tmp_path / "demo")!r})
demo.main()
"""
    done = subprocess.run([sys.executable, "-c", script], cwd=Path(__file__).resolve().parents[2],
                          capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr[-3000:]
    assert "What next" in done.stdout and (tmp_path / "demo" / "table.png").exists()
