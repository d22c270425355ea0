import { forwardRef, type ButtonHTMLAttributes } from 'react';
import { cn } from '@/lib/cn';

type Variant = 'primary' | 'secondary' | 'outline' | 'ghost' | 'destructive' | 'link';
type Size = 'sm' | 'md' | 'lg';

const variants: Record<Variant, string> = {
  primary: 'bg-navy text-white hover:bg-navy-light disabled:bg-slate-400',
  secondary: 'bg-brand text-navy hover:bg-yellow-300 disabled:bg-slate-200 disabled:text-slate-500',
  outline: 'border border-slate-300 bg-white text-ink hover:bg-slate-50 disabled:text-slate-400',
  ghost: 'bg-transparent text-ink hover:bg-slate-100',
  destructive: 'bg-red-600 text-white hover:bg-red-700',
  link: 'bg-transparent text-blue-700 underline-offset-4 hover:underline p-0 h-auto',
};

// A height that grows: a label too long for one line (es-MX at 360 px:
// "Continuar a los datos del pago") wraps inside the button instead of
// spilling out of a fixed height. One line keeps the minimum height.
const sizes: Record<Size, string> = {
  sm: 'min-h-9 px-3 py-1.5 text-sm',
  md: 'min-h-11 px-5 py-2 text-base',
  lg: 'min-h-12 px-6 py-2 text-lg',
};

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: Variant;
  size?: Size;
}

/** Button is the one button style of the app. */
export const Button = forwardRef<HTMLButtonElement, ButtonProps>(function Button(
  { variant = 'primary', size = 'md', className, type = 'button', ...props },
  ref,
) {
  return (
    <button
      ref={ref}
      type={type}
      className={cn(
        'inline-flex items-center justify-center gap-2 rounded-lg text-center font-semibold transition-colors disabled:cursor-not-allowed',
        variants[variant],
        variant !== 'link' && sizes[size],
        className,
      )}
      {...props}
    />
  );
});
