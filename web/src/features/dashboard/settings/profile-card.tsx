import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { TextField } from '@/components/ui/text-field';
import type { Me } from '@/lib/session';
import { useUpdateName } from '../api/settings-api';
import { errorText, Saved } from './form-bits';

/** ProfileCard edits the account holder's first and last name. */
export function ProfileCard({ me }: { me: Me }) {
  const { t } = useTranslation('dashboard');
  const [first, setFirst] = useState(me.first_name);
  const [last, setLast] = useState(me.last_name);
  const [missing, setMissing] = useState<'first' | 'last' | null>(null);
  const save = useUpdateName();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!first.trim()) return setMissing('first');
    if (!last.trim()) return setMissing('last');
    setMissing(null);
    save.mutate({ first_name: first, last_name: last });
  };
  return (
    <Card>
      <h2 className="text-lg font-bold text-ink">{t('profile.heading')}</h2>
      <form onSubmit={submit} noValidate className="mt-4 grid gap-4 sm:grid-cols-2">
        <TextField
          id="profile-first"
          label={t('profile.firstName')}
          value={first}
          maxLength={100}
          autoComplete="given-name"
          onChange={(e) => setFirst(e.target.value)}
          error={missing === 'first' ? t('profile.required', { label: t('profile.firstName') }) : null}
        />
        <TextField
          id="profile-last"
          label={t('profile.lastName')}
          value={last}
          maxLength={100}
          autoComplete="family-name"
          onChange={(e) => setLast(e.target.value)}
          error={missing === 'last' ? t('profile.required', { label: t('profile.lastName') }) : null}
        />
        <div className="flex flex-wrap items-center gap-4 sm:col-span-2">
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? t('settings.saving') : t('profile.save')}
          </Button>
          {save.isSuccess ? <Saved>{t('profile.saved')}</Saved> : null}
          {save.isError ? (
            <p role="alert" className="text-sm text-red-800">
              {errorText(save.error, t('settings.failed'))}
            </p>
          ) : null}
        </div>
      </form>
    </Card>
  );
}
