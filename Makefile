# Two commands on a fresh machine:  `make demo` (set up, then a short demonstration) and `make test`.
PY ?= python3
VENV := .venv
BIN := $(VENV)/bin
# every extra (what the tests cover); the core and the experiments extra (what the demo needs)
STAMP := $(VENV)/.installed
DEMO_STAMP := $(VENV)/.installed-demo

.PHONY: setup demo test bench
setup: $(STAMP)

# The demo installs as little as it can (numpy, gymnasium, pettingzoo, Pillow, matplotlib, tqdm,
# pyyaml: a minute), the tests everything, torch and Ray included. constraints.txt pins the CPU
# build of torch that lies on this kind of machine's disk.
$(DEMO_STAMP): pyproject.toml constraints.txt
	$(PY) -m venv $(VENV)
	$(BIN)/pip install -q --upgrade pip
	$(BIN)/pip install -q -c constraints.txt -e ".[experiments]"
	touch $(DEMO_STAMP)

$(STAMP): pyproject.toml constraints.txt
	$(PY) -m venv $(VENV)
	$(BIN)/pip install -q --upgrade pip
	$(BIN)/pip install -q -c constraints.txt -e ".[train,render,experiments,ray,rllib,docs,peer,prototype,dev]"
	touch $(STAMP) $(DEMO_STAMP)

demo: $(DEMO_STAMP)
	$(BIN)/python -m experiments.demo

test: setup
	$(BIN)/python -m pytest

bench: setup
	OMP_NUM_THREADS=1 $(BIN)/python -m experiments.bench_peer
	OMP_NUM_THREADS=1 $(BIN)/python -m experiments.bench_engine
	OMP_NUM_THREADS=1 $(BIN)/python -m experiments.bench_envs
	OMP_NUM_THREADS=1 $(BIN)/python -m experiments.bench_agents
