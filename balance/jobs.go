package balance

import (
	"encoding/json"
	"fmt"
	"path"
	"strconv"
	"strings"
)

// JobParams are how the job files run a manifest's shards: the paths as
// the machines see them, relative to the job's working folder (or
// absolute), and each scheduler's own settings.
type JobParams struct {
	// Manifest is the manifest's path, Content the content folder (""
	// the built-in starter), Results the folder the shards write into,
	// shard I in Results/shard-I (a volume, or an object store mounted
	// as one).
	Manifest, Content, Results string
	// Image is the container image of the Kubernetes Job (with wbtool
	// on its PATH); Claim the persistent volume claim mounted at /work,
	// its working folder.
	Image, Claim string
	// Parallel bounds the shards run at once (0: the scheduler's own
	// limit); Retries is each shard's retries (Kubernetes'
	// backoffLimitPerIndex, SLURM's requeue count in a comment).
	Parallel, Retries int
	// Install is the CI step's command that puts wbtool on the PATH.
	Install string
	// Timeout is each shard's time budget (wbtool's --timeout), "" for
	// wbtool's default.
	Timeout string
}

// MatrixLimit is the most jobs one GitHub Actions matrix may make.
const MatrixLimit = 256

// jobName is the jobs' name: the manifest's ID, short.
func (m *Manifest) jobName() string {
	id := strings.TrimPrefix(m.ID, "sha256:")
	return "wbtool-balance-" + id[:min(12, len(id))]
}

// yq quotes s as a YAML double-quoted scalar (JSON's quoting is YAML's).
func yq(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}

