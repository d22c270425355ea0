// Package config reads Crebit's configuration from command-line flags and
// CREBIT_* environment variables (a flag wins over its variable) and checks it
// before anything starts, so a bad setting stops start-up with one clear line.
package config

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/mail"
	"net/url"
	"strconv"
	"strings"
	"time"

	"github.com/crebit/crebit/internal/money"
)

// Partner names accepted by CREBIT_PARTNER.
const (
	// PartnerBlindPay is BlindPay's API v1 at CREBIT_PARTNER_URL (its
	// production host by default), through internal/partner/bpadapter.
	PartnerBlindPay = "blindpay"
	// PartnerBlindPaySandbox is the embedded BlindPay-compatible sandbox
	// (internal/bpsandbox, served at /bpsandbox/), through the same adapter.
	PartnerBlindPaySandbox = "blindpay-sandbox"
)

// BlindPayURL is BlindPay's API host, the default CREBIT_PARTNER_URL of
// CREBIT_PARTNER=blindpay (development instances live there too).
const BlindPayURL = "https://api.blindpay.com"

// BlindPaySandboxInstance is the embedded sandbox's instance id.
const BlindPaySandboxInstance = "in_000000000000"

// BlindPay reports whether the partner is BlindPay's API, real or embedded.
func (c Config) BlindPay() bool {
	return c.Partner == PartnerBlindPay || c.Partner == PartnerBlindPaySandbox
}

// Embedded reports whether the partner is a sandbox served by this process.
func (c Config) Embedded() bool {
	return c.Partner == PartnerBlindPaySandbox
}

// Config is everything the server needs to start. It holds no package state;
// Load builds one from flags and the environment.
type Config struct {
	Addr        string // listen address, host:port
	DataDir     string // SQLite file, generated secrets
	DatabaseURL string // postgres:// switches the store to PostgreSQL
	BaseURL     string // public URL of the site; empty means http://localhost:<port>

	Partner    string // blindpay-sandbox | blindpay
	PartnerURL string // base URL of BlindPay's API (partner blindpay)
	// BlindPayInstanceID scopes every BlindPay call (in_ and 12 characters);
	// BlindPayNetwork and BlindPayToken are the managed wallets' chain and
	// stablecoin: base_sepolia and USDB on a development instance, base and
	// USDC in production.
	BlindPayInstanceID string
	BlindPayNetwork    string
	BlindPayToken      string
	// BlindPayRPM paces the requests to BlindPay (retries included) under
	// its rate limit: 40 a minute on a development instance; 0 does not pace.
	BlindPayRPM   int
	PartnerAPIKey Secret // bearer token for the provider API
	WebhookSecret Secret // Standard Webhooks secret (whsec_...) for payout events

	// EncryptionKey seals bank account numbers at rest (32 bytes, base64).
	EncryptionKey Secret

	LogLevel  slog.Level
	LogFormat string // json | text

	QuoteTTL      time.Duration // lock window of a quote (300 s in the spec)
	MaxPaymentUSD money.Amount  // largest amount_usd accepted per payment
	SessionTTL    time.Duration // guest session lifetime

	// SMTPURL sends e-mail over SMTP (smtp:// STARTTLS, smtps:// implicit
	// TLS); empty delivers to the local mailbox table instead.
	SMTPURL  Secret
	MailFrom string // From address of every e-mail
	// SupportInbound is the address that receives replies to support answers
	// (each answer's Reply-To is it, plus-tagged with the conversation's
	// reference); SupportInboundToken authenticates the mail provider's
	// POST /api/support/inbound. Both empty: replies are not taken back.
	SupportInbound      string
	SupportInboundToken Secret
	// Embeddings re-rank the scholarship search's semantic mode when
	// EmbeddingsURL (an OpenAI-compatible server) is set; empty needs no network.
	EmbeddingsURL    string
	EmbeddingsModel  string
	EmbeddingsAPIKey Secret

	Sandbox Sandbox

	Reliability // recovery, limits, operator settings (reliability.go)
}

// Sandbox configures the embedded sandbox partner's rates, fees and behaviour.
type Sandbox struct {
	BRLQuotation string        // BRL per USDC on the on-ramp
	MXNQuotation string        // MXN per USDC on the on-ramp
	USDQuotation string        // USD per USDC on the off-ramp
	FeeBps       int64         // off-ramp fee in basis points of amount_usd
	AutoAdvance  time.Duration // after payin_completed, delay before each later stage; 0 turns it off
	FailQuotes   bool          // answer every quote with 503, to exercise error paths
}

