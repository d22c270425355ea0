package conformance

import (
	"testing"
	"time"

	"github.com/crebit/crebit/internal/store"
	"github.com/crebit/crebit/internal/store/supportstore"
)

// exerciseSupport covers support conversations (issue 30): a conversation
// with its messages in order, the console's list (newest activity first, by
// status and assignee, with message counts), the lookup by reference, the
// status and the assignment.
func exerciseSupport(t *testing.T, s *suite) {
	t.Run("Support", func(t *testing.T) {
		t.Parallel()
		t.Run("ConversationsListedByActivityStatusAndAssignee", func(t *testing.T) {
			t.Parallel()
			b := s.fresh(t)
			conv := func(id, ref string, at time.Time) supportstore.Conversation {
				return supportstore.Conversation{ID: id, Reference: ref, Subject: "About " + id, Name: "Ana", Email: id + "@example.org",
					Source: "contact", Lang: "pt-BR", Status: "open", CreatedAt: at, UpdatedAt: at}
			}
			msg := func(id, conv, dir string, at time.Time) supportstore.SupportMessage {
				return supportstore.SupportMessage{ID: id, ConversationID: conv, Direction: dir, Author: "a@example.org", Body: "text of " + id, CreatedAt: at}
			}
			older, newer := conv("cnv_a", "AAAAAAAAAA", b.now), conv("cnv_b", "BBBBBBBBBB", b.now.Add(time.Minute))
			b.exec(t, func(tx *store.Tx) error {
				if err := supportstore.CreateConversation(b.ctx, tx, older, msg("smg_a1", "cnv_a", "in", b.now)); err != nil {
					return err
				}
				return supportstore.CreateConversation(b.ctx, tx, newer, msg("smg_b1", "cnv_b", "in", b.now.Add(time.Minute)))
			})
			ids := func(f supportstore.ConversationFilter) []string {
				f.Limit = 10
				cs := must(t, b, func(tx *store.Tx) ([]supportstore.Conversation, error) {
					return supportstore.Conversations(b.ctx, tx, f)
				})
				out := []string{}
				for _, c := range cs {
					out = append(out, c.ID)
				}
				return out
			}
			equal(t, "newest activity first", ids(supportstore.ConversationFilter{}), []string{"cnv_b", "cnv_a"})

			// An answer to the older one makes it the most recent.
			b.exec(t, func(tx *store.Tx) error {
				return supportstore.AddSupportMessage(b.ctx, tx, msg("smg_a2", "cnv_a", "out", b.now.Add(2*time.Minute)))
			})
			equal(t, "after the answer", ids(supportstore.ConversationFilter{}), []string{"cnv_a", "cnv_b"})
			list := must(t, b, func(tx *store.Tx) ([]supportstore.Conversation, error) {
				return supportstore.Conversations(b.ctx, tx, supportstore.ConversationFilter{Limit: 1})
			})
			equal(t, "count and time", []any{len(list), list[0].Messages, list[0].UpdatedAt}, []any{1, 2, b.now.Add(2 * time.Minute)})
			ms := must(t, b, func(tx *store.Tx) ([]supportstore.SupportMessage, error) {
				return supportstore.SupportMessages(b.ctx, tx, "cnv_a")
			})
			equal(t, "messages in order", []string{ms[0].ID + " " + ms[0].Direction, ms[1].ID + " " + ms[1].Direction}, []string{"smg_a1 in", "smg_a2 out"})
			equal(t, "message text and time", []any{ms[0].Body, ms[0].CreatedAt}, []any{"text of smg_a1", b.now})

			b.exec(t, func(tx *store.Tx) error {
				if err := supportstore.SetConversationStatus(b.ctx, tx, "cnv_b", "closed", b.now.Add(3*time.Minute)); err != nil {
					return err
				}
				return supportstore.AssignConversation(b.ctx, tx, "cnv_a", "acc_op", "op@example.org", b.now.Add(3*time.Minute))
			})
			equal(t, "open", ids(supportstore.ConversationFilter{Status: "open"}), []string{"cnv_a"})
			equal(t, "closed", ids(supportstore.ConversationFilter{Status: "closed"}), []string{"cnv_b"})
			equal(t, "assigned to op", ids(supportstore.ConversationFilter{AssigneeID: "acc_op"}), []string{"cnv_a"})

			got := must(t, b, func(tx *store.Tx) (supportstore.Conversation, error) {
				return supportstore.ConversationByReference(b.ctx, tx, "AAAAAAAAAA")
			})
			equal(t, "by reference", []string{got.ID, got.AssigneeEmail, got.Lang, got.AccountID}, []string{"cnv_a", "op@example.org", "pt-BR", ""})
			b.exec(t, func(tx *store.Tx) error {
				return supportstore.AssignConversation(b.ctx, tx, "cnv_a", "", "", b.now.Add(4*time.Minute))
			})
			got = must(t, b, func(tx *store.Tx) (supportstore.Conversation, error) {
				return supportstore.ConversationByID(b.ctx, tx, "cnv_a")
			})
			equal(t, "unassigned", []string{got.AssigneeID, got.AssigneeEmail}, []string{"", ""})
			_, err := read(b, func(tx *store.Tx) (supportstore.Conversation, error) {
				return supportstore.ConversationByID(b.ctx, tx, "cnv_none")
			})
			requireIs(t, "no such conversation", err, store.ErrNotFound)
			_, err = read(b, func(tx *store.Tx) (supportstore.Conversation, error) {
				return supportstore.ConversationByReference(b.ctx, tx, "ZZZZZZZZZZ")
			})
			requireIs(t, "no such reference", err, store.ErrNotFound)
		})
	})
}
