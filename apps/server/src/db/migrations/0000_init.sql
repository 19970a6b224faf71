CREATE TABLE "tools" (
	"id" uuid PRIMARY KEY NOT NULL,
	"product_name" text NOT NULL,
	"description" text NOT NULL,
	"kind" text NOT NULL,
	"image_id" uuid NOT NULL,
	"min_quantity" integer NOT NULL,
	"available" integer NOT NULL,
	"price_cents" integer NOT NULL,
	"added_by" text NOT NULL,
	"archived" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tools_min_quantity_positive" CHECK ("tools"."min_quantity" >= 1),
	CONSTRAINT "tools_available_not_negative" CHECK ("tools"."available" >= 0),
	CONSTRAINT "tools_price_positive" CHECK ("tools"."price_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "media" (
	"id" uuid NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"content_type" text NOT NULL,
	"bytes" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "media_id_width_pk" PRIMARY KEY("id","width")
);
--> statement-breakpoint
CREATE TABLE "newsletter_subscribers" (
	"email" text PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reviews" (
	"id" uuid PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text NOT NULL,
	"rating" integer NOT NULL,
	"img" text,
	"author_email" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reviews_rating_range" CHECK ("reviews"."rating" between 1 and 5)
);
--> statement-breakpoint
CREATE INDEX "tools_listing_idx" ON "tools" USING btree ("archived","created_at");--> statement-breakpoint
CREATE INDEX "reviews_created_idx" ON "reviews" USING btree ("created_at");