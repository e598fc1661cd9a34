#!/usr/bin/env python3
"""check_man_options.py HELP_TEXT MAN_TEXT: every long option that 'rocm-lint --help' prints is
an entry of the rendered man page (a term line: indented 7 columns), except the generic options
every LLVM command-line parser adds."""
import re
import sys

# Added by llvm::cl to any tool; not rocm-lint's own options.
GENERIC = {"--help-list", "--help-hidden", "--help-list-hidden", "--print-options", "--print-all-options"}
OPTION = re.compile(r"(?<![\w-])(--[a-z][a-z0-9-]*)")


def main():
    help_text = open(sys.argv[1], encoding="utf-8").read()
    man_text = open(sys.argv[2], encoding="utf-8").read()
    options = sorted(set(OPTION.findall(help_text)) - GENERIC)
    # man(1) indents section text by 7 columns and entry descriptions by 14; an entry's term (alone,
    # or a list such as '--output=FILE, -o FILE') starts at column 7.
    described = set()
    for line in man_text.splitlines():
        if re.match(r" {7}\S", line):
            # A short term shares its line with the description, two or more spaces after it.
            described.update(OPTION.findall(line.strip().split("  ")[0]))
    missing = [o for o in options if o not in described]
    if missing:
        print("options of --help missing from the man page (docs/man/rocm-lint.1.md): " + ", ".join(missing))
        return 1
    if not options:
        print("no options found in the --help text")
        return 1
    print("%d options of --help, all described in the man page" % len(options))
    return 0


if __name__ == "__main__":
    sys.exit(main())
