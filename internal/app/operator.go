package app

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/crebit/crebit/internal/store"
	"github.com/crebit/crebit/internal/store/opsstore"
)

// operatorCmd manages the operators of the console from the command line:
// the first admin has no other way in. Every change is written to the
// audit log as the command line's.
//
//	crebit operator add EMAIL --role ROLE [--reason TEXT]
//	crebit operator remove EMAIL [--reason TEXT]
//	crebit operator list
func operatorCmd(ctx context.Context, args []string, getenv func(string) string, stdout io.Writer) error {
	const usage = "crebit operator: add EMAIL --role support|finance|admin [--reason TEXT], remove EMAIL [--reason TEXT], or list"
	if len(args) == 0 {
		return errors.New(usage)
	}
	sub, rest := args[0], args[1:]
	var email, role, why string
	var configArgs []string
	for i := 0; i < len(rest); i++ {
		a := rest[i]
		value := func() string {
			if k, v, ok := strings.Cut(a, "="); ok && (k == "--role" || k == "--reason") {
				return v
			}
			if i+1 < len(rest) {
				i++
				return rest[i]
			}
			return ""
		}
		switch {
		case a == "--role" || strings.HasPrefix(a, "--role="):
			role = value()
		case a == "--reason" || strings.HasPrefix(a, "--reason="):
			why = value()
		case !strings.HasPrefix(a, "-") && email == "" && sub != "list":
			email = a
		default:
			configArgs = append(configArgs, a)
		}
	}
	if why == "" {
		why = "set from the command line"
	}
	cfg, db, err := openDB(ctx, configArgs, getenv)
	if err != nil {
		return err
	}
	defer db.Close()
	if err := cfg.FillSecrets(); err != nil {
		return err
	}
	st, err := Build(cfg, db, newLogger(cfg, io.Discard), time.Now, "http://127.0.0.1:0")
	if err != nil {
		return err
	}
	defer st.Close()
	svc := st.Ops
	switch sub {
	case "add":
		if email == "" || role == "" {
			return errors.New(usage)
		}
		if err := svc.SetOperatorRole(ctx, nil, email, role, why); err != nil {
			return fmt.Errorf("crebit operator add: %w", err)
		}
		fmt.Fprintf(stdout, "crebit: %s is now an operator (%s); the console needs two-factor sign-in\n", email, role)
	case "remove":
		if email == "" {
			return errors.New(usage)
		}
		if err := svc.RemoveOperator(ctx, nil, email, why); err != nil {
			return fmt.Errorf("crebit operator remove: %w", err)
		}
		fmt.Fprintf(stdout, "crebit: %s is no longer an operator\n", email)
	case "list":
		var ops []opsstore.Operator
		if err := db.Read(ctx, func(tx *store.Tx) (err error) { ops, err = opsstore.Operators(ctx, tx); return }); err != nil {
			return err
		}
		for _, o := range ops {
			fmt.Fprintf(stdout, "%s\t%s\tsince %s\n", o.Email, o.Role, o.CreatedAt.Format(time.DateOnly))
		}
	default:
		return errors.New(usage)
	}
	return nil
}
