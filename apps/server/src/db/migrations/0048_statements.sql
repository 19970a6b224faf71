-- Monthly statements and money received on account (docs/companies.md, "Statements"; decision
-- 0069). A statement bills a company, once per closing date, for the on-account orders shipped
-- and not yet on a statement; each such order is put on exactly one (orders.statement_id, set
-- once, guarded by "statement_id IS NULL"). Money the shop receives from a company is recorded as
-- a payment and applied to its statements, oldest first; the applications never add up to more
-- than the payment (a sum test holds it). Only new tables and a new nullable column: the previous
-- release, which never reads them, keeps working during a rolling upgrade.
CREATE TABLE "statements" (
	"id" uuid PRIMARY KEY NOT NULL,
	-- Its document's number in the archive's series: ST-2026-000001.
	"number" text NOT NULL,
	"company_id" uuid NOT NULL REFERENCES "companies"("id") ON DELETE RESTRICT,
	-- The shipping dates it covers (the shop's days), its closing date and when payment is due.
	"period_from" date NOT NULL,
	"period_to" date NOT NULL,
	"closing_date" date NOT NULL,
	"due_on" date NOT NULL,
	"currency" text NOT NULL,
	-- In the currency's minor unit: the last statement's amount due, the money received since it,
	-- what is carried forward (previous - received), this period's orders with their tax (rounded
	-- once per rate on the statement) and the amount due (carried forward + orders).
	"previous_balance_minor" bigint NOT NULL,
	"received_minor" bigint NOT NULL,
	"carried_forward_minor" bigint NOT NULL,
	"orders_total_minor" bigint NOT NULL,
	-- [{ rateBp, taxableMinor, taxMinor }]: the tax per rate as the statement computes it.
	"tax_by_rate" jsonb NOT NULL,
	"amount_due_minor" bigint NOT NULL,
	"issued_at" timestamp with time zone NOT NULL,
	-- Reminders, each mailed once: three days before the due date, on the first overdue day.
	"reminded_before_at" timestamp with time zone,
	"reminded_overdue_at" timestamp with time zone,
	CONSTRAINT "statements_currency_known" CHECK ("currency" IN ('USD', 'JPY')),
	CONSTRAINT "statements_orders_total" CHECK ("orders_total_minor" >= 0),
	CONSTRAINT "statements_carried_forward" CHECK ("carried_forward_minor" = "previous_balance_minor" - "received_minor"),
	CONSTRAINT "statements_amount_due" CHECK ("amount_due_minor" = "carried_forward_minor" + "orders_total_minor")
);--> statement-breakpoint
CREATE UNIQUE INDEX "statements_number" ON "statements" USING btree ("number");--> statement-breakpoint
-- One statement per company and closing date: two issues at once (two instances, an admin's
-- click beside the scheduler) make one.
CREATE UNIQUE INDEX "statements_company_closing" ON "statements" USING btree ("company_id","closing_date");--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "statement_id" uuid REFERENCES "statements"("id") ON DELETE RESTRICT;--> statement-breakpoint
CREATE INDEX "orders_statement_idx" ON "orders" USING btree ("statement_id") WHERE "statement_id" IS NOT NULL;--> statement-breakpoint
CREATE TABLE "company_payments" (
	"id" uuid PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL REFERENCES "companies"("id") ON DELETE RESTRICT,
	"amount_minor" bigint NOT NULL,
	"currency" text NOT NULL,
	-- The day the money arrived (the shop's day) and the payer's reference on the bank statement.
	"received_on" date NOT NULL,
	"reference" text NOT NULL,
	"recorded_by" text REFERENCES "user"("id") ON DELETE SET NULL,
	-- The statement that counts it as money received (the next one issued after it), set once.
	"counted_on" uuid REFERENCES "statements"("id") ON DELETE RESTRICT,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "company_payments_amount_positive" CHECK ("amount_minor" > 0),
	CONSTRAINT "company_payments_currency_known" CHECK ("currency" IN ('USD', 'JPY'))
);--> statement-breakpoint
CREATE INDEX "company_payments_company_idx" ON "company_payments" USING btree ("company_id","received_on");--> statement-breakpoint
-- How much of a payment went to which statement (消込).
CREATE TABLE "payment_applications" (
	"payment_id" uuid NOT NULL REFERENCES "company_payments"("id") ON DELETE RESTRICT,
	"statement_id" uuid NOT NULL REFERENCES "statements"("id") ON DELETE RESTRICT,
	"amount_minor" bigint NOT NULL,
	"applied_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_applications_pk" PRIMARY KEY ("payment_id","statement_id"),
	CONSTRAINT "payment_applications_amount_positive" CHECK ("amount_minor" > 0)
);--> statement-breakpoint
CREATE INDEX "payment_applications_statement_idx" ON "payment_applications" USING btree ("statement_id");
