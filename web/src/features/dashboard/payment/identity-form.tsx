import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { serverText } from '@/lib/api-client';
import { meKey } from '@/lib/session';
import { createCustomer } from '@/features/payments/api/create-customer';
import { PersonalFields } from '@/features/payments/components/personal-fields';
import { PartnerTermsBox, usePartnerTerms } from '@/features/payments/components/partner-terms';
import { Spinner } from '@/features/payments/components/spinner';
import type { Country } from '@/features/payments/lib/country';
import { customerPayload } from '@/features/payments/lib/payloads';
import { personalInfoSchema, type PersonalInfo } from '@/features/payments/lib/validation';
import { paymentSetupQuery } from '../api/payment-api';

/**
 * IdentityForm verifies the signed-in payer once per country (the wizards'
 * step 1 and the same POST /api/create-customer); the profile then belongs
 * to the account and the Payment tab uses it from then on.
 */
export function IdentityForm({ country, defaults }: { country: Country; defaults: Partial<PersonalInfo> }) {
  const { t } = useTranslation('dashboard');
  const { t: tw } = useTranslation('wizard');
  const queryClient = useQueryClient();
  const schema = useMemo(() => personalInfoSchema(tw, country), [tw, country]);
  const { register, handleSubmit, formState } = useForm<PersonalInfo>({
    resolver: zodResolver(schema),
    defaultValues: { documentType: 'national_id', country, ...defaults },
    mode: 'onTouched',
  });
  const [busy, setBusy] = useState(false);
  const terms = usePartnerTerms();
  const [failure, setFailure] = useState<string | null>(null);
  const countryName = t(`payment.send.countryOption.${country}`);

  const onSubmit = async (v: PersonalInfo) => {
    setBusy(true);
    setFailure(null);
    try {
      const res = await createCustomer(customerPayload(v, country));
      // The same person verified before in this browser: use that profile.
      if (res.show_popup) await createCustomer({ use_existing_customer: true, existing_customer_id: res.customer_id });
      await queryClient.invalidateQueries(paymentSetupQuery());
      void queryClient.invalidateQueries({ queryKey: meKey }); // the user card's KYC status
    } catch (err) {
      setFailure(serverText(err, tw('errors.createCustomer'), tw));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form noValidate onSubmit={handleSubmit(onSubmit)} aria-labelledby="identity-heading" className="mt-6 rounded-xl border border-slate-200 p-4">
      <h3 id="identity-heading" className="text-lg font-semibold text-ink">
        {t('payment.identity.title', { country: countryName })}
      </h3>
      <p className="mt-1 text-sm text-slate-700">{t('payment.identity.body', { country: countryName })}</p>
      {failure ? (
        <p role="alert" className="mt-4 rounded-lg border border-red-300 bg-red-50 p-3 text-sm text-red-800">
          {failure}
        </p>
      ) : null}
      <PersonalFields
        t={tw}
        country={country}
        register={register}
        invalid={(f) => Boolean(formState.errors[f])}
        error={(f) => formState.errors[f]?.message ?? null}
      />
      <PartnerTermsBox terms={terms} />
      <div className="mt-4 flex justify-end">
        <Button type="submit" disabled={busy || terms.pending} className="w-full sm:w-auto">
          {busy ? <Spinner className="h-4 w-4" /> : null}
          {busy ? t('payment.identity.busy') : t('payment.identity.submit')}
        </Button>
      </div>
    </form>
  );
}
