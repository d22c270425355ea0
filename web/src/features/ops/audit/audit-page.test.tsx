import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { i18next, i18nReady } from '@/lib/i18n';
import type { AuditEntry } from '../api/audit';
import { json, renderRoute, stubFetch } from '../testdata/render';
import { AuditPage } from './audit-page';

beforeAll(async () => {
  await i18nReady;
  await i18next.loadNamespaces(['ops', 'common']);
});

afterEach(() => vi.unstubAllGlobals());

const entry = (id: string, reason: string): AuditEntry => ({
  id,
  at: '2026-11-26T12:00:00Z',
  actor: 'acc_1',
  actor_email: 'admin@example.com',
  action: 'reward.send',
  object_type: 'reward',
  object_id: 'rwd_1',
  before: {},
  after: {},
  reason,
});

describe('AuditPage', () => {
  it('pages by the `next` the server gave, kept in the URL, and back to the newest', async () => {
    const next = '1795700000000000000.aud_b';
    const asked = stubFetch((url) => {
      if (url.pathname !== '/api/ops/audit') return undefined;
      return url.searchParams.get('after') === next ? json(200, { entries: [entry('aud_a', 'Older one')] }) : json(200, { entries: [entry('aud_b', 'Newest one')], next });
    });
    const user = userEvent.setup();
    const router = renderRoute('/ops/audit', <AuditPage />, '/ops/audit');
    const table = await screen.findByRole('table', { name: 'Entries, newest first' });
    expect(within(table).getByText('Newest one')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Newest entries' })).toBeNull();

    await user.click(screen.getByRole('link', { name: 'Older entries' }));
    expect(await screen.findByText('Older one')).toBeInTheDocument();
    expect(router.state.location.search).toBe(`?after=${encodeURIComponent(next)}`);
    expect(asked.at(-1)?.searchParams.get('after')).toBe(next);
    // The last page has no next: no link to older entries.
    expect(screen.queryByRole('link', { name: 'Older entries' })).toBeNull();
    await user.click(screen.getByRole('link', { name: 'Newest entries' }));
    expect(await screen.findByText('Newest one')).toBeInTheDocument();
  });
});
