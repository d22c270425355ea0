package supportstore

import (
	"context"
	"time"

	"github.com/crebit/crebit/internal/store"
)

// Conversation is one support conversation (issue 30, item 5).
type Conversation struct {
	ID, Reference, Subject, Name, Email string
	AccountID                           string // "" for the contact form signed out
	Source                              string // dashboard or contact
	Lang                                string
	Status                              string // open or closed
	AssigneeID, AssigneeEmail           string
	CreatedAt, UpdatedAt                time.Time
	Messages                            int // in lists: how many messages it holds
}

// SupportMessage is one message of a conversation: in from the person, or
// out from an operator.
type SupportMessage struct {
	ID, ConversationID, Direction, Author, Body string
	CreatedAt                                   time.Time
}

const conversationColumns = `c.id, c.reference, c.subject, c.name, c.email, COALESCE(c.account_id, ''), c.source, c.lang, c.status,
	COALESCE(c.assignee_id, ''), COALESCE(c.assignee_email, ''), c.created_at, c.updated_at`

func scanConversation(r interface{ Scan(...any) error }, more ...any) (Conversation, error) {
	var c Conversation
	err := r.Scan(append([]any{&c.ID, &c.Reference, &c.Subject, &c.Name, &c.Email, &c.AccountID, &c.Source, &c.Lang, &c.Status,
		&c.AssigneeID, &c.AssigneeEmail, &c.CreatedAt, &c.UpdatedAt}, more...)...)
	c.CreatedAt, c.UpdatedAt = c.CreatedAt.UTC(), c.UpdatedAt.UTC()
	return c, err
}

// CreateConversation stores a new conversation and its first message.
func CreateConversation(ctx context.Context, tx *store.Tx, c Conversation, first SupportMessage) error {
	_, err := tx.Exec(ctx, `INSERT INTO support_conversations (id, reference, subject, name, email, account_id, source, lang, status,
		assignee_id, assignee_email, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, NULL, NULL, ?, ?)`,
		c.ID, c.Reference, c.Subject, c.Name, c.Email, store.Nullable(c.AccountID), c.Source, c.Lang, c.Status, store.UTC(c.CreatedAt), store.UTC(c.UpdatedAt))
	if err != nil {
		return err
	}
	return AddSupportMessage(ctx, tx, first)
}

// AddSupportMessage appends a message to its conversation and marks the
// conversation updated at the message's time.
func AddSupportMessage(ctx context.Context, tx *store.Tx, m SupportMessage) error {
	if _, err := tx.Exec(ctx, `INSERT INTO support_messages (id, conversation_id, direction, author, body, created_at) VALUES (?, ?, ?, ?, ?, ?)`,
		m.ID, m.ConversationID, m.Direction, m.Author, m.Body, store.UTC(m.CreatedAt)); err != nil {
		return err
	}
	_, err := tx.Exec(ctx, `UPDATE support_conversations SET updated_at = ? WHERE id = ?`, store.UTC(m.CreatedAt), m.ConversationID)
	return err
}

// ConversationFilter narrows the console's list of conversations.
type ConversationFilter struct {
	Status     string // "" for all
	AssigneeID string // "" for anyone's
	Limit      int
}

// Conversations lists conversations, the most recently active first.
func Conversations(ctx context.Context, tx *store.Tx, f ConversationFilter) ([]Conversation, error) {
	q := `SELECT ` + conversationColumns + `, (SELECT COUNT(*) FROM support_messages m WHERE m.conversation_id = c.id)
		FROM support_conversations c WHERE 1 = 1`
	var args []any
	if f.Status != "" {
		q, args = q+` AND c.status = ?`, append(args, f.Status)
	}
	if f.AssigneeID != "" {
		q, args = q+` AND c.assignee_id = ?`, append(args, f.AssigneeID)
	}
	rs, err := tx.Query(ctx, q+` ORDER BY c.updated_at DESC, c.id DESC LIMIT ?`, append(args, f.Limit)...)
	if err != nil {
		return nil, err
	}
	defer rs.Close()
	var out []Conversation
	for rs.Next() {
		var n int
		c, err := scanConversation(rs, &n)
		if err != nil {
			return nil, err
		}
		c.Messages = n
		out = append(out, c)
	}
	return out, rs.Err()
}

// ConversationByID returns one conversation (ErrNotFound when none has id).
func ConversationByID(ctx context.Context, tx *store.Tx, id string) (Conversation, error) {
	return scanConversation(tx.QueryRow(ctx, `SELECT `+conversationColumns+` FROM support_conversations c WHERE c.id = ?`, id))
}

// ConversationByReference returns the conversation a reply names.
func ConversationByReference(ctx context.Context, tx *store.Tx, ref string) (Conversation, error) {
	return scanConversation(tx.QueryRow(ctx, `SELECT `+conversationColumns+` FROM support_conversations c WHERE c.reference = ?`, ref))
}

// SupportMessages returns a conversation's messages, oldest first.
func SupportMessages(ctx context.Context, tx *store.Tx, conversationID string) ([]SupportMessage, error) {
	rs, err := tx.Query(ctx, `SELECT id, conversation_id, direction, author, body, created_at FROM support_messages
		WHERE conversation_id = ? ORDER BY created_at, id`, conversationID)
	if err != nil {
		return nil, err
	}
	defer rs.Close()
	var out []SupportMessage
	for rs.Next() {
		var m SupportMessage
		if err := rs.Scan(&m.ID, &m.ConversationID, &m.Direction, &m.Author, &m.Body, &m.CreatedAt); err != nil {
			return nil, err
		}
		m.CreatedAt = m.CreatedAt.UTC()
		out = append(out, m)
	}
	return out, rs.Err()
}

// SetConversationStatus opens or closes a conversation.
func SetConversationStatus(ctx context.Context, tx *store.Tx, id, status string, at time.Time) error {
	_, err := tx.Exec(ctx, `UPDATE support_conversations SET status = ?, updated_at = ? WHERE id = ?`, status, store.UTC(at), id)
	return err
}

// AssignConversation gives a conversation to an operator ("" for nobody).
func AssignConversation(ctx context.Context, tx *store.Tx, id, assigneeID, assigneeEmail string, at time.Time) error {
	_, err := tx.Exec(ctx, `UPDATE support_conversations SET assignee_id = ?, assignee_email = ?, updated_at = ? WHERE id = ?`,
		store.Nullable(assigneeID), store.Nullable(assigneeEmail), store.UTC(at), id)
	return err
}
