// Step 4: the amount (in USD, or in the local currency converted with a
// probe quote) and the locked quote the payer authorizes on step 5.

import { useCallback, useState } from 'react';
import { hasCode, serverText } from '@/lib/api-client';
import { createQuote } from '@/features/payments/api/create-quote';
import { usdFieldText, usdFromLocal } from '../lib/amount';
import { RATE_PROBE_USD } from '@/features/payments/lib/country';
import { localDeadline } from '@/features/payments/lib/timer';
import { belowMinimum, checkAmount } from '@/features/payments/lib/validation';
import type { WizardCore } from './wizard-core';

export function useQuote(core: WizardCore, quoteTtlSeconds: number | undefined) {
  const { config, t, dispatch, stateRef, setFieldError } = core;
  const [busy, setBusy] = useState(false);
  const [minimumOpen, setMinimumOpen] = useState(false);
  const [expiredOpen, setExpiredOpen] = useState(false);

  const setAmount = useCallback(
    (a: { amountCurrency?: 'USD' | 'local'; localAmount?: string; amountUSD?: string }) => {
      setFieldError('amountUSD', null);
      dispatch({ type: 'amount', ...a });
    },
    [dispatch, setFieldError],
  );

  const getQuote = useCallback(async () => {
    const s = stateRef.current;
    const refuse = (message: string) => setFieldError('amountUSD', message, true);
    setBusy(true);
    try {
      let usd: number;
      if (s.amountCurrency === 'local') {
        const c = checkAmount(s.localAmount, config.currency, t);
        if (!c.ok) return refuse(c.message);
        let probeTotal: number;
        try {
          probeTotal = (await createQuote({ symbol: config.symbol, amount_usd: RATE_PROBE_USD })).total_local_amount;
        } catch {
          return refuse(t('errors.exchangeRate'));
        }
        usd = usdFromLocal(c.value, probeTotal, RATE_PROBE_USD);
        if (!(usd > 0)) return refuse(t('validation.amount', { currency: config.currency }));
        dispatch({ type: 'amount', amountUSD: usdFieldText(usd) });
      } else {
        const c = checkAmount(s.form.amountUSD, 'USD', t);
        if (!c.ok) return refuse(c.message);
        usd = c.value;
      }
      if (belowMinimum(usd, config.minimumUSD)) {
        setMinimumOpen(true);
        return;
      }
      const quote = await createQuote({ symbol: config.symbol, amount_usd: usd });
      const start = quoteTtlSeconds ? new Date(Date.parse(quote.expires_at ?? '') - quoteTtlSeconds * 1000).toISOString() : null;
      dispatch({ type: 'quote-locked', quote, deadline: localDeadline(quote.expires_at ?? '', Date.now(), start) });
    } catch (err) {
      if (hasCode(err, 'minimum_amount') && config.minimumUSD !== null) setMinimumOpen(true);
      else refuse(serverText(err, t('errors.createQuote'), t));
    } finally {
      setBusy(false);
    }
  }, [config, dispatch, quoteTtlSeconds, setFieldError, stateRef, t]);

  const newQuote = useCallback(() => {
    setExpiredOpen(false);
    dispatch({ type: 'new-quote' });
  }, [dispatch]);

  return { setAmount, getQuote, quoteBusy: busy, minimumOpen, setMinimumOpen, expiredOpen, setExpiredOpen, newQuote };
}
