#!/usr/bin/env python3
"""Copies HIP sources for rocm-wave64's 64-lane build with HIP_ON_CUDA_W64_KERNEL_ENTRY placed right
after the opening brace of every __global__ function body (see wave64.h: the guard records the
threads that leave the kernel, so that a wavefront operation never waits for a half that has exited).

    kernel-guard.py OUTDIR SOURCE...

Each source's folder becomes OUTDIR/<n>/; the copy of a source, and of every header it includes with
quotes from inside that folder (followed recursively), keeps its relative path there and starts with
a #line directive naming the original, so that messages and __FILE__ name the user's file. Line
numbers are unchanged (the macro goes on the brace's line). Prints one line per source: the folder
of the original and the path of its copy, separated by a tab.

Kernels spelled through a macro (#define KERNEL __global__) are not seen; they keep the 2 ms rule.
"""
import os
import sys

MACRO = ' HIP_ON_CUDA_W64_KERNEL_ENTRY '


def code_spans(text):
    """Yields (start, end) of the stretches of text that are code: comments, string and character
    literals and preprocessor lines are left out."""
    i, n, start = 0, len(text), 0
    at_line_start = True
    while i < n:
        c = text[i]
        if at_line_start and c in ' \t':
            i += 1
            continue
        if at_line_start and c == '#':
            yield start, i
            while i < n and text[i] != '\n':
                if text[i] == '\\' and i + 1 < n and text[i + 1] == '\n':
                    i += 2
                    continue
                if text.startswith('/*', i):
                    j = text.find('*/', i + 2)
                    i = n if j < 0 else j + 2
                    continue
                i += 1
            start = i
            continue
        at_line_start = c == '\n'
        if text.startswith('//', i):
            yield start, i
            j = text.find('\n', i)
            i = n if j < 0 else j
            start = i
        elif text.startswith('/*', i):
            yield start, i
            j = text.find('*/', i + 2)
            i = n if j < 0 else j + 2
            start = i
        elif c in '"\'':
            # A digit separator (1'000) is not a character literal.
            if c == "'" and i > 0 and text[i - 1].isalnum():
                i += 1
                continue
            yield start, i
            j = i + 1
            while j < n and text[j] != c and text[j] != '\n':
                j += 2 if text[j] == '\\' else 1
            i = j + 1
            start = i
        else:
            i += 1
    yield start, n


def guard(text):
    """Returns text with the macro after the body brace of every __global__ function."""
    code = [False] * len(text)
    for a, b in code_spans(text):
        for k in range(a, b):
            code[k] = True
    inserts = []
    word = '__global__'
    pos = text.find(word)
    while pos >= 0:
        end = pos + len(word)
        standalone = (pos == 0 or not (text[pos - 1].isalnum() or text[pos - 1] == '_')) and (
            end >= len(text) or not (text[end].isalnum() or text[end] == '_'))
        if standalone and code[pos]:
            depth = 0
            k = end
            while k < len(text):
                if code[k]:
                    ch = text[k]
                    if ch in '([':
                        depth += 1
                    elif ch in ')]':
                        depth -= 1
                    elif depth == 0 and ch in ';=':
                        break  # a declaration, not a definition
                    elif depth == 0 and ch == '{':
                        inserts.append(k + 1)
                        break
                k += 1
        pos = text.find(word, end)
    for k in reversed(inserts):
        text = text[:k] + MACRO + text[k:]
    return text, len(inserts)


def quoted_includes(text):
    for line in text.split('\n'):
        s = line.strip()
        if not s.startswith('#'):
            continue
        s = s[1:].strip()
        if s.startswith('include') and '"' in s:
            parts = s.split('"')
            if len(parts) >= 3:
                yield parts[1]


def main(argv):
    if len(argv) < 3:
        sys.stderr.write('usage: kernel-guard.py OUTDIR SOURCE...\n')
        return 2
    out, sources = argv[1], argv[2:]
    roots = {}
    # Every header reached is copied, kernels or not: a copied header's own quoted includes are
    # looked up next to the copy first.
    for src in sources:
        root = os.path.dirname(os.path.abspath(src))
        base = roots.setdefault(root, os.path.join(out, str(len(roots))))
        todo, done = [os.path.abspath(src)], set()
        while todo:
            path = todo.pop()
            if path in done:
                continue
            done.add(path)
            try:
                with open(path, encoding='utf-8', errors='surrogateescape') as f:
                    text = f.read()
            except OSError:
                continue
            rel = os.path.relpath(path, root)
            new, count = guard(text)
            dest = os.path.join(base, rel)
            os.makedirs(os.path.dirname(dest), exist_ok=True)
            with open(dest, 'w', encoding='utf-8', errors='surrogateescape') as f:
                f.write('#line 1 "%s"\n' % path.replace('\\', '\\\\').replace('"', '\\"'))
                f.write(new)
            for inc in quoted_includes(text):
                target = os.path.normpath(os.path.join(os.path.dirname(path), inc))
                if os.path.isfile(target) and (target + os.sep).startswith(root + os.sep) and target != root:
                    todo.append(target)
        print('%s\t%s' % (root, os.path.join(base, os.path.relpath(os.path.abspath(src), root))))
    return 0


if __name__ == '__main__':
    sys.exit(main(sys.argv))
