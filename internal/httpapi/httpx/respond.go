package httpx

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"log/slog"
	"mime"
	"net/http"
	"reflect"
	"strconv"
	"strings"

	"github.com/crebit/crebit/internal/apperr"
	"github.com/crebit/crebit/internal/i18n"
)

// MaxBodyBytes limits every request body (1 MiB).
const MaxBodyBytes = 1 << 20

// ErrorBody is the one error shape: {"error": "...", "code": "...",
// "field": "..."}. Clients branch on code and field; error is the text for a
// person, in the request's language (i18n.FromRequest; English as sent).
type ErrorBody struct {
	Error string      `json:"error"`
	Code  apperr.Code `json:"code"`
	Field string      `json:"field,omitempty"`
}

// WriteJSON writes v with status. Encoding errors are logged: the status is
// already on the wire.
func WriteJSON(w http.ResponseWriter, r *http.Request, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(status)
	if err := json.NewEncoder(w).Encode(v); err != nil {
		Logger(r).Warn("encode response", "err", err)
	}
}

// WriteError answers with the error's status and {"error": message}.
// Internal errors are logged with the request id and shown as "internal error".
func WriteError(w http.ResponseWriter, r *http.Request, err error) {
	status := apperr.Status(err)
	if status >= 500 {
		Logger(r).Error("request failed", "status", status, "err", err)
	} else {
		// The message is not logged: it can echo what the payer typed (a
		// CURP, say), and tax ids never go to logs.
		var ae *apperr.Error
		if errors.As(err, &ae) {
			Logger(r).Info("request refused", "status", status, "code", ae.Code, "field", ae.Field)
		}
	}
	if secs := apperr.RetryAfterSeconds(err); secs > 0 {
		w.Header().Set("Retry-After", strconv.Itoa(secs))
	}
	code, field := apperr.Public(err)
	WriteJSON(w, r, status, ErrorBody{Error: personMessage(w, r, code, err), Code: code, Field: field})
}

// WriteRefusal answers status with e ({"error", "code"}, in the request's
// language) and no log line: the router's and the middleware's own
// answers (no such route, wrong method, cross-origin, a panic).
func WriteRefusal(w http.ResponseWriter, r *http.Request, status int, e *apperr.Error) {
	WriteJSON(w, r, status, ErrorBody{Error: personMessage(w, r, e.Code, e), Code: e.Code, Field: e.Field})
}

// personMessage is the error's message in the request's language (its
// catalog key's text); the response says which language it is in.
// Anything internal is "internal error"; an *apperr.Error made without a
// key is its code's general message (its English as sent, in English).
func personMessage(w http.ResponseWriter, r *http.Request, code apperr.Code, err error) string {
	lang := i18n.FromRequest(r)
	w.Header().Set("Content-Language", lang)
	w.Header().Add("Vary", "Accept-Language")
	var ae *apperr.Error
	switch {
	case errors.As(err, &ae) && ae.Key != "" && ae.Code == code:
		return i18n.Text(lang, ae.Key, ae.Args)
	case code == apperr.Internal:
		return i18n.Text(lang, "internal.plain", nil)
	case lang == "en":
		return apperr.Message(err)
	}
	return i18n.Text(lang, string(code), nil)
}

// WriteMessageError answers {"message": ...} (and "error" too) for the one
// call whose client reads the message field (create-wallet).
func WriteMessageError(w http.ResponseWriter, r *http.Request, err error) {
	status := apperr.Status(err)
	if status >= 500 {
		Logger(r).Error("request failed", "status", status, "err", err)
	}
	code, field := apperr.Public(err)
	msg := personMessage(w, r, code, err)
	body := map[string]string{"message": msg, "error": msg, "code": string(code)}
	if field != "" {
		body["field"] = field
	}
	WriteJSON(w, r, status, body)
}

