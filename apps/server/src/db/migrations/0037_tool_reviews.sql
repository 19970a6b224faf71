-- Reviews of a tool (decision 0058; docs/reach.md, "Reviews of a tool"): a buyer reviews a tool
-- they received, from a shipped order's line, and the tool's page shows those reviews and rates
-- the tool with them. Only added and nullable, so every review written before stays a review of
-- the shop (no tool), and the previous release, which never writes these columns, keeps working
-- during a rolling upgrade.
ALTER TABLE "reviews" ADD COLUMN "tool_id" uuid REFERENCES "tools"("id");--> statement-breakpoint
-- Who wrote it, for "one review per buyer per tool"; null for reviews written before, and when the
-- account is deleted (the review stays, with the name it was posted under).
ALTER TABLE "reviews" ADD COLUMN "author_id" text REFERENCES "user"("id") ON DELETE SET NULL;--> statement-breakpoint
-- One review per buyer per tool, a removed one included: moderation is not undone by posting again.
CREATE UNIQUE INDEX "reviews_one_per_buyer_tool" ON "reviews" ("tool_id", "author_id")
  WHERE "tool_id" IS NOT NULL AND "author_id" IS NOT NULL;--> statement-breakpoint
-- A tool's page reads the reviews of that tool still shown, newest first.
CREATE INDEX "reviews_tool_listed_idx" ON "reviews" ("tool_id", "created_at", "id")
  WHERE "tool_id" IS NOT NULL AND "removed_at" IS NULL;
