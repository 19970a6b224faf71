/** A phone number: digits, optionally after a leading +, 6 to 20 of them (the order and profile forms alike). */
export const phonePattern = /^\+?[0-9]{6,20}$/;
export const phoneMessages = {
  required: 'phone is required',
  invalid: 'the phone number must contain digits only',
} as const;
