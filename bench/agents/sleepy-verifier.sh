#!/bin/sh
# sleepy-verifier.sh SECONDS — a stand-in verifier for bench/scale.ts: it
# takes SECONDS, then says PASS (the Command contract, docs/providers.md).
# A shell, not Node, so twelve of them starting at once measure okstra's
# fan-out, not twelve Node start-ups racing for two cores.
set -eu
cat > /dev/null
sleep "${1:?usage: sleepy-verifier.sh SECONDS}"
cat <<'MSG'
### Verifier Result

```json
{"verdict": "PASS", "summary": "Sleepy stand-in says PASS.", "findings": [], "evidenceRead": []}
```
MSG
