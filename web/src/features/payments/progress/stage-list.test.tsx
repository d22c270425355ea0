import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { i18next, i18nReady } from '@/lib/i18n';
import { StageList } from './stage-list';
import type { Stage } from './get-transaction-status';

beforeAll(async () => {
  await i18nReady;
});

afterEach(async () => {
  await i18next.changeLanguage('en');
});

const statuses: Array<Stage['status']> = ['created', 'awaiting_payin', 'payin_processing', 'payin_completed', 'offramp_created', 'completed'];

function stages(reached: number, times: Record<string, string | null> = {}): Stage[] {
  return statuses.map((status, i) => ({ status, reached: i < reached, at: i < reached ? (status in times ? times[status]! : `2026-11-26T12:0${i}:00Z`) : null }));
}

async function renderList(list: Stage[]) {
  await i18next.changeLanguage('pt-BR');
  await i18next.loadNamespaces(['track']);
  render(<StageList stages={list} method="pix" />);
  return screen.getAllByRole('listitem');
}

// Issue 26, item 13: "Aguardando seu pagamento via Pix" showed a green tick
// while marked "Etapa atual"; a stage reached without a time read
// "Concluída: Concluída".
describe('StageList (issue 26, item 13)', () => {
  it('the current stage of a payment under way is in progress, not done', async () => {
    const items = await renderList(stages(2));
    const waiting = items[1]!;
    expect(waiting).toHaveAttribute('aria-current', 'step');
    expect(waiting).toHaveTextContent('Aguardando seu pagamento via Pix');
    expect(waiting).toHaveTextContent('Etapa atual');
    expect(waiting).toHaveTextContent('Em andamento');
    expect(waiting).not.toHaveTextContent('✓');
    expect(waiting).not.toHaveTextContent('Concluída');
    expect(waiting.querySelector('[data-state]')).toHaveAttribute('data-state', 'in-progress');
    // The stage before it is done, with its time.
    expect(items[0]!).toHaveTextContent('✓');
    expect(within(items[0]!).getByText(/Concluída/)).toHaveClass('sr-only');
  });

  it('a stage passed without a recorded time says "Concluída" once', async () => {
    const items = await renderList(stages(4, { payin_processing: null }));
    const processing = items[2]!;
    expect(processing.textContent).not.toMatch(/Concluída:\s*Concluída/);
    expect(processing).toHaveTextContent(/Concluída$/);
    expect(processing).toHaveTextContent('✓');
  });

  it('a payment that ended on its last stage shows it done', async () => {
    const items = await renderList(stages(6));
    const last = items[5]!;
    expect(last).toHaveAttribute('aria-current', 'step');
    expect(last).toHaveTextContent('✓');
    expect(last).not.toHaveTextContent('Em andamento');
  });
});

// A refund decided but not yet back with the payer is "Refund in progress" in
// every place that names the stage, never "Refunded" (the /track chip already
// said so while the stage list below it said "Refunded").
describe('StageList: a refund on its way', () => {
  const refunded: Stage[] = [
    { status: 'created', reached: true, at: '2026-11-26T12:00:00Z' },
    { status: 'awaiting_payin', reached: true, at: '2026-11-26T12:01:00Z' },
    { status: 'payin_completed', reached: true, at: '2026-11-26T12:02:00Z' },
    { status: 'refunded', reached: true, at: '2026-11-26T12:03:00Z' },
  ];

  it('names the last stage "Refund in progress" until the money is back, then "Refunded"', async () => {
    await i18next.changeLanguage('en');
    await i18next.loadNamespaces(['track']);
    const { rerender } = render(<StageList stages={refunded} method="pix" refund={{ status: 'in_progress' }} />);
    const last = () => screen.getAllByRole('listitem').at(-1)!;
    expect(last()).toHaveTextContent('Refund in progress');
    expect(last()).not.toHaveTextContent('Refunded');
    rerender(<StageList stages={refunded} method="pix" refund={{ status: 'returned' }} />);
    expect(last()).toHaveTextContent('Refunded');
    expect(within(last()).queryByText('Refund in progress')).toBeNull();
  });
});
