-- +goose Up
-- Support conversations (issue 30, item 5): a message sent from the
-- dashboard's Support tab or the contact form opens a conversation that an
-- operator reads, answers by e-mail, assigns and closes. The person's
-- e-mailed replies come back into it by its reference (in the subject of
-- every answer): unguessable, so nobody can write into another's thread.
CREATE TABLE support_conversations (
    id             TEXT PRIMARY KEY NOT NULL,
    reference      TEXT NOT NULL UNIQUE,
    subject        TEXT NOT NULL,
    name           TEXT NOT NULL,
    email          TEXT NOT NULL,
    account_id     TEXT,
    source         TEXT NOT NULL,
    lang           TEXT NOT NULL,
    status         TEXT NOT NULL,
    assignee_id    TEXT,
    assignee_email TEXT,
    created_at     TIMESTAMPTZ NOT NULL,
    updated_at     TIMESTAMPTZ NOT NULL
);
CREATE INDEX support_conversations_status ON support_conversations (status, updated_at, id);
CREATE TABLE support_messages (
    id              TEXT PRIMARY KEY NOT NULL,
    conversation_id TEXT NOT NULL REFERENCES support_conversations (id),
    direction       TEXT NOT NULL,
    author          TEXT NOT NULL,
    body            TEXT NOT NULL,
    created_at      TIMESTAMPTZ NOT NULL
);
CREATE INDEX support_messages_conversation ON support_messages (conversation_id, created_at, id);

-- +goose Down
DROP TABLE support_messages;
DROP TABLE support_conversations;
