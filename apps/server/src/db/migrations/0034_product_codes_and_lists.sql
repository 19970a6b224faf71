-- Ordering at trade speed (docs/decisions/0055-quick-order.md): a tool's optional product codes,
-- its SKU (品番) and its JAN (13 digits, check digit verified in the service), each unique among
-- the tools on sale (a SKU whatever its case; a tool taken off sale frees its codes), and saved
-- lists (定番リスト): named lines of tools and quantities, per account. New columns and a new
-- table only: the previous release neither reads nor writes them.
ALTER TABLE "tools" ADD COLUMN "sku" text;--> statement-breakpoint
ALTER TABLE "tools" ADD COLUMN "jan" text;--> statement-breakpoint
ALTER TABLE "tools" ADD CONSTRAINT "tools_jan_digits" CHECK ("jan" ~ '^[0-9]{13}$');--> statement-breakpoint
ALTER TABLE "tools" ADD CONSTRAINT "tools_sku_length" CHECK (char_length("sku") BETWEEN 1 AND 40);--> statement-breakpoint
CREATE UNIQUE INDEX "tools_sku_on_sale" ON "tools" (upper("sku")) WHERE NOT "archived" AND "sku" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "tools_jan_on_sale" ON "tools" ("jan") WHERE NOT "archived" AND "jan" IS NOT NULL;--> statement-breakpoint
CREATE TABLE "saved_lists" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL REFERENCES "user"("id") ON DELETE CASCADE,
	"name" text NOT NULL,
	"lines" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE INDEX "saved_lists_user_idx" ON "saved_lists" ("user_id", "updated_at");
