-- The country a buyer's goods usually go to (ISO 3166-1 alpha-2), kept with their address in the
-- profile: the checkout starts from it, else from the shop's own. Only added and nullable, so the
-- previous release, which never writes it, keeps working.
ALTER TABLE "user" ADD COLUMN "country" text;--> statement-breakpoint
ALTER TABLE "user" ADD CONSTRAINT "user_country_code" CHECK ("user"."country" is null or "user"."country" ~ '^[A-Z]{2}$');
