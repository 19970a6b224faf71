import { z } from 'zod';
import { messages } from './domain/messages';
import { normalPhone } from './domain/phone';

/** A phone number in any form the shop accepts, given in its normal form (domain/phone.ts). */
export const phoneField = z
  .string({ message: messages.phoneRequired })
  .trim()
  .min(1, { message: messages.phoneRequired })
  .transform((text, ctx) => {
    const phone = normalPhone(text);
    if (phone === null) ctx.addIssue({ code: 'custom', message: messages.phoneInvalid });
    return phone ?? z.NEVER;
  });
