import { useEffect, useRef, useState, type ReactNode } from 'react';
import { cn } from '@/lib/cn';

/**
 * NavDropdown is a disclosure (a button with aria-expanded controlling a
 * panel of links), the WAI-ARIA pattern for site navigation. It opens on
 * mouse hover, on click, Enter or Space; Escape closes it and returns focus
 * to the button; moving focus out of it closes it. It is lighter than a
 * menu widget and needs no focus juggling inside the panel.
 */
export function NavDropdown({
  id,
  label,
  children,
  inverted,
}: {
  id: string;
  label: string;
  inverted: boolean;
  children: (close: () => void) => ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const openedByHover = useRef(false);
  const closeTimer = useRef<number | undefined>(undefined);
  const buttonRef = useRef<HTMLButtonElement>(null);

  useEffect(() => () => window.clearTimeout(closeTimer.current), []);

  const close = () => {
    openedByHover.current = false;
    setOpen(false);
  };

  return (
    <div
      className="relative"
      onPointerEnter={(e) => {
        if (e.pointerType !== 'mouse') return;
        window.clearTimeout(closeTimer.current);
        if (!open) openedByHover.current = true;
        setOpen(true);
      }}
      onPointerLeave={(e) => {
        if (e.pointerType !== 'mouse') return;
        closeTimer.current = window.setTimeout(close, 150);
      }}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) close();
      }}
      onKeyDown={(e) => {
        if (e.key === 'Escape' && open) {
          e.stopPropagation();
          close();
          buttonRef.current?.focus();
        }
      }}
    >
      <button
        ref={buttonRef}
        type="button"
        aria-expanded={open}
        aria-controls={id}
        onClick={() => {
          // A click right after hover opened the panel keeps it open.
          if (openedByHover.current) {
            openedByHover.current = false;
            setOpen(true);
            return;
          }
          setOpen((o) => !o);
        }}
        className={cn(
          'inline-flex items-center gap-1 rounded-md lg:whitespace-nowrap px-2 py-2 text-xs font-semibold tracking-wide',
          inverted ? 'text-navy hover:bg-slate-100' : 'text-white hover:bg-white/10',
        )}
      >
        {label}
        <svg aria-hidden="true" viewBox="0 0 12 12" width="12" height="12" className={cn('transition-transform', open && 'rotate-180')}>
          <path d="M2.5 4.5 6 8l3.5-3.5" fill="none" stroke="currentColor" strokeWidth="1.6" />
        </svg>
      </button>
      <div
        id={id}
        hidden={!open}
        className="absolute right-0 top-full z-50 w-80 pt-2"
      >
        {open ? <div className="rounded-xl border border-slate-200 bg-white p-2 shadow-xl">{children(close)}</div> : null}
      </div>
    </div>
  );
}
