import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Field, InputField, TextareaField } from './form-field';

const descriptionOf = (element: HTMLElement) =>
  (element.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent);

describe('InputField', () => {
  it('ties the input to its label, its hint and its error message', () => {
    render(
      <InputField
        id="email"
        label="Email"
        hint="We never share it."
        error={{ type: 'required', message: 'Email is required' }}
      />,
    );
    const input = screen.getByLabelText('Email');
    expect(input.id).toBe('email');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(descriptionOf(input)).toEqual(['We never share it.', 'Email is required']);
    expect(document.getElementById('email-error')?.textContent).toBe('Email is required');
  });

  it('is not described or invalid without a hint or an error', () => {
    render(<InputField label="Name" />);
    const input = screen.getByLabelText('Name');
    expect(input.id).not.toBe('');
    expect(input.hasAttribute('aria-invalid')).toBe(false);
    expect(input.hasAttribute('aria-describedby')).toBe(false);
  });

  it('says a required field is required, in its label and to screen readers', () => {
    render(<InputField label="Phone" required />);
    const input = screen.getByLabelText(/^Phone/) as HTMLInputElement;
    expect(input.labels?.[0]?.textContent).toContain('(required)');
    expect(input.getAttribute('aria-required')).toBe('true');
  });

  it('can keep its hint for screen readers only', () => {
    render(<InputField label="Expiry" hint="Month and year" hintPlacement="screen-reader" />);
    const input = screen.getByLabelText('Expiry');
    expect(descriptionOf(input)).toEqual(['Month and year']);
    expect(screen.getByText('Month and year').className).toBe('sr-only');
  });
});

describe('TextareaField', () => {
  it('labels a textarea the same way', () => {
    render(<TextareaField label="Address" error={{ type: 'required', message: 'address is required' }} />);
    const textarea = screen.getByLabelText('Address');
    expect(textarea.tagName).toBe('TEXTAREA');
    expect(descriptionOf(textarea)).toEqual(['address is required']);
  });
});

describe('Field', () => {
  it('hands the ids and aria attributes to any control', () => {
    render(
      <Field label="Kind" hint="What the tool is" hintPlacement="above">
        {(control) => (
          <select {...control}>
            <option>Plane</option>
          </select>
        )}
      </Field>,
    );
    const select = screen.getByLabelText('Kind');
    expect(select.tagName).toBe('SELECT');
    expect(descriptionOf(select)).toEqual(['What the tool is']);
  });
});
