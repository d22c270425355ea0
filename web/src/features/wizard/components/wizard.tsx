import { useEffect, useRef } from 'react';
import { useToastMargin } from '@/components/ui/toast-store';
import { Link } from 'react-router';
import { Card } from '@/components/ui/card';
import { usePageMeta } from '@/lib/page-meta';
import type { CountryConfig } from '@/features/payments/lib/country';
import type { Step } from '../lib/state';
import { useWizard, type WizardController } from '../hooks/use-wizard';
import { ProgressIndicator } from './progress-indicator';
import { AmountStep } from './step-amount';
import { AuthorizationStep } from './step-authorization';
import { CompleteStep } from './step-complete';
import { DeliveryStep } from './step-delivery';
import { PersonalStep } from './step-personal';
import { PixStep } from './step-pix';
import { ReceivedStep } from './step-received';
import { SchoolStep } from './step-school';
import { SpeiStep } from './step-spei';
import { UpdatesStep } from './step-updates';
import { WizardDialogs } from './wizard-dialogs';

function stepTitle(w: WizardController, step: Step): string {
  const { t, config, state } = w;
  if (step === 6) return t(`steps.6.${config.country}`);
  if (step === 8) return state.progress === 'completed' ? t('steps.8.complete') : t('steps.8.processing');
  return t(`steps.${step}`);
}

function StepBody({ w }: { w: WizardController }) {
  switch (w.state.step) {
    case 1:
      return <PersonalStep w={w} />;
    case 2:
      return <DeliveryStep w={w} />;
    case 3:
      return <SchoolStep w={w} />;
    case 4:
      return <AmountStep w={w} />;
    case 5:
      return <AuthorizationStep w={w} />;
    case 6:
      return w.config.method === 'pix' ? <PixStep w={w} /> : <SpeiStep w={w} />;
    case 7:
      return <ReceivedStep w={w} />;
    case 8:
      return <CompleteStep w={w} />;
    case 9:
      return <UpdatesStep w={w} />;
  }
}

/**
 * Wizard is the payment wizard shared by Brazil and Mexico: a back arrow to
 * the home page, the progress indicator, the current step under its heading
 * (focused on every step change), and the dialogs.
 */
export function Wizard({ config }: { config: CountryConfig }) {
  useToastMargin(); // the wizard's content is max-w-3xl: toasts fit in its right margin from 1280 px
  const w = useWizard(config);
  const { t, state } = w;
  usePageMeta(t(`meta.${config.country}.title`), t(`meta.${config.country}.description`));

  const headingRef = useRef<HTMLHeadingElement>(null);
  const shownStep = useRef(state.step);
  useEffect(() => {
    if (shownStep.current !== state.step) {
      shownStep.current = state.step;
      headingRef.current?.focus();
    }
  }, [state.step]);

  return (
    <main id="main" className="min-h-screen bg-slate-50">
      <div className="mx-auto max-w-3xl px-3 py-5 sm:px-6 sm:py-10">
        <div className="flex items-start gap-3">
          <Link
            to="/"
            aria-label={t('page.backHome')}
            className="mt-1 flex h-10 w-10 shrink-0 items-center justify-center rounded-full border border-slate-300 bg-white text-xl text-ink hover:bg-slate-100"
          >
            <span aria-hidden="true">←</span>
          </Link>
          <div>
            <h1 className="text-2xl font-bold text-navy sm:text-3xl">{t(`page.${config.country}.title`)}</h1>
            <p className="mt-1 text-slate-700">{t(`page.${config.country}.subtitle`)}</p>
          </div>
        </div>

        <div className="mt-6">
          <ProgressIndicator step={state.step} check={state.form.deliveryMethod === 'check-to-school'} />
        </div>

        <Card className="p-4 sm:p-8">
          <h2 ref={headingRef} tabIndex={-1} className="scroll-mt-4 text-xl font-bold text-ink focus:outline-none sm:text-2xl">
            {stepTitle(w, state.step)}
          </h2>
          <StepBody w={w} />
        </Card>
      </div>
      <WizardDialogs w={w} />
    </main>
  );
}
