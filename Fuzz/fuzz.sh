#!/usr/bin/env bash
# Builds the libFuzzer targets under Fuzz/Targets and runs each for a given time.
#
#   Fuzz/fuzz.sh [--time SECONDS] [--jobs N] [--build-only | --replay | --summary] [target…]
#
# Targets: yaml json graphql expression workflow shop-http (default: all), run one after
# another, N at once (default 1). Each run starts from the committed seeds in
# Fuzz/Corpus/<target> plus the corpus it grew before (.build-fuzz/corpus/<target>, not
# committed), uses Fuzz/Dictionaries/<target>.dict, and stops after SECONDS (default 300).
# A crash, a hang (an input taking over 10 s) or an allocation over 2 GB is saved to
# Fuzz/Findings/<target>/ and makes the script exit 1; fixed findings are moved to
# Fuzz/Regressions/<target>/ and `--replay` runs every target over them and its seeds
# once (no fuzzing).
#
# The table at the end gives per target: executions, executions per second, coverage
# (libFuzzer's `cov`: instrumented edges reached), features (`ft`), corpus entries, and
# findings (`--summary` prints it again from the last logs). Logs: .build-fuzz/logs/<target>.log.
#
# The modules are compiled with `-sanitize=fuzzer,address` in their own scratch directory
# (.build-fuzz), so the normal build is untouched. The targets exist only with
# BUYFLOW_FUZZ=1 (see Package.swift).
set -euo pipefail
cd "$(dirname "$0")/.."

all_targets=(yaml json graphql expression workflow shop-http)
seconds=300
jobs=1
build_only=0
replay=0
summary_only=0
targets=()
while [ $# -gt 0 ]; do
    case "$1" in
        --time) seconds="$2"; shift 2 ;;
        --jobs) jobs="$2"; shift 2 ;;
        --build-only) build_only=1; shift ;;
        --replay) replay=1; shift ;;
        --summary) summary_only=1; shift ;;
        -h|--help) sed -n '2,22p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
        -*) echo "fuzz.sh: unknown option $1" >&2; exit 64 ;;
        *) targets+=("$1"); shift ;;
    esac
done
[ ${#targets[@]} -eq 0 ] && targets=("${all_targets[@]}")
for target in "${targets[@]}"; do
    if [ ! -d "Fuzz/Targets/fuzz-$target" ]; then
        echo "fuzz.sh: no target '$target' (targets: ${all_targets[*]})" >&2
        exit 64
    fi
done

scratch=.build-fuzz
bin="$scratch/x86_64-unknown-linux-gnu/debug"
mkdir -p "$scratch/logs" "$scratch/corpus"

build() {
    local product="fuzz-$1"
    echo "==> building $product (-sanitize=fuzzer,address)"
    BUYFLOW_FUZZ=1 swift build --scratch-path "$scratch" -c debug -Xswiftc -sanitize=fuzzer,address \
        --product "$product" 2>&1 | grep -v "ld.gold: warning: Cannot export local symbol" \
        | grep -E "error|warning:|Compiling fuzz|complete" || true
    [ -x "$bin/$product" ] || { echo "fuzz.sh: $product did not build" >&2; exit 1; }
}

if [ "$summary_only" = 0 ]; then
for target in "${targets[@]}"; do build "$target"; done
[ "$build_only" = 1 ] && exit 0

# libFuzzer options shared by every run.
common=(-timeout=10 -rss_limit_mb=2048 -malloc_limit_mb=2048 -max_len=16384 -print_final_stats=1)
export ASAN_OPTIONS="${ASAN_OPTIONS:-detect_leaks=0:allocator_may_return_null=0}"

if [ "$replay" = 1 ]; then
    status=0
    for target in "${targets[@]}"; do
        inputs=(Fuzz/Corpus/"$target"/*)
        [ -d "Fuzz/Regressions/$target" ] && inputs+=(Fuzz/Regressions/"$target"/*)
        echo "==> replaying ${#inputs[@]} inputs through fuzz-$target"
        if ! "$bin/fuzz-$target" "${common[@]}" -runs=1 "${inputs[@]}" >"$scratch/logs/$target-replay.log" 2>&1; then
            echo "fuzz-$target failed on a replayed input: see $scratch/logs/$target-replay.log" >&2
            tail -30 "$scratch/logs/$target-replay.log" >&2
            status=1
        fi
    done
    exit $status
fi

run() {
    local target="$1"
    local corpus="$scratch/corpus/$target"
    local findings="Fuzz/Findings/$target"
    mkdir -p "$corpus" "$findings"
    local dict=()
    [ -f "Fuzz/Dictionaries/$target.dict" ] && dict=(-dict="Fuzz/Dictionaries/$target.dict")
    echo "==> fuzz-$target for ${seconds}s"
    # The working corpus first (new inputs are written there), then the committed seeds.
    "$bin/fuzz-$target" "${common[@]}" "${dict[@]}" -max_total_time="$seconds" \
        -artifact_prefix="$findings/" "$corpus" "Fuzz/Corpus/$target" >"$scratch/logs/$target.log" 2>&1 || true
}

pids=()
for target in "${targets[@]}"; do
    run "$target" &
    pids+=($!)
    while [ "$(jobs -rp | wc -l)" -ge "$jobs" ]; do sleep 1; done
done
wait "${pids[@]}" 2>/dev/null || true
fi

status=0
printf '\n%-12s %14s %9s %9s %9s %8s  %s\n' target executions exec/s coverage features corpus findings
for target in "${targets[@]}"; do
    log="$scratch/logs/$target.log"
    runs=$(grep -oE 'stat::number_of_executed_units: +[0-9]+' "$log" | awk '{print $2}' | tail -1 || true)
    speed=$(grep -oE 'stat::average_exec_per_sec: +[0-9]+' "$log" | awk '{print $2}' | tail -1 || true)
    last=$(grep -E '^#[0-9]+.*cov: ' "$log" | tail -1 || true)
    cov=$(sed -nE 's/.*cov: ([0-9]+).*/\1/p' <<<"$last")
    ft=$(sed -nE 's/.*ft: ([0-9]+).*/\1/p' <<<"$last")
    corp=$(sed -nE 's/.*corp: ([0-9]+).*/\1/p' <<<"$last")
    found=$(find "Fuzz/Findings/$target" -maxdepth 1 -type f \( -name 'crash-*' -o -name 'timeout-*' -o -name 'oom-*' -o -name 'leak-*' -o -name 'slow-unit-*' \) | wc -l)
    if grep -qE '^==[0-9]+==ERROR|deadly signal|ERROR: libFuzzer' "$log"; then found=$((found > 0 ? found : 1)); fi
    [ "$found" -gt 0 ] && status=1
    printf '%-12s %14s %9s %9s %9s %8s  %s\n' "$target" "${runs:-?}" "${speed:-?}" "${cov:-?}" "${ft:-?}" "${corp:-?}" "$found"
done
[ "$status" = 0 ] || echo "findings in Fuzz/Findings/<target>/ (logs in $scratch/logs/)" >&2
exit $status