// option ties one flag to one environment variable.
type option struct {
	flag, env, def, help string
	secret               bool
}

var options = []option{
	{"addr", "CREBIT_ADDR", ":8080", "listen address (host:port)", false},
	{"data-dir", "CREBIT_DATA_DIR", "./data", "directory for the SQLite database and generated secrets", false},
	{"database-url", "CREBIT_DATABASE_URL", "", "postgres:// URL; empty uses SQLite in the data directory", true},
	{"base-url", "CREBIT_BASE_URL", "", "public URL of the site (default http://localhost:<port>)", false},
	{"partner", "CREBIT_PARTNER", PartnerBlindPaySandbox, "payment partner: blindpay-sandbox (embedded, no real money) or blindpay", false},
	{"partner-url", "CREBIT_PARTNER_URL", "", "base URL of BlindPay's API (partner=blindpay; default https://api.blindpay.com)", false},
	{"blindpay-instance-id", "CREBIT_BLINDPAY_INSTANCE_ID", "", "BlindPay instance id in_... (partner=blindpay)", false},
	{"blindpay-network", "CREBIT_BLINDPAY_NETWORK", "base_sepolia", "chain of BlindPay's managed wallets: base_sepolia (development) or base (production)", false},
	{"blindpay-token", "CREBIT_BLINDPAY_TOKEN", "USDB", "stablecoin of BlindPay's managed wallets: USDB (development) or USDC (production)", false},
	{"blindpay-requests-per-minute", "CREBIT_BLINDPAY_REQUESTS_PER_MINUTE", "40", "requests a minute Crebit makes to BlindPay at most (its development instances' limit is 40; 0 does not pace)", false},
	{"partner-api-key", "CREBIT_PARTNER_API_KEY", "", "partner API key (generated for the sandbox when empty)", true},
	{"webhook-secret", "CREBIT_WEBHOOK_SECRET", "", "webhook signing secret whsec_... (generated and kept in the data directory when empty)", true},
	{"encryption-key", "CREBIT_ENCRYPTION_KEY", "", "base64 32-byte key sealing bank account numbers (generated and kept in the data directory when empty)", true},
	{"log-level", "CREBIT_LOG_LEVEL", "info", "debug, info, warn or error", false},
	{"log-format", "CREBIT_LOG_FORMAT", "text", "text or json", false},
	{"quote-ttl", "CREBIT_QUOTE_TTL", "300s", "how long a locked quote is valid", false},
	{"max-payment-usd", "CREBIT_MAX_PAYMENT_USD", "100000.00", "largest amount_usd accepted for one payment", false},
	{"session-ttl", "CREBIT_SESSION_TTL", "720h", "lifetime of a browser session", false},
	{"smtp-url", "CREBIT_SMTP_URL", "", "smtp://user:pass@host:587 (STARTTLS) or smtps://...:465 (implicit TLS); empty keeps e-mail in the local mailbox", true},
	{"mail-from", "CREBIT_MAIL_FROM", "Crebit <no-reply@crebit.io>", "From address of the e-mails Crebit sends", false},
	{"support-inbound", "CREBIT_SUPPORT_INBOUND", "", "address whose mail the provider posts to /api/support/inbound; support answers ask for replies there (docs/SUPPORT-MAIL.md)", false},
	{"support-inbound-token", "CREBIT_SUPPORT_INBOUND_TOKEN", "", "bearer token the mail provider sends with each inbound reply", true},
	{"embeddings-url", "CREBIT_EMBEDDINGS_URL", "", "OpenAI-compatible server (base URL, without /v1) whose /v1/embeddings re-ranks the scholarship AI search; empty uses the built-in ranking only", false},
	{"embeddings-model", "CREBIT_EMBEDDINGS_MODEL", "text-embedding-3-small", "model name sent to the embeddings server", false},
	{"embeddings-api-key", "CREBIT_EMBEDDINGS_API_KEY", "", "bearer token for the embeddings server", true},
	{"sandbox-brl-quotation", "CREBIT_SANDBOX_BRL_QUOTATION", "5.39", "sandbox: BlindPay's commercial BRL per stablecoin", false},
	{"sandbox-mxn-quotation", "CREBIT_SANDBOX_MXN_QUOTATION", "18.45", "sandbox: BlindPay's commercial MXN per stablecoin", false},
	{"sandbox-usd-quotation", "CREBIT_SANDBOX_USD_QUOTATION", "0.999", "sandbox: USD per stablecoin on payouts", false},
	{"sandbox-fee-bps", "CREBIT_SANDBOX_FEE_BPS", "50", "sandbox: the instance's percentage fee in basis points", false},
	{"sandbox-auto-advance", "CREBIT_SANDBOX_AUTO_ADVANCE", "2s", "sandbox: delay between a payout's steps (it is asked for once the pay-in settles); 0 turns it off", false},
	{"sandbox-fail-quotes", "CREBIT_SANDBOX_FAIL_QUOTES", "false", "sandbox: answer quote and rate requests with QUOTES_RATE_UNAVAILABLE (for testing error paths)", false},
	{"allow-sandbox", "CREBIT_ALLOW_SANDBOX", "false", "allow the sandbox partner with a CREBIT_BASE_URL that is not loopback", false},
	{"encryption-key-file", "CREBIT_ENCRYPTION_KEY_FILE", "", "file holding the encryption key (keep it off the data volume)", false},
	{"recover-after", "CREBIT_RECOVER_AFTER", "1m", "age at which a payment stuck in created is recovered from the partner", false},
	{"rescue-after", "CREBIT_RESCUE_AFTER", "1m", "a job left running by a crash is run again after this long", false},
	{"trusted-proxies", "CREBIT_TRUSTED_PROXIES", "", "comma-separated CIDRs of reverse proxies whose X-Forwarded-For is believed", false},
	{"rate-limit-scale", "CREBIT_RATE_LIMIT_SCALE", "1", "multiplies every rate limit (0 turns limits off, for load tests only)", false},
	{"metrics-addr", "CREBIT_METRICS_ADDR", "", "listen address of the Prometheus /metrics endpoint; empty turns it off", false},
}

