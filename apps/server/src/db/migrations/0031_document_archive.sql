-- The archive of issued documents (docs/orders.md, "The document archive";
-- docs/decisions/0052-documents-issued-once.md): each document issued once, numbered in its own
-- gapless series, stored with the data it was drawn from, its PDF and their hashes, chained.
-- No foreign key to orders, accounts or tools: deleting any of them leaves the documents.
CREATE TABLE "documents" (
	"number" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"series" text NOT NULL,
	"sequence" integer NOT NULL,
	"position" bigint NOT NULL,
	"order_id" uuid,
	"order_number" text,
	"buyer_id" text,
	"counterparty" text NOT NULL,
	"amount_cents" bigint,
	"currency" text NOT NULL,
	"language" text NOT NULL,
	"corrects" text,
	"issued_at" timestamp with time zone NOT NULL,
	"data" jsonb NOT NULL,
	"pdf" bytea NOT NULL,
	"sha256" text NOT NULL,
	"chain_hash" text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "documents_series_sequence" ON "documents" USING btree ("series","sequence");
--> statement-breakpoint
CREATE UNIQUE INDEX "documents_position" ON "documents" USING btree ("position");
--> statement-breakpoint
CREATE UNIQUE INDEX "documents_order_kind" ON "documents" USING btree ("order_id","kind") WHERE "order_id" is not null and "kind" <> 'credit-note';
--> statement-breakpoint
CREATE UNIQUE INDEX "documents_corrects" ON "documents" USING btree ("corrects") WHERE "corrects" is not null;
--> statement-breakpoint
CREATE INDEX "documents_issued_at" ON "documents" USING btree ("issued_at","position");
--> statement-breakpoint
CREATE INDEX "documents_buyer" ON "documents" USING btree ("buyer_id","position");
--> statement-breakpoint
CREATE INDEX "documents_amount" ON "documents" USING btree ("amount_cents","position");
--> statement-breakpoint
CREATE INDEX "documents_counterparty_trgm" ON "documents" USING gin (lower("counterparty") gin_trgm_ops);
--> statement-breakpoint
CREATE TABLE "document_series" (
	"series" text PRIMARY KEY NOT NULL,
	"last" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "document_chain" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"position" bigint NOT NULL,
	"hash" text NOT NULL,
	CONSTRAINT "document_chain_one_row" CHECK ("id" = 1)
);
--> statement-breakpoint
-- Issued documents are only ever added to: no statement may change or remove one. A restore loads
-- them with INSERT, which stays allowed; TRUNCATE (the owner emptying the database) is not an action of the shop.
CREATE FUNCTION "documents_refuse_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'issued documents cannot be changed or deleted' USING ERRCODE = 'insufficient_privilege';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "documents_no_update_or_delete" BEFORE UPDATE OR DELETE ON "documents"
	FOR EACH ROW EXECUTE FUNCTION "documents_refuse_change"();
