package main

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"net/http"
	"os"
	"time"

	"github.com/google/pprof/profile"
)

// sandboxShare profiles the instances' CPU for d (their pprof listeners)
// and returns the share of the samples labelled part=sandbox: the work of
// the embedded BlindPay sandbox (bpwire.AsSandbox), which a deployment
// talking to BlindPay does not do. It is used to split the instances' CPU
// per lifecycle into Crebit's own and the sandbox's.
// With keep set, each instance's profile is also written to keep-N.pb.gz
// (N its index), for go tool pprof.
func sandboxShare(ctx context.Context, targets []memTarget, d time.Duration, keep string) (float64, error) {
	type res struct {
		all, sandbox int64
		err          error
	}
	out := make(chan res, len(targets))
	for i, m := range targets {
		go func() {
			file := ""
			if keep != "" {
				file = fmt.Sprintf("%s-%d.pb.gz", keep, i)
			}
			all, sb, err := profileParts(ctx, m.metrics, d, file)
			out <- res{all, sb, err}
		}()
	}
	var all, sandbox int64
	for range targets {
		r := <-out
		if r.err != nil {
			return 0, r.err
		}
		all, sandbox = all+r.all, sandbox+r.sandbox
	}
	if all == 0 {
		return 0, fmt.Errorf("the CPU profiles hold no samples")
	}
	return float64(sandbox) / float64(all), nil
}

// profileParts takes one CPU profile of d from an instance's listener and
// sums its CPU time, all of it and that labelled part=sandbox; with file
// set it also writes the profile there.
func profileParts(ctx context.Context, metrics string, d time.Duration, file string) (all, sandbox int64, err error) {
	url := fmt.Sprintf("%s/debug/pprof/profile?seconds=%d", metrics, max(1, int(d.Seconds())))
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return 0, 0, err
	}
	resp, err := (&http.Client{Timeout: d + 30*time.Second}).Do(req)
	if err != nil {
		return 0, 0, err
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return 0, 0, fmt.Errorf("%s: %s", url, resp.Status)
	}
	raw, err := io.ReadAll(resp.Body)
	if err != nil {
		return 0, 0, fmt.Errorf("%s: %w", url, err)
	}
	if file != "" {
		if err := os.WriteFile(file, raw, 0o644); err != nil {
			return 0, 0, err
		}
	}
	p, err := profile.Parse(bytes.NewReader(raw))
	if err != nil {
		return 0, 0, fmt.Errorf("%s: %w", url, err)
	}
	return cpuParts(p)
}

// cpuParts sums a CPU profile's "cpu" values, all and part=sandbox.
func cpuParts(p *profile.Profile) (all, sandbox int64, err error) {
	idx := -1
	for i, st := range p.SampleType {
		if st.Type == "cpu" {
			idx = i
		}
	}
	if idx < 0 {
		return 0, 0, fmt.Errorf("not a CPU profile")
	}
	for _, s := range p.Sample {
		v := s.Value[idx]
		all += v
		for _, part := range s.Label["part"] {
			if part == "sandbox" {
				sandbox += v
				break
			}
		}
	}
	return all, sandbox, nil
}
