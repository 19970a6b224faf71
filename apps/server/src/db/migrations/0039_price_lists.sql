-- Price lists (掛率, decision 0060; docs/rules.md, "Price lists"): a buyer's own rate on the list
-- price, and fixed prices for chosen tools, per currency. Only added and nullable, so the previous
-- release, which never reads them, keeps charging list prices during a rolling upgrade.
CREATE TABLE "price_lists" (
  "id" uuid PRIMARY KEY NOT NULL,
  "name" text NOT NULL,
  -- The rate in basis points of the list price: 8500 is 85 %; 1 % to 200 %.
  "percent_bp" integer NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "price_lists_name_length" CHECK (char_length("name") BETWEEN 1 AND 80),
  CONSTRAINT "price_lists_percent_range" CHECK ("percent_bp" BETWEEN 100 AND 20000)
);--> statement-breakpoint
-- A name names one list, whatever its case.
CREATE UNIQUE INDEX "price_lists_name_unique" ON "price_lists" (lower("name"));--> statement-breakpoint
-- A tool's fixed price on a list, in the currency's minor unit (cents, yen), with its own volume
-- breaks when given ([{ "minQuantity", "price" }], else null: the list breaks scaled). A tool
-- taken off sale keeps its row (tools are archived, not deleted); one deleted takes it along.
CREATE TABLE "price_list_prices" (
  "price_list_id" uuid NOT NULL REFERENCES "price_lists"("id") ON DELETE CASCADE,
  "tool_id" uuid NOT NULL REFERENCES "tools"("id") ON DELETE CASCADE,
  "currency" text NOT NULL,
  "price_minor" integer NOT NULL,
  "volume_prices" jsonb,
  CONSTRAINT "price_list_prices_pk" PRIMARY KEY ("price_list_id", "tool_id", "currency"),
  CONSTRAINT "price_list_prices_currency" CHECK ("currency" IN ('USD', 'JPY')),
  CONSTRAINT "price_list_prices_positive" CHECK ("price_minor" >= 1)
);--> statement-breakpoint
CREATE INDEX "price_list_prices_tool_idx" ON "price_list_prices" ("tool_id");--> statement-breakpoint
-- The buyer's list; none (list price) when unassigned or when the list is deleted.
ALTER TABLE "user" ADD COLUMN "price_list_id" uuid REFERENCES "price_lists"("id") ON DELETE SET NULL;--> statement-breakpoint
CREATE INDEX "user_price_list_idx" ON "user" ("price_list_id") WHERE "price_list_id" IS NOT NULL;
