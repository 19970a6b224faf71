-- A payment a company made, recorded with a wrong amount, is reversed rather than deleted
-- (docs/rules.md, "Statements and money received"): the row stays, marked reversed with when, by whom and why;
-- its applications to statements are undone by the service, in the same transaction. A reversal
-- of a payment a statement already counted as received is counted, as money taken back, by the
-- next statement issued (reversal_counted_on, set once). Only new nullable columns: the previous
-- release, which never reads them, keeps working during a rolling upgrade.
ALTER TABLE "company_payments" ADD COLUMN "reversed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "company_payments" ADD COLUMN "reversed_by" text REFERENCES "user"("id") ON DELETE SET NULL;--> statement-breakpoint
ALTER TABLE "company_payments" ADD COLUMN "reversal_reason" text;--> statement-breakpoint
ALTER TABLE "company_payments" ADD COLUMN "reversal_counted_on" uuid REFERENCES "statements"("id") ON DELETE RESTRICT;--> statement-breakpoint
-- Reversed means a time and a reason, both or neither; a reversal is counted only once reversed.
ALTER TABLE "company_payments" ADD CONSTRAINT "company_payments_reversal_whole" CHECK (("reversed_at" IS NULL) = ("reversal_reason" IS NULL));--> statement-breakpoint
ALTER TABLE "company_payments" ADD CONSTRAINT "company_payments_reversal_counted" CHECK ("reversal_counted_on" IS NULL OR "reversed_at" IS NOT NULL);
