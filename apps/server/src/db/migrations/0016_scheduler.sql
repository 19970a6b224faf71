CREATE TABLE "scheduled_jobs" (
	"name" text PRIMARY KEY NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"every_ms" bigint NOT NULL,
	"locked_by" text,
	"locked_until" timestamp with time zone,
	"last_run_at" timestamp with time zone,
	"last_error" text,
	CONSTRAINT "scheduled_jobs_every_positive" CHECK ("scheduled_jobs"."every_ms" > 0),
	CONSTRAINT "scheduled_jobs_lock_whole" CHECK (("scheduled_jobs"."locked_by" is null) = ("scheduled_jobs"."locked_until" is null))
);
