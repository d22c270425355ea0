import '@testing-library/jest-dom/vitest';
import { afterEach } from 'vitest';
import { cleanup, configure } from '@testing-library/react';

// findBy*/waitFor wait up to 10 s (default 1 s): on a loaded machine a
// render can take longer than a second; the wait ends as soon as the
// condition holds, so a fast machine waits no longer.
configure({ asyncUtilTimeout: 10_000 });

afterEach(() => cleanup());
