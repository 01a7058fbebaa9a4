#!/usr/bin/env bash
# Runs a fuzz target for a while (README, "Fuzzing"):
#   fuzz/run.sh TARGET SECONDS [JOBS]
#   fuzz/run.sh all SECONDS [JOBS]     (each target in turn)
# Seeds the corpus first (fuzz/seeds.sh), fuzzes with libFuzzer's
# memory and time limits per input, prints the executions, and appends
# `DATE TARGET SECONDS EXECS CPU` to fuzz/hours.log (CPU: the seconds of
# user and system time the fuzzing used, its workers included; beside
# other work, less than SECONDS). A crash, timeout or out-of-memory input
# is left in fuzz/artifacts/TARGET/ and the exit status is not 0
# (FUZZ_KEEP_GOING=1: fuzzing goes on after one).
# FUZZ_NO_BUILD=1 runs the target as last built.
set -uo pipefail
# This script by an absolute path: `all` runs it again from fuzz/.
self="$(cd "$(dirname "$0")" && pwd)/$(basename "$0")"
cd "$(dirname "$0")"

if [ $# -lt 2 ]; then
  echo "usage: $0 TARGET|all SECONDS [JOBS]" >&2
  exit 2
fi
target=$1
secs=$2
jobs=${3:-1}
# As the root's .cargo/config.toml (RUSTFLAGS replaces it): POPCNT and
# SSE4.2. The same flags every time, or cargo rebuilds everything.
export RUSTFLAGS="${RUSTFLAGS:--C target-cpu=x86-64-v2}"

if [ "$target" = all ]; then
  status=0
  for t in $(cargo +nightly fuzz list); do
    "$self" "$t" "$secs" "$jobs" || status=1
  done
  exit $status
fi

./seeds.sh "$target" || exit 1
# FUZZ_NO_BUILD=1: the binary built last, as it is (while the tree does
# not build, say).
bin=target/x86_64-unknown-linux-gnu/release/$target
if [ -z "${FUZZ_NO_BUILD:-}" ]; then
  cargo +nightly fuzz build "$target" || exit 1
elif [ ! -x "$bin" ]; then
  echo "no $bin: run cargo +nightly fuzz build first" >&2
  exit 1
fi
log=$(mktemp)
args=(-max_total_time="$secs" -rss_limit_mb=2048 -timeout=10 -print_final_stats=1)
if [ "$jobs" -gt 1 ]; then
  args+=(-jobs="$jobs" -workers="$jobs")
fi
# FUZZ_KEEP_GOING=1: on after a crash, timeout or out-of-memory input
# (libFuzzer's fork mode), to find several in one run.
if [ -n "${FUZZ_KEEP_GOING:-}" ]; then
  args+=(-fork=1 -ignore_crashes=1 -ignore_timeouts=1 -ignore_ooms=1)
fi
rm -f fuzz-*.log
# CPU seconds (user + system) of this shell's waited-for children so far,
# into $cpu_now (`times` in this shell: a subshell's children are not
# these).
times_file=$(mktemp)
child_cpu() {
  times >"$times_file"
  cpu_now=$(tail -1 "$times_file" | awk '{
    t = 0
    for (i = 1; i <= 2; i++) { split($i, p, /[ms]/); t += p[1] * 60 + p[2] }
    printf "%d", t }')
}
child_cpu
cpu_start=$cpu_now
start=$(date +%s)
if [ -z "${FUZZ_NO_BUILD:-}" ]; then
  cargo +nightly fuzz run "$target" "corpus/$target" -- "${args[@]}" 2>&1 | tee "$log"
  status=${PIPESTATUS[0]}
else
  mkdir -p "artifacts/$target"
  ASAN_OPTIONS=detect_odr_violation=0 "$bin" -artifact_prefix="artifacts/$target/" "${args[@]}" \
    "corpus/$target" 2>&1 | tee "$log"
  status=${PIPESTATUS[0]}
fi
elapsed=$(($(date +%s) - start))
child_cpu
cpu=$((cpu_now - cpu_start))
rm -f "$times_file"
# With JOBS, each worker's final stats are in its fuzz-N.log.
# (Fork mode prints no final stats: its last `#N` count instead.)
execs=$(cat "$log" fuzz-*.log 2>/dev/null | awk '
  /stat::number_of_executed_units/ {n += $2; stats = 1}
  /^#[0-9]+/ {c = substr($1, 2) + 0; if (c > last) last = c}
  END {print (stats ? n : last) + 0}')
rm -f "$log" fuzz-*.log
echo "fuzz: $target: $execs executions in $elapsed s, $cpu CPU s (status $status)"
echo "$(date -u +%Y-%m-%dT%H:%M:%SZ) $target $elapsed $execs $cpu" >>hours.log
exit "$status"
