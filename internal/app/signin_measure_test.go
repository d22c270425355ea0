package app_test

import (
	"fmt"
	"net"
	"net/http"
	"os"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/crebit/crebit/internal/app/apptest"
	"github.com/crebit/crebit/internal/store"
)

// TestMeasureSignIn measures sign-in throughput with 32 concurrent clients
// (docs/PERFORMANCE.md). It runs only with CREBIT_MEASURE_SIGNIN=1:
//
//	CREBIT_MEASURE_SIGNIN=1 go test ./internal/app -run TestMeasureSignIn -v
//
// Peak memory is the test process's VmHWM, which holds the server, the
// database driver and the 32 clients together.
func TestMeasureSignIn(t *testing.T) {
	if os.Getenv("CREBIT_MEASURE_SIGNIN") != "1" {
		t.Skip("set CREBIT_MEASURE_SIGNIN=1 to measure")
	}
	h := apptest.New(t, store.SQLite)
	h.Browser().SignUp("load@example.com")
	const clients, perClient = 32, 20
	body := map[string]string{"email": "load@example.com", "password": apptest.Password}
	var mu sync.Mutex
	var lat []time.Duration
	errs := 0
	start := time.Now()
	var wg sync.WaitGroup
	for i := range clients {
		// Each client has its own loopback source address, as separate
		// people would: the per-IP limit then limits nobody here.
		dialer := &net.Dialer{LocalAddr: &net.TCPAddr{IP: net.IPv4(127, 0, 1, byte(i+2))}}
		transport := &http.Transport{DialContext: dialer.DialContext}
		wg.Go(func() {
			for range perClient {
				b := h.Browser()
				b.HTTP.Transport = transport
				t0 := time.Now()
				r := b.Do("POST", "/api/signin", body)
				d := time.Since(t0)
				mu.Lock()
				lat = append(lat, d)
				if r.Status != 200 {
					errs++
				}
				mu.Unlock()
			}
		})
	}
	wg.Wait()
	el := time.Since(start)
	slices.Sort(lat)
	p := func(q float64) time.Duration { return lat[int(q*float64(len(lat)-1))] }
	status, _ := os.ReadFile("/proc/self/status")
	hwm := ""
	for _, l := range strings.Split(string(status), "\n") {
		if strings.HasPrefix(l, "VmHWM:") {
			hwm = strings.TrimSpace(strings.TrimPrefix(l, "VmHWM:"))
		}
	}
	fmt.Printf("sign-ins=%d errors=%d elapsed=%s req/s=%.1f p50=%s p99=%s peak_rss=%s\n",
		len(lat), errs, el.Round(time.Millisecond), float64(len(lat))/el.Seconds(), p(0.5).Round(time.Millisecond), p(0.99).Round(time.Millisecond), hwm)
}
