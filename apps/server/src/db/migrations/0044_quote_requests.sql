-- Requests for a quote (見積依頼, modules/quotes/): a buyer asks the shop to quote for the lines of
-- their cart. The buyer's name and e-mail, and each line's tool name and list price, are copied as
-- asked, so a request still reads the same once the account or the tool is gone. New tables
-- only: the previous release neither reads nor writes them.
CREATE TABLE "quote_requests" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" text REFERENCES "user"("id") ON DELETE SET NULL,
	"buyer_name" text NOT NULL,
	"buyer_email" text NOT NULL,
	"note" text,
	"status" text DEFAULT 'open' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "quote_requests_status_known" CHECK ("status" IN ('open'))
);--> statement-breakpoint
CREATE INDEX "quote_requests_newest_idx" ON "quote_requests" ("created_at", "id");--> statement-breakpoint
CREATE INDEX "quote_requests_user_idx" ON "quote_requests" ("user_id", "created_at", "id");--> statement-breakpoint
CREATE TABLE "quote_request_lines" (
	"request_id" uuid NOT NULL REFERENCES "quote_requests"("id") ON DELETE CASCADE,
	"position" integer NOT NULL,
	"tool_id" uuid REFERENCES "tools"("id") ON DELETE SET NULL,
	"product_name" text NOT NULL,
	"product_name_ja" text,
	"quantity" integer NOT NULL,
	"list_price" integer NOT NULL,
	"currency" text NOT NULL,
	CONSTRAINT "quote_request_lines_pk" PRIMARY KEY ("request_id", "position"),
	CONSTRAINT "quote_request_lines_quantity_positive" CHECK ("quantity" > 0),
	CONSTRAINT "quote_request_lines_price_positive" CHECK ("list_price" > 0),
	CONSTRAINT "quote_request_lines_currency_known" CHECK ("currency" IN ('USD', 'JPY'))
);