// DecodeJSON reads one JSON object into dst: the body is size-limited,
// unknown fields are refused, and every failure names the problem.
func DecodeJSON(w http.ResponseWriter, r *http.Request, dst any) error {
	if ct := r.Header.Get("Content-Type"); ct != "" {
		mt, _, err := mime.ParseMediaType(ct)
		if err != nil || (mt != "application/json" && !strings.HasSuffix(mt, "+json")) {
			return apperr.E(apperr.InvalidJSON, "content_type")
		}
	}
	raw, err := io.ReadAll(http.MaxBytesReader(w, r.Body, MaxBodyBytes))
	if err != nil {
		return readError(r, err)
	}
	// A NUL is valid JSON but no text field has a use for it, and
	// PostgreSQL cannot store it: refuse it here, for every field at once.
	if bytes.Contains(raw, []byte(`\u0000`)) {
		return apperr.E(apperr.InvalidJSON, "nul")
	}
	if key, ok := duplicateKey(raw); ok {
		return apperr.E(apperr.InvalidJSON, "duplicate", "field", quoted(key)).On(key)
	}
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.DisallowUnknownFields()
	dec.UseNumber()
	if err := dec.Decode(dst); err != nil {
		return decodeError(err)
	}
	if err := dec.Decode(&struct{}{}); !errors.Is(err, io.EOF) {
		return apperr.E(apperr.InvalidJSON, "single")
	}
	// encoding/json matches field names case-insensitively; the API's
	// names are exact.
	return exactFieldNames(raw, reflect.TypeOf(dst))
}

// exactFieldNames refuses a key that only matches a field when case is
// ignored ("Symbol" for "symbol"), in objects at any depth.
func exactFieldNames(raw []byte, t reflect.Type) error {
	for t.Kind() == reflect.Pointer || t.Kind() == reflect.Slice || t.Kind() == reflect.Array {
		if t.Kind() != reflect.Pointer {
			var items []json.RawMessage
			if json.Unmarshal(raw, &items) != nil {
				return nil
			}
			for _, item := range items {
				if err := exactFieldNames(item, t.Elem()); err != nil {
					return err
				}
			}
			return nil
		}
		t = t.Elem()
	}
	if t.Kind() != reflect.Struct {
		return nil
	}
	keys, values, ok := objectMembers(raw)
	if !ok {
		return nil
	}
	fields := map[string]reflect.StructField{}
	for i := 0; i < t.NumField(); i++ {
		f := t.Field(i)
		name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		if name == "" {
			name = f.Name
		}
		fields[name] = f
	}
	for i, key := range keys {
		f, ok := fields[key]
		if !ok {
			return apperr.E(apperr.UnknownField, "name", "field", quoted(key)).On(key)
		}
		if err := exactFieldNames(values[i], f.Type); err != nil {
			return err
		}
	}
	return nil
}

// objectMembers returns a JSON object's keys and values in document order.
func objectMembers(raw []byte) ([]string, []json.RawMessage, bool) {
	dec := json.NewDecoder(bytes.NewReader(raw))
	if tok, err := dec.Token(); err != nil || tok != json.Delim('{') {
		return nil, nil, false
	}
	var keys []string
	var values []json.RawMessage
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			return nil, nil, false
		}
		key, _ := tok.(string)
		var v json.RawMessage
		if err := dec.Decode(&v); err != nil {
			return nil, nil, false
		}
		keys, values = append(keys, key), append(values, v)
	}
	return keys, values, true
}

// decodeError turns encoding/json's errors into messages a caller can act on.
func decodeError(err error) error {
	var (
		syntax *json.SyntaxError
		typ    *json.UnmarshalTypeError
		mbe    *http.MaxBytesError
	)
	switch {
	case errors.Is(err, io.EOF):
		return apperr.E(apperr.InvalidJSON, "empty")
	case errors.Is(err, io.ErrUnexpectedEOF):
		return apperr.E(apperr.InvalidJSON, "short")
	case errors.As(err, &mbe):
		return apperr.E(apperr.TooLarge, "bytes", "bytes", MaxBodyBytes)
	case errors.As(err, &syntax):
		return apperr.E(apperr.InvalidJSON, "syntax", "offset", syntax.Offset, "detail", syntax.Error())
	case errors.As(err, &typ):
		if typ.Field == "" {
			return apperr.E(apperr.InvalidJSON, "not_object", "kind", article(typ.Value))
		}
		return apperr.E(apperr.InvalidJSON, "field_type", "field", quoted(typ.Field), "kind", jsonKind(typ.Type.String()), "value", article(typ.Value)).On(typ.Field)
	case strings.HasPrefix(err.Error(), "json: unknown field "):
		name := strings.TrimPrefix(err.Error(), "json: unknown field ")
		if len(name) >= 2 && name[0] == '"' && name[len(name)-1] == '"' {
			return apperr.E(apperr.UnknownField, "name", "field", name[1:len(name)-1]).On(strings.Trim(name, `"`))
		}
		return apperr.E(apperr.UnknownField, "bare", "field", name).On(strings.Trim(name, `"`))
	case strings.HasPrefix(err.Error(), "json: "):
		return apperr.E(apperr.InvalidJSON, "malformed", "detail", strings.TrimPrefix(err.Error(), "json: "))
	default:
		// Anything else came from below encoding/json; its text is not ours
		// to show.
		return apperr.E(apperr.InvalidJSON, "plain")
	}
}

