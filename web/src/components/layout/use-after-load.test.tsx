import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderHook } from '@testing-library/react';
import { useAfterLoad } from './use-after-load';

afterEach(() => vi.unstubAllGlobals());

// Issue 26, item 14: the live rates waited for requestIdleCallback, which on
// a busy page fired only at its 1 s timeout. A loaded page asks at once.
describe('useAfterLoad', () => {
  it('is ready at once on a loaded page, without waiting for an idle moment', () => {
    const idle = vi.fn(() => 1);
    vi.stubGlobal('requestIdleCallback', idle);
    vi.stubGlobal('cancelIdleCallback', vi.fn());
    expect(document.readyState).toBe('complete');
    const { result } = renderHook(() => useAfterLoad());
    expect(result.current).toBe(true);
    expect(idle).not.toHaveBeenCalled();
  });
});
