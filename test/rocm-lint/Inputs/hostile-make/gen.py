"""Writes one hostile Makefile, with a HIP conditional that adds src/a.cu, for
project-makefile-hostile.test: gen.py KIND PATH."""
import sys

kind, path = sys.argv[1], sys.argv[2]
tail = 'ifneq ($(HIP_DIR),)\n lib.c += src/a.cu\nendif\n'
if kind == 'nested':  # references nested far past any real Makefile
    n = 20000
    text = 'X = ' + '$(sort ' * n + 'src/a.cu' + ')' * n + '\n' + tail
elif kind == 'unclosed':
    text = 'X = ' + '$(sort ' * 20000 + '\n' + tail
elif kind == 'chain':  # each variable names the one before
    text = 'A0 = src/a.cu\n' + ''.join('A%d = $(A%d)\n' % (i, i - 1) for i in range(1, 5000))
    text += tail + '$(A4999:%.cu=%.o): CPPFLAGS += -DX\n'
elif kind == 'recipes':  # a compiler named through 5000 variables, a list doubled 200 times
    text = 'C0 = nvcc\n' + ''.join('C%d = $(C%d)\n' % (i, i - 1) for i in range(1, 5000))
    text += 'F0 = x\n' + ''.join('F%d = $(F%d) $(F%d)\n' % (i, i - 1, i - 1) for i in range(1, 200))
    text += tail + 'cuda: ; $(C4999) src/a.cu\nhip: ; hipcc $(F199) b.hip\n'
elif kind == 'longline':  # one 4 MiB logical line, half of it continued
    text = 'X = ' + 'src/a.cu ' * 250000 + ' \\\n'.join(['b.c'] * 250000) + '\n' + tail
else:
    sys.exit('unknown kind ' + kind)
with open(path, 'w') as f:
    f.write(text)
