-- Trigram indexes serve the admin's case-insensitive searches (pg_trgm is a trusted extension: the
-- database's owner may create it).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
DROP INDEX "orders_user_idx";--> statement-breakpoint
DROP INDEX "reviews_created_idx";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "search" text DEFAULT '' NOT NULL;--> statement-breakpoint
UPDATE "orders" SET "search" = lower("id"::text || ' ' || "email" || ' ' || "name" || ' ' ||
  coalesce((SELECT string_agg("product_name", ' ' ORDER BY "position") FROM "order_lines" WHERE "order_id" = "orders"."id"), ''));--> statement-breakpoint
CREATE INDEX "user_created_idx" ON "user" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "user_role_created_idx" ON "user" USING btree ("role","created_at","id");--> statement-breakpoint
CREATE INDEX "user_search_idx" ON "user" USING gin (lower("email" || ' ' || "name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "enquiries_created_idx" ON "enquiries" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "orders_created_idx" ON "orders" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "orders_state_created_idx" ON "orders" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "orders_search_idx" ON "orders" USING gin ("search" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "orders_user_idx" ON "orders" USING btree ("user_id","created_at","id");--> statement-breakpoint
CREATE INDEX "reviews_created_idx" ON "reviews" USING btree ("created_at","id");