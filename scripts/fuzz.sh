#!/usr/bin/env bash
# libFuzzer targets for every parser (the Fuzz/ package; see Fuzz/README.md).
#
#   scripts/fuzz.sh [TARGET...]                  CI: build, then run each target FUZZ_SECONDS
#                                                (default 20) on a temp copy of its seeds
#   scripts/fuzz.sh --long [SECONDS] [TARGET...] each target up to 10 million executions or
#                                                SECONDS (default 14400), one process at a time,
#                                                on a local corpus that keeps what it finds
#
# Every run replays Fuzz/Regressions/<Target>/ first (FUZZ_SKIP_REGRESSIONS=1 skips them). A
# crash, an invariant violation (==FUZZ INVARIANT==), a timeout (-timeout=10) or an OOM
# (-rss_limit_mb=2048) fails the target; its input is saved under Fuzz/artifacts/<Target>/ (as is
# each target's log). Exit status: 0 when every target ran clean.
# Environment: FUZZ_SECONDS, FUZZ_IGNORE (invariant ids to skip), FUZZ_ARGS (more libFuzzer flags).
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
FUZZ=$ROOT/Fuzz

LONG=0
SECONDS_PER=${FUZZ_SECONDS:-20}
if [ "${1:-}" = "--long" ]; then
    LONG=1
    shift
    SECONDS_PER=14400
    if [[ "${1:-}" =~ ^[0-9]+$ ]]; then SECONDS_PER=$1; shift; fi
fi
ALL=(FuzzFrontmatter FuzzFrontmatterEdit FuzzCheckboxLine FuzzQuickEntry FuzzDatePhrase FuzzRecurrence
     FuzzOrderFile FuzzNoteReader FuzzIndexCodec FuzzQuery FuzzImporters)
TARGETS=("$@")
[ ${#TARGETS[@]} -gt 0 ] || TARGETS=("${ALL[@]}")
for t in "${TARGETS[@]}"; do
    [[ " ${ALL[*]} " == *" $t "* ]] || { echo "unknown target $t (targets: ${ALL[*]})" >&2; exit 2; }
done

# Sanitized release build. ld.gold's "Cannot export local symbol" warnings are harmless noise.
BUILD=(swift build --package-path "$FUZZ" -c release -Xswiftc -sanitize=fuzzer,address -Xswiftc -enable-testing)
echo "== building the fuzz targets: ${BUILD[*]}"
start=$(date +%s)
set +e
"${BUILD[@]}" 2>&1 | grep -v -e 'Cannot export local symbol' -e '^\['
built=${PIPESTATUS[0]}
set -e
[ "$built" -eq 0 ] || { echo "fuzz build failed" >&2; exit 1; }
echo "== built in $(( $(date +%s) - start )) s"
BIN=$("${BUILD[@]}" --show-bin-path)

# Crashes are reported by libFuzzer and AddressSanitizer: the Swift runtime's own backtracer
# trips over ASan's shadow memory and hides the real stack.
export SWIFT_BACKTRACE=enable=no
# Leaks inside Foundation itself (not the project's code) are not reported.
export LSAN_OPTIONS="suppressions=$FUZZ/lsan.supp${LSAN_OPTIONS:+:$LSAN_OPTIONS}"
WORK=$(mktemp -d "${TMPDIR:-/tmp}/todomd-fuzz.XXXXXX")
trap 'rm -rf "$WORK"' EXIT
declare -A STATUS EXECS RATE NEW ARTIFACT
failed=0
for t in "${TARGETS[@]}"; do
    out=$FUZZ/artifacts/$t
    mkdir -p "$out"
    if [ $LONG = 1 ]; then
        corpus=$FUZZ/artifacts/corpus/$t   # grows across long runs; never the repo's seeds
        mkdir -p "$corpus"
        cp -n "$FUZZ/Corpus/$t/"* "$corpus/" 2>/dev/null || true
        limits=(-runs=10000000 -max_total_time="$SECONDS_PER")
    else
        corpus=$WORK/$t
        mkdir -p "$corpus"
        cp "$FUZZ/Corpus/$t/"* "$corpus/" 2>/dev/null || true
        limits=(-max_total_time="$SECONDS_PER")
    fi
    # Known crashes first: a fixed one must stay fixed.
    seeds=("$corpus")
    if [ "${FUZZ_SKIP_REGRESSIONS:-0}" != 1 ] && [ -d "$FUZZ/Regressions/$t" ] && [ -n "$(ls -A "$FUZZ/Regressions/$t")" ]; then
        seeds+=("$FUZZ/Regressions/$t")
    fi
    log=$out/fuzz.log
    echo "== $t: ${limits[*]}"
    set +e
    # shellcheck disable=SC2086
    "$BIN/$t" "${seeds[@]}" "${limits[@]}" -timeout=10 -rss_limit_mb=2048 -print_final_stats=1 \
        -artifact_prefix="$out/" ${FUZZ_ARGS:-} > "$log" 2>&1
    rc=$?
    set -e
    EXECS[$t]=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$log" | tail -1 | grep -o '[0-9]*$' || echo "?")
    RATE[$t]=$(grep -o 'stat::average_exec_per_sec: *[0-9]*' "$log" | tail -1 | grep -o '[0-9]*$' || echo "?")
    NEW[$t]=$(grep -o 'stat::new_units_added: *[0-9]*' "$log" | tail -1 | grep -o '[0-9]*$' || echo "?")
    ARTIFACT[$t]=$(grep -o 'Test unit written to .*' "$log" | tail -1 | sed 's/^Test unit written to //' || true)
    if [ $rc -eq 0 ]; then
        STATUS[$t]=ok
    else
        failed=1
        reason=$(grep -m1 -o -e '==FUZZ INVARIANT== \[[^]]*\]' -e 'ERROR: libFuzzer: [a-z-]*' -e 'ERROR: [A-Za-z]*Sanitizer: [a-z -]*' \
                 -e 'Swift runtime failure: [^/]*' -e 'Fatal error: .*' "$log" | head -1 || true)
        STATUS[$t]="FAIL (${reason:-exit $rc})"
        echo "   FAILED: ${reason:-exit $rc}"
        [ -n "${ARTIFACT[$t]}" ] && echo "   crashing input: ${ARTIFACT[$t]}"
        echo "   log: $log"
        grep -A12 -e '==FUZZ INVARIANT==' -e 'Swift runtime failure' "$log" | head -24 | sed 's/^/   | /' || true
    fi
    echo "   executions: ${EXECS[$t]} (${RATE[$t]}/s), new units: ${NEW[$t]}"
done

echo
printf '%-22s %12s %8s %6s  %s\n' TARGET EXECUTIONS EXEC/S NEW STATUS
for t in "${TARGETS[@]}"; do
    printf '%-22s %12s %8s %6s  %s\n' "$t" "${EXECS[$t]}" "${RATE[$t]}" "${NEW[$t]}" "${STATUS[$t]}"
    [ -z "${ARTIFACT[$t]}" ] || printf '%-22s %s\n' "" "input: ${ARTIFACT[$t]}"
done
exit $failed
