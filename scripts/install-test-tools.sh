#!/usr/bin/env bash
# System tools the test suite needs besides Node and npm, installed with the
# machine's package manager when they are missing (CI runs as root on a
# clean machine; nothing here is needed to use okstra):
#   sudo          — test/action/hosted-runner.e2e.test.ts runs the Action as a
#                   user with passwordless sudo, as GitHub-hosted runners do.
#   python3-pytest — test/engine/protected-evidence.test.ts runs a Python
#                   project's QA with the system's pytest (/usr/bin/python3),
#                   which agent users can reach.
#   golang-go     — the Go toolchain that printed test/fixtures/runner-output/go-*.txt
#                   (`go test -v` / `-json`, read by src/core/test-counts/go.ts);
#                   test/core/test-counts/live-go.test.ts runs go test for real.
set -u
missing=()
command -v sudo >/dev/null 2>&1 || missing+=(sudo)
/usr/bin/python3 -c 'import pytest' >/dev/null 2>&1 || missing+=(python3-pytest)
command -v go >/dev/null 2>&1 || missing+=(golang-go)
[ "${#missing[@]}" -eq 0 ] && exit 0
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
  if ! { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}"; } >/dev/null 2>&1; then
    echo "install-test-tools: could not install ${missing[*]} with apt-get; the tests that need them will say they were skipped" >&2
  fi
else
  echo "install-test-tools: ${missing[*]} missing and cannot be installed here (needs root and apt-get); the tests that need them will say they were skipped" >&2
fi
exit 0
