import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useTypedSearch } from './typed-search';

const options = { max: 100, delayMs: 400 };

/** The hook over an address the test controls: `commit` records, `rerender` delivers the address. */
function setUp(initial = '') {
  const commit = vi.fn();
  const hook = renderHook(({ value }) => useTypedSearch(value, commit, options), {
    initialProps: { value: initial },
  });
  return { commit, hook };
}

describe('useTypedSearch', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('sends what is typed after the pause, trimmed', () => {
    const { commit, hook } = setUp();
    act(() => hook.result.current.setDraft('kanna '));
    act(() => vi.advanceTimersByTime(399));
    expect(commit).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(commit).toHaveBeenCalledWith('kanna', { replace: false });
  });

  it('keeps what was typed after a pause when the address catches up with that pause late', () => {
    const { commit, hook } = setUp();
    act(() => hook.result.current.setDraft('nomi'));
    act(() => vi.advanceTimersByTime(400));
    expect(commit).toHaveBeenLastCalledWith('nomi', { replace: false });
    // The user goes on typing before the new address has been rendered…
    act(() => hook.result.current.setDraft('nomi 24'));
    // …then it arrives: its own echo, not a new address.
    hook.rerender({ value: 'nomi' });
    expect(hook.result.current.draft).toBe('nomi 24');
    act(() => vi.advanceTimersByTime(400));
    expect(commit).toHaveBeenLastCalledWith('nomi 24', { replace: true });
  });

  it('shows a new address that it did not send (Back, Forward, a cleared filter)', () => {
    const { hook } = setUp('saw');
    act(() => hook.result.current.setDraft('saw blade'));
    act(() => vi.advanceTimersByTime(400));
    hook.rerender({ value: 'saw blade' });
    expect(hook.result.current.draft).toBe('saw blade');
    hook.rerender({ value: 'saw' });
    expect(hook.result.current.draft).toBe('saw');
    hook.rerender({ value: '' });
    expect(hook.result.current.draft).toBe('');
  });
});
