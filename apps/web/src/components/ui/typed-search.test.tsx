import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useTypedFields, useTypedSearch } from './typed-search';

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

describe('useTypedFields', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  type Typed = { q: string; from: string };
  const clean = (d: Typed): Typed => ({
    q: d.q.trim(),
    from: /^\d{4}-\d{2}-\d{2}$/.test(d.from) ? d.from : '',
  });

  function setUp(initial: Typed = { q: '', from: '' }) {
    const commit = vi.fn();
    const hook = renderHook(({ value }) => useTypedFields(value, commit, { clean, delayMs: 400 }), {
      initialProps: { value: initial },
    });
    return { commit, hook };
  }

  it('sends what changed in every field after one pause, a half-typed field not yet', () => {
    const { commit, hook } = setUp();
    act(() => hook.result.current.type({ q: 'nomi ' }));
    act(() => hook.result.current.type({ from: '2026-1' }));
    act(() => vi.advanceTimersByTime(400));
    expect(commit).toHaveBeenCalledTimes(1);
    expect(commit).toHaveBeenLastCalledWith({ q: 'nomi' }, { replace: false });
    hook.rerender({ value: { q: 'nomi', from: '' } });
    act(() => hook.result.current.type({ from: '2026-11-24' }));
    act(() => vi.advanceTimersByTime(400));
    expect(commit).toHaveBeenLastCalledWith({ from: '2026-11-24' }, { replace: true });
  });

  it('hands what is typed to another change, which then sends nothing of its own', () => {
    const { commit, hook } = setUp();
    act(() => hook.result.current.type({ q: 'kanna' }));
    let taken: Partial<Typed> = {};
    act(() => {
      taken = hook.result.current.takeTyped();
    });
    expect(taken).toEqual({ q: 'kanna' });
    // The address arrives with it: the form's own echo, and nothing is left to send.
    hook.rerender({ value: { q: 'kanna', from: '' } });
    act(() => vi.advanceTimersByTime(400));
    expect(commit).not.toHaveBeenCalled();
    expect(hook.result.current.draft).toEqual({ q: 'kanna', from: '' });
  });
});
