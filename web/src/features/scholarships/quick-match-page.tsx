import './strings';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { toast } from '@/components/ui/toast-store';
import { errorMessage } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { usePageMeta } from '@/lib/page-meta';
import { useQuickMatch, useSaveQuickMatch } from './api/profile';
import { AffinityTab } from './components/quick-match-affinity';
import { EducationTab } from './components/quick-match-education';
import { FinancialTab } from './components/quick-match-financial';
import { IdentityTab } from './components/quick-match-identity';
import { emptyQuickMatch, gpaSchema, toForm, toProfile, type QuickMatchForm } from './lib/quick-match-form';

const tabs = ['identity', 'education', 'financial', 'affinity'] as const;

/**
 * QuickMatchPage (/signup-stage1) is the Quick Match profile: four tabs,
 * directly clickable; Previous on the first goes to /signup; Complete Profile
 * saves it and opens the search with it applied (the dashboard when the
 * visitor came from sign-up).
 */
export function QuickMatchPage() {
  const { t } = useTranslation('scholarships');
  usePageMeta(t('quickMatch.metaTitle'), t('quickMatch.lead'));
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [tab, setTab] = useState(0);
  const saved = useQuickMatch();
  const save = useSaveQuickMatch();
  const form = useForm<QuickMatchForm>({ defaultValues: toForm(emptyQuickMatch), resolver: zodResolver(gpaSchema) as never });
  const loaded = useRef(false);
  useEffect(() => {
    if (saved.data && !loaded.current) {
      loaded.current = true;
      // What the student typed before the saved answers arrived stays.
      form.reset(toForm(saved.data), { keepDirtyValues: true });
    }
  }, [saved.data, form]);
  const tabRefs = useRef<Array<HTMLButtonElement | null>>([]);
  const go = (i: number) => {
    setTab(i);
    tabRefs.current[i]?.focus();
  };
  const onKey = (e: KeyboardEvent) => {
    if (e.key === 'ArrowRight') go((tab + 1) % tabs.length);
    if (e.key === 'ArrowLeft') go((tab + tabs.length - 1) % tabs.length);
  };

  const onSubmit = form.handleSubmit(
    async (values) => {
      try {
        await save.mutateAsync(toProfile(values));
        toast({ title: t('quickMatch.saved') });
        navigate(params.get('from') === 'signup' ? '/dashboard' : '/scholarship-search');
      } catch (err) {
        toast({ title: errorMessage(err, t('quickMatch.saveError')), variant: 'destructive' });
      }
    },
    () => setTab(1), // the only checked field, the GPA, is on the second tab
  );

  return (
    <main id="main" className="bg-slate-50 px-4 py-10 sm:py-14">
      <div className="mx-auto max-w-3xl">
        <h1 className="text-3xl font-bold text-ink sm:text-4xl">{t('quickMatch.title')}</h1>
        <p className="mt-3 text-lg text-slate-700">{t('quickMatch.lead')}</p>
        {saved.isError && <p className="mt-3 text-base text-red-700">{t('quickMatch.loadError')}</p>}
        <div role="tablist" aria-label={t('quickMatch.tabsLabel')} className="mt-8 grid grid-cols-2 gap-2 sm:grid-cols-4" onKeyDown={onKey}>
          {tabs.map((name, i) => (
            <button
              key={name}
              ref={(el) => {
                tabRefs.current[i] = el;
              }}
              id={`qm-tab-${name}`}
              type="button"
              role="tab"
              aria-selected={tab === i}
              aria-controls={`qm-panel-${name}`}
              tabIndex={tab === i ? 0 : -1}
              onClick={() => setTab(i)}
              className={cn(
                'rounded-lg border px-3 py-2.5 text-sm font-semibold',
                tab === i ? 'border-navy bg-navy text-white' : 'border-slate-300 bg-white text-ink hover:bg-slate-100',
              )}
            >
              {t(`quickMatch.tabs.${name}`)}
            </button>
          ))}
        </div>
        <form onSubmit={onSubmit} noValidate>
          <Card className="mt-4">
            {tabs.map((name, i) => (
              <section key={name} id={`qm-panel-${name}`} role="tabpanel" aria-labelledby={`qm-tab-${name}`} hidden={tab !== i}>
                <h2 className="mb-5 text-xl font-bold text-ink">{t(`quickMatch.tabs.${name}`)}</h2>
                {name === 'identity' && <IdentityTab register={form.register} />}
                {name === 'education' && <EducationTab register={form.register} errors={form.formState.errors} />}
                {name === 'financial' && <FinancialTab register={form.register} />}
                {name === 'affinity' && <AffinityTab register={form.register} />}
              </section>
            ))}
          </Card>
          <div className="mt-6 flex justify-between gap-3">
            <Button variant="outline" onClick={() => (tab === 0 ? navigate('/signup') : setTab(tab - 1))}>
              {t('quickMatch.previous')}
            </Button>
            {tab < tabs.length - 1 ? (
              <Button key="next" onClick={() => setTab(tab + 1)}>
                {t('quickMatch.next')}
              </Button>
            ) : (
              <Button key="submit" type="submit" disabled={save.isPending}>
                {save.isPending ? t('quickMatch.saving') : t('quickMatch.complete')}
              </Button>
            )}
          </div>
        </form>
      </div>
    </main>
  );
}
