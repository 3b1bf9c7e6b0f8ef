#!/usr/bin/env bash
# Install Debian's Virtuoso (virtuoso-t, isql-vt) for tests/test_remote.py, which starts a
# private instance on a loopback port. Idempotent: does nothing when it is already installed.
set -euo pipefail
if command -v virtuoso-t >/dev/null 2>&1 && command -v isql-vt >/dev/null 2>&1; then
    exit 0
fi
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq --no-install-recommends virtuoso-opensource >/dev/null
# the package's own service is not needed (tests run their own instance); stop it if it started
if command -v service >/dev/null 2>&1; then
    service virtuoso-opensource-7 stop >/dev/null 2>&1 || true
fi
command -v virtuoso-t >/dev/null
