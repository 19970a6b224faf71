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

  it("names the tool in a list's field and buttons, and speaks its message politely", () => {
    render(
      <QuantityStepper
        compact
        productName="Genno"
        value={12}
        onChange={() => {}}
        min={6}
        max={36}
        step={6}
        onBlocked={() => {}}
        message={messages.onlyLeft(6)}
      />,
    );
    const field = screen.getByRole('spinbutton', { name: 'Quantity of Genno' });
    expect(screen.getByRole('button', { name: 'Increase quantity of Genno' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Decrease quantity of Genno' })).toBeTruthy();
    const message = screen.getByText(messages.onlyLeft(6));
    expect(message.getAttribute('aria-live')).toBe('polite');
    expect(field.getAttribute('aria-describedby')).toBe(message.id);
    expect(screen.queryByText(/From 6 to 36 pieces/)).toBeNull();
  });

  it('tells a press from typing, and steps a quantity off the pack size back onto it', () => {
    const onChange = vi.fn();
    render(<QuantityStepper value={13} onChange={onChange} min={6} max={36} step={6} onBlocked={() => {}} />);
    fireEvent.click(screen.getByRole('button', { name: 'Decrease quantity' }));
    expect(onChange).toHaveBeenLastCalledWith(12, 'stepped');
    fireEvent.click(screen.getByRole('button', { name: 'Increase quantity' }));
    expect(onChange).toHaveBeenLastCalledWith(18, 'stepped');
    fireEvent.change(input(), { target: { value: '30' } });
    expect(onChange).toHaveBeenLastCalledWith(30, 'typed');
  });
});
