"""Validates a SARIF log against the 2.1.0 schema (python3-jsonschema), then checks that the
validator rejects the same log with its required 'version' removed."""
import copy
import json
import sys

import jsonschema

schema = json.load(open(sys.argv[1]))
log = json.load(open(sys.argv[2]))
validator = jsonschema.validators.validator_for(schema)(schema, format_checker=jsonschema.FormatChecker())
errors = sorted(validator.iter_errors(log), key=lambda e: list(e.path))
for e in errors:
    print("invalid at %s: %s" % ("/".join(str(p) for p in e.path), e.message))
if errors:
    sys.exit(1)
run = log["runs"][0]
print("valid: %d results, %d rules" % (len(run["results"]), len(run["tool"]["driver"]["rules"])))
broken = copy.deepcopy(log)
del broken["version"]
if validator.is_valid(broken):
    sys.exit("the validator accepted a log without 'version'")
print("broken log rejected")
