import type { ReactNode } from 'react';

/**
 * Hero is the navy first section of a marketing page: an eyebrow, the
 * page's one h1, a lead, the page's calls to action and, beside them on
 * wide screens, an aside (facts, the rate calculator).
 */
export function Hero({
  id,
  eyebrow,
  title,
  lead,
  actions,
  aside,
  large = false,
}: {
  id: string;
  eyebrow: string;
  title: string;
  lead: string;
  actions: ReactNode;
  aside: ReactNode;
  /** large: the home page's bigger title and lead. */
  large?: boolean;
}) {
  return (
    <section
      aria-labelledby={id}
      className="bg-navy bg-[radial-gradient(circle_at_85%_0%,rgba(250,204,21,0.14),transparent_45%)] px-4 pb-20 pt-14 text-white sm:pt-20"
    >
      <div className="mx-auto grid max-w-6xl items-center gap-12 lg:grid-cols-2">
        <div>
          <p className="inline-flex rounded-full bg-white/10 px-3 py-1 text-sm font-semibold text-brand">{eyebrow}</p>
          <h1 id={id} className={`mt-5 text-4xl font-extrabold leading-tight tracking-tight sm:text-5xl${large ? ' lg:text-6xl' : ''}`}>
            {title}
          </h1>
          <p className={`mt-6 max-w-xl text-lg leading-relaxed text-slate-300${large ? ' sm:text-xl' : ''}`}>{lead}</p>
          {actions}
        </div>
        {aside}
      </div>
    </section>
  );
}
