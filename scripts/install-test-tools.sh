#!/usr/bin/env bash
# System tools the test suite needs besides Node and npm, installed with the
# machine's package manager when they are missing (CI runs as root on a
# clean machine; nothing here is needed to use okstra):
#   sudo — test/action/hosted-runner.e2e.test.ts runs the Action as a user
#          with passwordless sudo, as GitHub-hosted runners do.
set -u
command -v sudo >/dev/null 2>&1 && exit 0
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
  if ! { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends sudo; } >/dev/null 2>&1; then
    echo "install-test-tools: could not install sudo with apt-get; the hosted-runner test will say it was skipped" >&2
  fi
else
  echo "install-test-tools: sudo is missing and cannot be installed here (needs root and apt-get); the hosted-runner test will say it was skipped" >&2
fi
exit 0
