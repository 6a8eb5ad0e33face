package main

import (
	"context"
	"embed"
	"errors"
	"fmt"
	iofs "io/fs"
	"net"
	"net/http"
	"strconv"
	"time"

	"github.com/spf13/cobra"

	"wbtool.dev/wbtool/content"
	"wbtool.dev/wbtool/internal/watch/livereload"
	"wbtool.dev/wbtool/pipeline"
	"wbtool.dev/wbtool/site"
	"wbtool.dev/wbtool/site/serve"
)

const serveDoc = `Serve builds the site in memory and serves it on http://127.0.0.1:PORT/
for a local preview. Only this machine can reach it: the server listens on
the loopback address and answers only for 127.0.0.1 and localhost.

When the content is a folder (./content or --content DIR), serve watches it
and rebuilds the site after every save, as wbtool watch does (each rebuild
runs in a separate process with a time and memory budget, and one stopped
by it keeps the last good site); open pages reload by themselves. While the content has errors, every page shows
them, and reloads once they are fixed. Nothing is written to disk.

Examples:
  wbtool serve                       # http://127.0.0.1:8080/
  wbtool serve --port 9000 --content ~/my-cards`

func newServeCmd(g *globalFlags) *cobra.Command {
	var port int
	var since string
	cmd := &cobra.Command{
		Use:   "serve",
		Short: "Preview the site on http://127.0.0.1:PORT/, rebuilding it when the content changes",
		Long:  serveDoc,
		Args:  noArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			if port < 0 || port > 65535 {
				return usagef("--port %d: a port is a number from 1 to 65535 (0 picks a free one)", port)
			}
			return runServe(cmd.Context(), cmd, g, port, since)
		},
	}
	cmd.Flags().IntVar(&port, "port", 8080, "TCP `PORT` on 127.0.0.1 (0: any free port)")
	cmd.Flags().StringVar(&since, "since", "", "add the errata page since `REV` (a git revision or a folder), as build does")
	return cmd
}

// buildSite builds the preview site of the embedded starter content
// through the build pipeline (the verdict stages, as validate runs them),
// returning content errors as one error whose text lists every problem
// with its position.
func buildSite(ctx context.Context, g *globalFlags, since string) (site.Files, error) {
	fsys, root, err := contentSource(g)
	if err != nil {
		return nil, err
	}
	res, err := pipeline.Run(ctx, pipeline.Options{Content: fsys, Root: root, Draft: g.draft, Strict: g.strict,
		Stages: pipeline.Verdict, Preview: true, Version: version,
		Since: since, Versions: versions(g, since)})
	if err != nil {
		return nil, err
	}
	if !res.OK(g.strict) {
		return nil, errors.New(res.Diagnostics.Text() + res.Diagnostics.Summary())
	}
	return site.Files(res.Outputs[pipeline.SiteDir]), nil
}

func runServe(ctx context.Context, cmd *cobra.Command, g *globalFlags, port int, since string) error {
	out, errw := cmd.OutOrStdout(), cmd.ErrOrStderr()
	fsys, _, err := contentSource(g)
	if err != nil {
		return err
	}
	ctx, cancel := context.WithCancel(ctx)
	h := &serve.Handler{}
	lr := livereload.New()
	watching := make(chan error, 1)
	watchDone := make(chan struct{})
	started := false
	defer func() {
		cancel()
		lr.Close()
		if started {
			<-watchDone // the rebuild in progress, if any, has returned
		}
	}()
	if isEmbedded(fsys) {
		// The embedded starter content never changes: build it once.
		files, err := buildSite(ctx, g, since)
		if err != nil {
			var ue usageError
			if errors.As(err, &ue) {
				return err
			}
			fmt.Fprintf(errw, "%s\n", err)
			h.SetError(err)
		} else {
			h.Set(files)
		}
	} else {
		// A content folder: watched, rebuilt on every save with the
		// evaluation under a time and memory budget, pages reloaded.
		ready := make(chan struct{})
		started = true
		go func() {
			defer close(watchDone)
			watching <- previewWatch(ctx, g, lr, h.Set, errw, previewOptions{ready: ready, since: since})
		}()
		select {
		case <-ready:
		case err := <-watching:
			return err
		case <-ctx.Done():
			return nil
		}
	}
	ln, err := net.Listen("tcp", net.JoinHostPort("127.0.0.1", strconv.Itoa(port)))
	if err != nil {
		return fmt.Errorf("serve: %w", err)
	}
	srv := &http.Server{Handler: lr.Wrap(h), ReadHeaderTimeout: 10 * time.Second}
	srv.RegisterOnShutdown(lr.Close)
	fmt.Fprintf(out, "serving the site on http://%s/ (Ctrl-C to stop)\n", ln.Addr())

	done := make(chan error, 1)
	go func() { done <- srv.Serve(ln) }()
	select {
	case <-ctx.Done():
		shut, stop := context.WithTimeout(context.Background(), 2*time.Second)
		defer stop()
		_ = srv.Shutdown(shut)
		return nil
	case err := <-watching:
		_ = srv.Close()
		return err
	case err := <-done:
		if errors.Is(err, http.ErrServerClosed) {
			return nil
		}
		return fmt.Errorf("serve: %w", err)
	}
}

// isEmbedded reports whether the content is the embedded starter content,
// which never changes while wbtool runs.
func isEmbedded(fsys iofs.FS) bool {
	e, ok := fsys.(embed.FS)
	return ok && e == content.FS
}
