"""Paired A/B timing of two versions of the engine in one process (results/speed/engine/README.md).

    git worktree add /tmp/old 4486d23                     # the version to compare against
    mkdir -p /tmp/abpkg && cp -r /tmp/old/ghoststories_env /tmp/abpkg/gs_old
    grep -rl ghoststories_env /tmp/abpkg/gs_old | xargs sed -i 's/ghoststories_env/gs_old/g'
    OMP_NUM_THREADS=1 python results/speed/engine/ab.py 4096 30      # B, rounds

Both versions replay the same recorded (state, action) pairs of random play, in alternating
rounds; the paired median of old/new round times is robust to the load of a shared machine.
"""
import sys, time, numpy as np
sys.path.insert(0, "/tmp/abpkg")
import gs_old, ghoststories_env as gs_new
from gs_old.envs.observation import encode as enc_old
from ghoststories_env.envs.observation import encode as enc_new
B = int(sys.argv[1]); rounds = int(sys.argv[2]) if len(sys.argv) > 2 else 8
def pairs(mod, n):
    e = mod.Engine(mod.PRESETS["normal-4p"]); s = e.reset(np.arange(B)); rng = np.random.default_rng(0)
    out = []; nxt = B
    for k in range(n + 20):
        m = s.mask; a = (np.cumsum(m, 1) > (rng.random(B) * m.sum(1)).astype(int)[:, None]).argmax(1)
        if k >= 20: out.append((s, a))
        s = e.step(s, a)
        d = np.flatnonzero(s.terminated)
        if d.size: s.put(d, e.reset(np.arange(nxt, nxt + d.size))); nxt += d.size
    return e, out
n = 12 if B > 64 else 300
eo, po = pairs(gs_old, n); en, pn = pairs(gs_new, n)
kw = {"check": False}
res = {k: [] for k in ("old_e", "new_e", "old_o", "new_o")}
for _ in range(rounds):
    t = time.process_time(); [eo.step(s, a) for s, a in po]; res["old_e"].append(time.process_time() - t)
    t = time.process_time(); [en.step(s, a, **kw) for s, a in pn]; res["new_e"].append(time.process_time() - t)
    t = time.process_time(); [enc_old(s) for s, a in po]; res["old_o"].append(time.process_time() - t)
    t = time.process_time(); [enc_new(s) for s, a in pn]; res["new_o"].append(time.process_time() - t)
f = lambda k: n * B / min(res[k])
re_ = np.array(res["old_e"]) / np.array(res["new_e"]); ro = np.array(res["old_o"]) / np.array(res["new_o"])
print(f"paired engine speed-up new/old: median {np.median(re_):.3f} (quartiles {np.percentile(re_,25):.3f}-{np.percentile(re_,75):.3f}); encode {np.median(ro):.3f}")
print(f"B={B}: engine old {f('old_e'):,.0f} new {f('new_e'):,.0f} dec/s ({f('new_e')/f('old_e'):.2f}x, median {np.median(res['old_e'])/np.median(res['new_e']):.2f}x); "
      f"encode old {min(res['old_o'])/n*1e3:.2f} new {min(res['new_o'])/n*1e3:.2f} ms ({min(res['old_o'])/min(res['new_o']):.2f}x); "
      f"engine+obs {n*B/(min(res['new_e'])+min(res['new_o'])) / (n*B/(min(res['old_e'])+min(res['old_o']))):.2f}x")
