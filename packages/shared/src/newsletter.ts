import { z } from 'zod';
import { says, told } from './domain/messages';

export const newsletterRequest = z.object({
  email: z
    .string()
    .trim()
    .toLowerCase()
    .pipe(z.email(told(says.newsletterEmailInvalid)).max(254)),
});
export type NewsletterRequest = z.input<typeof newsletterRequest>;
export const newsletterResponse = z.object({ subscribed: z.literal(true), message: z.string() });
