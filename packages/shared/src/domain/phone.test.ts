import { describe, expect, it } from 'vitest';
import { checkoutForm, orderForm } from '../orders';
import { profileForm } from '../profile';
import { messages } from './messages';
import { normalPhone } from './phone';

describe('normalPhone', () => {
  it.each([
    ['03-1234-5678', '+81 3 1234 5678'],
    ['0312345678', '+81 3 1234 5678'],
    ['03 1234 5678', '+81 3 1234 5678'],
    ['(03) 1234-5678', '+81 3 1234 5678'],
    ['+81 3-1234-5678', '+81 3 1234 5678'],
    ['+81 (0)3 1234 5678', '+81 3 1234 5678'],
    ['+81312345678', '+81 3 1234 5678'],
    ['  090-1234-5678 ', '+81 90 1234 5678'],
    ['０３－１２３４－５６７８', '+81 3 1234 5678'],
    ['0120-123-456', '+81 120 123 456'],
    ['+44 20 7946 0958', '+44 20 7946 0958'],
    ['+1 (212) 555-0100', '+1 212 555 0100'],
  ])('takes %j as %s, and that as itself', (written, normal) => {
    expect(normalPhone(written)).toBe(normal);
    // The browser sends the normal form and the server applies the rule again.
    expect(normalPhone(normal)).toBe(normal);
  });

  it.each([
    ['letters', 'call me'],
    ['a word among the digits', '03-1234-5678 ext 12'],
    ['too few digits', '0123456'],
    ['two digits', '12'],
    ['a + in the middle', '03+1234+5678'],
    ['dots', '03.1234.5678'],
    ['a control character', '0312345678\u0000'],
    ['no digits', '(-)'],
    ['an empty text', ''],
    ['a very long text', '0'.repeat(200)],
  ])('refuses %s', (_label, written) => {
    expect(normalPhone(written)).toBeNull();
  });

  it('answers the same for a number judged again, after thousands of others and among them', () => {
    // Answers are kept for the numbers judged last: asked again, more often than it keeps, and
    // interleaved with refusals, each text keeps its own answer.
    const numbers = Array.from(
      { length: 2500 },
      (_, i) => `03-${String(1000 + (i % 9000)).padStart(4, '0')}-${String(i).padStart(4, '0')}`,
    );
    for (const round of [1, 2]) {
      numbers.forEach((n, i) => {
        expect(normalPhone(n), `${n} (round ${round})`).toBe(`+81 3 ${n.slice(3, 7)} ${n.slice(8)}`);
        if (i % 500 === 0) expect(normalPhone(`${n} ext`)).toBeNull();
      });
    }
    expect(normalPhone('03-1234-5678')).toBe('+81 3 1234 5678');
    expect(normalPhone('call me')).toBeNull();
  });
});

describe('the phone field of the order, checkout and profile forms', () => {
  const forms = {
    order: (phone: string) => orderForm.safeParse({ quantity: 1, phone, address: '1-2-3 Ginza' }),
    checkout: (phone: string) =>
      checkoutForm.safeParse({ phone, address: '1-2-3 Ginza', country: 'JP', paymentMethod: 'card' }),
    profile: (phone: string) =>
      profileForm.safeParse({ displayName: 'Aya', phone, district: 'Chuo', city: 'Tokyo' }),
  };

  it.each(Object.entries(forms))('%s: gives the normal form of 03-1234-5678', (_form, parse) => {
    const result = parse('03-1234-5678');
    expect(result.success && result.data.phone).toBe('+81 3 1234 5678');
  });

  it.each(Object.entries(forms))('%s: keeps the messages for an empty and a wrong number', (_form, parse) => {
    const phoneError = (phone: string) =>
      parse(phone).error?.issues.find((i) => i.path[0] === 'phone')?.message;
    expect(phoneError('')).toBe(messages.phoneRequired);
    expect(phoneError('   ')).toBe(messages.phoneRequired);
    expect(phoneError('call me')).toBe(messages.phoneInvalid);
  });

  it('says what it accepts', () => {
    expect(messages.phoneInvalid).toMatch(/03-1234-5678/);
    expect(messages.phoneInvalid).toMatch(/spaces, hyphens, brackets and a leading \+/);
  });
});
