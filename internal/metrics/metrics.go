// Package metrics is what an operator watches, in Prometheus form: HTTP
// requests by route pattern, payments by state and past their window, job
// failures and retries by kind, webhook signature failures, rate-limit
// refusals and (once the outbox exists) its backlog. One Metrics per
// process, with its own registry (no package globals); every method is
// safe on a nil *Metrics, so code under test need not wire it.
package metrics

import (
	"context"
	"database/sql"
	"net/http"
	"strconv"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promhttp"

	"github.com/crebit/crebit/internal/store"
)

// Metrics holds the collectors.
type Metrics struct {
	reg            *prometheus.Registry
	requests       *prometheus.CounterVec
	latency        *prometheus.HistogramVec
	jobFailures    *prometheus.CounterVec
	jobRetries     *prometheus.CounterVec
	webhookRefused prometheus.Counter
	limitRefused   *prometheus.CounterVec
}

// PaymentCounts reads, at scrape time, how many payments are in each state
// and how many are past their window in a state that is not final.
type PaymentCounts func(ctx context.Context) (byState map[string]int64, overdue int64, err error)

// New builds the collectors. payments is read at each scrape; backlog, when
// not nil, is the outbox backlog (for later).
func New(payments PaymentCounts, backlog func() float64) *Metrics {
	m := &Metrics{reg: prometheus.NewRegistry()}
	m.requests = prometheus.NewCounterVec(prometheus.CounterOpts{Name: "crebit_http_requests_total",
		Help: "HTTP requests by method, route pattern and status code."}, []string{"method", "route", "code"})
	m.latency = prometheus.NewHistogramVec(prometheus.HistogramOpts{Name: "crebit_http_request_duration_seconds",
		Help: "HTTP request latency by method and route pattern.", Buckets: prometheus.DefBuckets}, []string{"method", "route"})
	m.jobFailures = prometheus.NewCounterVec(prometheus.CounterOpts{Name: "crebit_job_failures_total",
		Help: "Jobs that failed their last attempt and were given up, by kind."}, []string{"kind"})
	m.jobRetries = prometheus.NewCounterVec(prometheus.CounterOpts{Name: "crebit_job_retries_total",
		Help: "Failed job attempts that will be retried, by kind."}, []string{"kind"})
	m.webhookRefused = prometheus.NewCounter(prometheus.CounterOpts{Name: "crebit_webhook_verification_failures_total",
		Help: "Partner webhooks refused because their signature or timestamp did not verify."})
	m.limitRefused = prometheus.NewCounterVec(prometheus.CounterOpts{Name: "crebit_rate_limit_refusals_total",
		Help: "Requests refused by a rate limit, by limit name."}, []string{"limit"})
	m.reg.MustRegister(m.requests, m.latency, m.jobFailures, m.jobRetries, m.webhookRefused, m.limitRefused,
		collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}))
	if payments != nil {
		m.reg.MustRegister(&paymentCollector{read: payments})
	}
	if backlog != nil {
		m.reg.MustRegister(prometheus.NewGaugeFunc(prometheus.GaugeOpts{Name: "crebit_outbox_backlog",
			Help: "Messages waiting in the outbox."}, backlog))
	}
	return m
}

// DBPools adds the database connection pools' statistics (open, in use,
// waits for a connection and their total time), labelled by pool name; on
// SQLite the "writer" pool's wait time is how long work queued for the one
// write connection. Call it once per pool, before serving.
func (m *Metrics) DBPools(pools map[string]*sql.DB) {
	if m == nil {
		return
	}
	for name, db := range pools {
		if db != nil {
			m.reg.MustRegister(collectors.NewDBStatsCollector(db, name))
		}
	}
}

