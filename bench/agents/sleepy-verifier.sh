#!/bin/sh
# sleepy-verifier.sh SECONDS — a stand-in verifier for bench/scale.ts: it
# takes SECONDS, then says PASS (the Command contract, docs/providers.md).
# A shell, not Node, so twelve of them starting at once measure okstra's
# fan-out, not twelve Node start-ups racing for two cores; its answer is a
# builtin's, so it starts two programs (cat drains the prompt, sleep waits).
set -eu
cat > /dev/null
sleep "${1:?usage: sleepy-verifier.sh SECONDS}"
printf '%s\n' '### Verifier Result' '' '```json' \
  '{"verdict": "PASS", "summary": "Sleepy stand-in says PASS.", "findings": [], "evidenceRead": []}' '```'
