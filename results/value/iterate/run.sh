#!/usr/bin/env bash
# Rounds of value iteration for the leaf of search:8x4x2:plans, from the rollout-fitted leaf:
# each round plays 400 fresh train games with the last leaf, fits the next leaf on this round's
# and the previous round's labels (warm start, lambda 0), and plays it on the first 100 eval
# games. Usage: bash results/value/iterate/run.sh DIR FIRST_ROUND LAST_ROUND
# (round 1 starts from results/value/rollouts/leaf_rollouts.npz; 25 to 37 min a round on two cores)
set -euo pipefail
dir=$1; first=$2; last=$3
export OMP_NUM_THREADS=1 PYTHONPATH=.
py=${PYTHON:-.venv/bin/python}
mkdir -p "$dir"
for r in $(seq "$first" "$last"); do
    prev=$dir/leaf$((r - 1)).npz
    [ "$r" = 1 ] && prev=results/value/rollouts/leaf_rollouts.npz
    $py results/value/iterate/selfplay.py train 400 "$prev" 8x4x2 2 "$dir/round$r.npz" $(( (r - 1) * 400 )) \
        | tee "$dir/selfplay$r.txt"
    data=$dir/round$r.npz
    [ "$r" -gt 1 ] && data=$dir/round$((r - 1)).npz,$data
    $py results/value/iterate/fit.py "$data" "$prev" "$dir/leaf$r.npz" 3e-4 10 0 | tee "$dir/fit$r.txt"
    $py results/value/rollouts/short_search.py 100 "search:8x4x2:plans:leaf=$dir/leaf$r.npz" \
        | tee "$dir/eval$r.txt"
done
