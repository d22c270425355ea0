import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { i18next, i18nReady } from '@/lib/i18n';
import { RefundNotice } from './refund-notice';

beforeAll(async () => {
  await i18nReady;
  await i18next.loadNamespaces(['track']);
});

afterEach(async () => {
  await i18next.changeLanguage('en');
});

describe('RefundNotice', () => {
  it('says a refund is in progress, never refunded, until the money is back', () => {
    render(<RefundNotice refund={{ status: 'in_progress', amount: 564.27, currency: 'BRL' }} />);
    const note = screen.getByRole('status');
    expect(note).toHaveTextContent('Refund in progress:');
    expect(note).toHaveTextContent('R$ 564,27');
    expect(note).not.toHaveTextContent('Refunded');
  });

  it('says when the money was returned, in Portuguese', async () => {
    await i18next.changeLanguage('pt-BR');
    await i18next.loadNamespaces(['track']);
    render(<RefundNotice refund={{ status: 'returned', amount: 564.27, currency: 'BRL', returned_at: '2026-11-27T12:00:00Z' }} />);
    const note = screen.getByRole('status');
    expect(note).toHaveTextContent('Reembolsado: R$');
    expect(note).toHaveTextContent('R$ 564,27');
    expect(note).toHaveTextContent('2026');
  });

  it('says nothing when nothing is owed back', () => {
    const { container } = render(<RefundNotice refund={null} />);
    expect(container).toBeEmptyDOMElement();
  });
});
