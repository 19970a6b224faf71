-- Bank transfers (docs/ARCHITECTURE.md, "Bank transfers"): money an admin records against an order,
-- one row per payment received — how much, the day it arrived, the reference the bank gave, who
-- recorded it and when — and, of it, what the shop must give back (all of it when the order was
-- cancelled or had expired, the part beyond the amount due when it overpaid). Rows are only added;
-- a refund owed is set in the transaction that records or cancels.
CREATE TABLE "order_payments" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "order_payments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"order_id" uuid NOT NULL,
	"amount_cents" integer NOT NULL,
	"received_on" date NOT NULL,
	"reference" text NOT NULL,
	"refund_cents" integer DEFAULT 0 NOT NULL,
	"recorded_by" text NOT NULL,
	"recorded_by_id" text,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_payments_amount_positive" CHECK ("order_payments"."amount_cents" > 0),
	CONSTRAINT "order_payments_refund_within" CHECK ("order_payments"."refund_cents" >= 0 and "order_payments"."refund_cents" <= "order_payments"."amount_cents")
);--> statement-breakpoint
ALTER TABLE "order_payments" ADD CONSTRAINT "order_payments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_payments" ADD CONSTRAINT "order_payments_recorded_by_id_user_id_fk" FOREIGN KEY ("recorded_by_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_payments_order_idx" ON "order_payments" USING btree ("order_id","id");--> statement-breakpoint
-- On the order, kept with those rows under the order's lock: what the transfers paid towards the
-- amount due, what of them is owed back and since when, and when the buyer was reminded that the
-- hold ends (once per order). Each has a default the previous release never needs to write.
ALTER TABLE "orders" ADD COLUMN "transfer_paid_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "transfer_refund_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "transfer_refund_flagged_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "transfer_reminded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_transfer_amounts_not_negative" CHECK ("orders"."transfer_paid_cents" >= 0 and "orders"."transfer_refund_cents" >= 0);
