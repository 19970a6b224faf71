-- The pages the owner writes (docs/pages.md, decision 0054): the legal pages and the spec's blog and
-- portfolio, each in English and Japanese as Markdown. A page without a row is still its template
-- (modules/pages/pages.templates.ts); the first save writes the row. `completed` is the owner's
-- word that the template's blanks are filled in; the admin overview lists pages not completed.
CREATE TABLE IF NOT EXISTS "owner_pages" (
	"slug" text PRIMARY KEY NOT NULL,
	"title_en" text NOT NULL,
	"body_en" text NOT NULL,
	"title_ja" text NOT NULL,
	"body_ja" text NOT NULL,
	"completed" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text NOT NULL,
	CONSTRAINT "owner_pages_sizes" CHECK (char_length("title_en") <= 120 AND char_length("title_ja") <= 120
		AND char_length("body_en") <= 40000 AND char_length("body_ja") <= 40000)
);
