"""Ghooost!'s card list (docs/companions/ghooost.md §1): a data file that adds up to the 62 cards
of the box, with every count the source does not show marked uncertain."""

from __future__ import annotations

import csv
from pathlib import Path

import ghoststories_env

CARDS = Path(ghoststories_env.__file__).parent / "data" / "companions" / "ghooost_cards.csv"


def _rows():
    with open(CARDS, newline="", encoding="utf-8") as f:
        return list(csv.DictReader(f))


def test_the_deck_has_62_cards_in_four_families():
    rows = _rows()
    assert sum(int(r["count"]) for r in rows) == 62
    assert {r["family"] for r in rows} == {"average", "fearless", "special", "scary"}
    assert [r["value"] for r in rows[:14]] == [str(v) for v in range(1, 15)]


def test_the_special_cards_are_as_the_rulebook_gives_them():
    """ghooost §8: the 1 and the skip card are fearless, the 3 and the 12 scary, the 8, the 11
    and the copy card special."""
    family = {r["value"]: r["family"] for r in _rows()}
    assert family["1"] == family["skip"] == "fearless"
    assert family["3"] == family["12"] == "scary"
    assert family["8"] == family["11"] == family["copy"] == "special"


def test_every_line_says_how_sure_it_is_and_why():
    for r in _rows():
        assert r["certain"] in ("yes", "no") and r["source"]
