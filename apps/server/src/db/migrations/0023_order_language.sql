-- The language an order was placed in, kept when it was not English (docs/ARCHITECTURE.md, "Two
-- languages"): its buyer's mails and documents are in it when their account has no language of its
-- own. Only added and nullable, so the previous release, which never writes it, keeps placing
-- orders; its check is added NOT VALID, so adding it reads none of the existing orders (all null).
ALTER TABLE "orders" ADD COLUMN "language" text;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_language_known" CHECK ("orders"."language" is null or "orders"."language" in ('en', 'ja')) NOT VALID;
