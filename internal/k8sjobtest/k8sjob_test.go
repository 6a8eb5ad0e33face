// Package k8sjobtest decodes the Kubernetes Indexed Job that `wbtool
// balance plan` writes into the Kubernetes API's own types
// (k8s.io/api/batch/v1). It is a module of its own so that the
// Kubernetes modules stay out of wbtool's: they would raise versions
// wbtool's binary links (google.golang.org/protobuf, through the CUE
// loader). Run it with `make test-k8s` (cd internal/k8sjobtest && go test).
package k8sjobtest

import (
	"slices"
	"testing"

	batchv1 "k8s.io/api/batch/v1"
	corev1 "k8s.io/api/core/v1"
	"sigs.k8s.io/yaml"

	"wbtool.dev/wbtool/balance"
	"wbtool.dev/wbtool/balance/balancetest"
)

// TestIndexedJob decodes the Job strictly (an unknown or misplaced field
// is an error) and checks it field by field: one completion per shard,
// Indexed, each index retried alone, the pod never restarted in place,
// the shard's command with the output path as a parameter, the volume.
func TestIndexedJob(t *testing.T) {
	lab := &balancetest.CoinLab{Decks: []string{"a", "b", "c"}, Elo: []float64{0, 10, 20}}
	for _, tc := range []struct{ shards, parallel, wantPar int }{{1, 0, 1}, {60, 0, 60}, {600, 50, 50}} {
		m, err := balance.Plan(lab, balance.Settings{Bot: "random", Games: 100, Seed: 1}, tc.shards, 0)
		if err != nil {
			t.Fatal(err)
		}
		p := balance.JobParams{Manifest: "plan/balance/manifest.json", Content: "my cards", Results: "s3-mount/results",
			Image: "registry.example/wbtool:1.2", Claim: "balance-pvc", Parallel: tc.parallel, Retries: 4, Timeout: "2h"}
		var job batchv1.Job
		if err := yaml.UnmarshalStrict([]byte(m.KubernetesJob(p)), &job); err != nil {
			t.Fatalf("%d shards: %v", tc.shards, err)
		}
		sp := job.Spec
		if job.APIVersion != "batch/v1" || job.Kind != "Job" || len(job.Name) > 63 || job.Name == "" {
			t.Errorf("apiVersion %q, kind %q, name %q", job.APIVersion, job.Kind, job.Name)
		}
		if sp.CompletionMode == nil || *sp.CompletionMode != batchv1.IndexedCompletion {
			t.Errorf("completionMode %v, want Indexed", sp.CompletionMode)
		}
		if sp.Completions == nil || int(*sp.Completions) != m.Shards || sp.Parallelism == nil || int(*sp.Parallelism) != tc.wantPar {
			t.Errorf("%d shards: completions %v, parallelism %v; want %d, %d", tc.shards, sp.Completions, sp.Parallelism, m.Shards, tc.wantPar)
		}
		if sp.BackoffLimitPerIndex == nil || *sp.BackoffLimitPerIndex != 4 || sp.BackoffLimit != nil {
			t.Errorf("backoffLimitPerIndex %v (want 4), backoffLimit %v (want none)", sp.BackoffLimitPerIndex, sp.BackoffLimit)
		}
		pod := sp.Template.Spec
		if pod.RestartPolicy != corev1.RestartPolicyNever || len(pod.Containers) != 1 {
			t.Fatalf("restartPolicy %q (Never is required by backoffLimitPerIndex), %d containers", pod.RestartPolicy, len(pod.Containers))
		}
		c := pod.Containers[0]
		want := []string{"wbtool", "balance", "run", "--manifest", "plan/balance/manifest.json", "--content", "my cards", "--timeout", "2h", "--out", "$(RESULTS)/shard-$(JOB_COMPLETION_INDEX)"}
		if c.Image != p.Image || !slices.Equal(c.Command, want) || len(c.Args) != 0 || c.WorkingDir != "/work" {
			t.Errorf("image %q, command %q, args %q, workingDir %q", c.Image, c.Command, c.Args, c.WorkingDir)
		}
		if len(c.Env) != 1 || c.Env[0].Name != "RESULTS" || c.Env[0].Value != "s3-mount/results" {
			t.Errorf("env %v", c.Env)
		}
		if q := c.Resources.Requests[corev1.ResourceCPU]; q.String() != "1" {
			t.Errorf("cpu request %s, want 1", q.String())
		}
		if len(pod.Volumes) != 1 || pod.Volumes[0].PersistentVolumeClaim == nil || pod.Volumes[0].PersistentVolumeClaim.ClaimName != "balance-pvc" ||
			len(c.VolumeMounts) != 1 || c.VolumeMounts[0].Name != pod.Volumes[0].Name || c.VolumeMounts[0].MountPath != "/work" {
			t.Errorf("volumes %v, mounts %v", pod.Volumes, c.VolumeMounts)
		}
		if job.Labels["app.kubernetes.io/name"] != "wbtool-balance" || sp.Template.Labels["app.kubernetes.io/name"] != "wbtool-balance" {
			t.Errorf("labels %v, %v", job.Labels, sp.Template.Labels)
		}
	}
}
