import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { i18next, i18nReady } from '@/lib/i18n';
import { OnHoldNotice } from './on-hold-notice';

beforeAll(async () => {
  await i18nReady;
  await i18next.loadNamespaces(['track']);
});

afterEach(async () => {
  await i18next.changeLanguage('en');
});

describe('OnHoldNotice', () => {
  it('tells the payer a held payment is under review', () => {
    render(<OnHoldNotice onHold />);
    expect(screen.getByRole('status')).toHaveTextContent('Under review: our team is checking this payment. We will e-mail you.');
  });

  it('says it in Spanish too', async () => {
    await i18next.changeLanguage('es-MX');
    await i18next.loadNamespaces(['track']);
    render(<OnHoldNotice onHold />);
    expect(screen.getByRole('status')).toHaveTextContent('En revisión');
  });

  it('says nothing when the payment is not held', () => {
    const { container } = render(<OnHoldNotice onHold={false} />);
    expect(container).toBeEmptyDOMElement();
  });
});