// ShellQuote quotes s for a POSIX shell (as is when nothing needs it).
func ShellQuote(s string) string {
	if s != "" && strings.IndexFunc(s, func(r rune) bool {
		return !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || strings.ContainsRune("-_./:=@%+,", r))
	}) < 0 {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

// runArgs are the arguments of `wbtool balance run` for the manifest,
// without the shard and the output folder.
func (p JobParams) runArgs() []string {
	args := []string{"wbtool", "balance", "run", "--manifest", p.Manifest}
	if p.Content != "" {
		args = append(args, "--content", p.Content)
	}
	if p.Timeout != "" {
		args = append(args, "--timeout", p.Timeout)
	}
	return args
}

// Commands is one command line per shard, for any other scheduler
// (HTCondor, GNU parallel, xargs).
func (m *Manifest) Commands(p JobParams) string {
	var b strings.Builder
	base := quoteAll(p.runArgs())
	for i := range m.Shards {
		dir := path.Join(p.Results, "shard-"+strconv.Itoa(i))
		fmt.Fprintf(&b, "%s --shard %d --out %s\n", base, i, ShellQuote(dir))
	}
	return b.String()
}

func quoteAll(args []string) string {
	q := make([]string, len(args))
	for i, a := range args {
		q[i] = ShellQuote(a)
	}
	return strings.Join(q, " ")
}

// MergeCommand is the command that merges the shards' results.
func (m *Manifest) MergeCommand(p JobParams) string {
	return quoteAll([]string{"wbtool", "balance", "merge", "--manifest", p.Manifest, "--out", p.Results, p.Results})
}

// KubernetesJob is an Indexed Job playing the manifest's shards: one
// completion per shard, each index retried on its own
// (backoffLimitPerIndex); the pod reads its shard from
// JOB_COMPLETION_INDEX, which `wbtool balance run` reads when --shard is
// not given.
func (m *Manifest) KubernetesJob(p JobParams) string {
	var b strings.Builder
	fmt.Fprintf(&b, "# A Kubernetes Indexed Job for the balance run of manifest %s:\n", m.ID)
	fmt.Fprintf(&b, "# %d shards of at most %d games. The volume claim %s holds the manifest\n", m.Shards, m.ShardSize, p.Claim)
	fmt.Fprintf(&b, "# (%s), the content and the results (%s), mounted at /work.\n", p.Manifest, p.Results)
	b.WriteString("# kubectl apply -f job.yaml; then: " + m.MergeCommand(p) + "\n")
	b.WriteString("apiVersion: batch/v1\nkind: Job\nmetadata:\n")
	fmt.Fprintf(&b, "  name: %s\n", m.jobName())
	b.WriteString("  labels:\n    app.kubernetes.io/name: wbtool-balance\n")
	b.WriteString("spec:\n  completionMode: Indexed\n")
	fmt.Fprintf(&b, "  completions: %d\n", m.Shards)
	par := m.Shards
	if p.Parallel > 0 {
		par = min(par, p.Parallel)
	}
	fmt.Fprintf(&b, "  parallelism: %d\n", par)
	fmt.Fprintf(&b, "  backoffLimitPerIndex: %d\n", p.Retries)
	b.WriteString("  template:\n    metadata:\n      labels:\n        app.kubernetes.io/name: wbtool-balance\n")
	b.WriteString("    spec:\n      restartPolicy: Never\n      containers:\n        - name: shard\n")
	fmt.Fprintf(&b, "          image: %s\n", yq(p.Image))
	b.WriteString("          workingDir: /work\n")
	b.WriteString("          env:\n            - name: RESULTS\n")
	fmt.Fprintf(&b, "              value: %s\n", yq(p.Results))
	b.WriteString("          command:\n")
	for _, a := range append(p.runArgs(), "--out", "$(RESULTS)/shard-$(JOB_COMPLETION_INDEX)") {
		fmt.Fprintf(&b, "            - %s\n", yq(a))
	}
	b.WriteString("          resources:\n            requests:\n              cpu: \"1\"\n")
	b.WriteString("          volumeMounts:\n            - name: work\n              mountPath: /work\n")
	b.WriteString("      volumes:\n        - name: work\n          persistentVolumeClaim:\n")
	fmt.Fprintf(&b, "            claimName: %s\n", yq(p.Claim))
	return b.String()
}

// SlurmScript is a SLURM array script: one array task per shard. The
// shard is the task's index (SLURM_ARRAY_TASK_ID) plus WBTOOL_SHARD_OFFSET
// for a run larger than the cluster's MaxArraySize; the shard count is
// the manifest's, never the array's (a retried task's array has one task).
func (m *Manifest) SlurmScript(p JobParams) string {
	var b strings.Builder
	b.WriteString("#!/bin/bash\n")
	fmt.Fprintf(&b, "#SBATCH --job-name=%s\n", m.jobName())
	arr := fmt.Sprintf("0-%d", m.Shards-1)
	if p.Parallel > 0 {
		arr += "%" + strconv.Itoa(p.Parallel)
	}
	fmt.Fprintf(&b, "#SBATCH --array=%s\n", arr)
	b.WriteString("#SBATCH --cpus-per-task=1\n#SBATCH --ntasks=1\n#SBATCH --requeue\n")
	fmt.Fprintf(&b, "#SBATCH --output=%s\n", ShellQuote(path.Join(p.Results, "slurm-%A_%a.out")))
	fmt.Fprintf(&b, "# The balance run of manifest %s: %d shards of at most %d games.\n", m.ID, m.Shards, m.ShardSize)
	fmt.Fprintf(&b, "# mkdir -p %s, then sbatch balance.slurm from the folder that holds the\n", ShellQuote(p.Results))
	b.WriteString("# manifest and the content (SLURM opens the --output file before it runs).\n")
	b.WriteString("#\n")
	b.WriteString("# content. A cluster whose MaxArraySize is below the shard count runs it in\n")
	b.WriteString("# parts: sbatch --array=0-999 balance.slurm, then\n")
	b.WriteString("# WBTOOL_SHARD_OFFSET=1000 sbatch --array=0-999 balance.slurm, and so on.\n")
	b.WriteString("# A failed shard runs again alone: sbatch --array=I balance.slurm.\n")
	b.WriteString("# Then: " + m.MergeCommand(p) + "\n")
	b.WriteString("set -euo pipefail\n")
	b.WriteString(": \"${SLURM_ARRAY_TASK_ID:?run with sbatch: the shard is the array task index}\"\n")
	b.WriteString("shard=$((${WBTOOL_SHARD_OFFSET:-0} + SLURM_ARRAY_TASK_ID))\n")
	fmt.Fprintf(&b, "exec %s --shard \"$shard\" --out %s\"/shard-$shard\"\n", quoteAll(p.runArgs()), ShellQuote(p.Results))
	return b.String()
}

// GitHubWorkflow is a GitHub Actions workflow: the shards as matrix jobs
// of at most MatrixLimit each (a larger run is split into several
// matrices), each uploading its result as an artifact, then a job that
// merges them.
func (m *Manifest) GitHubWorkflow(p JobParams) string {
	var b strings.Builder
	fmt.Fprintf(&b, "# The balance run of manifest %s: %d shards of at most %d games,\n", m.ID, m.Shards, m.ShardSize)
	fmt.Fprintf(&b, "# in %d matrices of at most %d jobs.\n", m.matrices(), MatrixLimit)
	fmt.Fprintf(&b, "name: %s\non:\n  workflow_dispatch:\njobs:\n", m.jobName())
	var needs []string
	for j := range m.matrices() {
		name := fmt.Sprintf("shards-%d", j)
		needs = append(needs, name)
		fmt.Fprintf(&b, "  %s:\n    runs-on: ubuntu-latest\n    strategy:\n      fail-fast: false\n", name)
		if p.Parallel > 0 {
			fmt.Fprintf(&b, "      max-parallel: %d\n", p.Parallel)
		}
		b.WriteString("      matrix:\n        shard: [")
		for i := j * MatrixLimit; i < min(m.Shards, (j+1)*MatrixLimit); i++ {
			if i > j*MatrixLimit {
				b.WriteString(", ")
			}
			b.WriteString(strconv.Itoa(i))
		}
		b.WriteString("]\n    steps:\n      - uses: actions/checkout@v4\n")
		fmt.Fprintf(&b, "      - run: %s\n", yq(p.Install))
		fmt.Fprintf(&b, "      - run: %s\n", yq(quoteAll(p.runArgs())+" --shard ${{ matrix.shard }} --out "+ShellQuote(p.Results)+"/shard-${{ matrix.shard }}"))
		b.WriteString("      - uses: actions/upload-artifact@v4\n        with:\n          name: shard-${{ matrix.shard }}\n")
		fmt.Fprintf(&b, "          path: %s\n", yq(path.Join(p.Results, "shard-${{ matrix.shard }}", "balance")))
	}
	b.WriteString("  merge:\n    runs-on: ubuntu-latest\n    if: ${{ always() }}\n")
	fmt.Fprintf(&b, "    needs: [%s]\n", strings.Join(needs, ", "))
	b.WriteString("    steps:\n      - uses: actions/checkout@v4\n")
	fmt.Fprintf(&b, "      - run: %s\n", yq(p.Install))
	b.WriteString("      - uses: actions/download-artifact@v4\n        with:\n          pattern: shard-*\n")
	fmt.Fprintf(&b, "          path: %s\n", yq(p.Results))
	fmt.Fprintf(&b, "      - run: %s\n", yq(m.MergeCommand(p)))
	b.WriteString("      - uses: actions/upload-artifact@v4\n        with:\n          name: balance\n")
	fmt.Fprintf(&b, "          path: %s\n", yq(path.Join(p.Results, "balance")))
	return b.String()
}

// matrices is the number of GitHub Actions matrices the shards need.
func (m *Manifest) matrices() int { return (m.Shards + MatrixLimit - 1) / MatrixLimit }
