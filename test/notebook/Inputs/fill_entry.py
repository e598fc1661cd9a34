"""Fills in the TODO fields of one entry of a team notebook, as a person would after 'notebook add'."""
import json
import sys

path, entry_id = sys.argv[1], sys.argv[2]
with open(path, encoding="utf-8") as f:
    doc = json.load(f)
for e in doc["entries"]:
    if e["id"] == entry_id:
        e["conditions"] = "Batch 64 with the default arena size; MI250X exposes each GCD as its own 64 GiB device."
        e["fix"] = ["Set POOL_ARENA_MB=49152 in the job script.", "Or use batch 32 per GCD."]
        e["confirm"] = ["rocm-smi --showmeminfo vram"]
with open(path, "w", encoding="utf-8") as f:
    json.dump(doc, f, indent=2)
