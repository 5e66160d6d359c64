"""Policy-gradient self-play for a residual network over the heuristic team
(``python -m experiments.reinforce``; see ``__main__``)."""
