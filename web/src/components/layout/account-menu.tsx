import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/cn';
import { signOut as endSession, useMe, useSetMe } from '@/lib/session';

/** AccountMenu is the header's Sign in link, or first name + Dashboard + Sign out (wide: the desktop row). */
export function AccountMenu({ className, onNavigate, wide }: { className: string; onNavigate?: () => void; wide?: boolean }) {
  // Its strings are in common (loaded with every page), not in the account
  // screens' namespace, which / would otherwise load for four words. No
  // suspense: the header renders at once and the menu appears when the
  // account has loaded.
  const { t, ready } = useTranslation('common', { useSuspense: false });
  const me = useMe();
  const signOut = useSignOut(onNavigate);
  if (!ready || me.isPending) return null;
  if (!me.data) {
    // Sign in, and next to it the way to a new account (on the desktop row from xl, where it fits in every language).
    return (
      <span className="flex items-center gap-1">
        <Link to="/signin" className={className} onClick={onNavigate}>
          {t('accountMenu.signIn')}
        </Link>
        <Link to="/signup" className={cn(className, wide && 'hidden xl:inline-flex')} onClick={onNavigate}>
          {t('accountMenu.signUp')}
        </Link>
      </span>
    );
  }
  return (
    <span className="flex items-center gap-1">
      {me.data.first_name ? (
        // On the desktop row the greeting shows from 2xl (1536 px; Portuguese needs the room) and truncates a long name.
        <span className={cn(className, 'cursor-default hover:bg-transparent', wide && 'hidden max-w-[9rem] 2xl:inline-block 2xl:truncate')} data-testid="account-name">
          {t('accountMenu.greeting', { name: me.data.first_name })}
        </span>
      ) : null}
      <Link to="/dashboard" className={className} onClick={onNavigate}>
        {t('accountMenu.dashboard')}
      </Link>
      {/* On the desktop row Sign out shows from xl (1280 px); below, it is under More. */}
      <button type="button" className={cn(className, wide && 'hidden xl:inline-flex')} onClick={() => void signOut()}>
        {t('accountMenu.signOut')}
      </button>
    </span>
  );
}

/** useSignOut ends the session, forgets the account and goes home (then calls onDone). */
export function useSignOut(onDone?: () => void) {
  const setMe = useSetMe();
  const navigate = useNavigate();
  return async () => {
    try {
      await endSession();
    } finally {
      setMe(null);
      onDone?.();
      navigate('/');
    }
  };
}
