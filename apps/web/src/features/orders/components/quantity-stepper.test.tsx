import { messages } from '@kanna/shared/domain/messages';
import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { QuantityStepper } from './quantity-stepper';

function Harness({ min, max, onBlocked }: { min: number; max: number; onBlocked: (w: string) => void }) {
  const [value, setValue] = useState(min);
  return <QuantityStepper value={value} onChange={setValue} min={min} max={max} onBlocked={onBlocked} />;
}

const input = () => screen.getByRole('spinbutton', { name: 'Quantity' }) as HTMLInputElement;

describe('QuantityStepper', () => {
  it('starts where it is told and steps by one between the bounds', () => {
    render(<Harness min={20} max={22} onBlocked={() => {}} />);
    expect(input().value).toBe('20');
    fireEvent.click(screen.getByRole('button', { name: 'Increase quantity' }));
    expect(input().value).toBe('21');
    fireEvent.click(screen.getByRole('button', { name: 'Decrease quantity' }));
    expect(input().value).toBe('20');
  });

  it('warns instead of going below the minimum', () => {
    const onBlocked = vi.fn();
    render(<Harness min={20} max={22} onBlocked={onBlocked} />);
    fireEvent.click(screen.getByRole('button', { name: 'Decrease quantity' }));
    expect(input().value).toBe('20');
    expect(onBlocked).toHaveBeenCalledWith(messages.belowMinimum);
    expect(messages.belowMinimum).toBe("can't order below your minimum quantity");
  });

  it('warns instead of going above what is available', () => {
    const onBlocked = vi.fn();
    render(<Harness min={20} max={21} onBlocked={onBlocked} />);
    const plus = screen.getByRole('button', { name: 'Increase quantity' });
    fireEvent.click(plus);
    expect(onBlocked).not.toHaveBeenCalled();
    fireEvent.click(plus);
    expect(input().value).toBe('21');
    expect(onBlocked).toHaveBeenCalledWith("can't order above your available quantity");
  });

  it('brings a typed quantity out of range back within the bounds with one press', () => {
    render(<Harness min={20} max={30} onBlocked={() => {}} />);
    fireEvent.change(input(), { target: { value: '99' } });
    fireEvent.click(screen.getByRole('button', { name: 'Decrease quantity' }));
    expect(input().value).toBe('30');
    fireEvent.change(input(), { target: { value: '3' } });
    fireEvent.click(screen.getByRole('button', { name: 'Increase quantity' }));
    expect(input().value).toBe('20');
  });

  it('shows its message under the field and marks the field invalid', () => {
    render(
      <QuantityStepper
        value={5}
        onChange={() => {}}
        min={20}
        max={30}
        onBlocked={() => {}}
        message={messages.belowMinimum}
      />,
    );
    expect(input().getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('alert').textContent).toBe(messages.belowMinimum);
    expect(input().getAttribute('aria-describedby')).toContain(screen.getByRole('alert').id);
  });
});
