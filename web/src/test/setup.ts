import '@testing-library/jest-dom/vitest';
import { afterEach, beforeAll, vi } from 'vitest';
import { cleanup, configure } from '@testing-library/react';
import i18next from 'i18next';

// findBy*/waitFor wait up to 10 s (default 1 s): on a loaded machine a
// render can take longer than a second; the wait ends as soon as the
// condition holds, so a fast machine waits no longer.
configure({ asyncUtilTimeout: 10_000 });

// The suite runs without isolation (vite.config.ts): the files of a worker
// share one jsdom window and one module graph, so each starts from what a
// fresh window would hold. A file finds no language chosen, no remembered
// amount, real timers and the real fetch, at "/". The app's i18n instance is
// started by the first file that imports it and then kept (its namespaces
// stay loaded); only its language goes back to the one a first visit picks.
beforeAll(async () => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
  sessionStorage.clear();
  localStorage.clear();
  for (const c of document.cookie.split(';')) {
    const name = c.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; Path=/; Max-Age=0`;
  }
  window.history.replaceState(null, '', '/');
  if (i18next.isInitialized && i18next.language !== 'en') await i18next.changeLanguage('en');
});

afterEach(() => cleanup());
