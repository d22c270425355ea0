import type { InputHTMLAttributes, ReactNode, Ref } from 'react';
import { cn } from '@/lib/cn';

const card =
  'relative rounded-xl border-2 p-4 transition-colors has-[:checked]:border-navy has-[:checked]:bg-blue-50/50 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-blue-600';

/**
 * OptionCard is one radio choice drawn as a card (how the money arrives, in
 * the wizards and the dashboard): the whole card is the label's click
 * target; the description is the radio's description. A disabled choice is
 * dashed and not clickable; badge follows the title, children the
 * description.
 */
export function OptionCard({
  id,
  title,
  description,
  input,
  disabled = false,
  badge,
  children,
}: {
  id: string;
  title: ReactNode;
  description: ReactNode;
  /** input: the radio's props (name, value, checked or react-hook-form's register). */
  input: InputHTMLAttributes<HTMLInputElement> & { ref?: Ref<HTMLInputElement> };
  disabled?: boolean;
  badge?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <div className={cn(card, disabled && 'border-dashed bg-slate-50')}>
      <div className="flex items-start gap-3">
        <input
          id={id}
          type="radio"
          disabled={disabled}
          className="relative z-10 mt-1 h-5 w-5 shrink-0 accent-[#0b1f3a] disabled:cursor-not-allowed"
          aria-describedby={`${id}-desc`}
          {...input}
        />
        <div>
          <div className="flex flex-wrap items-center gap-2">
            <label
              htmlFor={id}
              className={cn('font-semibold', disabled ? 'text-slate-700' : 'text-ink after:absolute after:inset-0 after:cursor-pointer')}
            >
              {title}
            </label>
            {badge}
          </div>
          <p id={`${id}-desc`} className="mt-1 text-sm text-slate-700">
            {description}
          </p>
          {children}
        </div>
      </div>
    </div>
  );
}

/** ComingSoonBadge marks a choice that is not offered yet. */
export function ComingSoonBadge({ children }: { children: ReactNode }) {
  return <span className="rounded-full bg-brand px-2.5 py-0.5 text-xs font-bold uppercase tracking-wide text-navy">{children}</span>;
}
