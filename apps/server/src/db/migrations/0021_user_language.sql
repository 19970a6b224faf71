-- The language an account reads the shop in (docs/ARCHITECTURE.md, "Two languages"): set by the
-- language switch of a signed-in reader, null until then (their browser's language applies).
-- Only added and nullable, so the previous release keeps working.
ALTER TABLE "user" ADD COLUMN "language" text;--> statement-breakpoint
ALTER TABLE "user" ADD CONSTRAINT "user_language_known" CHECK ("user"."language" is null or "user"."language" in ('en', 'ja'));
