-- The admin overview's tallies (modules/overview/overview.service.ts): after every statement that
-- writes orders, the difference it made per state and per payment week (UTC Monday) is appended
-- in the same transaction. Rows are only ever added (and folded by the overview), so concurrent
-- buyers never wait on a shared counter row.
CREATE TABLE "order_state_counts" (
	"status" text NOT NULL,
	"n" bigint NOT NULL
);--> statement-breakpoint
CREATE TABLE "order_paid_weeks" (
	"week" date NOT NULL,
	"orders" bigint NOT NULL,
	"revenue_cents" bigint NOT NULL
);--> statement-breakpoint
CREATE FUNCTION "orders_tally"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO order_state_counts (status, n) SELECT status, count(*) FROM new_rows GROUP BY status;
    INSERT INTO order_paid_weeks (week, orders, revenue_cents)
      SELECT date_trunc('week', paid_at AT TIME ZONE 'UTC')::date, count(*), sum(total_cents)
      FROM new_rows WHERE status IN ('paid', 'shipped') AND paid_at IS NOT NULL GROUP BY 1;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO order_state_counts (status, n) SELECT status, -count(*) FROM old_rows GROUP BY status;
    INSERT INTO order_paid_weeks (week, orders, revenue_cents)
      SELECT date_trunc('week', paid_at AT TIME ZONE 'UTC')::date, -count(*), -sum(total_cents)
      FROM old_rows WHERE status IN ('paid', 'shipped') AND paid_at IS NOT NULL GROUP BY 1;
  ELSE
    INSERT INTO order_state_counts (status, n)
      SELECT status, sum(d) FROM (
        SELECT status, 1 AS d FROM new_rows UNION ALL SELECT status, -1 FROM old_rows
      ) c GROUP BY status HAVING sum(d) <> 0;
    INSERT INTO order_paid_weeks (week, orders, revenue_cents)
      SELECT week, sum(d), sum(cents) FROM (
        SELECT date_trunc('week', paid_at AT TIME ZONE 'UTC')::date AS week, 1 AS d, total_cents::bigint AS cents
          FROM new_rows WHERE status IN ('paid', 'shipped') AND paid_at IS NOT NULL
        UNION ALL
        SELECT date_trunc('week', paid_at AT TIME ZONE 'UTC')::date, -1, -total_cents::bigint
          FROM old_rows WHERE status IN ('paid', 'shipped') AND paid_at IS NOT NULL
      ) c GROUP BY week HAVING sum(d) <> 0 OR sum(cents) <> 0;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION "orders_tally_reset"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM order_state_counts;
  DELETE FROM order_paid_weeks;
  RETURN NULL;
END
$$;--> statement-breakpoint
-- The triggers come before the first count: creating them locks orders against writes until
-- the migration commits, so no order is missed or counted twice.
CREATE TRIGGER "orders_tally_insert" AFTER INSERT ON "orders" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION orders_tally();--> statement-breakpoint
CREATE TRIGGER "orders_tally_update" AFTER UPDATE ON "orders" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION orders_tally();--> statement-breakpoint
CREATE TRIGGER "orders_tally_delete" AFTER DELETE ON "orders" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION orders_tally();--> statement-breakpoint
CREATE TRIGGER "orders_tally_truncate" AFTER TRUNCATE ON "orders"
  FOR EACH STATEMENT EXECUTE FUNCTION orders_tally_reset();--> statement-breakpoint
INSERT INTO "order_state_counts" ("status", "n") SELECT "status", count(*) FROM "orders" GROUP BY "status";--> statement-breakpoint
INSERT INTO "order_paid_weeks" ("week", "orders", "revenue_cents")
  SELECT date_trunc('week', "paid_at" AT TIME ZONE 'UTC')::date, count(*), sum("total_cents")
  FROM "orders" WHERE "status" IN ('paid', 'shipped') AND "paid_at" IS NOT NULL GROUP BY 1;
