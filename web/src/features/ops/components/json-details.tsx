import type { ReactNode } from 'react';

/** pretty indents a JSON text for reading; anything else is shown as it came. */
export function pretty(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}

/** Details is a collapsible block of raw text (JSON, an e-mail) under a summary. */
export function Details({ summary, text, json = true }: { summary: ReactNode; text: string; json?: boolean }) {
  return (
    <details className="mt-1">
      <summary className="cursor-pointer text-sm font-medium text-blue-800 underline-offset-2 hover:underline">{summary}</summary>
      <pre className="mt-2 max-h-96 max-w-full overflow-auto whitespace-pre-wrap break-all rounded-md bg-slate-50 p-3 text-xs text-slate-800">
        {json ? pretty(text) : text}
      </pre>
    </details>
  );
}
