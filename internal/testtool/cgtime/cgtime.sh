#!/usr/bin/env bash
# cgtime.sh CMD...: run CMD in its own cpuacct cgroup and print the CPU of
# the whole process tree (orphaned Chromium renderers included), to stderr.
# go test's and time(1)'s CPU figures count only the children a process
# waited for: the renderers of a Chromium that was killed are not, and
# they were half of site/browsertest's CPU. Needs cgroup v1's cpuacct
# (root), as on the project's CI machines:
#
#	internal/testtool/cgtime/cgtime.sh make test
set -u
if [ ! -w /sys/fs/cgroup/cpuacct ]; then
	echo "cgtime: no writable cgroup v1 cpuacct at /sys/fs/cgroup/cpuacct (root on a cgroup v1 machine)" >&2
	exit 2
fi
name=cg$$_$RANDOM
d=/sys/fs/cgroup/cpuacct/$name
mkdir "$d"
start=$(date +%s.%N)
bash -c 'echo $$ > '"$d"'/cgroup.procs; exec "$@"' _ "$@"
rc=$?
end=$(date +%s.%N)
ns=$(cat "$d/cpuacct.usage")
# wait for stragglers, then remove
while read -r p; do kill -9 "$p" 2>/dev/null; done <"$d/cgroup.procs"
sleep 0.2
rmdir "$d" 2>/dev/null
printf 'cgtime: %.1f s wall, %.1f s CPU (whole tree), exit %d\n' "$(echo "$end - $start" | bc)" "$(echo "$ns / 1000000000" | bc -l)" "$rc" >&2
exit $rc
