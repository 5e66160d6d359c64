"""The relative-action policy: actions turn with the viewer exactly as the observation does."""

from __future__ import annotations

import numpy as np
import pytest
import torch

pytest.importorskip("sb3_contrib", reason="the train extra (sb3-contrib) is not installed")
from ghoststories_env.actions import NUM_ACTIONS, RANGES  # noqa: E402
from ghoststories_env.envs import frame  # noqa: E402
from ghoststories_env.envs.spaces import observation_space  # noqa: E402
from gymnasium import spaces  # noqa: E402
from experiments.training.policy import RelativeActionPolicy, relative_of_absolute  # noqa: E402

TABLE = relative_of_absolute()


def test_table__a_permutation_per_viewer_identity_at_north():
    for v in range(4):
        assert sorted(TABLE[v]) == list(range(NUM_ACTIONS))
    assert (TABLE[0] == np.arange(NUM_ACTIONS)).all()


@pytest.mark.parametrize("name, axis", [("MOVE", frame.POS_ABS), ("EXORCISE", frame.SPACE_ABS),
                                        ("CHOOSE_TAOIST", frame.SEAT_ABS), ("BUDDHA", frame.SPACE_ABS)])
def test_table__relative_index_k_is_what_the_observation_calls_k(name, axis):
    start = RANGES[name].start
    for v in range(4):
        for k in range(axis.shape[1]):           # relative k seen from v is absolute axis[v, k]
            assert TABLE[v, start + axis[v, k]] == start + k


def test_table__unturned_ranges_stay_put():
    for name in ("PASS", "HELP", "POCKETS", "REROLL", "OUTCOME", "CHOOSE_COLOUR"):
        r = RANGES[name]
        assert (TABLE[:, r.start:r.stop] == np.arange(r.start, r.stop)).all()


def test_policy__absolute_probabilities_are_the_relative_head_turned():
    policy = RelativeActionPolicy(observation_space(), spaces.Discrete(NUM_ACTIONS), lambda _: 1e-3,
                                  net_arch=[16])
    obs = torch.rand(8, observation_space().shape[0])
    viewers = torch.arange(8) % 4
    obs[:, :4] = torch.nn.functional.one_hot(viewers, 4).float()
    probs = policy.get_distribution(obs).distribution.probs
    latent = policy.mlp_extractor.forward_actor(policy.extract_features(obs, policy.pi_features_extractor))
    relative = torch.softmax(policy.action_net(latent), 1)
    for b in range(8):
        expected = relative[b, torch.as_tensor(TABLE[viewers[b]])]
        torch.testing.assert_close(probs[b], expected)
