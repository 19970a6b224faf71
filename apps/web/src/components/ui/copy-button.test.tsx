import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CopyButton } from './copy-button';

const withClipboard = (writeText: (text: string) => Promise<void>) =>
  vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('CopyButton', () => {
  it('copies the text and says "Copied" in a status region, then clears it', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const writeText = vi.fn(async () => {});
    withClipboard(writeText);
    render(<CopyButton text={'1-2-3 Kanda\nTokyo'} label="Copy address" />);
    const status = screen.getByRole('status');
    expect(status.textContent).toBe('');
    fireEvent.click(screen.getByRole('button', { name: 'Copy address' }));
    await waitFor(() => expect(status.textContent).toBe('Copied'));
    expect(writeText).toHaveBeenCalledWith('1-2-3 Kanda\nTokyo');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(4000);
    });
    expect(status.textContent).toBe('');
  });

  it('says how to copy by hand when the browser refuses', async () => {
    withClipboard(async () => {
      throw new Error('NotAllowedError');
    });
    render(<CopyButton text="1-2-3 Kanda" label="Copy address" />);
    fireEvent.click(screen.getByRole('button', { name: 'Copy address' }));
    await waitFor(() =>
      expect(screen.getByRole('status').textContent).toBe(
        'Could not copy: select the text and copy it yourself.',
      ),
    );
  });
});
