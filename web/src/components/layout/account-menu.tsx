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
  const setMe = useSetMe();
  const navigate = useNavigate();
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
  const signOut = async () => {
    try {
      await endSession();
    } finally {
      setMe(null);
      onNavigate?.();
      navigate('/');
    }
  };
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
      <button type="button" className={className} onClick={() => void signOut()}>
        {t('accountMenu.signOut')}
      </button>
    </span>
  );
}
