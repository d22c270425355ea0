package main

// Memory of the instances during a lifecycle run (issue 31, item 5): each
// instance's resident memory (VmRSS and VmHWM from /proc/PID/status) and,
// through its metrics listener, its live heap after a collection and its
// goroutines, sampled at idle (healthy, nothing sent yet), once the payers
// are set up, and every -mem-every while the payers run. A leak shows as a
// trend over the measured window; the report fits a line to it.

import (
	"context"
	"fmt"
	"io"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/crebit/crebit/internal/runbin"
)

// memTarget is one instance to sample.
type memTarget struct {
	pid     int
	metrics string // http://ADDR of its metrics listener
}

// memSample is one instance's memory at one moment.
type memSample struct {
	at         time.Duration // since the first sample
	phase      string        // idle, set-up, warm-up, measured, after
	rss, hwm   int64
	live, held int64 // heap after a collection; heap held from the system
	goroutines int
}

// memRecorder keeps the samples of every instance.
type memRecorder struct {
	targets []memTarget
	out     io.Writer // each sample as it is taken (nil: quiet)
	t0      time.Time
	mu      sync.Mutex
	samples [][]memSample // by instance
}

func newMemRecorder(targets []memTarget, out io.Writer) *memRecorder {
	return &memRecorder{targets: targets, out: out, t0: time.Now(), samples: make([][]memSample, len(targets))}
}

// sample reads every instance once.
func (m *memRecorder) sample(ctx context.Context, phase string) {
	for i, t := range m.targets {
		s := memSample{at: time.Since(m.t0), phase: phase}
		var err error
		if s.rss, s.hwm, err = runbin.Memory(t.pid); err == nil {
			s.live, s.held, s.goroutines, err = runbin.Heap(ctx, t.metrics)
		}
		if err != nil {
			if m.out != nil && ctx.Err() == nil {
				fmt.Fprintf(m.out, "memory: instance %d: %v\n", i, err)
			}
			continue
		}
		m.mu.Lock()
		m.samples[i] = append(m.samples[i], s)
		m.mu.Unlock()
		if m.out != nil {
			fmt.Fprintf(m.out, "memory %6.0fs %-8s instance %d: RSS %s (peak %s), live heap %s, heap held %s, %d goroutines\n",
				s.at.Seconds(), phase, i, mib(s.rss), mib(s.hwm), mib(s.live), mib(s.held), s.goroutines)
		}
	}
}

// every samples each interval until ctx ends, under the phase phase() names.
func (m *memRecorder) every(ctx context.Context, interval time.Duration, phase func() string) {
	t := time.NewTicker(interval)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
			m.sample(ctx, phase())
		}
	}
}

func mib(b int64) string { return fmt.Sprintf("%.1f MiB", float64(b)/(1<<20)) }

// slope is the least-squares trend of ys over xs (seconds), per minute.
func slope(xs []float64, ys []int64) float64 {
	n := float64(len(xs))
	if n < 2 {
		return 0
	}
	var sx, sy, sxx, sxy float64
	for i, x := range xs {
		y := float64(ys[i])
		sx, sy, sxx, sxy = sx+x, sy+y, sxx+x*x, sxy+x*y
	}
	d := n*sxx - sx*sx
	if d == 0 {
		return 0
	}
	return (n*sxy - sx*sy) / d * 60
}

// render summarises each instance: at idle, after set-up, during the
// measured window (min, median, max of RSS; live heap first and last) and
// the trend of RSS and live heap over it.
func (m *memRecorder) render() string {
	m.mu.Lock()
	defer m.mu.Unlock()
	var b strings.Builder
	for i, ss := range m.samples {
		var idle, setup *memSample
		var xs []float64
		var rss, live, gor []int64
		var last memSample
		for j := range ss {
			s := &ss[j]
			switch s.phase {
			case "idle":
				idle = s
			case "set-up":
				setup = s
			case "measured":
				xs = append(xs, s.at.Seconds())
				rss, live, gor = append(rss, s.rss), append(live, s.live), append(gor, int64(s.goroutines))
			}
			last = *s
		}
		fmt.Fprintf(&b, "Memory, instance %d:", i)
		if idle != nil {
			fmt.Fprintf(&b, " idle RSS %s (live heap %s, %d goroutines);", mib(idle.rss), mib(idle.live), idle.goroutines)
		}
		if setup != nil {
			fmt.Fprintf(&b, " payers set up %s;", mib(setup.rss))
		}
		if len(rss) > 0 {
			sorted := slices.Clone(rss)
			slices.Sort(sorted)
			fmt.Fprintf(&b, " measured (%d samples over %.0f s) RSS min %s, median %s, max %s, live heap %s → %s, goroutines %d → %d;"+
				" trend RSS %+.2f MiB/min, live heap %+.2f MiB/min;",
				len(rss), xs[len(xs)-1]-xs[0], mib(sorted[0]), mib(sorted[len(sorted)/2]), mib(sorted[len(sorted)-1]),
				mib(live[0]), mib(live[len(live)-1]), gor[0], gor[len(gor)-1],
				slope(xs, rss)/(1<<20), slope(xs, live)/(1<<20))
		}
		fmt.Fprintf(&b, " peak RSS (VmHWM) %s\n", mib(last.hwm))
	}
	return b.String()
}
