-- The order desk (docs/ARCHITECTURE.md, "The order desk"). An order's history: one
-- row per thing that happened to it after it was placed — paid, shipped, cancelled, refunded, an
-- admin's note (and, later, money an admin records) — written in the same transaction as the
-- change it records. 'placed' has no row: it is the order's own created_at, so placing an order
-- costs nothing more. `by` is 'buyer', 'shop' (the shop itself: a hold that ran out, the payment
-- processor's webhook) or the admin's name; `note` the cancel's reason, the tracking, the amount
-- refunded or the note's text. Rows are never updated; an order's rows go with the order.
CREATE TABLE "order_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "order_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"order_id" uuid NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"type" text NOT NULL,
	"by" text NOT NULL,
	"note" text,
	CONSTRAINT "order_events_type_known" CHECK ("order_events"."type" in ('paid', 'payment recorded', 'shipped', 'cancelled', 'refunded', 'note'))
);--> statement-breakpoint
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_events_order_idx" ON "order_events" USING btree ("order_id","id");--> statement-breakpoint
-- Shipping with tracking, and how an order was cancelled and refunded: the reason and who (an
-- admin's cancel), and the amount given back (cents; an admin's refund of a paid order or a
-- payment that arrived after the order was cancelled).
ALTER TABLE "orders" ADD COLUMN "carrier" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tracking_number" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "cancel_reason" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "cancelled_by" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "refund_cents" integer;--> statement-breakpoint
UPDATE "orders" SET "refund_cents" = "total_cents" WHERE "refunded_at" IS NOT NULL;--> statement-breakpoint
-- The history of the orders placed before this migration, from what their rows say: paid by the
-- buyer's card, shipped by the shop (which admin is not known), cancelled by the buyer before the
-- hold ran out or by the shop after, a late payment refunded by the shop.
INSERT INTO "order_events" ("order_id", "at", "type", "by", "note")
  SELECT "id", "at", "type", "by", "note" FROM (
    SELECT "id", "paid_at" AS "at", 'paid' AS "type", 'buyer' AS "by", NULL::text AS "note", 1 AS "step"
      FROM "orders" WHERE "paid_at" IS NOT NULL
    UNION ALL
    SELECT "id", "shipped_at", 'shipped', 'shop', NULL, 2 FROM "orders" WHERE "shipped_at" IS NOT NULL
    UNION ALL
    SELECT "id", "cancelled_at", 'cancelled',
        CASE WHEN "cancelled_at" >= "hold_until" THEN 'shop' ELSE 'buyer' END,
        CASE WHEN "cancelled_at" >= "hold_until" THEN 'the hold ran out' END, 3
      FROM "orders" WHERE "cancelled_at" IS NOT NULL
    UNION ALL
    SELECT "id", "refunded_at", 'refunded', 'shop', '$' || to_char("total_cents" / 100.0, 'FM999,999,990.00'), 4
      FROM "orders" WHERE "refunded_at" IS NOT NULL
  ) AS "history"
  ORDER BY "at", "step";
