import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ConfirmDialog } from './confirm-dialog';

function renderDialog(props: Partial<Parameters<typeof ConfirmDialog>[0]> = {}) {
  const onConfirm = vi.fn();
  const onCancel = vi.fn();
  render(
    <ConfirmDialog
      open
      title="Delete Kanna plane?"
      confirmLabel="Yes, delete product"
      cancelLabel="Keep product"
      pendingLabel="Deleting…"
      onConfirm={onConfirm}
      onCancel={onCancel}
      {...props}
    >
      <p>It leaves the shop at once.</p>
    </ConfirmDialog>,
  );
  return { dialog: screen.getByRole('dialog', { name: 'Delete Kanna plane?' }), onConfirm, onCancel };
}

describe('ConfirmDialog', () => {
  it('asks with buttons that say what they do, the safe one focused', () => {
    const { dialog, onConfirm, onCancel } = renderDialog();
    const keep = within(dialog).getByRole('button', { name: 'Keep product' });
    expect(document.activeElement).toBe(keep);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Yes, delete product' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    fireEvent.click(keep);
    expect(onCancel).toHaveBeenCalledTimes(1);
  });

  it('waits while the action runs and shows why it failed', () => {
    const { dialog } = renderDialog({ pending: true, error: 'The product is in an open order.' });
    const confirm = within(dialog).getByRole('button', { name: 'Deleting…' }) as HTMLButtonElement;
    expect(confirm.disabled).toBe(true);
    expect((within(dialog).getByRole('button', { name: 'Keep product' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    expect(within(dialog).getByRole('alert').textContent).toBe('The product is in an open order.');
  });
});
