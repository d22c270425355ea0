import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Input } from '@/components/ui/input';
import { errorMessage } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { useSubscribe } from '../api/subscribe';
import { ProductPreview } from './product-preview';
import { revealClass } from './use-reveal';

/**
 * SignUpForm subscribes an e-mail address to product updates and says what
 * happened in the page's language: subscribed (the server answers the same,
 * in English, for a new and an already subscribed address, so its text is
 * not shown), or the server's error.
 */
export function SignUpForm() {
  const { t } = useTranslation('marketing');
  const id = useId();
  const [email, setEmail] = useState('');
  const mutation = useSubscribe();

  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (mutation.isPending) return;
    mutation.mutate(email.trim());
  };

  const failed = mutation.isError;
  const statusId = `${id}-status`;
  return (
    <form onSubmit={onSubmit} noValidate className="w-full">
      <label htmlFor={`${id}-email`} className="mb-1.5 block text-sm font-medium text-slate-200">
        {t('signup.label')}
      </label>
      <div className="flex flex-col gap-3 sm:flex-row">
        <Input
          id={`${id}-email`}
          type="email"
          name="email"
          autoComplete="email"
          placeholder={t('signup.placeholder')}
          value={email}
          onChange={(e) => {
            setEmail(e.target.value);
            if (mutation.isError) mutation.reset();
          }}
          aria-invalid={failed || undefined}
          aria-describedby={statusId}
        />
        <button
          type="submit"
          disabled={mutation.isPending}
          className="inline-flex h-[46px] shrink-0 items-center justify-center rounded-lg bg-brand px-6 font-semibold text-navy hover:bg-yellow-300 disabled:opacity-70"
        >
          {mutation.isPending ? t('signup.submitting') : t('signup.submit')}
        </button>
      </div>
      <p
        id={statusId}
        role={failed ? 'alert' : 'status'}
        className={cn('mt-3 min-h-6 text-sm font-semibold', failed ? 'rounded-md bg-red-50 px-3 py-2 text-red-800' : 'text-brand')}
      >
        {failed ? errorMessage(mutation.error, t('signup.failed')) : mutation.isSuccess ? t('signup.done') : ''}
      </p>
    </form>
  );
}

/** SignUpSection is the landing page's product-updates sign-up with the product preview. */
export function SignUpSection() {
  const { t } = useTranslation('marketing');
  return (
    <section aria-labelledby="signup-title" data-reveal className={`${revealClass} bg-navy px-4 py-20 text-white`}>
      <div className="mx-auto grid max-w-6xl items-center gap-12 lg:grid-cols-2">
        <div>
          <p className="text-sm font-bold uppercase tracking-widest text-brand">{t('signup.eyebrow')}</p>
          <h2 id="signup-title" className="mt-2 text-3xl font-extrabold tracking-tight sm:text-4xl">
            {t('signup.title')}
          </h2>
          <p className="mt-4 mb-8 text-lg leading-relaxed text-slate-300">{t('signup.lead')}</p>
          <SignUpForm />
        </div>
        <ProductPreview />
      </div>
    </section>
  );
}
