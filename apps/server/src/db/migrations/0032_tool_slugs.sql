-- A public page per tool at /tools/{slug} (decision 0053; docs/web.md, "A tool's own page"): the
-- slug is made from the tool's name when it is added and never changes after (an edited name keeps
-- its address), unique across every tool the shop has had. Made by the database, on insert, so a
-- tool added by the previous release during a rolling upgrade, which knows no slug, gets one too.
-- A name's letters and digits in lower case, everything else one `-`, at most 60 characters;
-- `tool` when nothing is left (a name all in Japanese); a slug already taken is followed by the
-- first eight characters of the tool's id.
CREATE FUNCTION tool_slug_base(name text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT coalesce(
    nullif(trim(both '-' from left(regexp_replace(lower(name), '[^a-z0-9]+', '-', 'g'), 60)), ''),
    'tool'
  )
$$;--> statement-breakpoint
ALTER TABLE "tools" ADD COLUMN "slug" text;--> statement-breakpoint
UPDATE "tools" t SET "slug" = CASE WHEN s.n = 1 THEN s.base ELSE s.base || '-' || left(t.id::text, 8) END
FROM (
  SELECT id, tool_slug_base(product_name) AS base,
         row_number() OVER (PARTITION BY tool_slug_base(product_name) ORDER BY created_at, id) AS n
  FROM "tools"
) s
WHERE s.id = t.id;--> statement-breakpoint
CREATE UNIQUE INDEX "tools_slug_key" ON "tools" ("slug");--> statement-breakpoint
CREATE FUNCTION tools_set_slug() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  base text;
BEGIN
  IF NEW.slug IS NULL THEN
    base := tool_slug_base(NEW.product_name);
    IF EXISTS (SELECT 1 FROM tools WHERE slug = base) THEN
      base := base || '-' || left(NEW.id::text, 8);
    END IF;
    NEW.slug := base;
  END IF;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER tools_slug BEFORE INSERT ON "tools" FOR EACH ROW EXECUTE FUNCTION tools_set_slug();
