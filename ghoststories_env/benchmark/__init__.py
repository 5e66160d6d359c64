"""The benchmark protocol, for research code: fixed seed sets (``seeds``), the evaluation loop
(``evaluation``: ``evaluate`` one policy on one configuration's games), the statistics (``stats``:
Wilson and t intervals, Fisher's exact test) and the per-game record (``games_csv``).

    from ghoststories_env.benchmark import evaluate, benchmark_seeds, wilson
    result = evaluate("heuristic", "initiation", 4, episodes=200)
    print(result.markdown())

``python -m experiments.benchmark`` (in the repository) is the command line over the same loop:
many agents and configurations, worker processes or Ray, resumable files, tables and plots.
"""

from .evaluation import Evaluation, Task, evaluate, play, play_batch, tasks
from .seeds import PLAYERS, SPLITS, benchmark_seeds
from .stats import fisher_greater, mean_interval, summarize, wilson
from .summary import markdown, table

__all__ = ["Evaluation", "PLAYERS", "SPLITS", "Task", "benchmark_seeds", "evaluate",
           "fisher_greater", "markdown", "mean_interval", "play", "play_batch", "summarize",
           "table", "tasks", "wilson"]
