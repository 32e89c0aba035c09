#!/usr/bin/env bash
# The whole test suite, from a fresh clone: install, typecheck, lint, format, unit + room tests, e2e.
set -euo pipefail
cd "$(dirname "$0")/.."

step() { printf '\n=== %s ===\n' "$*"; }

# Debian packages the tests need, installed when missing.
install_debian() {
  step "installing Debian $1 ($2)"
  if [ "$(id -u)" = 0 ]; then
    apt-get update -q && DEBIAN_FRONTEND=noninteractive apt-get install -y -q "$1"
  else
    sudo apt-get update -q && sudo DEBIAN_FRONTEND=noninteractive apt-get install -y -q "$1"
  fi
}
[ -x /usr/bin/chromium ] || install_debian chromium "needed by the e2e tests"
command -v redis-server >/dev/null || install_debian redis-server "needed by the cluster test"
ls /usr/lib/postgresql/*/bin/postgres >/dev/null 2>&1 || install_debian postgresql "needed by the PostgreSQL store tests"

step "install"
npx -y pnpm@12.21.0 install --frozen-lockfile

# From here on node_modules/.bin (Node 24, tsc, eslint, …) is first on PATH.
export PATH="$PWD/node_modules/.bin:$PATH"
echo "node $(node --version)"

step "typecheck"
tsc --noEmit -p tsconfig.json

step "lint"
eslint . --max-warnings 0

step "format"
prettier --check .

step "unit and room tests"
vitest run

step "benchmarks still run (they print figures and assert nothing)"
tsx scripts/bench.ts rules

step "build client"
npx -y pnpm@12.21.0 --filter @cards/client build

step "e2e (Playwright, Debian chromium)"
npx -y pnpm@12.21.0 --filter @cards/e2e test
