DROP INDEX "reviews_created_idx";--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "removed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "removed_by" text;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "removal_reason" text;--> statement-breakpoint
CREATE INDEX "reviews_listed_idx" ON "reviews" USING btree ("created_at","id") WHERE "reviews"."removed_at" is null;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_removal_recorded" CHECK (("reviews"."removed_at" is null) = ("reviews"."removed_by" is null) and ("reviews"."removed_at" is null) = ("reviews"."removal_reason" is null));