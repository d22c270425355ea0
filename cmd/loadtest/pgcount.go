package main

// Round trips to PostgreSQL per lifecycle (issue 31, item 3): with
// -count-statements the instances reach PostgreSQL through a proxy in this
// process that reads what they send (the frontend protocol) and counts the
// statements they run — each Execute of the extended protocol and each
// simple Query — and among the simple queries BEGIN, COMMIT and ROLLBACK
// (pgx sends those as simple queries). River's statements and the embedded
// sandbox partner's are counted with Crebit's: they share the database. The
// run also reads the CPU time of the instances and of their PostgreSQL
// backends (/proc/PID/stat; PostgreSQL on this machine), so the report can
// say what one lifecycle costs each. The backends' CPU is split by who ran
// what (whose): the proxy learns each connection's backend from the
// server's BackendKeyData, and when a connection starts a new transaction
// or statement it gives the CPU its backend used since the last one began
// to whoever ran that one (the client waits for a result before it sends
// more, so that CPU is the last unit's, its COMMIT included). The split is
// statistical: /proc counts CPU in 10 ms ticks.

import (
	"bufio"
	"encoding/binary"
	"io"
	"maps"
	"net"
	"net/url"
	"regexp"
	"strings"

	"github.com/crebit/crebit/internal/runbin"
	"sync"
	"sync/atomic"
)

// pgCounts are the counters the proxy keeps.
type pgCounts struct {
	statements, begins, commits, rollbacks atomic.Int64
	mu                                     sync.Mutex
	byText                                 map[string]int64 // executions by statement, normalized (normalize)
	// byTx counts transactions by their statements (each shortened, in
	// order, BEGIN and COMMIT left out), and statements run outside one
	// as "alone: " and the statement.
	byTx map[string]int64
	// byWhom counts statements (BEGIN and COMMIT included) by who ran them
	// (whose): the embedded sandbox, River or Crebit.
	byWhom map[string]int64
	// cpuByWhom is the backends' CPU, in clock ticks, by who ran what used
	// it; cpuByTx the same by the transaction (byTx's key) that used it.
	cpuByWhom, cpuByTx map[string]int64
}

// addCPU gives ticks of a backend's CPU to who, and to the transaction
// (or statement alone) tx, as byTx names it.
func (c *pgCounts) addCPU(who, tx string, ticks int64) {
	if ticks <= 0 || who == "" {
		return
	}
	c.mu.Lock()
	if c.cpuByWhom == nil {
		c.cpuByWhom, c.cpuByTx = map[string]int64{}, map[string]int64{}
	}
	c.cpuByWhom[who] += ticks
	c.cpuByTx[tx] += ticks
	c.mu.Unlock()
}

// cpuTx is a copy of the backends' CPU ticks by the transaction that used
// them.
func (c *pgCounts) cpuTx() map[string]int64 {
	c.mu.Lock()
	defer c.mu.Unlock()
	return maps.Clone(c.cpuByTx)
}

// cpuWhom is a copy of the backends' CPU ticks by who used them.
func (c *pgCounts) cpuWhom() map[string]int64 {
	c.mu.Lock()
	defer c.mu.Unlock()
	return maps.Clone(c.cpuByWhom)
}

// whose says who ran a transaction or a statement alone: the embedded
// sandbox partner when any statement touches its tables, River when every
// statement is one of River's (named "-- name: …"), else Crebit (a River
// job inserted in Crebit's transaction is Crebit's).
func whose(stmts []string) string {
	river := true
	for _, q := range stmts {
		if strings.Contains(q, "bpsandbox_") {
			return "the embedded sandbox"
		}
		river = river && strings.HasPrefix(strings.TrimSpace(q), "-- name:")
	}
	if river && len(stmts) > 0 {
		return "River"
	}
	return "Crebit"
}

// addTx counts one transaction made of the statements stmts, or with
// alone a statement run outside a transaction, and returns the name it is
// counted under.
func (c *pgCounts) addTx(stmts []string, alone bool) string {
	var b strings.Builder
	if alone {
		b.WriteString("alone: ")
	}
	for i, q := range stmts {
		if i > 0 {
			b.WriteString(" | ")
		}
		if q = normalize(q); len(q) > 48 {
			q = q[:48] + "…"
		}
		b.WriteString(q)
	}
	n := int64(len(stmts))
	if !alone {
		n += 2 // BEGIN and COMMIT
	}
	c.mu.Lock()
	if c.byTx == nil {
		c.byTx, c.byWhom = map[string]int64{}, map[string]int64{}
	}
	key := b.String()
	c.byTx[key]++
	c.byWhom[whose(stmts)] += n
	c.mu.Unlock()
	return key
}

