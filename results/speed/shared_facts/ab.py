"""Agent decisions per CPU-second before and after a change of the heuristic, side by side:
``experiments.bench_agents`` on a checkout of the reference commit and on this one, in
alternating runs on the same machine (it is shared, and its speed drifts between runs), and the
median of each side printed as a table.

    git worktree add /tmp/ref 0e074ba
    OMP_NUM_THREADS=1 PYTHONPATH=. python results/speed/shared_facts/ab.py /tmp/ref \
        --agents heuristic:plans heuristic net:results/exit/initiation-4p-place-bias/net.npz \
        --batch 64 1024 4096 --rounds 3 --seconds 4      # ab.txt

The package installs ``ghoststories_env.agents`` from this checkout's ``agents/`` folder, so the
reference's agents are loaded by path in a child process. ``--tree TREE MODULE ARGS`` runs any
module that way, from TREE (the search's cost in README.md):

    cd /tmp/ref && OMP_NUM_THREADS=1 python /path/to/ab.py --tree /tmp/ref experiments.benchmark ...
"""
import argparse
import importlib.util
import os
import runpy
import statistics
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(HERE)))


def _run_in(tree: str, module: str, argv: list[str]) -> None:
    """Run ``python -m module *argv`` with the engine, the agents and the experiments of ``tree``."""
    sys.path.insert(0, tree)
    import ghoststories_env
    spec = importlib.util.spec_from_file_location(
        "ghoststories_env.agents", f"{tree}/agents/__init__.py",
        submodule_search_locations=[f"{tree}/agents"])
    agents = importlib.util.module_from_spec(spec)
    sys.modules["ghoststories_env.agents"] = agents
    spec.loader.exec_module(agents)
    ghoststories_env.agents = agents
    sys.argv = [module, *argv]
    runpy.run_module(module, run_name="__main__")


def _rates(tree: str, agent: str, batch: list[int], seconds: float) -> dict[int, float]:
    out = subprocess.run(
        [sys.executable, __file__, "--tree", tree, "experiments.bench_agents", "--agent", agent,
         "--batch", *map(str, batch), "--seconds", str(seconds), "--no-by-kind"],
        cwd=tree, capture_output=True, text=True, check=True,
        env={**os.environ, "OMP_NUM_THREADS": "1"}).stdout
    rows = [line.split("|") for line in out.splitlines() if line.startswith("| ") and line[2].isdigit()]
    return {int(r[1]): float(r[3].replace(",", "")) for r in rows}


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("reference", help="a checkout of the commit to compare with")
    p.add_argument("--agents", nargs="+", default=["heuristic:plans"])
    p.add_argument("--batch", nargs="+", type=int, default=[1024])
    p.add_argument("--rounds", type=int, default=3)
    p.add_argument("--seconds", type=float, default=4)
    a = p.parse_args()
    print("| agent | B | before (median) | after (median) | speed-up | before, each run | after, each run |")
    print("|---|---:|---:|---:|---:|---|---|")
    for agent in a.agents:
        runs = {"before": [], "after": []}
        for _ in range(a.rounds):
            runs["before"].append(_rates(os.path.abspath(a.reference), agent, a.batch, a.seconds))
            runs["after"].append(_rates(ROOT, agent, a.batch, a.seconds))
        for b in a.batch:
            before = [r[b] for r in runs["before"]]
            after = [r[b] for r in runs["after"]]
            mb, ma = statistics.median(before), statistics.median(after)
            print(f"| `{agent}` | {b} | {mb:,.0f} | {ma:,.0f} | {ma / mb:.2f}x | "
                  f"{', '.join(f'{x:,.0f}' for x in before)} | {', '.join(f'{x:,.0f}' for x in after)} |",
                  flush=True)


if __name__ == "__main__":
    if len(sys.argv) > 3 and sys.argv[1] == "--tree":
        _run_in(sys.argv[2], sys.argv[3], sys.argv[4:])
    else:
        main()
