-- The addresses ADMIN_EMAILS has made administrators (modules/users/listed-admins.ts): the list
-- grants the role once, when an address is first confirmed, and a row here says it has. It is
-- kept by address, not by account, so deleting the account and signing up again does not bring
-- the role back. Filled with today's administrators and every address whose role an admin took
-- away (by a demotion or by deleting an administrator's account, as the audit log says), so a
-- removal made before this release stays final too. A new table only: the previous release never
-- reads it.
CREATE TABLE "admin_email_grants" (
	"email" text PRIMARY KEY NOT NULL,
	"granted_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
INSERT INTO "admin_email_grants" ("email")
	SELECT lower("email") FROM "user" WHERE "role" = 'admin'
	UNION
	SELECT lower("target_label") FROM "audit_log"
		WHERE "target_type" = 'user'
			AND ("kind" = 'user.demote' OR ("kind" = 'user.delete' AND "before"->>'role' = 'admin'))
	ON CONFLICT DO NOTHING;
