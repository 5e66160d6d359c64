"""Share of Engine.step spent in the derived facts of rules/common.py (cProfile, cumulative).

    OMP_NUM_THREADS=1 PYTHONPATH=. python results/speed/engine/profile_facts.py B STEPS
"""
import sys
from profile_engine import profile            # this folder's script (its folder is on sys.path)

B, N = int(sys.argv[1]), int(sys.argv[2])
st = profile(B, N)
step = [v for k, v in st.stats.items() if k[2] == "step" and k[0].endswith("engine.py")][0][3]
facts = {k[2]: v for k, v in st.stats.items() if k[0].endswith("rules/common.py")
         and k[2] in ("space_bits", "power_on", "powers_of", "living")}
print(f"B={B}, {N} steps: step {step:.3f} s (cumulative, under cProfile)")
for name, v in sorted(facts.items()):
    print(f"  {name:12s} calls {v[1]:6d} ({v[1] / N:.2f} a step)  cumulative {v[3]:.3f} s  {100 * v[3] / step:.1f}%")
print(f"  together: {100 * sum(v[3] for v in facts.values()) / step:.1f}% of step "
      f"(an upper bound: power_on computes space_bits when not given them, so the two overlap)")
