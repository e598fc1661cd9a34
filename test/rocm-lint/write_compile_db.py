"""Writes DIR/compile_commands.json with one entry for DIR/SOURCE: 'clang++ ARGS... -c SOURCE'.
Usage: write_compile_db.py DIR SOURCE [ARG...]"""
import json
import os
import sys

d, source, args = sys.argv[1], sys.argv[2], sys.argv[3:]
entry = {"directory": d, "file": source, "arguments": ["clang++"] + args + ["-c", source]}
with open(os.path.join(d, "compile_commands.json"), "w") as f:
    json.dump([entry], f)
