import type { ReactNode } from 'react';

/** StepActions lays out a step's buttons: stacked on phones, in a row from 640 px. */
export function StepActions({ children }: { children: ReactNode }) {
  return <div className="mt-8 flex flex-col-reverse gap-3 sm:flex-row sm:items-center sm:justify-between">{children}</div>;
}
