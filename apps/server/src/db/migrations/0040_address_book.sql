-- The buyer as a business and their address book (decision 0061; docs/rules.md, "The buyer's
-- company and address book"). Only added and nullable or new, so the previous release, which
-- never reads these, keeps working during a rolling upgrade.
ALTER TABLE "user" ADD COLUMN "company" text;--> statement-breakpoint
ALTER TABLE "user" ADD COLUMN "department" text;--> statement-breakpoint
-- One billing address and up to 20 delivery addresses per account (the limit is counted by the
-- service with the account's row locked; one billing address is held here too).
CREATE TABLE "address_book_entries" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL REFERENCES "user"("id") ON DELETE CASCADE,
	"label" text NOT NULL,
	"kind" text NOT NULL,
	"recipient" text NOT NULL,
	"company" text,
	"department" text,
	"phone" text NOT NULL,
	"country" text NOT NULL,
	"postal_code" text,
	"prefecture" text,
	"city" text NOT NULL,
	"street" text,
	"building" text,
	"line1" text,
	"line2" text,
	"region" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "address_book_kind_known" CHECK ("kind" in ('billing', 'delivery')),
	CONSTRAINT "address_book_country_code" CHECK ("country" ~ '^[A-Z]{2}$')
);--> statement-breakpoint
CREATE INDEX "address_book_user_idx" ON "address_book_entries" ("user_id", "kind");--> statement-breakpoint
CREATE UNIQUE INDEX "address_book_one_billing" ON "address_book_entries" ("user_id") WHERE "kind" = 'billing';
