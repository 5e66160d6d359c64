"""The quickstart notebook runs top to bottom (executed, not just opened) on a tiny budget."""

from __future__ import annotations

from pathlib import Path

import pytest

nbformat = pytest.importorskip("nbformat", reason="the dev extra (nbformat, nbclient) is not installed")
nbclient = pytest.importorskip("nbclient", reason="the dev extra (nbformat, nbclient) is not installed")
pytest.importorskip("sb3_contrib", reason="the train extra (sb3-contrib) is not installed")

NOTEBOOK = Path(__file__).parents[2] / "notebooks" / "quickstart.ipynb"


def test_quickstart__executes_top_to_bottom(tmp_path, monkeypatch):
    monkeypatch.setenv("QUICKSTART_STEPS", "2048")
    monkeypatch.setenv("QUICKSTART_RUNS", str(tmp_path))
    monkeypatch.setenv("MPLBACKEND", "Agg")
    nb = nbformat.read(NOTEBOOK, as_version=4)
    nbclient.NotebookClient(nb, timeout=180, kernel_name="python3",
                            resources={"metadata": {"path": str(NOTEBOOK.parent)}}).execute()
    errors = [o for c in nb.cells if c.cell_type == "code" for o in c.get("outputs", [])
              if o.get("output_type") == "error"]
    assert not errors
    assert (tmp_path / "quickstart" / "model.zip").is_file()
    assert (tmp_path / "quickstart" / "curves.png").is_file()
    text = "".join(o.get("text", "") for c in nb.cells if c.cell_type == "code"
                   for o in c.get("outputs", []))
    assert "ppo" in text and "heuristic" in text and "official score" in text
