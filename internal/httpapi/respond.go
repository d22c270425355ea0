package httpapi

import (
	"bytes"
	"encoding/json"
	"errors"

	"io"
	"log/slog"
	"mime"
	"net/http"
	"reflect"
	"strings"

	"github.com/crebit/crebit/internal/apperr"
)

// maxBodyBytes limits every request body (1 MiB).
const maxBodyBytes = 1 << 20

// errorBody is the one error shape: {"error": "..."}.
type errorBody struct {
	Error string `json:"error"`
}

// writeJSON writes v with status. Encoding errors are logged: the status is
// already on the wire.
func writeJSON(w http.ResponseWriter, r *http.Request, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(status)
	if err := json.NewEncoder(w).Encode(v); err != nil {
		logger(r).Warn("encode response", "err", err)
	}
}

// writeError answers with the error's status and {"error": message}.
// Internal errors are logged with the request id and shown as "internal error".
func writeError(w http.ResponseWriter, r *http.Request, err error) {
	status := apperr.Status(err)
	if status >= 500 {
		logger(r).Error("request failed", "status", status, "err", err)
	} else {
		// The message is not logged: it can echo what the payer typed (a
		// CURP, say), and tax ids never go to logs.
		var ae *apperr.Error
		if errors.As(err, &ae) {
			logger(r).Info("request refused", "status", status, "code", ae.Code, "field", ae.Field)
		}
	}
	writeJSON(w, r, status, errorBody{Error: apperr.Message(err)})
}

// writeMessageError answers {"message": ...} (and "error" too) for the one
// call whose client reads the message field (create-wallet).
func writeMessageError(w http.ResponseWriter, r *http.Request, err error) {
	status := apperr.Status(err)
	if status >= 500 {
		logger(r).Error("request failed", "status", status, "err", err)
	}
	msg := apperr.Message(err)
	writeJSON(w, r, status, map[string]string{"message": msg, "error": msg})
}

// decodeJSON reads one JSON object into dst: the body is size-limited,
// unknown fields are refused, and every failure names the problem.
func decodeJSON(w http.ResponseWriter, r *http.Request, dst any) error {
	if ct := r.Header.Get("Content-Type"); ct != "" {
		mt, _, err := mime.ParseMediaType(ct)
		if err != nil || (mt != "application/json" && !strings.HasSuffix(mt, "+json")) {
			return &apperr.Error{Code: apperr.Invalid, Message: "Content-Type must be application/json"}
		}
	}
	raw, err := io.ReadAll(http.MaxBytesReader(w, r.Body, maxBodyBytes))
	if err != nil {
		return decodeError(err)
	}
	// A NUL is valid JSON but no text field has a use for it, and
	// PostgreSQL cannot store it: refuse it here, for every field at once.
	if bytes.Contains(raw, []byte(`\u0000`)) {
		return apperr.New(apperr.Invalid, `text fields must not contain NUL characters (\u0000)`)
	}
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.DisallowUnknownFields()
	dec.UseNumber()
	if err := dec.Decode(dst); err != nil {
		return decodeError(err)
	}
	if err := dec.Decode(&struct{}{}); !errors.Is(err, io.EOF) {
		return apperr.New(apperr.Invalid, "request body must contain a single JSON object")
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
			return apperr.New(apperr.Invalid, "unknown field %q", key)
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
		return apperr.New(apperr.Invalid, "request body is empty; send a JSON object")
	case errors.Is(err, io.ErrUnexpectedEOF):
		return apperr.New(apperr.Invalid, "malformed JSON: the body ends too early")
	case errors.As(err, &mbe):
		return apperr.New(apperr.TooLarge, "request body is larger than %d bytes", maxBodyBytes)
	case errors.As(err, &syntax):
		return apperr.New(apperr.Invalid, "malformed JSON at byte %d: %s", syntax.Offset, syntax.Error())
	case errors.As(err, &typ):
		if typ.Field == "" {
			return apperr.New(apperr.Invalid, "request body must be a JSON object, not %s", article(typ.Value))
		}
		return apperr.New(apperr.Invalid, "field %q must be %s, not %s", typ.Field, jsonKind(typ.Type.String()), article(typ.Value))
	case strings.HasPrefix(err.Error(), "json: unknown field "):
		return apperr.New(apperr.Invalid, "unknown field %s", strings.TrimPrefix(err.Error(), "json: unknown field "))
	default:
		var fe *fieldDecodeError
		if errors.As(err, &fe) {
			return apperr.FieldError(fe.field, fe.msg)
		}
		return apperr.New(apperr.Invalid, "malformed JSON: %v", err)
	}
}

// fieldDecodeError lets custom UnmarshalJSON methods report a field problem.
type fieldDecodeError struct{ field, msg string }

func (e *fieldDecodeError) Error() string { return e.msg }

func jsonKind(goType string) string {
	switch {
	case goType == "httpapi.jsonNumber":
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
func logger(r *http.Request) *slog.Logger {
	if l, ok := r.Context().Value(loggerKey{}).(*slog.Logger); ok {
		return l
	}
	return slog.Default()
}

type loggerKey struct{}

// jsonNumber is a JSON number kept as its exact text, so amounts never pass
// through float64. A string, boolean, object or array is a type error naming
// the field; null leaves it empty (and validation then says it is required).
type jsonNumber string

// UnmarshalJSON accepts only a bare JSON number token.
func (n *jsonNumber) UnmarshalJSON(b []byte) error {
	if string(b) == "null" {
		return nil
	}
	if len(b) == 0 || !(b[0] == '-' || (b[0] >= '0' && b[0] <= '9')) {
		return &json.UnmarshalTypeError{Value: jsonValueKind(b), Type: reflect.TypeFor[jsonNumber]()}
	}
	*n = jsonNumber(b)
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
