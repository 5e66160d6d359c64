"""Are two versions' observations the same, bit for bit? (results/speed/engine/README.md)

    # /tmp/abpkg/gs_old: the version to compare against, as in ab.py's docstring
    git worktree add /tmp/enc HEAD && (cd /tmp/enc && git apply results/speed/engine/encoder_columns.patch)
    OMP_NUM_THREADS=1 PYTHONPATH=/tmp/enc python results/speed/engine/encoder_same.py

Plays the same random games in both versions (every preset, 32 games, after 20, 150 and 600
steps, some games frozen earlier so finished and running games mix, plus a batch mixing
presets) and compares five encodings of each batch: the decider's view, the absolute frame, seat
2's view, a viewer per game, and ``encode(out=...)`` into a buffer of sevens.
"""
import sys
import numpy as np
sys.path.insert(0, "/tmp/abpkg")
import gs_old
import ghoststories_env as gs_new
from gs_old.envs import observation as O_old
from ghoststories_env.envs import observation as O_new


def played(mod, name, batch, steps, seed):
    e = mod.Engine(mod.PRESETS[name]); rng = np.random.default_rng(seed)
    s = e.reset(np.arange(batch) + 1000 * seed)
    stop = rng.integers(0, steps, batch)
    for t in range(steps):
        a = (rng.random(s.mask.shape) * s.mask).argmax(1)
        idx = np.flatnonzero(stop <= t)
        frozen = s.take(idx) if idx.size else None
        n = e.step(s, a)
        if frozen is not None:
            n.put(idx, frozen)
        s = n
    return s


def encodings(mod, O):
    states = [(f"{name}-{steps}", played(mod, name, 32, steps, k * 7 + steps))
              for k, name in enumerate(mod.PRESETS) for steps in (20, 150, 600)]
    states.append(("mixed", mod.State.concatenate([s for _, s in states[::5]])))
    out = {}
    for label, s in states:
        out[f"{label}/ego"] = O.encode(s)
        out[f"{label}/abs"] = O.encode(s, frame="absolute")
        out[f"{label}/v2"] = O.encode(s, viewer=2)
        out[f"{label}/varr"] = O.encode(s, viewer=np.arange(s.batch_size) % 4)
        out[f"{label}/out"] = O.encode(s, out=np.full((s.batch_size, O.SIZE), 7, np.float32)).copy()
    return out


old, new = encodings(gs_old, O_old), encodings(gs_new, O_new)
differ = [k for k in old if old[k].tobytes() != new[k].tobytes()]
print(f"{len(old)} encodings ({sum(x.shape[0] for x in old.values())} observations), "
      f"{len(differ)} differ {differ[:5]}")
