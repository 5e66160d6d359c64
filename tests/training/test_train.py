"""Smoke runs of the trainer on a tiny budget: train, checkpoint, resume, evaluate, load and play."""

from __future__ import annotations

import numpy as np
import pytest

import torch
import yaml

pytest.importorskip("sb3_contrib", reason="the train extra (sb3-contrib) is not installed")
from stable_baselines3.common.save_util import load_from_zip_file  # noqa: E402

from experiments import train  # noqa: E402
from experiments.training import checkpoint  # noqa: E402
from ghoststories_env import Engine, GameConfig, agents  # noqa: E402

SMOKE = ["--config", "configs/smoke.yaml"]


def run(tmp_path, *args):
    return train.main([*args, "--runs-dir", str(tmp_path)])


@pytest.fixture(scope="module")
def runs(tmp_path_factory):
    """The smoke config in one go (4096 steps), and the same run stopped at 2048 then resumed."""
    root = tmp_path_factory.mktemp("runs")
    run(root, *SMOKE, "--name", "straight")
    run(root, *SMOKE, "--name", "split", "--total_steps", "2048")
    train.main(["--resume", str(root / "split"), "--total_steps", "4096"])
    return root


def policy_weights(path):
    return load_from_zip_file(path, device="cpu")[1]["policy"]


def test_train__run_folder_holds_config_logs_evals_checkpoints_and_model(runs):
    folder = runs / "straight"
    assert yaml.safe_load((folder / "config.yaml").read_text())["name"] == "straight"
    assert list((folder / "tb").glob("events.out.tfevents.*"))
    rows = (folder / "evals.csv").read_text().splitlines()
    steps_agents = [tuple(r.split(",")[:2]) for r in rows[1:]]
    assert steps_agents == [("0", "random"), ("0", "ppo"), ("2048", "ppo"), ("4096", "ppo")]
    assert [p.name for p in sorted((folder / "checkpoints").iterdir())] == [
        "step_000000002048.zip", "step_000000004096.zip"]        # keep: 2
    assert (folder / "model.zip").stat().st_size < (folder / "checkpoints" /
                                                    "step_000000004096.zip").stat().st_size


def test_train__resume_continues_exactly_where_the_checkpoint_was(runs):
    name = "checkpoints/step_000000004096.zip"
    a, b = policy_weights(runs / "straight" / name), policy_weights(runs / "split" / name)
    assert a.keys() == b.keys()
    for k in a:
        assert torch.equal(a[k], b[k]), k
    resumed = (runs / "split" / "evals.csv").read_text().splitlines()
    straight = (runs / "straight" / "evals.csv").read_text().splitlines()
    strip = lambda rows: [r.rsplit(",", 1)[0] for r in rows]   # noqa: E731 (drop the seconds)
    assert strip(resumed) == strip(straight)


def test_train__final_model_loads_as_an_agent_and_respects_masks(runs):
    for deterministic in (True, False):
        agent = agents.make(f"ppo:{runs / 'straight' / 'model.zip'}", deterministic=deterministic)
        engine = Engine(GameConfig(num_players=2, difficulty="normal"))
        state = engine.reset(np.arange(16))
        for _ in range(60):
            batch = agents.Batch(engine, state)
            actions = agent.act(batch)
            running = np.flatnonzero(~state.terminated)
            assert batch.mask[running, actions[running]].all()
            state = engine.step(state, actions)


def test_train__new_run_refuses_an_existing_run_folder(runs):
    with pytest.raises(SystemExit, match="--resume"):
        run(runs, *SMOKE, "--name", "straight")


