"""Offline: experiments.exit's own training (learn.fit) on a run's round-0 examples with other
settings; prints the held-out agreement and policy log-loss before and after.

    PYTHONPATH=. python results/exit/initiation-4p-16x4x8/offline.py runs/exit-initiation-4p-16x4x8 \
        soft_target=0.0 learning_rate=1e-4,soft_target=0.0 ..."""
import sys, time
from pathlib import Path
import torch
torch.set_num_threads(1)
from experiments.exit import __main__ as M, config, learn
run = Path(sys.argv[1])
cfg = config.load(run / "config.yaml")
ex = M.load_examples(run, range(0, 1))
print({k: v.shape for k, v in ex.items()})
for spec in sys.argv[2:]:
    over = dict(kv.split("=") for kv in spec.split(","))
    tc = learn.TrainConfig(**{**cfg.train.__dict__, **{k: type(getattr(cfg.train, k))(v) for k, v in over.items()}})
    net = M.initial(cfg)
    t = time.process_time()
    _, st = learn.fit(net, ex, tc, seed=0)
    b, a = st["before"], st["after"]
    print(spec, "epoch", st["epoch"], "agree %.4f -> %.4f" % (b["agreement"], a["agreement"]),
          "ploss %.3f -> %.3f" % (b["policy_loss"], a["policy_loss"]),
          "train", {k: round(v, 3) for k, v in st.get("train", {}).items()}, "%.0fs" % (time.process_time() - t), flush=True)
