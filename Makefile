# Two commands on a fresh machine:  `make demo` (set up, then a short demonstration) and `make test`.
PY ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: setup demo test bench
setup: $(STAMP)

# constraints.txt pins the CPU build of torch that lies on this kind of machine's disk.
$(STAMP): pyproject.toml constraints.txt
	$(PY) -m venv $(VENV)
	$(BIN)/pip install -q --upgrade pip
	$(BIN)/pip install -q -c constraints.txt -e ".[train,render,experiments,ray,rllib,docs,dev]"
	touch $(STAMP)

demo: setup
	$(BIN)/python -m experiments.demo

test: setup
	$(BIN)/python -m pytest

bench: setup
	OMP_NUM_THREADS=1 $(BIN)/python -m experiments.bench_engine
	OMP_NUM_THREADS=1 $(BIN)/python -m experiments.bench_envs
	OMP_NUM_THREADS=1 $(BIN)/python -m experiments.bench_agents