// SQLiteWriter adds a SQLite database's write transactions and their total
// time waiting for the one writer (name: "crebit" or "sandbox"). The wait's
// rate is the average number of transactions queued: near zero when the
// writer keeps up.
func (m *Metrics) SQLiteWriter(name string, stats func() store.WriteStats) {
	if m == nil {
		return
	}
	labels := prometheus.Labels{"db": name}
	m.reg.MustRegister(
		prometheus.NewCounterFunc(prometheus.CounterOpts{Name: "crebit_sqlite_write_transactions_total",
			Help: "Write transactions run on a SQLite database.", ConstLabels: labels},
			func() float64 { return float64(stats().Transactions) }),
		prometheus.NewCounterFunc(prometheus.CounterOpts{Name: "crebit_sqlite_commits_total",
			Help: "SQLite commits that made the write transactions durable (queued transactions share one).", ConstLabels: labels},
			func() float64 { return float64(stats().Commits) }),
		prometheus.NewCounterFunc(prometheus.CounterOpts{Name: "crebit_sqlite_write_wait_seconds_total",
			Help: "Time write transactions waited for the one SQLite writer, summed.", ConstLabels: labels},
			func() float64 { return stats().Waited.Seconds() }),
		prometheus.NewGaugeFunc(prometheus.GaugeOpts{Name: "crebit_sqlite_wal_frames",
			Help: "Pages in the SQLite WAL file at the last background checkpoint (the writer starts it over past 8,000).", ConstLabels: labels},
			func() float64 { return float64(stats().WALFrames) }),
		prometheus.NewCounterFunc(prometheus.CounterOpts{Name: "crebit_sqlite_checkpoint_errors_total",
			Help: "SQLite WAL checkpoints that failed (the next one, 100 ms later, tries again).", ConstLabels: labels},
			func() float64 { return float64(stats().CheckpointErrors) }))
}

// Handler serves /metrics.
func (m *Metrics) Handler() http.Handler {
	return promhttp.HandlerFor(m.reg, promhttp.HandlerOpts{})
}

// Request records one HTTP request; route is the mux pattern ("" for
// unmatched paths, reported as "other" so paths cannot explode the labels).
func (m *Metrics) Request(method, route string, code int, d time.Duration) {
	if m == nil {
		return
	}
	if route == "" {
		route = "other"
	}
	m.requests.WithLabelValues(method, route, strconv.Itoa(code)).Inc()
	m.latency.WithLabelValues(method, route).Observe(d.Seconds())
}

// JobError records a failed job attempt; final means it was the last.
func (m *Metrics) JobError(kind string, final bool) {
	if m == nil {
		return
	}
	if final {
		m.jobFailures.WithLabelValues(kind).Inc()
	} else {
		m.jobRetries.WithLabelValues(kind).Inc()
	}
}

// WebhookRefused records a webhook whose signature did not verify.
func (m *Metrics) WebhookRefused() {
	if m != nil {
		m.webhookRefused.Inc()
	}
}

// LimitRefused records a rate-limit refusal.
func (m *Metrics) LimitRefused(limit string) {
	if m != nil {
		m.limitRefused.WithLabelValues(limit).Inc()
	}
}

// paymentCollector asks the database at scrape time.
type paymentCollector struct {
	read PaymentCounts
}

var (
	paymentsDesc = prometheus.NewDesc("crebit_payments", "Payments by state.", []string{"state"}, nil)
	overdueDesc  = prometheus.NewDesc("crebit_payments_overdue",
		"Payments past their quote window that are still in a non-final state short of payin_completed.", nil, nil)
)

func (c *paymentCollector) Describe(ch chan<- *prometheus.Desc) {
	ch <- paymentsDesc
	ch <- overdueDesc
}

func (c *paymentCollector) Collect(ch chan<- prometheus.Metric) {
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	byState, overdue, err := c.read(ctx)
	if err != nil {
		ch <- prometheus.NewInvalidMetric(paymentsDesc, err)
		return
	}
	for st, n := range byState {
		ch <- prometheus.MustNewConstMetric(paymentsDesc, prometheus.GaugeValue, float64(n), st)
	}
	ch <- prometheus.MustNewConstMetric(overdueDesc, prometheus.GaugeValue, float64(overdue))
}

// Refusals returns, since this process started, the requests each rate
// limit refused and the webhooks refused for their signature (the console's
// health view; nil Metrics gives nothing).
func (m *Metrics) Refusals() (byLimit map[string]int64, webhooks int64) {
	byLimit = map[string]int64{}
	if m == nil {
		return byLimit, 0
	}
	families, err := m.reg.Gather()
	if err != nil {
		return byLimit, 0
	}
	for _, f := range families {
		switch f.GetName() {
		case "crebit_rate_limit_refusals_total":
			for _, mt := range f.GetMetric() {
				for _, l := range mt.GetLabel() {
					if l.GetName() == "limit" {
						byLimit[l.GetValue()] = int64(mt.GetCounter().GetValue())
					}
				}
			}
		case "crebit_webhook_verification_failures_total":
			for _, mt := range f.GetMetric() {
				webhooks += int64(mt.GetCounter().GetValue())
			}
		}
	}
	return byLimit, webhooks
}