def test_train__a_second_process_on_the_same_run_folder_is_refused(runs):
    import subprocess
    import sys
    hold = ("import sys; from experiments import runfiles; runfiles.lock_run_folder(sys.argv[1]); "
            "print('locked', flush=True); sys.stdin.read()")
    proc = subprocess.Popen([sys.executable, "-c", hold, str(runs / "split")],
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    try:
        assert proc.stdout.readline().strip() == "locked"     # a run in progress on "split"
        evals = (runs / "split" / "evals.csv").read_bytes()
        with pytest.raises(SystemExit, match=rf"{runs / 'split'}.*process {proc.pid}"):
            train.main(["--resume", str(runs / "split"), "--total_steps", "6144"])
        with pytest.raises(SystemExit, match=f"process {proc.pid}"):
            run(runs, *SMOKE, "--name", "split")
        assert (runs / "split" / "evals.csv").read_bytes() == evals   # nothing written
    finally:
        proc.kill()
        proc.wait()


def test_train__resume_falls_back_from_a_damaged_checkpoint_and_removes_temporaries(runs, tmp_path,
                                                                                    capsys):
    import shutil
    folder = tmp_path / "damaged"
    shutil.copytree(runs / "split", folder)
    newest = folder / "checkpoints" / "step_000000004096.zip"
    newest.write_bytes(newest.read_bytes()[: newest.stat().st_size // 2])   # a truncated zip
    killed = folder / "checkpoints" / ".tmp-step_000000006144.zip-abc123"   # a killed write
    killed.write_bytes(b"half")
    train.main(["--resume", str(folder), "--total_steps", "4096"])
    out = capsys.readouterr().out
    assert f"{newest} is damaged" in out and "falling back" in out
    assert "step_000000002048.zip at step 2,048" in out
    assert not killed.exists() and f"removed {killed}" in out
    assert (folder / "checkpoints" / "step_000000004096.zip.damaged").exists()
    # resumed from step 2048, the run ends where the uninterrupted one did
    a = policy_weights(runs / "straight" / "checkpoints" / "step_000000004096.zip")
    b = policy_weights(newest)
    for k in a:
        assert torch.equal(a[k], b[k]), k


def test_train__curriculum_moves_to_the_next_stage_and_resumes_there(tmp_path):
    stages = "[{level: initiation, players: 4, until_step: 1024}, {level: normal, players: 2}]"
    args = [*SMOKE, "--name", "cur", "--curriculum", stages, "--eval.every_steps", "1024",
            "--eval.baselines", "[]", "--total_steps", "2048"]
    run(tmp_path, *args)
    ckpt = checkpoint.latest(tmp_path / "cur" / "checkpoints")
    state = checkpoint.trainer_state(ckpt)
    assert state["stage"] == 1
    assert state["env"]["state"].rules.shape[0] == 64
    assert (state["env"]["state"].is_player.sum(1) == 2).all()   # normal-2p games in the env
    rows = (tmp_path / "cur" / "evals.csv").read_text()
    assert "normal,2" in rows and "initiation,4" in rows
    train.main(["--resume", str(tmp_path / "cur"), "--total_steps", "3072"])
    assert checkpoint.trainer_state(checkpoint.latest(tmp_path / "cur" / "checkpoints"))["stage"] == 1


def test_plot_training__draws_the_curves_of_runs(runs, tmp_path):
    from experiments import plot_training
    out = plot_training.main([str(runs / "straight"), str(runs / "split"), "--out",
                              str(tmp_path / "curves.png")])
    assert out.stat().st_size > 10_000
    scalars = plot_training.read_scalars(runs / "split")
    steps, _ = scalars["time/steps_per_s"]
    assert steps == sorted(set(steps))                 # resumed run: one value per step
    assert {"rollout/score", "train/value_loss", "time/env_share"} <= set(scalars)
    with pytest.raises(SystemExit):
        plot_training.main([str(tmp_path), "--out", str(tmp_path / "x.png")])   # not a run folder


def test_train__best_policy_is_the_best_eval_on_the_target(runs):
    import csv
    folder = runs / "straight"
    with open(folder / "evals.csv") as f:
        rows = [r for r in csv.DictReader(f) if r["agent"] == "ppo"]
    best = max(rows, key=lambda r: (float(r["win_rate"]), float(r["score"])))
    saved = checkpoint.trainer_state(checkpoint.latest(folder / "checkpoints"))["best"]
    assert saved["step"] == int(best["step"]) and saved["score"] == pytest.approx(float(best["score"]))
    # the agent is named by its model path, so a benchmark row can be replayed from its name
    assert agents.make(f"ppo:{folder / 'best.zip'}").name == f"ppo:{folder / 'best.zip'}"
