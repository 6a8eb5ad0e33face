#!/usr/bin/env bash
# underload: run `make test` RUNS times in a row beside HOGS busy loops (each
# keeps one core busy, as `stress-ng --cpu 1` would), every test re-run
# (GOFLAGS=-count=1), and stop at the first red run. It prints each run's
# wall and CPU time (user + system, children included) and the machine's
# load average, so the "green under load" claim of issue 26 can be
# repeated on any machine:
#
#	make test-under-load              # 3 runs beside 2 hogs
#	make test-under-load RUNS=1 HOGS=4
#
# Each run's output goes to $LOGDIR/run-N.log (default: a temporary folder).
set -euo pipefail
runs=${RUNS:-3}
hogs=${HOGS:-2}
logdir=${LOGDIR:-$(mktemp -d "${TMPDIR:-/tmp}/underload.XXXXXX")}
mkdir -p "$logdir"
[ -x /usr/bin/time ] || { echo "underload: needs GNU time (/usr/bin/time; Debian package time)" >&2; exit 2; }

pids=()
stop_hogs() {
	for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done
	wait 2>/dev/null || true
}
trap stop_hogs EXIT
for _ in $(seq "$hogs"); do
	sh -c 'while :; do :; done' &
	pids+=("$!")
done

echo "underload: $runs run(s) of make test beside $hogs busy loop(s); logs in $logdir"
for i in $(seq "$runs"); do
	log="$logdir/run-$i.log"
	start=$(date +%s)
	if GOFLAGS=-count=1 /usr/bin/time -f '%e %U %S' -o "$logdir/time-$i" make --no-print-directory test >"$log" 2>&1; then
		verdict=green
	else
		verdict=red
	fi
	read -r wall user sys <"$logdir/time-$i"
	printf 'run %d: %s, %s s wall (%d min %02d s), %.0f s CPU, load %s\n' "$i" "$verdict" "$wall" \
		$(( ${wall%.*} / 60 )) $(( ${wall%.*} % 60 )) "$(awk -v u="$user" -v s="$sys" 'BEGIN{print u+s}')" "$(cut -d' ' -f1-3 /proc/loadavg)"
	if [ "$verdict" = red ]; then
		grep -E '^(--- FAIL|FAIL|make)' "$log" | head -20 || true
		echo "underload: run $i failed after $(( $(date +%s) - start )) s; log: $log"
		exit 1
	fi
done
echo "underload: $runs green run(s) in a row"
