"""Tabulate ``causes.py`` files side by side: per game, the Qi the Taoists and the neutral boards
lost by cause, the Qi gained, and how often the team used each village tile and power (means);
the games whose first death had each cause (counts); for each file over all its games, then
over its won and its lost games.

    python results/search/losses/summary_causes.py NAME=CAUSES_CSV [NAME=CAUSES_CSV ...] \
        [trace=TRACE_CSV]

With ``trace=`` (``trace.py``'s file of the same agent's games) after a file, also, for that
file's games with a death: the median turn of the first death and the median value the search
gave its position at its last searched decision four or more turns before it.
"""
import csv
import statistics
import sys

# causes.py's LATER, not imported so that this script runs without the package
LATER = ("revivals", "cemetery haunted at first death")

# The effects worth a row beside the Qi: what the team chose to do (the help of each tile is
# the effect the tile's help starts with).
DONE = {"ran EXO_START": "exorcisms tried", "ran EXO_FINISH": "exorcisms done",
        "ran SORCERER_PICK": "Sorcerer's Hut", "ran GAIN_QI": "Tea House",
        "ran TEMPLE": "Buddhist Temple", "ran CEMETERY_PICK": "Cemetery",
        "ran CIRCLE_COLOUR": "Circle of Prayer", "ran HERB_ROLL": "Herbalist's Shop",
        "ran ALTAR_PICK": "Taoist Altar", "ran NIGHT_WATCH_PICK": "Night Watchman",
        "ran PAV_GHOST": "Pavilion", "ran POWER_PICKUP": "Power tokens picked up",
        "ran HAUNT_LINE": "haunter steps", "ran TORMENT": "tormentor rolls",
        "revivals": "revivals",
        "cemetery haunted at first death": "Cemetery haunted at the first death"}


def load(path):
    with open(path) as f:
        return list(csv.DictReader(f))


def mean(rows, key):
    """Mean of a column; nan where the file lacks one of causes.py's later counts (it was made
    before them; any other count a file lacks was 0 in all its games)."""
    if not rows or (key in LATER and key not in rows[0]):
        return float("nan")
    return sum(float(r.get(key) or 0) for r in rows) / len(rows)


def main():
    files = [arg.split("=", 1) for arg in sys.argv[1:]]
    data = {name: load(path) for name, path in files if name != "trace"}
    groups = []
    for name, rows in data.items():
        won = [r for r in rows if r["won"] == "1"]
        lost = [r for r in rows if r["won"] != "1"]
        changed = sum(r["same"] != "1" for r in rows)
        print(f"{name}: {len(rows)} games, {len(won)} won, {len(lost)} lost"
              f"{f', {changed} NOT as committed' if changed else ', all as committed'}")
        groups += [g for g in ((f"{name} all", rows), (f"{name} won", won),
                               (f"{name} lost", lost)) if g[1] and (len(g[1]) < len(rows)
                                                                 or g[0].endswith("all"))]
    keys = sorted({k for rows in data.values() for r in rows for k in r if " lost" in k
                   or k.startswith(("gained", "first death"))})
    keys = [k for k in keys if k.endswith(" lost")] + [k for k in keys if not k.endswith(" lost")]
    print()
    print("| per game | " + " | ".join(g for g, _ in groups) + " |")
    print("|---|" + "---:|" * len(groups))
    for k in keys + list(DONE):
        label = DONE.get(k, k)
        if k.startswith("first death"):          # a count of games, not a mean
            cells = [str(round(mean(rows, k) * len(rows))) for _, rows in groups]
            label = "games with a " + k
        else:
            cells = [f"{mean(rows, k):.2f}".replace("nan", "") for _, rows in groups]
        print(f"| {label} | " + " | ".join(cells) + " |")
    deaths = [sum(r["first_death"] not in ("", "0") for r in rows) for _, rows in groups]
    print("| games with a death | " + " | ".join(str(d) for d in deaths) + " |")
    after = [[int(r["turns"]) - int(r["first_death"]) for r in rows
              if r["first_death"] not in ("", "0")] for _, rows in groups]
    print("| turns from the first death to the end (median) | "
          + " | ".join(f"{statistics.median(a):g}" if a else "" for a in after) + " |")
    for (name, _), (key, path) in zip(files, files[1:]):
        if key == "trace":
            before_death(name, data[name], load(path))


def before_death(name, rows, trace):
    """The median turn of the first death and value 4+ turns before it (module docstring)."""
    values = {}
    for r in trace:
        values.setdefault(int(r["index"]), []).append((int(r["turn"]), float(r["chosen"])))
    died = [r for r in rows if r["first_death"] not in ("", "0") and int(r["index"]) in values]
    if died:
        turns = [int(r["first_death"]) for r in died]
        before = [[v for t, v in values[int(r["index"])] if t <= int(r["first_death"]) - 4]
                  for r in died]
        before = [b[-1] for b in before if b]
        print(f"\n{name}: {len(died)} games with a death in the trace; first death at turn "
              f"{statistics.median(turns):g} (median); the search's value 4+ turns before it "
              f"{statistics.median(before):.2f} (median of {len(before)})")


if __name__ == "__main__":
    main()
