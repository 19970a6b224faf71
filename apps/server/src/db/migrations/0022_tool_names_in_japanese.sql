-- A tool's name and description in Japanese (docs/ARCHITECTURE.md, "Where every rule lives":
-- A tool in Japanese): optional, shown to Japanese readers when present, English otherwise.
-- Only added and nullable, so the previous release, whose inserts leave them out, keeps working.
-- No index: the catalogue is searched in memory over the tools on sale (catalog.service.ts), and
-- orders keep the name as it was ordered.
ALTER TABLE "tools" ADD COLUMN "product_name_ja" text;--> statement-breakpoint
ALTER TABLE "tools" ADD COLUMN "description_ja" text;
