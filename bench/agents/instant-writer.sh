#!/bin/sh
# instant-writer.sh — a stand-in executor for bench/scale.ts: writes out.txt
# in its worktree and reports the Stage Carry Evidence (the Command contract,
# docs/providers.md). A shell, so a stage timed with it is okstra's own time.
set -eu
cat > /dev/null
cd "$OKSTRA_WORKTREE"
printf 'bench\n' > out.txt
cat <<MSG
Wrote out.txt.

### Stage Carry Evidence

\`\`\`json
{"stage": $OKSTRA_STAGE, "summary": "out.txt exists", "filesChanged": ["out.txt"],
 "validation": [], "exitContract": {"met": true, "evidence": "out.txt was written"}}
\`\`\`
MSG