// whom is a copy of the statements by who ran them.
func (c *pgCounts) whom() map[string]int64 {
	c.mu.Lock()
	defer c.mu.Unlock()
	return maps.Clone(c.byWhom)
}

// txs is a copy of the transactions by their statements.
func (c *pgCounts) txs() map[string]int64 {
	c.mu.Lock()
	defer c.mu.Unlock()
	return maps.Clone(c.byTx)
}

// normalize is a statement's text with its white space collapsed and its
// literal numbers and strings as ?, so that statements differing only in
// a constant count together (those the instances send are bound with
// parameters, $1, and are unchanged by it).
func normalize(q string) string {
	q = strings.Join(strings.Fields(q), " ")
	return literals.ReplaceAllStringFunc(q, func(m string) string {
		if m[0] == '$' {
			return m
		}
		return "?"
	})
}

// literals are a statement's quoted strings, numbers standing alone and
// its parameters (kept: $1).
var literals = regexp.MustCompile(`'(?:[^']|'')*'|\$\d+|\b\d+(?:\.\d+)?\b`)

// add counts one execution of the statement text q.
func (c *pgCounts) add(q string) {
	q = normalize(q)
	c.mu.Lock()
	if c.byText == nil {
		c.byText = map[string]int64{}
	}
	c.byText[q]++
	c.mu.Unlock()
}

// texts is a copy of the executions by statement text.
func (c *pgCounts) texts() map[string]int64 {
	c.mu.Lock()
	defer c.mu.Unlock()
	return maps.Clone(c.byText)
}

// snapshot is the counters at one moment.
func (c *pgCounts) snapshot() [4]int64 {
	return [4]int64{c.statements.Load(), c.begins.Load(), c.commits.Load(), c.rollbacks.Load()}
}

// pgProxy forwards connections to PostgreSQL and counts what they run.
type pgProxy struct {
	ln     net.Listener
	target string
	counts pgCounts
}

// startPGProxy listens on loopback and returns the proxy and dbURL
// rewritten to reach the database through it (without TLS, which the
// proxy could not read).
func startPGProxy(dbURL string) (*pgProxy, string, error) {
	u, err := url.Parse(dbURL)
	if err != nil {
		return nil, "", err
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, "", err
	}
	p := &pgProxy{ln: ln, target: u.Host}
	if u.Port() == "" {
		p.target = net.JoinHostPort(u.Hostname(), "5432")
	}
	go p.serve()
	u.Host = ln.Addr().String()
	q := u.Query()
	q.Set("sslmode", "disable")
	u.RawQuery = q.Encode()
	return p, u.String(), nil
}

func (p *pgProxy) close() { p.ln.Close() }

func (p *pgProxy) serve() {
	for {
		c, err := p.ln.Accept()
		if err != nil {
			return
		}
		go p.relay(c)
	}
}

func (p *pgProxy) relay(c net.Conn) {
	defer c.Close()
	s, err := net.Dial("tcp", p.target)
	if err != nil {
		return
	}
	defer s.Close()
	var pid atomic.Int64 // the connection's backend, once the server said it
	go func() { backendPID(c, s, &pid); c.Close() }()
	p.count(bufio.NewReaderSize(c, 32<<10), s, &pid)
}

// backendPID forwards the server's messages from s to c, noting the
// backend's process id from BackendKeyData ('K') on the way; after the
// first ReadyForQuery ('Z') it only forwards. Anything it cannot read as
// messages is forwarded as it is.
func backendPID(c io.Writer, s io.Reader, pid *atomic.Int64) {
	r := bufio.NewReaderSize(s, 32<<10)
	var hdr [5]byte
	for {
		if _, err := io.ReadFull(r, hdr[:]); err != nil {
			return
		}
		n := int(binary.BigEndian.Uint32(hdr[1:]))
		if n < 4 || n > 1<<20 {
			if _, err := c.Write(hdr[:]); err != nil {
				return
			}
			break
		}
		body := make([]byte, n-4)
		if _, err := io.ReadFull(r, body); err != nil {
			return
		}
		if hdr[0] == 'K' && len(body) >= 4 {
			pid.Store(int64(binary.BigEndian.Uint32(body[:4])))
		}
		if _, err := c.Write(append(hdr[:], body...)); err != nil {
			return
		}
		if hdr[0] == 'Z' {
			break
		}
	}
	io.Copy(c, r) //nolint:errcheck // ends with either side
}

