"""The agents guides' examples run as written (the python blocks between the agents markers of
docs/guides/), each alone in a fresh namespace, as when pasted into a new interpreter."""

import re
from pathlib import Path

GUIDES = Path(__file__).resolve().parents[2] / "docs" / "guides"


def agents_blocks() -> list[str]:
    blocks = []
    for page in sorted(GUIDES.glob("*.md")):
        text = page.read_text(encoding="utf-8")
        for section in re.findall(r"<!-- agents:start.*?<!-- agents:end -->", text, re.S):
            blocks += re.findall(r"```python\n(.*?)```", section, re.S)
    return blocks


def run(block: str, capsys) -> str:
    exec(compile(block, "docs/guides", "exec"), {})
    return capsys.readouterr().out


def test_readme__agents_example_runs(capsys):
    won, score = run(agents_blocks()[0], capsys).split()
    assert 0.0 <= float(won) <= 1.0 and float(score) > -60


def test_readme__own_policy_example_runs(capsys):
    block, = [b for b in agents_blocks() if "evaluate(" in b]
    first, *table = run(block, capsys).splitlines()
    rate, low, high = map(float, first.split())
    assert 0.0 <= low <= rate <= high <= 1.0
    assert table[0].startswith("| agent |") and table[2].startswith("| lowest_legal | initiation | 4 | 20 |")
