"""Writes a build script whose variables double 23 times (issue #27 F5), used on many lines.

usage: gen_doubling.py make|cmake|py OUT [USES]
make:  A0 := -gencode x, Ai = $(Ai-1) $(Ai-1) up to A23, USES recipe lines using $(A23)
cmake: set(A0 "-gencode x"), set(Ai "${Ai-1}${Ai-1}") up to A23, USES set() commands using ${A12}
py:    800 appends at each of 7 levels (v0 += [v1, ...]), USES setup statements using v0
"""
import sys

kind, out = sys.argv[1], sys.argv[2]
uses = int(sys.argv[3]) if len(sys.argv) > 3 else 300
lines = []
if kind == "make":
    lines.append("A0 := -gencode x")
    for i in range(1, 24):
        lines.append("A%d = $(A%d) $(A%d)" % (i, i - 1, i - 1))
    lines.append("all: a.hip")
    for _ in range(uses):
        lines.append("\thipcc $(A23) -o a a.hip")
    # A hazard after the expensive lines: reported only when the reader gets that far.
    lines.append("late: b.hip\n\thipcc -arch=sm_80 -o b b.hip")
elif kind == "cmake":
    lines.append('set(A0 "-gencode x")')
    for i in range(1, 24):
        lines.append('set(A%d "${A%d}${A%d}")' % (i, i - 1, i - 1))
    for j in range(uses):
        lines.append('set(B%d "${A12}")' % j)
else:
    # Names are followed six levels deep, so doubling does not reach far; 800 appends at each level
    # spend a statement's whole budget instead, in every statement that uses the name.
    for level in range(7):
        for _ in range(800):
            lines.append("v%d += [v%d, '-gencode']" % (level, level + 1))
    for _ in range(uses):
        lines.append("CUDAExtension('e', ['e.cu'], extra_compile_args={'nvcc': v0})")
with open(out, "w") as f:
    f.write("\n".join(lines) + "\n")
