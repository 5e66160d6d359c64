"""The run configuration: every shipped config loads, overrides are typed, bad input is named."""

from __future__ import annotations

from pathlib import Path

import pytest

from experiments.train import parse
from experiments.training import config

SHIPPED = sorted((Path(__file__).parents[2] / "configs").glob("*.yaml"))
EXIT = [p for p in SHIPPED if p.name.startswith("exit-")]          # experiments.exit's
RLLIB = [p for p in SHIPPED if p.name.startswith("rllib-")]        # experiments.rllib_train's
LEAF = [p for p in SHIPPED if p.name.startswith("iterate-leaf-")]  # experiments.iterate_leaf's
PG = [p for p in SHIPPED if p.name.startswith("reinforce-")]       # experiments.reinforce's
CONFIGS = [p for p in SHIPPED if p not in EXIT + RLLIB + LEAF + PG]  # experiments.train's


def test_config__every_shipped_config_loads():
    assert len(CONFIGS) >= 4
    names = set()
    for path in CONFIGS:
        cfg = config.load(path)
        names.add(cfg.name)
        assert cfg.stages(), path
    assert len(names) == len(CONFIGS), "two configs share a run name"


def test_config__every_shipped_exit_config_loads_with_its_scripts_fields():
    from experiments.exit import config as exit_config

    assert EXIT
    for path in EXIT:
        assert exit_config.load(path).name == path.stem, path


def test_config__every_shipped_reinforce_config_loads_with_its_scripts_fields():
    from experiments.reinforce import config as pg_config

    assert PG
    for path in PG:
        assert pg_config.load(path).name == path.stem, path


def test_config__every_shipped_iterate_leaf_config_loads_with_its_scripts_fields():
    from experiments.iterate_leaf import config as leaf_config

    assert LEAF
    for path in LEAF:
        assert leaf_config.load(path).name == path.stem, path


def test_config__every_shipped_rllib_config_loads_with_its_scripts_fields():
    from experiments import rllib_train      # parse() needs no Ray: RLlib is imported to train

    assert RLLIB
    for path in RLLIB:
        _, cfg = rllib_train.parse(["--config", str(path)])
        assert cfg.name == path.stem and cfg.iterations >= 1, path


def test_config__main_settings_and_a_curriculum_are_shipped():
    settings = {(s.level, s.players) for p in CONFIGS for s in config.load(p).stages()}
    assert {("initiation", 4), ("normal", 4)} <= settings
    assert any(players == 1 for _, players in settings)
    assert any(len(config.load(p).curriculum) > 1 for p in CONFIGS)


def test_config__overrides_are_coerced_to_the_field_type():
    cfg = config.load(None, ["ppo.learning_rate=1e-4", "total_steps=2e6", "policy.net_arch=[64, 32]",
                             "warm_start.agent=heuristic", "ppo.target_kl=null"])
    assert cfg.ppo.learning_rate == pytest.approx(1e-4) and isinstance(cfg.ppo.learning_rate, float)
    assert cfg.total_steps == 2_000_000 and isinstance(cfg.total_steps, int)
    assert cfg.policy.net_arch == [64, 32]
    assert cfg.warm_start.agent == "heuristic" and cfg.ppo.target_kl is None


def test_config__curriculum_stages_are_typed():
    cfg = config.load(None, ["curriculum=[{level: initiation, players: 4, until_step: 100}, "
                             "{level: hell, players: 2}]"])
    assert [(s.level, s.players, s.until_step) for s in cfg.stages()] == [
        ("initiation", 4, 100), ("hell", 2, None)]


@pytest.mark.parametrize("override, message", [
    ("ppo.learning_rat=1", "unknown key"),
    ("env.level=easy", "unknown level 'easy'"),
    ("env.players=5", "players must be 1..4"),
    ("total_steps=1.5", "expected an integer"),
    ("env.num_envs=0", "env.num_envs must be >= 1"),
    ("policy.activation=gelu", "tanh or relu"),
    ("ppo", "key=value"),
])
def test_config__bad_values_are_named(override, message):
    with pytest.raises(ValueError, match=message):
        config.load(None, [override])


def test_cli__both_override_styles_and_one_source():
    args, overrides = parse(["--config", "c.yaml", "--set", "seed=3", "--total-steps", "10",
                             "--ppo.n_epochs=2"])
    assert overrides == ["seed=3", "total_steps=10", "ppo.n_epochs=2"]
    with pytest.raises(SystemExit):
        parse(["--set", "seed=3"])                      # neither --config nor --resume
    with pytest.raises(SystemExit):
        parse(["--config", "c.yaml", "--total_steps"])  # a key without its value
