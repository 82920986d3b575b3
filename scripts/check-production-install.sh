#!/usr/bin/env bash
# Proves that a production install of the built tree starts, as a server would be set up:
#   copy of the tree -> npm ci -> npm run build -> npm prune --omit=dev -> node apps/api/dist/*.js
# on an empty DATA_DIR, then the API, a storefront page and the safe defaults are checked.
# Run by hand (a few minutes: a full `npm ci`); too slow for `npm test`.
#
#   scripts/check-production-install.sh            # the working tree's files (what a commit would hold)
#   scripts/check-production-install.sh --head     # a clean clone of HEAD instead
#   CHECK_PORT=3498 CHECK_KEEP=1 scripts/check-production-install.sh   # other port; keep the copy
set -euo pipefail

repo=$(cd "$(dirname "$0")/.." && pwd)
port=${CHECK_PORT:-3498}
work=$(mktemp -d "${TMPDIR:-/tmp}/clubshop-prod-XXXXXX")
server_pid=
cleanup() {
  if [[ -n $server_pid ]] && kill -0 "$server_pid" 2>/dev/null; then
    kill -TERM -- "-$server_pid" 2>/dev/null || kill -TERM "$server_pid"
    wait "$server_pid" 2>/dev/null || true
  fi
  if [[ -z ${CHECK_KEEP:-} ]]; then rm -rf "$work"; else echo "kept: $work"; fi
}
trap cleanup EXIT
step() { printf '\n== %s\n' "$*"; }
fail() {
  echo "FAILED: $*" >&2
  [[ -f $work/server.log ]] && { echo '--- server output:' >&2; tail -n 40 "$work/server.log" >&2; }
  exit 1
}

step "copy of the tree in $work/shop"
if [[ ${1:-} == --head ]]; then
  git clone --quiet "$repo" "$work/shop"
else
  # Tracked and new files, without anything .gitignore names (node_modules, data, builds).
  (cd "$repo" && git ls-files --cached --others --exclude-standard -z |
    tar --null --files-from=- --ignore-failed-read -cf - 2>/dev/null) | tar -xf - -C "$work" --one-top-level=shop
fi
cd "$work/shop"
[[ ! -e node_modules && ! -e apps/api/dist && ! -e apps/web/build ]] || fail "the copy is not clean"

step 'npm ci'
npm ci --no-audit --no-fund --prefer-offline --loglevel=error

step 'npm run build'
npm run build --silent >"$work/build.log" 2>&1 || { tail -n 40 "$work/build.log"; fail 'npm run build'; }

step 'npm prune --omit=dev'
npm prune --omit=dev --no-audit --no-fund --loglevel=error
# (typescript may stay: an optional peer of @react-router/node, never imported at run time.)
for dev in tsx vite esbuild vitest @react-router/dev drizzle-kit; do
  [[ ! -e node_modules/$dev ]] || fail "devDependency $dev is still installed"
done

# Only the production environment: nothing inherited that could change the result.
data="$work/data"
run_env=(env -i "PATH=$PATH" "HOME=$work" NODE_ENV=production "DATA_DIR=$data" HOST=127.0.0.1 "PORT=$port"
  "PUBLIC_URL=http://127.0.0.1:$port" LOG_LEVEL=warn)

step 'node apps/api/dist/migrate-cli.js (empty DATA_DIR)'
"${run_env[@]}" node apps/api/dist/migrate-cli.js || fail 'migrate-cli'

start() { # start <command...>: in its own process group, waits for /api/health
  setsid "${run_env[@]}" "$@" >"$work/server.log" 2>&1 &
  server_pid=$!
  for _ in $(seq 1 240); do
    curl -fs "http://127.0.0.1:$port/api/health" >/dev/null && return 0
    kill -0 "$server_pid" 2>/dev/null || fail "the server exited: $*"
    sleep 0.5
  done
  fail "no /api/health within 120 s: $*"
}
stop() {
  kill -TERM -- "-$server_pid"
  wait "$server_pid" 2>/dev/null || true
  server_pid=
}
expect_status() { # expect_status <code> <path> [curl args...]
  local want=$1 path=$2
  shift 2
  local got
  got=$(curl -s -o "$work/body" -w '%{http_code}' "$@" "http://127.0.0.1:$port$path")
  [[ $got == "$want" ]] || fail "GET $path answered $got, expected $want"
  echo "  $want $path"
}

step 'node apps/api/dist/server.js (first start: seeds the demo shops)'
start node apps/api/dist/server.js
expect_status 200 /api/health
expect_status 200 /api/centauri/sklepyonline/getProdukty/0/8 -H 'organizacja: demo'
grep -q '"Id"' "$work/body" || fail 'no products in the seeded shop'
expect_status 200 /
grep -q '<html lang="pl"' "$work/body" || fail 'the home page is not the storefront'
grep -q '/build-assets/' "$work/body" || fail 'the home page has no scripts'
expect_status 200 /koszyk
expect_status 200 /assets/images/no-image.png
expect_status 404 /dev/outbox
grep -q 'Seeded the demo shops' "$work/server.log" || fail 'the first start did not seed'
stop

step 'node apps/api/dist/seed-cli.js (reseed)'
"${run_env[@]}" node apps/api/dist/seed-cli.js >/dev/null || fail 'seed-cli'

step 'npm start (the build is current: starts without build tools)'
start npm start --silent
expect_status 200 /api/health
expect_status 200 /
grep -q 'Building' "$work/server.log" && fail 'npm start rebuilt in a production install'
stop

printf '\nOK: the production install of the built tree starts and serves the shop.\n'