// quoted is s as %q writes it, without the quotes (the catalog's texts
// put the quotes around the placeholder).
func quoted(s string) string {
	q := strconv.Quote(s)
	return q[1 : len(q)-1]
}

// readError answers a body that could not be read. A transport error's
// text (socket addresses, timeouts) goes to the log, never to the client.
func readError(r *http.Request, err error) error {
	var mbe *http.MaxBytesError
	if errors.As(err, &mbe) {
		return apperr.E(apperr.TooLarge, "bytes", "bytes", MaxBodyBytes)
	}
	Logger(r).Info("request body could not be read", "err", err)
	return apperr.E(apperr.InvalidJSON, "read")
}

// duplicateKey finds a key that appears twice in one JSON object, at any
// depth: encoding/json would silently keep the last one, so what was
// checked and what was used could differ.
func duplicateKey(raw []byte) (string, bool) {
	dec := json.NewDecoder(bytes.NewReader(raw))
	type frame struct {
		object  bool
		keys    map[string]bool
		wantKey bool
	}
	var stack []*frame
	for {
		tok, err := dec.Token()
		if err != nil {
			return "", false // malformed or done: the real decode reports it
		}
		top := (*frame)(nil)
		if len(stack) > 0 {
			top = stack[len(stack)-1]
		}
		switch t := tok.(type) {
		case json.Delim:
			switch t {
			case '{', '[':
				if top != nil && top.object {
					top.wantKey = true // this value is done once closed
				}
				stack = append(stack, &frame{object: t == '{', keys: map[string]bool{}, wantKey: true})
				continue
			case '}', ']':
				stack = stack[:len(stack)-1]
				continue
			}
		case string:
			if top != nil && top.object && top.wantKey {
				if top.keys[t] {
					return t, true
				}
				top.keys[t] = true
				top.wantKey = false
				continue
			}
		}
		if top != nil && top.object {
			top.wantKey = true
		}
	}
}

func jsonKind(goType string) string {
	switch {
	case goType == "httpx.JSONNumber":
		return "a number"
	case goType == "string":
		return "a string"
	case goType == "bool":
		return "true or false"
	case strings.HasPrefix(goType, "int"), strings.HasPrefix(goType, "uint"), strings.HasPrefix(goType, "float"), goType == "json.Number":
		return "a number"
	case strings.HasPrefix(goType, "[]"):
		return "an array"
	case strings.HasPrefix(goType, "map["), strings.Contains(goType, "struct"), strings.Contains(goType, "."):
		return "an object"
	}
	return goType
}

func article(v string) string {
	switch v {
	case "object", "array":
		return "an " + v
	case "number":
		return "a number"
	case "":
		return "this value"
	}
	return "a " + v
}

// logger returns the request-scoped logger (with the request id).
func Logger(r *http.Request) *slog.Logger {
	if l, ok := r.Context().Value(loggerKey{}).(*slog.Logger); ok {
		return l
	}
	return slog.Default()
}

type loggerKey struct{}

// WithLogger returns ctx carrying the request-scoped logger.
func WithLogger(ctx context.Context, l *slog.Logger) context.Context {
	return context.WithValue(ctx, loggerKey{}, l)
}

// NoSuchRoute answers as for a path no route serves: the JSON 404.
func NoSuchRoute(w http.ResponseWriter, r *http.Request) {
	WriteRefusal(w, r, http.StatusNotFound, apperr.E(apperr.NotFound, "route", "method", r.Method, "path", r.URL.Path))
}

// JSONNumber is a JSON number kept as its exact text, so amounts never pass
// through float64. A string, boolean, object or array is a type error naming
// the field; null leaves it empty (and validation then says it is required).
type JSONNumber string

// UnmarshalJSON accepts only a bare JSON number token.
func (n *JSONNumber) UnmarshalJSON(b []byte) error {
	if string(b) == "null" {
		return nil
	}
	if len(b) == 0 || !(b[0] == '-' || (b[0] >= '0' && b[0] <= '9')) {
		return &json.UnmarshalTypeError{Value: jsonValueKind(b), Type: reflect.TypeFor[JSONNumber]()}
	}
	*n = JSONNumber(b)
	return nil
}

func jsonValueKind(b []byte) string {
	if len(b) == 0 {
		return ""
	}
	switch b[0] {
	case '"':
		return "string"
	case '{':
		return "object"
	case '[':
		return "array"
	case 't', 'f':
		return "boolean"
	}
	return "value"
}
