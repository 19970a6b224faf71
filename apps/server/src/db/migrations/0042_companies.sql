-- Trade accounts: companies with several buyers (docs/rules.md, "Companies"; decision 0063).
-- Only new tables, so the previous release, which never reads them, keeps working during a
-- rolling upgrade. Statements, orders on account and their balances come later and hang off
-- "companies" (its terms are here already).
CREATE TABLE "companies" (
	"id" uuid PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	-- The name's reading in katakana (カナ), for the statement's addressee and sorting.
	"name_kana" text,
	"department" text,
	"registration_number" text,
	"billing_address" text NOT NULL,
	-- Where the monthly statement is mailed.
	"billing_email" text NOT NULL,
	"note" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"decline_reason" text,
	-- The terms an administrator grants: 締め日 (1–28, or 31 for the month's end), payment due
	-- 1 or 2 months after closing on day 1–28 (or 31, that month's end) — 月末締め翌月末払い is
	-- 31, 1, 31 — the credit limit in the currency's minor unit (cents, yen), the currency and
	-- the language of its papers.
	"closing_day" smallint,
	"pay_months_after" smallint,
	"pay_day" smallint,
	"credit_limit_minor" bigint,
	"currency" text,
	"language" text,
	-- Its members' price list when they have none of their own; none when the list is deleted.
	"price_list_id" uuid REFERENCES "price_lists"("id") ON DELETE SET NULL,
	"applied_by" text REFERENCES "user"("id") ON DELETE SET NULL,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "companies_name_length" CHECK (char_length("name") BETWEEN 1 AND 120),
	CONSTRAINT "companies_name_kana_length" CHECK (char_length("name_kana") BETWEEN 1 AND 120),
	CONSTRAINT "companies_billing_email_lower" CHECK ("billing_email" = lower("billing_email")),
	CONSTRAINT "companies_registration_number" CHECK ("registration_number" ~ '^T[0-9]{13}$'),
	CONSTRAINT "companies_status_known" CHECK ("status" IN ('pending', 'approved', 'declined')),
	CONSTRAINT "companies_closing_day" CHECK ("closing_day" BETWEEN 1 AND 28 OR "closing_day" = 31),
	CONSTRAINT "companies_pay_months_after" CHECK ("pay_months_after" IN (1, 2)),
	CONSTRAINT "companies_pay_day" CHECK ("pay_day" BETWEEN 1 AND 28 OR "pay_day" = 31),
	CONSTRAINT "companies_credit_limit" CHECK ("credit_limit_minor" > 0),
	CONSTRAINT "companies_currency" CHECK ("currency" IN ('USD', 'JPY')),
	CONSTRAINT "companies_language" CHECK ("language" IN ('en', 'ja')),
	-- The terms are set together; an approved company has them all; a declined one its reason.
	CONSTRAINT "companies_terms_together" CHECK (
		("closing_day" IS NULL) = ("pay_months_after" IS NULL) AND ("closing_day" IS NULL) = ("pay_day" IS NULL)
		AND ("closing_day" IS NULL) = ("credit_limit_minor" IS NULL)
		AND ("credit_limit_minor" IS NULL OR "currency" IS NOT NULL)
	),
	CONSTRAINT "companies_approved_terms" CHECK (
		"status" <> 'approved' OR ("closing_day" IS NOT NULL
			AND "credit_limit_minor" IS NOT NULL AND "currency" IS NOT NULL AND "language" IS NOT NULL)
	),
	CONSTRAINT "companies_declined_reason" CHECK ("status" <> 'declined' OR "decline_reason" IS NOT NULL)
);--> statement-breakpoint
CREATE INDEX "companies_status_idx" ON "companies" ("status", "created_at");--> statement-breakpoint
-- The admin's search by name or its reading (the expression of "q" in companies.service.ts).
CREATE INDEX "companies_search_idx" ON "companies" USING gin (lower("name" || ' ' || coalesce("name_kana", '')) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "companies_applied_by_idx" ON "companies" ("applied_by");--> statement-breakpoint
CREATE INDEX "companies_price_list_idx" ON "companies" ("price_list_id") WHERE "price_list_id" IS NOT NULL;--> statement-breakpoint
-- A person's place in a company. The primary key is the account: an account belongs to one
-- company at most, whatever two requests at once attempt. A declined application's owner row goes.
CREATE TABLE "company_members" (
	"user_id" text PRIMARY KEY NOT NULL REFERENCES "user"("id") ON DELETE CASCADE,
	"company_id" uuid NOT NULL REFERENCES "companies"("id") ON DELETE CASCADE,
	"role" text NOT NULL,
	-- What the member may spend, in the company's minor unit; null: no limit of their own.
	"spending_limit_minor" bigint,
	"joined_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "company_members_role" CHECK ("role" IN ('owner', 'buyer')),
	CONSTRAINT "company_members_limit" CHECK ("spending_limit_minor" > 0)
);--> statement-breakpoint
CREATE INDEX "company_members_company_idx" ON "company_members" ("company_id");--> statement-breakpoint
CREATE UNIQUE INDEX "company_members_one_owner" ON "company_members" ("company_id") WHERE "role" = 'owner';--> statement-breakpoint
-- An owner's invitation: the link's token is kept only as its SHA-256; it works once, for the
-- invited address, until it expires.
CREATE TABLE "company_invitations" (
	"id" uuid PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL REFERENCES "companies"("id") ON DELETE CASCADE,
	"email" text NOT NULL,
	"token_hash" text NOT NULL,
	-- The buyer's spending limit from the day they join, in the company's minor unit; null: none.
	"spending_limit_minor" bigint,
	"invited_by" text REFERENCES "user"("id") ON DELETE SET NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"accepted_at" timestamp with time zone,
	"accepted_by" text REFERENCES "user"("id") ON DELETE SET NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "company_invitations_email_lower" CHECK ("email" = lower("email")),
	CONSTRAINT "company_invitations_limit" CHECK ("spending_limit_minor" > 0)
);--> statement-breakpoint
CREATE UNIQUE INDEX "company_invitations_token" ON "company_invitations" ("token_hash");--> statement-breakpoint
CREATE INDEX "company_invitations_company_idx" ON "company_invitations" ("company_id", "created_at");
