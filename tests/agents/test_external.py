"""Policies of one's own in the benchmark (agents/external.py): loaded by a spec as
``module:factory`` or ``file.py:factory``, as an agent, an SB3-style model or a plain callable;
their illegal actions refused; ``evaluate`` giving the CLI's numbers."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from experiments import benchmark as cli_benchmark
from ghoststories_env import agents, benchmark
from ghoststories_env.agents.external import ExternalAgent, IllegalActionError, is_external

POLICIES = Path(__file__).resolve().parents[1] / "user_policies"
MODULE = "user_policies.lowest_legal"            # tests/ is on sys.path (tests/conftest.py)
HIGHEST = f"{POLICIES / 'highest_legal.py'}:make_policy"
CONFIG = ["--levels", "initiation", "--players", "2", "--episodes", "3", "--batch", "2", "--quiet"]


def outcomes(rows, agent=None):
    """Rows without their CPU seconds (and, given ``agent``, with that agent name)."""
    return [{**{k: v for k, v in r.items() if k != "seconds"}, **({"agent": agent} if agent else {})}
            for r in rows]


def cli(tmp_path, *specs, extra=()):
    return cli_benchmark.main(["--agents", *specs, *CONFIG, *extra, "--out", str(tmp_path)])


def test_external__specs_are_told_apart_from_the_projects_agents():
    assert is_external("mypkg.module:factory") and is_external("path/to/file.py:make")
    assert is_external("policy.py:make") and is_external("./policy.py")
    assert not any(map(is_external, ["random", "heuristic", "ppo:runs/a.zip", "net:x/y.npz",
                                     "search:8x4x8:net=a/b.npz"]))


def test_external__a_file_spec_is_read_from_the_working_directory(monkeypatch):
    monkeypatch.chdir(POLICIES)
    agent = agents.make("highest_legal.py:make_policy")
    assert agent.name == "highest_legal.py:make_policy"
    assert agent is not agents.make(HIGHEST) and agent.decide.__module__ == \
        agents.make(HIGHEST).decide.__module__            # one module per file, imported once


def test_benchmark__user_policy_as_module_factory_plays_as_its_agent_form(tmp_path):
    rows = cli(tmp_path / "callable", f"{MODULE}:make_callable")
    assert {r["agent"] for r in rows} == {f"{MODULE}:make_callable"} and len(rows) == 3
    as_agent = cli(tmp_path / "agent", f"{MODULE}:make_agent")
    assert {r["agent"] for r in as_agent} == {"lowest-legal-agent"}       # its own name
    assert outcomes(rows, "x") == outcomes(as_agent, "x")
    md = (tmp_path / "callable" / "results.md").read_text()
    assert f"| {MODULE}:make_callable | initiation | 2 | 3 |" in md


def test_benchmark__user_policy_as_file_factory_is_rebuilt_in_the_workers(tmp_path):
    serial = cli(tmp_path / "one", HIGHEST)
    assert {r["agent"] for r in serial} == {HIGHEST}
    two = cli(tmp_path / "two", HIGHEST, extra=["--workers", "2", "--batch", "1"])
    assert outcomes(sorted(two, key=lambda r: r["index"])) == outcomes(serial)
    lowest = benchmark.evaluate(f"{MODULE}:make_callable", "initiation", 2, 3)
    assert outcomes(serial, "x") != outcomes(lowest.rows, "x")            # another policy


def test_evaluate__sb3_like_model_and_plain_callable_play_the_same_games():
    from user_policies.lowest_legal import lowest_legal, make_sb3_like

    by_callable = benchmark.evaluate(lowest_legal, "initiation", 2, 3, batch=2)
    by_model = benchmark.evaluate(make_sb3_like(), "initiation", 2, 3, batch=3)
    assert {r["agent"] for r in by_callable.rows} == {"lowest_legal"}
    assert {r["agent"] for r in by_model.rows} == {"MaskedModel"}
    assert outcomes(by_callable.rows, "x") == outcomes(by_model.rows, "x")
    named = benchmark.evaluate(lowest_legal, "initiation", 2, 1, name="mine")
    assert named.summary["agent"] == "mine"


def test_evaluate__a_maskable_ppo_model_plays_as_the_ppo_agent():
    pytest.importorskip("sb3_contrib", reason="the train extra (sb3-contrib) is not installed")
    from sb3_contrib import MaskablePPO

    path = Path(__file__).resolve().parents[2] / "results/training/initiation-4p/initiation-4p.zip"
    model = MaskablePPO.load(path, device="cpu")
    direct = benchmark.evaluate(model, "initiation", 4, 2)
    by_spec = benchmark.evaluate(f"ppo:{path}", "initiation", 4, 2)
    assert outcomes(direct.rows, "x") == outcomes(by_spec.rows, "x")


def test_external__a_plain_predict_gets_the_observations_alone():
    from user_policies.lowest_legal import PlainModel

    model = PlainModel()
    with pytest.raises(IllegalActionError, match=r"chose an illegal action .* action 0 \("):
        benchmark.evaluate(model, "initiation", 2, 3)
    assert model.calls >= 1


def test_benchmark__an_illegal_action_is_refused_naming_the_game_and_the_action(tmp_path):
    with pytest.raises(IllegalActionError) as e:
        cli(tmp_path, f"{MODULE}:make_illegal")
    text = str(e.value)
    assert f"policy '{MODULE}:make_illegal' chose an illegal action in game 0" in text
    assert f"action {e.value.action} (" in text and "is not legal at decision" in text
    seeds = benchmark.benchmark_seeds("initiation", 2, 3)
    assert f"level initiation, 2 Taoists, index 0, seed {seeds[0]}; --games 0 replays it" in text


@pytest.mark.parametrize("spec, error, says", [
    ("user_policies.lowest_legal", ValueError, "write 'package.module:factory'"),
    (f"{MODULE}:absent", ValueError, "has no 'absent'"),
    (f"{MODULE}:NOT_CALLABLE", TypeError, "is not callable"),
    ("no/such/file.py:make", FileNotFoundError, "no file 'no/such/file.py'"),
    ("no_such_package.module:make", ModuleNotFoundError, "no_such_package"),
])
def test_external__bad_specs_say_what_is_wrong(spec, error, says):
    with pytest.raises(error, match=says):
        agents.make(spec)


def test_external__wrong_return_types_are_refused():
    with pytest.raises(TypeError, match="expected an agent"):
        agents.external.adapt(42, "x")
    with pytest.raises(TypeError, match=r"must return \(3,\) integer action ids"):
        benchmark.evaluate(f"{MODULE}:make_floats", "initiation", 2, 3)


def test_evaluate__gives_the_clis_rows_and_table(tmp_path):
    from ghoststories_env import evaluate

    spec = f"{MODULE}:make_callable"
    rows = cli_benchmark.main(["--agents", spec, "--levels", "normal", "--players", "3",
                               "--episodes", "4", "--seed", "2", "--batch", "3", "--quiet",
                               "--out", str(tmp_path)])
    result = evaluate(spec, "normal", 3, 4, seed=2, batch=4)
    assert outcomes(result.rows) == outcomes(rows)
    assert result.summary == benchmark.table(rows)[0]
    assert result.markdown() in (tmp_path / "results.md").read_text()
    assert isinstance(agents.make(spec), ExternalAgent)
    assert np.array_equal([r["seed"] for r in result.rows], benchmark.benchmark_seeds("normal", 3, 4,
                                                                                      seed=2))


def test_evaluate__ghoststories_env_imports_it_on_first_use():
    # the engine alone loads neither the agents nor the benchmark; evaluate brings them
    code = ("import sys, ghoststories_env; "
            "assert not {'ghoststories_env.agents', 'ghoststories_env.benchmark'} & set(sys.modules); "
            "from ghoststories_env import evaluate; assert evaluate.__module__ == "
            "'ghoststories_env.benchmark.evaluation'; assert 'experiments' not in sys.modules")
    subprocess.run([sys.executable, "-c", code], check=True, cwd=Path(__file__).parents[2])
