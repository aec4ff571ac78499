#!/usr/bin/env bash
# Runs the test suite under a sanitizer, in its own scratch directory (.build-asan,
# .build-tsan), so the normal build is untouched.
#
#   Scripts/sanitizers.sh address [--filter REGEX] [--parallel]   AddressSanitizer: every suite
#   Scripts/sanitizers.sh thread  [--filter REGEX] [--parallel]   ThreadSanitizer, with Scripts/tsan.supp
#
# The tests run one at a time unless --parallel: under a sanitizer's slowdown, the suites
# that time servers (idle timeouts, deferred replies, connection reuse) miss their bounds
# when a thousand tests share two cores.
#
# Exit 0 only when the tests pass and the sanitizer reported nothing. The test log is
# .build-<asan|tsan>/sanitizer.log; the sanitizer's reports, of the test process and of
# every `buyflow` it starts (they are built with the same sanitizer), go to
# .build-<asan|tsan>/report.<pid> and are counted and summarised at the end.
#
# AddressSanitizer runs with detect_leaks=0: LeakSanitizer cannot follow Swift's tagged
# pointers (enum payloads with spare bits), so it reports objects reachable only through
# them — one-time statics such as parsed schemas — as leaked. Growth is checked instead
# by the soak (Scripts/soak.sh) and the fuzzers' RSS limit. Scripts/asan.supp silences
# one toolchain bug (Foundation's Process.run reading past a dirent).
#
# ThreadSanitizer on Linux does not see the futex-based lock of Synchronization.Mutex
# as synchronisation, and reports every access made under the lock from two threads as a
# race. Scripts/tsan.supp suppresses races whose stack passes through Mutex.withLock
# (and nothing else); races anywhere else are still reported.
set -euo pipefail
cd "$(dirname "$0")/.."

kind="${1:-}"
shift || true
filter=()
parallel=(--no-parallel)
while [ $# -gt 0 ]; do
    case "$1" in
        --filter) filter=(--filter "$2"); shift 2 ;;
        --parallel) parallel=(); shift ;;
        *) echo "sanitizers.sh: unknown argument $1" >&2; exit 64 ;;
    esac
done

case "$kind" in
    address)
        scratch=.build-asan
        export ASAN_OPTIONS="suppressions=$PWD/Scripts/asan.supp:detect_leaks=0:halt_on_error=1:strict_string_checks=1:check_initialization_order=1:log_path=$PWD/$scratch/report"
        pattern='ERROR: AddressSanitizer'
        ;;
    thread)
        scratch=.build-tsan
        # exitcode=0: a child `buyflow` (built with the same sanitizer) that found a race
        # still exits with its own code, so the tests judge its behaviour; the race is
        # counted from its report file.
        export TSAN_OPTIONS="suppressions=$PWD/Scripts/tsan.supp:halt_on_error=0:exitcode=0:second_deadlock_stack=1:report_signal_unsafe=0:log_path=$PWD/$scratch/report"
        pattern='WARNING: ThreadSanitizer'
        ;;
    *)
        echo "usage: Scripts/sanitizers.sh address|thread [--filter REGEX]" >&2
        exit 64
        ;;
esac

mkdir -p "$scratch"
rm -f "$scratch"/report.*
log="$scratch/sanitizer.log"
echo "==> building with --sanitize=$kind in $scratch"
if ! swift build --build-tests --sanitize="$kind" --scratch-path "$scratch" >"$scratch/build.log" 2>&1; then
    grep -E "error" "$scratch/build.log" | sort -u | head -20 >&2
    echo "sanitizers.sh: the build failed (log: $scratch/build.log)" >&2
    exit 1
fi
echo "==> swift test --sanitize=$kind ${parallel[*]} ${filter[*]}"
set +e
swift test --skip-build --sanitize="$kind" --scratch-path "$scratch" "${parallel[@]}" "${filter[@]}" >"$log" 2>&1
status=$?
set -e
grep -E "Test run with|Executed [0-9]+ tests" "$log" | tail -2 || true
files=("$scratch"/report.*)
reports=0
if [ -e "${files[0]}" ]; then
    reports=$(cat "${files[@]}" | grep -c "$pattern" || true)
    echo "reports by place (processes with reports: ${#files[@]}):"
    cat "${files[@]}" | grep -E "^SUMMARY: " | sed -E 's/0x[0-9a-f]+//g; s/ in \$s[^ ]*$//' | sort | uniq -c | sort -rn | head -40 || true
fi
echo "sanitizer reports: $reports (test log: $log, reports: $scratch/report.*)"
[ "$reports" -gt 0 ] && exit 1
exit $status
