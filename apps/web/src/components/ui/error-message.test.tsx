import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ErrorMessage } from './error-message';

describe('ErrorMessage', () => {
  it('shows what went wrong and retries when asked', () => {
    const onRetry = vi.fn();
    render(
      <ErrorMessage title="The tools could not be loaded." message="Server is busy" onRetry={onRetry} />,
    );
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('The tools could not be loaded.');
    expect(alert.textContent).toContain('Server is busy');
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it('waits while a retry is under way', () => {
    render(<ErrorMessage message="Server is busy" onRetry={() => {}} retrying />);
    const button = screen.getByRole('button', { name: 'Retrying…' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
  });

  it('offers no button when there is nothing to retry', () => {
    render(<ErrorMessage message="Gone for good" />);
    expect(screen.queryByRole('button')).toBeNull();
  });
});
