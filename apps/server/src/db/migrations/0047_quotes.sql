-- Quotes (見積書, modules/quotes/; docs/orders.md, "Quotes"): the shop's answer to a request for a
-- quote, or of its own, for one buyer, numbered in the document archive's QT- series (its PDF is
-- issued there when it is made): lines at quoted unit prices with the list price at quoting,
-- shipping (null: the zones' when accepted), valid until, a note, and whether it holds its stock
-- until then. Its states are the order-state module's quote table (open → accepted | declined |
-- withdrawn | expired). A holding quote takes its stock when made and gives it back when it
-- closes, each in the stock ledger with reason 'quote' and the quote's id. New tables and a widened
-- check only: the previous release neither reads nor writes them.
CREATE TABLE "quotes" (
	"id" uuid PRIMARY KEY NOT NULL,
	"number" text NOT NULL,
	"user_id" text REFERENCES "user"("id") ON DELETE SET NULL,
	"buyer_name" text NOT NULL,
	"buyer_email" text NOT NULL,
	"request_id" uuid REFERENCES "quote_requests"("id") ON DELETE SET NULL,
	"currency" text NOT NULL,
	"shipping_price" integer,
	"valid_until" timestamp with time zone NOT NULL,
	"note" text,
	"holds_stock" boolean NOT NULL,
	"state" text DEFAULT 'open' NOT NULL,
	"order_id" uuid REFERENCES "orders"("id") ON DELETE SET NULL,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "quotes_number_unique" UNIQUE ("number"),
	CONSTRAINT "quotes_state_known" CHECK ("state" IN ('open', 'accepted', 'declined', 'withdrawn', 'expired')),
	CONSTRAINT "quotes_currency_known" CHECK ("currency" IN ('USD', 'JPY')),
	CONSTRAINT "quotes_shipping_not_negative" CHECK ("shipping_price" >= 0)
);--> statement-breakpoint
CREATE INDEX "quotes_newest_idx" ON "quotes" ("created_at", "id");--> statement-breakpoint
CREATE INDEX "quotes_user_idx" ON "quotes" ("user_id", "created_at", "id");--> statement-breakpoint
CREATE INDEX "quotes_open_idx" ON "quotes" ("valid_until") WHERE "state" = 'open';--> statement-breakpoint
CREATE TABLE "quote_lines" (
	"quote_id" uuid NOT NULL REFERENCES "quotes"("id") ON DELETE CASCADE,
	"position" integer NOT NULL,
	"tool_id" uuid REFERENCES "tools"("id") ON DELETE SET NULL,
	"product_name" text NOT NULL,
	"product_name_ja" text,
	"quantity" integer NOT NULL,
	"unit_price" integer NOT NULL,
	"list_price" integer NOT NULL,
	CONSTRAINT "quote_lines_pk" PRIMARY KEY ("quote_id", "position"),
	CONSTRAINT "quote_lines_quantity_positive" CHECK ("quantity" > 0),
	CONSTRAINT "quote_lines_price_positive" CHECK ("unit_price" > 0)
);--> statement-breakpoint
CREATE INDEX "quote_lines_tool_idx" ON "quote_lines" ("tool_id");--> statement-breakpoint
-- A request the shop answered with a quote is answered: no longer among the buyer's 20 open ones.
ALTER TABLE "quote_requests" DROP CONSTRAINT "quote_requests_status_known";--> statement-breakpoint
ALTER TABLE "quote_requests" ADD CONSTRAINT "quote_requests_status_known" CHECK ("quote_requests"."status" IN ('open', 'answered'));--> statement-breakpoint
ALTER TABLE "stock_ledger" ADD COLUMN "quote_id" uuid;--> statement-breakpoint
ALTER TABLE "stock_ledger" DROP CONSTRAINT "stock_ledger_reason_known";--> statement-breakpoint
ALTER TABLE "stock_ledger" ADD CONSTRAINT "stock_ledger_reason_known" CHECK ("stock_ledger"."reason" in ('initial', 'order', 'cancel', 'expiry', 'admin', 'quote'));
