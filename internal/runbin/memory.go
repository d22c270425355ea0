package runbin

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"net/http"
	"os"
	"strconv"
	"strings"
)

// Memory is a process's resident memory from /proc/PID/status: VmRSS now
// and VmHWM, the most it has been resident since it started; in bytes.
func Memory(pid int) (rss, hwm int64, err error) {
	f, err := os.Open(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		return 0, 0, err
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		k, v, ok := strings.Cut(sc.Text(), ":")
		if !ok || (k != "VmRSS" && k != "VmHWM") {
			continue
		}
		kb, err := strconv.ParseInt(strings.TrimSuffix(strings.TrimSpace(v), " kB"), 10, 64)
		if err != nil {
			return 0, 0, fmt.Errorf("/proc/%d/status %s: %w", pid, k, err)
		}
		if k == "VmRSS" {
			rss = kb << 10
		} else {
			hwm = kb << 10
		}
	}
	if rss == 0 {
		return 0, 0, fmt.Errorf("/proc/%d/status: no VmRSS", pid)
	}
	return rss, hwm, sc.Err()
}

// Heap asks a server's metrics listener (CREBIT_METRICS_ADDR, which serves
// /debug/pprof/) for its live heap after garbage collection (HeapAlloc of
// the heap profile with gc=1, the second of two), the heap the Go runtime holds from the
// system (HeapSys less HeapReleased) and its goroutines. It costs the
// server two collections.
func Heap(ctx context.Context, metricsBase string) (live, held int64, goroutines int, err error) {
	get := func(path string) (string, error) {
		req, err := http.NewRequestWithContext(ctx, http.MethodGet, metricsBase+path, nil)
		if err != nil {
			return "", err
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			return "", err
		}
		defer resp.Body.Close()
		if resp.StatusCode != http.StatusOK {
			return "", fmt.Errorf("%s: %d", path, resp.StatusCode)
		}
		b, err := io.ReadAll(io.LimitReader(resp.Body, 64<<20))
		return string(b), err
	}
	// Two collections: what sync.Pool keeps (net/http's buffers) survives
	// the first in the pools' victim cache.
	if _, err := get("/debug/pprof/heap?gc=1"); err != nil {
		return 0, 0, 0, err
	}
	heap, err := get("/debug/pprof/heap?gc=1&debug=1")
	if err != nil {
		return 0, 0, 0, err
	}
	stat := map[string]int64{}
	for _, line := range strings.Split(heap, "\n") {
		if k, v, ok := strings.Cut(strings.TrimPrefix(line, "# "), " = "); ok && line != k {
			if n, err := strconv.ParseInt(v, 10, 64); err == nil {
				stat[k] = n
			}
		}
	}
	g, err := get("/debug/pprof/goroutine?debug=1")
	if err != nil {
		return 0, 0, 0, err
	}
	first, _, _ := strings.Cut(g, "\n")
	goroutines, _ = strconv.Atoi(strings.TrimPrefix(first, "goroutine profile: total "))
	return stat["HeapAlloc"], stat["HeapSys"] - stat["HeapReleased"], goroutines, nil
}
