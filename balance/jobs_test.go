package balance_test

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"go.yaml.in/yaml/v3"

	"wbtool.dev/wbtool/balance"
	"wbtool.dev/wbtool/balance/balancetest"
	"wbtool.dev/wbtool/internal/testtool"
)

// jobParams are job files' parameters with every field set.
var jobParams = balance.JobParams{Manifest: "plan/balance/manifest.json", Content: "my cards", Results: "/mnt/results",
	Image: "registry.example/wbtool:1.2", Claim: "balance-pvc", Parallel: 50, Retries: 4,
	Install: "go install wbtool.dev/wbtool/cmd/wbtool@v1", Timeout: "2h"}

// coinPlan plans games per matchup of a coin game of four decks (12
// matchups) in shards.
func coinPlan(t *testing.T, games, shards int) *balance.Manifest {
	t.Helper()
	lab := &balancetest.CoinLab{Decks: []string{"a", "b", "c", "d"}, Elo: []float64{0, 10, 20, 30}}
	m, err := balance.Plan(lab, balance.Settings{Bot: "random", Games: games, Seed: 1}, shards, 0)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// TestGitHubWorkflow decodes the workflow strictly into its shape: a run
// of N shards is split into matrices of at most 256 jobs that hold every
// shard once, and the merge job needs them all.
func TestGitHubWorkflow(t *testing.T) {
	type step struct {
		Uses string            `yaml:"uses"`
		Run  string            `yaml:"run"`
		With map[string]string `yaml:"with"`
	}
	type job struct {
		RunsOn   string   `yaml:"runs-on"`
		If       string   `yaml:"if"`
		Needs    []string `yaml:"needs"`
		Strategy *struct {
			FailFast    bool `yaml:"fail-fast"`
			MaxParallel int  `yaml:"max-parallel"`
			Matrix      struct {
				Shard []int `yaml:"shard"`
			} `yaml:"matrix"`
		} `yaml:"strategy"`
		Steps []step `yaml:"steps"`
	}
	for _, tc := range []struct{ shards, matrices int }{{1, 1}, {256, 1}, {257, 2}, {600, 3}, {1200, 5}} {
		m := coinPlan(t, 100, tc.shards)
		var wf struct {
			Name string `yaml:"name"`
			On   struct {
				WorkflowDispatch any `yaml:"workflow_dispatch"`
			} `yaml:"on"`
			Jobs map[string]job `yaml:"jobs"`
		}
		dec := yaml.NewDecoder(strings.NewReader(m.GitHubWorkflow(jobParams)))
		dec.KnownFields(true)
		if err := dec.Decode(&wf); err != nil {
			t.Fatalf("%d shards: %v", tc.shards, err)
		}
		var got []int
		var matrices []string
		for name, j := range wf.Jobs {
			if j.Strategy == nil {
				continue
			}
			matrices = append(matrices, name)
			if n := len(j.Strategy.Matrix.Shard); n == 0 || n > balance.MatrixLimit {
				t.Errorf("%d shards: %s: %d jobs in its matrix", tc.shards, name, n)
			}
			if j.Strategy.FailFast || j.Strategy.MaxParallel != 50 {
				t.Errorf("%d shards: %s: fail-fast %v, max-parallel %d", tc.shards, name, j.Strategy.FailFast, j.Strategy.MaxParallel)
			}
			got = append(got, j.Strategy.Matrix.Shard...)
			want := "wbtool balance run --manifest plan/balance/manifest.json --content 'my cards' --timeout 2h --shard ${{ matrix.shard }} --out /mnt/results/shard-${{ matrix.shard }}"
			if len(j.Steps) != 4 || j.Steps[1].Run != jobParams.Install || j.Steps[2].Run != want || j.Steps[3].With["name"] != "shard-${{ matrix.shard }}" {
				t.Errorf("%d shards: %s: steps %+v", tc.shards, name, j.Steps)
			}
		}
		slices.Sort(got)
		for i, s := range got {
			if i != s {
				t.Fatalf("%d shards: the matrices' shards are not 0 to %d once each (%d at %d)", tc.shards, m.Shards-1, s, i)
			}
		}
		if len(got) != m.Shards || len(matrices) != tc.matrices {
			t.Errorf("%d shards: %d in %d matrices, want %d in %d", tc.shards, len(got), len(matrices), m.Shards, tc.matrices)
		}
		slices.Sort(matrices)
		mj := wf.Jobs["merge"]
		if !slices.Equal(mj.Needs, matrices) || mj.If == "" || len(mj.Steps) != 5 || mj.Steps[3].Run != m.MergeCommand(jobParams) {
			t.Errorf("%d shards: merge job %+v", tc.shards, mj)
		}
	}
}

// TestSlurmScript: the array script passes bash -n and shellcheck, and
// run as an array task it runs the shard of its index plus the offset,
// with the manifest's count whatever the array's.
func TestSlurmScript(t *testing.T) {
	m := coinPlan(t, 100, 1200)
	script := filepath.Join(t.TempDir(), "balance.slurm")
	text := m.SlurmScript(jobParams)
	if err := os.WriteFile(script, []byte(text), 0o755); err != nil {
		t.Fatal(err)
	}
	if out, err := exec.Command("bash", "-n", script).CombinedOutput(); err != nil {
		t.Fatalf("bash -n: %v\n%s", err, out)
	}
	if !strings.Contains(text, "#SBATCH --array=0-1199%50\n") {
		t.Error("the array is not 0-1199%50")
	}
	// A stand-in wbtool prints its arguments.
	bin := t.TempDir()
	if err := os.WriteFile(filepath.Join(bin, "wbtool"), []byte("#!/bin/sh\necho \"$@\"\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct{ env, want string }{
		{"SLURM_ARRAY_TASK_ID=7", "--shard 7 --out /mnt/results/shard-7"},
		{"SLURM_ARRAY_TASK_ID=7 WBTOOL_SHARD_OFFSET=1000", "--shard 1007 --out /mnt/results/shard-1007"},
	} {
		c := exec.Command("bash", script)
		c.Env = append(os.Environ(), "PATH="+bin+":"+os.Getenv("PATH"), "SLURM_ARRAY_TASK_COUNT=1")
		c.Env = append(c.Env, strings.Fields(tc.env)...)
		out, err := c.CombinedOutput()
		want := "balance run --manifest plan/balance/manifest.json --content my cards --timeout 2h " + tc.want + "\n"
		if err != nil || string(out) != want {
			t.Errorf("%s: %v %q, want %q", tc.env, err, out, want)
		}
	}
	var stderr bytes.Buffer
	c := exec.Command("bash", script)
	c.Stderr = &stderr
	if err := c.Run(); err == nil || !strings.Contains(stderr.String(), "run with sbatch") {
		t.Errorf("run without SLURM_ARRAY_TASK_ID: %v %s", err, stderr.String())
	}
	sc := testtool.Require(t, "shellcheck")
	if out, err := exec.Command(sc, script).CombinedOutput(); err != nil {
		t.Fatalf("shellcheck: %v\n%s", err, out)
	}
}

// TestCommands: one command line per shard, the shard's index and its
// own output folder, quoted for the shell.
func TestCommands(t *testing.T) {
	m := coinPlan(t, 10, 7)
	lines := strings.Split(strings.TrimSuffix(m.Commands(jobParams), "\n"), "\n")
	if len(lines) != 7 || lines[3] != "wbtool balance run --manifest plan/balance/manifest.json --content 'my cards' --timeout 2h --shard 3 --out /mnt/results/shard-3" {
		t.Errorf("%d lines, line 3: %q", len(lines), lines[min(3, len(lines)-1)])
	}
}