// Usage writes the table of options, for --help and the README.
func Usage(w io.Writer) {
	for _, o := range options {
		def := o.def
		if def == "" {
			def = `""`
		}
		fmt.Fprintf(w, "  --%-24s %-30s %s (default %s)\n", o.flag, o.env, o.help, def)
	}
}

// Load reads flags from args and variables through getenv, then validates.
// The error is one line naming the setting and what is wrong with it.
func Load(args []string, getenv func(string) string) (Config, error) {
	fs := flag.NewFlagSet("crebit serve", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	values := make(map[string]*string, len(options))
	for _, o := range options {
		v := o.def
		if e := getenv(o.env); e != "" {
			v = e
		}
		values[o.env] = fs.String(o.flag, v, o.help)
	}
	if err := fs.Parse(args); err != nil {
		return Config{}, fmt.Errorf("config: %v", err)
	}
	if fs.NArg() > 0 {
		return Config{}, fmt.Errorf("config: unexpected argument %q", fs.Arg(0))
	}
	get := func(env string) string { return strings.TrimSpace(*values[env]) }
	return parse(get)
}

func parse(get func(string) string) (Config, error) {
	c := Config{
		Addr:                get("CREBIT_ADDR"),
		DataDir:             get("CREBIT_DATA_DIR"),
		DatabaseURL:         get("CREBIT_DATABASE_URL"),
		BaseURL:             strings.TrimRight(get("CREBIT_BASE_URL"), "/"),
		Partner:             get("CREBIT_PARTNER"),
		PartnerURL:          strings.TrimRight(get("CREBIT_PARTNER_URL"), "/"),
		BlindPayInstanceID:  strings.TrimSpace(get("CREBIT_BLINDPAY_INSTANCE_ID")),
		BlindPayNetwork:     get("CREBIT_BLINDPAY_NETWORK"),
		BlindPayToken:       get("CREBIT_BLINDPAY_TOKEN"),
		PartnerAPIKey:       Secret(get("CREBIT_PARTNER_API_KEY")),
		WebhookSecret:       Secret(get("CREBIT_WEBHOOK_SECRET")),
		EncryptionKey:       Secret(get("CREBIT_ENCRYPTION_KEY")),
		LogFormat:           get("CREBIT_LOG_FORMAT"),
		EmbeddingsURL:       strings.TrimRight(get("CREBIT_EMBEDDINGS_URL"), "/"),
		EmbeddingsModel:     get("CREBIT_EMBEDDINGS_MODEL"),
		EmbeddingsAPIKey:    Secret(get("CREBIT_EMBEDDINGS_API_KEY")),
		SMTPURL:             Secret(get("CREBIT_SMTP_URL")),
		MailFrom:            get("CREBIT_MAIL_FROM"),
		SupportInbound:      get("CREBIT_SUPPORT_INBOUND"),
		SupportInboundToken: Secret(get("CREBIT_SUPPORT_INBOUND_TOKEN")),
		Sandbox: Sandbox{
			BRLQuotation: get("CREBIT_SANDBOX_BRL_QUOTATION"),
			MXNQuotation: get("CREBIT_SANDBOX_MXN_QUOTATION"),
			USDQuotation: get("CREBIT_SANDBOX_USD_QUOTATION"),
		},
	}
	var errs []error
	bad := func(env, format string, a ...any) {
		errs = append(errs, fmt.Errorf("%s %s", env, fmt.Sprintf(format, a...)))
	}

	if _, port, err := net.SplitHostPort(c.Addr); err != nil || port == "" {
		bad("CREBIT_ADDR", "must be host:port such as :8080, got %q", c.Addr)
	}
	if c.DataDir == "" {
		bad("CREBIT_DATA_DIR", "must not be empty")
	}
	if c.DatabaseURL != "" {
		u, err := url.Parse(c.DatabaseURL)
		if err != nil || (u.Scheme != "postgres" && u.Scheme != "postgresql") || u.Host == "" {
			bad("CREBIT_DATABASE_URL", "must be a postgres:// URL with a host")
		}
	}
	if c.BaseURL != "" {
		u, err := url.Parse(c.BaseURL)
		if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" || (u.Path != "" && u.Path != "/") {
			bad("CREBIT_BASE_URL", "must be an absolute http(s) URL without a path, got %q", c.BaseURL)
		}
	}
	switch c.Partner {
	case PartnerBlindPaySandbox:
	case PartnerBlindPay:
		if c.PartnerURL == "" {
			c.PartnerURL = BlindPayURL
		}
		u, err := url.Parse(c.PartnerURL)
		if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
			bad("CREBIT_PARTNER_URL", "must be an absolute http(s) URL, got %q", c.PartnerURL)
		}
		if c.PartnerAPIKey == "" {
			bad("CREBIT_PARTNER_API_KEY", "is required when CREBIT_PARTNER=blindpay (an API key of the BlindPay instance)")
		}
		if len(c.BlindPayInstanceID) != 15 || !strings.HasPrefix(c.BlindPayInstanceID, "in_") {
			bad("CREBIT_BLINDPAY_INSTANCE_ID", "must be the BlindPay instance id (in_ and 12 characters) when CREBIT_PARTNER=blindpay")
		}
		if c.WebhookSecret == "" {
			bad("CREBIT_WEBHOOK_SECRET", "is required when CREBIT_PARTNER=blindpay (the webhook endpoint's whsec_ secret; `crebit setup-webhook` prints it)")
		}
	default:
		if c.Partner == "sandbox" || c.Partner == "http" {
			// Both spoke a partner API of Crebit's own invention, which no
			// provider implements; they were removed (issue 28).
			bad("CREBIT_PARTNER", "%q was removed: use %q (the embedded BlindPay sandbox) or %q", c.Partner, PartnerBlindPaySandbox, PartnerBlindPay)
			break
		}
		bad("CREBIT_PARTNER", "must be %q or %q, got %q", PartnerBlindPaySandbox, PartnerBlindPay, c.Partner)
	}
	if c.EmbeddingsURL != "" {
		u, err := url.Parse(c.EmbeddingsURL)
		if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
			bad("CREBIT_EMBEDDINGS_URL", "must be an absolute http(s) URL, got %q", c.EmbeddingsURL)
		}
		if c.EmbeddingsModel == "" {
			bad("CREBIT_EMBEDDINGS_MODEL", "must not be empty when CREBIT_EMBEDDINGS_URL is set")
		}
	}
	if c.WebhookSecret != "" {
		if _, err := DecodeWebhookSecret(string(c.WebhookSecret)); err != nil {
			bad("CREBIT_WEBHOOK_SECRET", "%v", err)
		}
	}
	if c.EncryptionKey != "" {
		if _, err := DecodeEncryptionKey(string(c.EncryptionKey)); err != nil {
			bad("CREBIT_ENCRYPTION_KEY", "%v", err)
		}
	}
	if c.SMTPURL != "" {
		u, err := url.Parse(string(c.SMTPURL))
		if err != nil || (u.Scheme != "smtp" && u.Scheme != "smtps") || u.Hostname() == "" {
			bad("CREBIT_SMTP_URL", "must be smtp://user:pass@host:587 or smtps://user:pass@host:465")
		}
	}
	if c.SupportInbound != "" {
		if a, err := mail.ParseAddress(c.SupportInbound); err != nil || a.Address != c.SupportInbound {
			bad("CREBIT_SUPPORT_INBOUND", "must be a bare e-mail address such as support@reply.crebit.io, got %q", c.SupportInbound)
		} else if len(c.SupportInboundToken.Reveal()) < 16 {
			bad("CREBIT_SUPPORT_INBOUND_TOKEN", "must be at least 16 characters when CREBIT_SUPPORT_INBOUND is set")
		}
	}
	if a, err := mail.ParseAddress(c.MailFrom); err != nil || a.Address == "" {
		bad("CREBIT_MAIL_FROM", "must be an e-mail address such as \"Crebit <no-reply@crebit.io>\", got %q", c.MailFrom)
	}
	if err := c.LogLevel.UnmarshalText([]byte(get("CREBIT_LOG_LEVEL"))); err != nil {
		bad("CREBIT_LOG_LEVEL", "must be debug, info, warn or error, got %q", get("CREBIT_LOG_LEVEL"))
	}
	if c.LogFormat != "text" && c.LogFormat != "json" {
		bad("CREBIT_LOG_FORMAT", "must be text or json, got %q", c.LogFormat)
	}
	c.QuoteTTL = duration(get, "CREBIT_QUOTE_TTL", time.Second, 24*time.Hour, bad)
	c.SessionTTL = duration(get, "CREBIT_SESSION_TTL", time.Minute, 365*24*time.Hour, bad)
	c.Sandbox.AutoAdvance = duration(get, "CREBIT_SANDBOX_AUTO_ADVANCE", 0, time.Hour, bad)

	if a, err := money.Parse(get("CREBIT_MAX_PAYMENT_USD"), money.USD); err != nil || !a.IsPositive() {
		bad("CREBIT_MAX_PAYMENT_USD", "must be a positive USD amount with at most 2 decimals, got %q", get("CREBIT_MAX_PAYMENT_USD"))
	} else {
		c.MaxPaymentUSD = a
	}
	for _, env := range []string{"CREBIT_SANDBOX_BRL_QUOTATION", "CREBIT_SANDBOX_MXN_QUOTATION", "CREBIT_SANDBOX_USD_QUOTATION"} {
		if _, err := money.ParseRate(get(env)); err != nil {
			bad(env, "must be a positive decimal such as 5.39, got %q", get(env))
		}
	}
	if n, err := strconv.Atoi(get("CREBIT_BLINDPAY_REQUESTS_PER_MINUTE")); err != nil || n < 0 || n > 100000 {
		bad("CREBIT_BLINDPAY_REQUESTS_PER_MINUTE", "must be a whole number from 0 to 100000")
	} else {
		c.BlindPayRPM = n
	}
	if n, err := strconv.ParseInt(get("CREBIT_SANDBOX_FEE_BPS"), 10, 64); err != nil || n < 0 || n > 5000 {
		bad("CREBIT_SANDBOX_FEE_BPS", "must be a whole number of basis points from 0 to 5000, got %q", get("CREBIT_SANDBOX_FEE_BPS"))
	} else {
		c.Sandbox.FeeBps = n
	}
	if b, err := strconv.ParseBool(get("CREBIT_SANDBOX_FAIL_QUOTES")); err != nil {
		bad("CREBIT_SANDBOX_FAIL_QUOTES", "must be true or false, got %q", get("CREBIT_SANDBOX_FAIL_QUOTES"))
	} else {
		c.Sandbox.FailQuotes = b
	}

	c.Reliability = parseReliability(get, bad)
	if c.Embedded() && !c.AllowSandbox && PublicBaseURL(c.BaseURL) {
		bad("CREBIT_PARTNER", "is the sandbox while CREBIT_BASE_URL (%s) is not a loopback address; set CREBIT_ALLOW_SANDBOX=1 if that is on purpose", c.BaseURL)
	}

	if len(errs) > 0 {
		// One line: the first problem, and how many more there are.
		msg := "config: " + errs[0].Error()
		if len(errs) > 1 {
			msg += fmt.Sprintf(" (and %d more problem(s))", len(errs)-1)
		}
		return Config{}, errors.New(msg)
	}
	return c, nil
}

func duration(get func(string) string, env string, lo, hi time.Duration, bad func(string, string, ...any)) time.Duration {
	s := get(env)
	d, err := time.ParseDuration(s)
	if err != nil {
		if n, err2 := strconv.Atoi(s); err2 == nil { // plain seconds
			d, err = time.Duration(n)*time.Second, nil
		}
	}
	if err != nil || d < lo || d > hi {
		bad(env, "must be a duration between %s and %s such as 300s, got %q", lo, hi, s)
		return 0
	}
	return d
}

// Postgres reports whether the store is PostgreSQL rather than SQLite.
func (c Config) Postgres() bool { return c.DatabaseURL != "" }
