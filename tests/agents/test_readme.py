"""The README's agents example runs as written (the python blocks between the agents markers)."""

import re
from pathlib import Path

README = Path(__file__).resolve().parents[2] / "README.md"


def test_readme__agents_example_runs(capsys):
    text = README.read_text(encoding="utf-8")
    section = text[text.index("<!-- agents:start"):text.index("<!-- agents:end -->")]
    blocks = re.findall(r"```python\n(.*?)```", section, re.S)
    assert blocks
    for block in blocks:
        exec(compile(block, str(README), "exec"), {})
    won, score = capsys.readouterr().out.split()
    assert 0.0 <= float(won) <= 1.0 and float(score) > -60
