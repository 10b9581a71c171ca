#!/usr/bin/env bash
# Make sure Debian's headless browser and its WebDriver are here for the browser tests.
#
#   scripts/chromium.sh
#
# Fast and silent when /usr/bin/chromium and /usr/bin/chromedriver are installed already.
# Otherwise, run as root on Debian or Ubuntu, it installs the `chromium` and
# `chromium-driver` packages with apt-get (as scripts/pg_cluster.sh installs PostgreSQL).
# It never fails: where neither is possible the browser tests skip themselves, except under
# CI (CI=true), where they fail and say why (tests/browser/conftest.py).
set -uo pipefail

if [ -x /usr/bin/chromium ] && [ -x /usr/bin/chromedriver ]; then
    exit 0
fi
if [ "$(id -u)" -eq 0 ] && command -v apt-get >/dev/null 2>&1; then
    echo "chromium: installing Debian's chromium and chromium-driver packages" >&2
    apt-get update -qq || true
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends \
        chromium chromium-driver >&2 || echo "chromium: the install failed" >&2
else
    echo "chromium: /usr/bin/chromium or /usr/bin/chromedriver is missing (not root: not installed)" >&2
fi
exit 0
