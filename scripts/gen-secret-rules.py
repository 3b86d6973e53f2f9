#!/usr/bin/env python3
"""Regenerates src/secrets/gitleaks.json, the secret-scanning rules.

The rules are gitleaks' default rule set (config/gitleaks.toml, MIT licence, see
src/secrets/NOTICE), as the crates.io crate keyspoor ships them already translated to
Rust regex syntax (src/builtin_rules.json). keyspoor copies gitleaks' global allowlist
into every rule; this script keeps it once, and drops the long descriptions.

Usage: cargo info keyspoor  (downloads the crate), then
  tar xzf ~/.cargo/registry/cache/*/keyspoor-VERSION.crate -C /tmp
  python3 scripts/gen-secret-rules.py /tmp/keyspoor-VERSION/src/builtin_rules.json
"""
import json
import sys

source = json.load(open(sys.argv[1]))
rules = source["rules"]
common = rules[0]["allowlist"][0]
assert all(common in r["allowlist"] for r in rules), "the global allowlist moved"
out = {
    "source": "gitleaks v8.30.1 config/gitleaks.toml (commit 83d9cd684c87d95d656c1458ef04895a7f1cbd8e), via keyspoor 0.1.4",
    "allowlist": common,
    "rules": [],
}
for r in rules:
    rule = {k: r[k] for k in ("id", "pattern", "keywords")}
    for k in ("secret_group", "path"):
        if r[k] is not None:
            rule[k] = r[k]
    if r["min_entropy"]:
        rule["min_entropy"] = r["min_entropy"]
    own = [a for a in r["allowlist"] if a != common]
    if own:
        rule["allowlist"] = own
    assert not r["exclude_paths"], r["id"]
    out["rules"].append(rule)
json.dump(out, open("src/secrets/gitleaks.json", "w"), indent=0, sort_keys=False)
open("src/secrets/gitleaks.json", "a").write("\n")
