"""Writes a hostile build script whose variables fan out 800 ways at each of 7 levels.

usage: gen_fanout.py make|py OUT
"""
import sys

kind, out = sys.argv[1], sys.argv[2]
lines = []
for level in range(7):
    for _ in range(800):
        if kind == "make":
            lines.append("V%d += $(V%d) -arch=sm_80" % (level, level + 1))
        else:
            lines.append("v%d += [v%d, '-gencode']" % (level, level + 1))
if kind == "make":
    lines.append("b: b.hip\n\thipcc -x$(V0) $(V0) -o b b.hip")
else:
    lines.append("CUDAExtension('e', ['e.cu'], extra_compile_args={'nvcc': v0})")
with open(out, "w") as f:
    f.write("\n".join(lines) + "\n")
