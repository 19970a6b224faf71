import { z } from 'zod';
import { issueOf, says, told } from './domain/messages';
import { normalPhone } from './domain/phone';

/** A phone number in any form the shop accepts, given in its normal form (domain/phone.ts). */
export const phoneField = z
  .string(told(says.phoneRequired))
  .trim()
  .min(1, told(says.phoneRequired))
  .transform((text, ctx) => {
    const phone = normalPhone(text);
    if (phone === null) ctx.addIssue({ code: 'custom', ...issueOf(says.phoneInvalid) });
    return phone ?? z.NEVER;
  });