// count forwards the client's messages to out, counting statements. It
// forwards them as they came: what one read from the client brought goes
// on in one write once all of it is read (r holds nothing more), so that a
// statement's Parse, Bind, Describe, Execute and Sync reach the backend as
// the client sent them, not as five writes (measured 2026-11-28: the
// backends' CPU per lifecycle the same either way, docs/PERFORMANCE.md).
func (p *pgProxy) count(r *bufio.Reader, out io.Writer, pid *atomic.Int64) {
	w := bufio.NewWriterSize(out, 32<<10)
	var hdr [5]byte
	// Untyped messages first: SSLRequest or GSSENCRequest (answered 'N'
	// with sslmode=disable never sent), CancelRequest, then StartupMessage.
	for {
		if _, err := io.ReadFull(r, hdr[:4]); err != nil {
			return
		}
		n := int(binary.BigEndian.Uint32(hdr[:4]))
		if n < 8 || n > 1<<20 {
			return
		}
		body := make([]byte, n-4)
		if _, err := io.ReadFull(r, body); err != nil {
			return
		}
		if _, err := w.Write(append(hdr[:4:4], body...)); err != nil {
			return
		}
		if err := w.Flush(); err != nil {
			return
		}
		code := binary.BigEndian.Uint32(body[:4])
		if code == 196608 { // protocol 3.0: the startup message
			break
		}
		if code == 80877102 { // CancelRequest: nothing follows
			return
		}
	}
	buf := make([]byte, 0, 4096)
	prepared := map[string]string{} // this connection's prepared statements by name
	unnamed, bound := "", ""        // the unnamed statement's text; the statement the last Bind used
	var txn []string                // the open transaction's statements
	inTx := false
	// The backend's CPU: its ticks when the last unit (a transaction or a
	// statement alone) began, and who ran that unit.
	var ticks0 int64
	last, lastTx := "", ""
	begin := func() {
		b := pid.Load()
		if b == 0 {
			return
		}
		t, err := runbin.CPUTicks(int(b))
		if err != nil {
			return
		}
		if last != "" {
			p.counts.addCPU(last, lastTx, t-ticks0)
		}
		ticks0 = t
	}
	ran := func(q string) {
		if inTx {
			txn = append(txn, q)
		} else {
			begin()
			last = whose([]string{q})
			lastTx = p.counts.addTx([]string{q}, true)
		}
	}
	for {
		if _, err := io.ReadFull(r, hdr[:]); err != nil {
			return
		}
		n := int(binary.BigEndian.Uint32(hdr[1:]))
		if n < 4 {
			return
		}
		buf = append(buf[:0], hdr[:]...)
		buf = append(buf, make([]byte, n-4)...)
		if _, err := io.ReadFull(r, buf[5:]); err != nil {
			return
		}
		switch hdr[0] {
		case 'P': // Parse: name, text
			name, rest, _ := strings.Cut(string(buf[5:]), "\x00")
			text, _, _ := strings.Cut(rest, "\x00")
			if name == "" {
				unnamed = text
			} else {
				prepared[name] = text
			}
		case 'B': // Bind: portal, statement name
			_, rest, _ := strings.Cut(string(buf[5:]), "\x00")
			name, _, _ := strings.Cut(rest, "\x00")
			if bound = unnamed; name != "" {
				bound = prepared[name]
			}
		case 'E':
			p.counts.statements.Add(1)
			p.counts.add(bound)
			ran(bound)
		case 'Q':
			p.counts.statements.Add(1)
			text := strings.TrimRight(string(buf[5:]), "\x00")
			p.counts.add(text)
			q := strings.ToLower(strings.TrimSpace(text))
			switch {
			case strings.HasPrefix(q, "begin"), strings.HasPrefix(q, "start transaction"):
				p.counts.begins.Add(1)
				begin()
				last = "" // known at its COMMIT
				inTx, txn = true, txn[:0]
			case strings.HasPrefix(q, "commit"), strings.HasPrefix(q, "rollback"):
				if strings.HasPrefix(q, "commit") {
					p.counts.commits.Add(1)
				} else {
					p.counts.rollbacks.Add(1)
				}
				if inTx {
					lastTx = p.counts.addTx(txn, false)
					last = whose(txn)
				}
				inTx = false
			default:
				ran(text)
			}
		}
		if _, err := w.Write(buf); err != nil {
			return
		}
		if r.Buffered() == 0 {
			if err := w.Flush(); err != nil {
				return
			}
		}
	}
}
