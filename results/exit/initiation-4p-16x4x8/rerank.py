"""Offline probe: re-rank the search's candidates (the prior's top W) with a small network, on a run's
round-0 examples, and print the held-out agreement with the search's choice after each epoch.

    PYTHONPATH=. python results/exit/initiation-4p-16x4x8/rerank.py runs/exit-initiation-4p-16x4x8 \
        HIDDEN:LR:WD:EPOCHS:GAP_ONLY[:b] ...

logit of candidate j = -(prior's best score - its score, capped at 50) * learned scale + a residual
from an MLP over the observation (GAP_ONLY=1: no residual; suffix :b: the MLP sees no observation,
so the residual is a learned bias per relative action)."""
import sys, numpy as np, torch
torch.set_num_threads(1); torch.manual_seed(0)
from pathlib import Path
from experiments.exit import __main__ as M, learn
from ghoststories_env.envs.frame import relative_of_absolute
ex = M.load_examples(Path(sys.argv[1]), range(1))
tr, ho = learn.split(ex, 0.1)
cands = ex["cands"]; ok = cands >= 0
H = np.nan_to_num(ex["heuristic"], neginf=-1e9)
hs = np.where(ok, np.take_along_axis(H, np.maximum(cands, 0), 1), -1e9)
gap = np.clip(hs[:, :1] - hs, 0, 50)                     # points below the prior's best
tgt = (cands == ex["target"][:, None]).argmax(1)
print("target in cands", (cands == ex["target"][:, None]).any(1).mean(), "baseline held-out", (tgt[ho] == 0).mean())
viewer = ex["obs"][:, :4].argmax(1)
rel = relative_of_absolute()[viewer]      # gather(1, rel) turns relative logits into absolute ones (as learn.py)
A = H.shape[1]
obs = torch.tensor(ex["obs"]); G = torch.tensor(gap, dtype=torch.float32); OK = torch.tensor(ok)
C = torch.tensor(np.maximum(cands, 0)); T = torch.tensor(tgt); R = torch.tensor(rel, dtype=torch.int64)
def model_fn(hidden, lr, wd, epochs, use_gap_only=False, bias_only=False):
    torch.manual_seed(0)
    trunk = torch.nn.Sequential(torch.nn.Linear(1184, hidden), torch.nn.ReLU(), torch.nn.Linear(hidden, A))
    with torch.no_grad(): trunk[2].weight.zero_(); trunk[2].bias.zero_()
    logt = torch.nn.Parameter(torch.tensor(0.0))
    params = list(trunk.parameters()) + [logt]
    opt = torch.optim.AdamW(params, lr=lr, weight_decay=wd)
    def logits(idx):
        rel_logits = trunk(obs[idx] * (0 if bias_only else 1)).gather(1, R[idx])          # (m, A) absolute
        res = rel_logits.gather(1, C[idx]) * (0 if use_gap_only else 1)
        l = -G[idx] * logt.exp() + res
        return torch.where(OK[idx], l, torch.full_like(l, -1e9))
    rng = np.random.default_rng(0); best = None
    for ep in range(epochs):
        perm = rng.permutation(tr)
        for s in range(0, perm.size, 256):
            idx = torch.tensor(perm[s:s+256])
            loss = torch.nn.functional.cross_entropy(logits(idx), T[idx])
            opt.zero_grad(); loss.backward(); opt.step()
        with torch.no_grad():
            h = torch.tensor(ho); l = logits(h)
            agree = (l.argmax(1) == T[h]).float().mean().item()
            ll = torch.nn.functional.cross_entropy(l, T[h]).item()
        print(f"  hidden {hidden} lr {lr} wd {wd} gap_only {use_gap_only} epoch {ep+1}: held-out agreement {agree:.4f} log-loss {ll:.3f} scale {logt.exp().item():.3f}", flush=True)
for spec in sys.argv[2:]:
    h, lr, wd, ep, go = spec.removesuffix(":b").split(":")
    model_fn(int(h), float(lr), float(wd), int(ep), go == "1", spec.endswith(":b"))
