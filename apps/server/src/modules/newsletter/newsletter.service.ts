import type { Database } from '../../db/client';
import { newsletterSubscribers } from '../../db/schema';

export function newsletterService(db: Database) {
  return {
    /** Subscribing twice is not an error: the address is simply kept once. */
    async subscribe(email: string): Promise<void> {
      await db.insert(newsletterSubscribers).values({ email }).onConflictDoNothing();
    },
  };
}
export type NewsletterService = ReturnType<typeof newsletterService>;
