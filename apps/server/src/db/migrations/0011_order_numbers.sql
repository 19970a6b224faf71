-- Order numbers: what people call an order (K-000123 on screens, e-mails and the CSV;
-- modules/orders/orders.view.ts formats them). One sequence, so numbers increase in placing order
-- and are never reused; orders placed before this migration are numbered in the order they were
-- placed. `id` stays the API's identifier. The column is filled by its default, so every writer
-- of orders (place_orders, and the previous release's during a rolling deploy) numbers them.
CREATE SEQUENCE "public"."order_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "number" bigint;--> statement-breakpoint
UPDATE "orders" o SET "number" = n.rn
  FROM (SELECT "id", row_number() OVER (ORDER BY "created_at", "id") AS rn FROM "orders") n
  WHERE o."id" = n."id";--> statement-breakpoint
SELECT setval('order_number_seq', coalesce((SELECT max("number") FROM "orders"), 0) + 1, false);--> statement-breakpoint
ALTER SEQUENCE "order_number_seq" OWNED BY "orders"."number";--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "number" SET DEFAULT nextval('order_number_seq');--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "number" SET NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "orders_number_idx" ON "orders" USING btree ("number");
