#!/usr/bin/env bash
# Soak check: `buyflow serve` under wrk for a while with valid, invalid and oversized
# requests mixed (Scripts/soak.lua), while a separate client checks every second that
# a valid request is answered 200 quickly. Prints the shop's resident memory at the
# start, every 10 s and at the end, and fails when a valid check failed, when wrk saw
# no valid answers, or when resident memory grew by more than 25% (after warm-up).
#
#   Scripts/soak.sh [--duration SECONDS] [--connections N] [--binary PATH]
#
# Defaults: 60 s, 32 connections, the debug build (.build/debug/buyflow).
set -euo pipefail
cd "$(dirname "$0")/.."

duration=60
connections=32
binary=.build/debug/buyflow
while [ $# -gt 0 ]; do
    case "$1" in
        --duration) duration="$2"; shift 2 ;;
        --connections) connections="$2"; shift 2 ;;
        --binary) binary="$2"; shift 2 ;;
        *) echo "soak.sh: unknown argument $1" >&2; exit 64 ;;
    esac
done
command -v wrk >/dev/null || { echo "soak.sh: wrk is not installed (apt-get install wrk)" >&2; exit 1; }
[ -x "$binary" ] || { echo "soak.sh: $binary not found: swift build --product buyflow" >&2; exit 1; }

work=$(mktemp -d)
"$binary" serve --port 0 >"$work/serve.out" 2>"$work/serve.err" &
shop=$!
cleanup() { kill "$shop" 2>/dev/null || true; wait "$shop" 2>/dev/null || true; rm -rf "$work"; }
trap cleanup EXIT
for _ in $(seq 100); do grep -q "listening on" "$work/serve.out" && break; sleep 0.1; done
url=$(sed -n 's/.*listening on //p' "$work/serve.out" | head -1)
[ -n "$url" ] || { echo "soak.sh: the shop did not start" >&2; cat "$work/serve.err" >&2; exit 1; }
base=${url%/api/*}

rss() { awk '/VmRSS/ {print $2}' "/proc/$shop/status"; }
check() {
    curl -s -o "$work/check.json" -w '%{http_code} %{time_total}' -m 5 -H 'Content-Type: application/json' \
        --data '{"query":"{ shop { name } }"}' "$url" || echo "000 5"
}

# Warm-up: a few hundred requests, so that caches and pools are at their working size.
wrk -t1 -c4 -d3s -s Scripts/soak.lua "$base" >/dev/null 2>&1 || true
start_rss=$(rss)
echo "shop: $url (pid $shop)"
echo "resident memory at start: ${start_rss} kB"

wrk -t2 -c"$connections" -d"${duration}s" --timeout 5s --latency -s Scripts/soak.lua "$base" >"$work/wrk.out" 2>&1 &
load=$!
failures=0
checks=0
slowest=0
elapsed=0
while kill -0 "$load" 2>/dev/null; do
    sleep 1
    elapsed=$((elapsed + 1))
    read -r code seconds <<<"$(check)"
    checks=$((checks + 1))
    if [ "$code" != 200 ] || ! grep -q "Sample Shoes" "$work/check.json"; then
        failures=$((failures + 1))
        echo "  ${elapsed}s: a valid request got $code"
    fi
    slowest=$(awk -v a="$slowest" -v b="$seconds" 'BEGIN { print (b > a ? b : a) }')
    if [ $((elapsed % 10)) = 0 ]; then echo "  ${elapsed}s: resident memory $(rss) kB"; fi
done
wait "$load" || true
end_rss=$(rss)

cat "$work/wrk.out"
echo "valid checks beside the load: $((checks - failures)) of $checks answered 200 (slowest ${slowest}s)"
echo "resident memory at start: ${start_rss} kB, at end: ${end_rss} kB"
status=0
[ "$failures" = 0 ] || { echo "FAIL: $failures valid checks were not answered" >&2; status=1; }
grep -qE "answers: valid [1-9]" "$work/wrk.out" || { echo "FAIL: wrk got no valid answers" >&2; status=1; }
if [ "$end_rss" -gt $((start_rss * 125 / 100)) ]; then
    echo "FAIL: resident memory grew by more than 25%" >&2
    status=1
fi
kill -0 "$shop" || { echo "FAIL: the shop died" >&2; status=1; }
exit $status
