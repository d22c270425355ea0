import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { i18next, i18nReady } from '@/lib/i18n';
import { SignUpForm } from './signup-section';

beforeAll(async () => {
  await i18nReady;
  await i18next.loadNamespaces(['marketing']);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

function stubSubscribe(status: number, body: unknown) {
  const fetchMock = vi.fn(async () => new Response(JSON.stringify(body), { status }));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function renderForm() {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <SignUpForm />
    </QueryClientProvider>,
  );
}

describe('SignUpForm', () => {
  it('has an e-mail field with a visible label', () => {
    stubSubscribe(201, {});
    renderForm();
    expect(screen.getByLabelText('Email address')).toHaveAttribute('type', 'email');
  });

  it('subscribes with source landing and says so', async () => {
    const fetchMock = stubSubscribe(200, { subscribed: true, message: "Thanks! You're subscribed to Crebit product updates." });
    renderForm();
    await userEvent.type(screen.getByLabelText('Email address'), '  ana@example.com ');
    await userEvent.click(screen.getByRole('button', { name: 'Sign Up' }));
    expect(await screen.findByText("Thanks! You're subscribed to Crebit product updates.")).toHaveAttribute('role', 'status');
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/subscribe');
    expect(init.method).toBe('POST');
    expect(JSON.parse(String(init.body))).toEqual({ email: 'ana@example.com', source: 'landing' });
  });

  // Issue 26 item 11: the server's confirmation is English; a Portuguese or
  // Spanish page confirms in its own language.
  it.each([
    ['pt-BR', 'Pronto! Você vai receber as novidades da Crebit por e-mail.'],
    ['es-MX', '¡Listo! Te enviaremos las novedades de Crebit por correo.'],
  ])('confirms in %s, not in English', async (lang, text) => {
    stubSubscribe(200, { subscribed: true, message: "Thanks! You're subscribed to Crebit product updates." });
    await i18next.changeLanguage(lang);
    try {
      renderForm();
      await userEvent.type(screen.getByRole('textbox'), 'ana@example.com');
      await userEvent.keyboard('{Enter}');
      expect(await screen.findByText(text)).toHaveAttribute('role', 'status');
      expect(screen.queryByText(/subscribed/i)).toBeNull();
    } finally {
      await i18next.changeLanguage('en');
    }
  });

  it('shows the server error as an alert and marks the field', async () => {
    stubSubscribe(400, { error: 'Please enter a valid email address' });
    renderForm();
    await userEvent.type(screen.getByLabelText('Email address'), 'nope');
    await userEvent.click(screen.getByRole('button', { name: 'Sign Up' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Please enter a valid email address');
    expect(screen.getByLabelText('Email address')).toHaveAttribute('aria-invalid', 'true');
    // Typing again clears the error.
    await userEvent.type(screen.getByLabelText('Email address'), 'x');
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
