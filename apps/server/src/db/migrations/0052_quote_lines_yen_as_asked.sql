-- A request for a quote keeps each line's yen list price as it was when asked, beside the dollar
-- one (docs/orders.md, "Quotes"): the inbox, the answer form and the acknowledgement mail read a
-- buyer charged in yen the price they asked at, not today's. Lines asked before have none and are
-- read at the tool's yen price now, as before. A new nullable column: the previous release, which
-- never reads it, keeps working during a rolling upgrade.
ALTER TABLE "quote_request_lines" ADD COLUMN "list_price_yen" integer;--> statement-breakpoint
ALTER TABLE "quote_request_lines" ADD CONSTRAINT "quote_request_lines_yen_positive" CHECK ("list_price_yen" IS NULL OR "list_price_yen" > 0);
