ALTER TABLE "enquiries" ADD COLUMN "answered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "enquiries" ADD COLUMN "answered_by" text;--> statement-breakpoint
ALTER TABLE "enquiries" ADD CONSTRAINT "enquiries_answer_recorded" CHECK (("enquiries"."answered_at" is null) = ("enquiries"."answered_by" is null));--> statement-breakpoint
CREATE INDEX "enquiries_new_idx" ON "enquiries" USING btree ("created_at","id") WHERE "enquiries"."answered_at" is null;
