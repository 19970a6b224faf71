ALTER TABLE "user" ADD COLUMN "approved" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Who may order, decided where the locks are (docs/ARCHITECTURE.md, "Where every rule lives";
-- called by `placeJudged` in modules/orders/orders.repository.ts; decision 0022 for why several
-- orders share one call). The server has priced and judged each order on the tools as it last
-- read them; this takes each order, in the order given, only if:
--   1. its buyer still exists (no_buyer) and has confirmed the e-mail address (unverified);
--   2. the buyer holds fewer than p_max_unpaid unpaid orders (too_many_unpaid);
--   3. every tool is still as judged — on sale, same price, terms and name — and has the stock
--      (changed: the server judges it again on a fresh read and refuses it there with the reason);
--   4. unless an admin approved the buyer (user.approved): the buyer's unpaid orders, this one
--      included, come to at most p_max_unpaid_cents (too_much_unpaid; `allowed` = what the buyer
--      holds unpaid already), and no line holds more than half of its tool's stock, the stock
--      being what is available plus what unpaid orders hold (over_half; `line` from 0, `allowed`
--      = the most it may hold: 50 of 100).
-- Each order sees the stock and unpaid orders that the ones before it in the call took. What is
-- taken is then written once: one update per tool, one insert of the orders, one of their lines.
--
-- Locks: the buyers in id order, then the tools in id order — as every writer of stock takes
-- them — so calls queue and never deadlock. Each statement of a VOLATILE function reads a fresh
-- snapshot: what the buyers hold is counted after their locks are held.
--
-- p_orders: [{id, user_id, phone, address, hold_until, total_cents, lines: [{tool_id, quantity,
-- per_price_cents, product_name, price_cents, min_quantity, pack_size, volume_prices}]}], each
-- line as priced and its tool as judged. Answers one row per order, numbered from 1.
-- The two-argument version of migration 0009 stays for an instance of the previous release
-- still running during a rolling deploy; 0008's single-order functions, which no release since
-- calls, are dropped.
CREATE FUNCTION "place_orders"(p_max_unpaid integer, p_max_unpaid_cents bigint, p_orders jsonb)
RETURNS TABLE ("position" integer, "outcome" text, "buyer_email" text, "buyer_name" text, "line" integer,
  "allowed" bigint)
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  v_buyers jsonb;         -- user id -> {email, name, verified, approved, unpaid, unpaid_cents}
  v_had jsonb;            -- tool id -> available when locked
  v_left jsonb;           -- tool id -> available as this call takes stock
  v_held jsonb := '{}';   -- tool id -> held by unpaid orders when locked (read when first needed)
  v_changed integer[];    -- orders with a tool no longer as judged
  v_placed integer[] := '{}';
  -- every line of the call, order by order: its order's number, its tool, how many
  l_order integer[];
  l_tool text[];
  l_quantity integer[];
  o record;               -- an order: n, user_id, total_cents
  b jsonb;                -- its buyer
  v_first integer;        -- its lines are l_…[v_first .. j - 1]
  j integer := 1;
  v_stock bigint;
BEGIN
  PERFORM 1 FROM "user" u
    WHERE u.id IN (SELECT x.user_id FROM jsonb_to_recordset(p_orders) AS x(user_id text))
    ORDER BY u.id FOR UPDATE;
  SELECT coalesce(jsonb_object_agg(u.id, jsonb_build_object('email', u.email, 'name', u.name,
      'verified', u.email_verified, 'approved', u.approved, 'unpaid', h.n, 'unpaid_cents', h.cents)), '{}')
    INTO v_buyers
    FROM "user" u,
      LATERAL (SELECT count(*) AS n, coalesce(sum(uo.total_cents), 0) AS cents
        FROM orders uo WHERE uo.user_id = u.id AND uo.status = 'unpaid') h
    WHERE u.id IN (SELECT x.user_id FROM jsonb_to_recordset(p_orders) AS x(user_id text));

  PERFORM 1 FROM tools t
    WHERE t.id IN (SELECT (w ->> 'tool_id')::uuid FROM jsonb_array_elements(p_orders) AS e(o),
      jsonb_array_elements(e.o -> 'lines') AS w)
    ORDER BY t.id FOR UPDATE;
  SELECT coalesce(jsonb_object_agg(t.id, t.available), '{}') INTO v_had
    FROM tools t WHERE t.id IN (SELECT (w ->> 'tool_id')::uuid FROM jsonb_array_elements(p_orders) AS e(o),
      jsonb_array_elements(e.o -> 'lines') AS w);
  v_left := v_had;

  SELECT array_agg(e.n::integer ORDER BY e.n, a.k), array_agg(w.tool_id::text ORDER BY e.n, a.k),
      array_agg(w.quantity ORDER BY e.n, a.k)
    INTO l_order, l_tool, l_quantity
    FROM jsonb_array_elements(p_orders) WITH ORDINALITY AS e(o, n),
      jsonb_array_elements(e.o -> 'lines') WITH ORDINALITY AS a(l, k),
      jsonb_to_record(a.l) AS w(tool_id uuid, quantity integer);
  SELECT coalesce(array_agg(DISTINCT e.n::integer), '{}') INTO v_changed
    FROM jsonb_array_elements(p_orders) WITH ORDINALITY AS e(o, n),
      jsonb_to_recordset(e.o -> 'lines') AS w(tool_id uuid, price_cents integer, min_quantity integer,
        pack_size integer, volume_prices jsonb, product_name text)
      LEFT JOIN tools t ON t.id = w.tool_id
    WHERE t.id IS NULL OR t.archived OR t.price_cents <> w.price_cents OR t.min_quantity <> w.min_quantity
      OR t.pack_size <> w.pack_size OR t.volume_prices <> w.volume_prices OR t.product_name <> w.product_name;

  FOR o IN SELECT e.n::integer AS n, x.user_id, x.total_cents
      FROM jsonb_array_elements(p_orders) WITH ORDINALITY AS e(j, n),
        jsonb_to_record(e.j) AS x(user_id text, total_cents bigint)
      ORDER BY e.n LOOP
    v_first := j;
    WHILE j <= cardinality(l_order) AND l_order[j] = o.n LOOP
      j := j + 1;
    END LOOP;
    b := v_buyers -> o.user_id;
    position := o.n; buyer_email := b ->> 'email'; buyer_name := b ->> 'name'; line := NULL; allowed := NULL;
    outcome := CASE
      WHEN b IS NULL THEN 'no_buyer'
      WHEN NOT (b ->> 'verified')::boolean THEN 'unverified'
      WHEN (b ->> 'unpaid')::integer >= p_max_unpaid THEN 'too_many_unpaid'
      WHEN o.n = ANY (v_changed) THEN 'changed'
    END;
    FOR k IN v_first .. j - 1 LOOP
      EXIT WHEN outcome IS NOT NULL;
      IF (v_left ->> l_tool[k])::integer < l_quantity[k] THEN
        outcome := 'changed';
      END IF;
    END LOOP;
    IF outcome IS NULL AND NOT (b ->> 'approved')::boolean THEN
      IF (b ->> 'unpaid_cents')::bigint + o.total_cents > p_max_unpaid_cents THEN
        outcome := 'too_much_unpaid'; allowed := (b ->> 'unpaid_cents')::bigint;
      END IF;
      FOR k IN v_first .. j - 1 LOOP
        EXIT WHEN outcome IS NOT NULL;
        -- Only a line that asks for over half of what the tool had needs what unpaid orders hold.
        CONTINUE WHEN 2 * l_quantity[k] <= (v_had ->> l_tool[k])::integer;
        IF NOT v_held ? l_tool[k] THEN
          v_held := v_held || jsonb_build_object(l_tool[k], (SELECT coalesce(sum(ol.quantity), 0)
            FROM order_lines ol JOIN orders uo ON uo.id = ol.order_id AND uo.status = 'unpaid'
            WHERE ol.tool_id = l_tool[k]::uuid));
        END IF;
        v_stock := (v_had ->> l_tool[k])::bigint + (v_held ->> l_tool[k])::bigint;
        IF 2 * l_quantity[k] > v_stock THEN
          outcome := 'over_half'; line := k - v_first; allowed := v_stock / 2;
        END IF;
      END LOOP;
    END IF;
    IF outcome IS NULL THEN
      outcome := 'placed';
      v_placed := v_placed || o.n;
      FOR k IN v_first .. j - 1 LOOP
        v_left := jsonb_set(v_left, ARRAY[l_tool[k]], to_jsonb((v_left ->> l_tool[k])::integer - l_quantity[k]));
      END LOOP;
      v_buyers := jsonb_set(v_buyers, ARRAY[o.user_id], b || jsonb_build_object(
        'unpaid', (b ->> 'unpaid')::integer + 1, 'unpaid_cents', (b ->> 'unpaid_cents')::bigint + o.total_cents));
    END IF;
    RETURN NEXT;
  END LOOP;

  IF cardinality(v_placed) = 0 THEN
    RETURN;
  END IF;
  UPDATE tools t SET available = t.available - ((v_had ->> t.id::text)::integer - (v_left ->> t.id::text)::integer)
    WHERE t.id IN (SELECT k::uuid FROM jsonb_object_keys(v_had) AS k)
      AND (v_had ->> t.id::text) <> (v_left ->> t.id::text);
  INSERT INTO orders (id, user_id, email, name, tool_id, product_name, quantity, per_price_cents,
      total_cents, line_count, phone, address, hold_until, search)
    SELECT x.id, x.user_id, v_buyers -> x.user_id ->> 'email', v_buyers -> x.user_id ->> 'name', f.tool_id,
      f.product_name, f.quantity, f.per_price_cents, x.total_cents, jsonb_array_length(x.lines), x.phone,
      x.address, x.hold_until,
      lower(concat_ws(' ', x.id::text, v_buyers -> x.user_id ->> 'email', v_buyers -> x.user_id ->> 'name',
        (SELECT string_agg(w ->> 'product_name', ' ' ORDER BY k)
          FROM jsonb_array_elements(x.lines) WITH ORDINALITY AS a(w, k))))
    FROM jsonb_array_elements(p_orders) WITH ORDINALITY AS e(j, n),
      jsonb_to_record(e.j) AS x(id uuid, user_id text, phone text, address text, hold_until timestamptz,
        total_cents integer, lines jsonb),
      jsonb_to_record(x.lines -> 0) AS f(tool_id uuid, product_name text, quantity integer, per_price_cents integer)
    WHERE e.n = ANY (v_placed)
    ORDER BY e.n;
  INSERT INTO order_lines (order_id, position, tool_id, product_name, quantity, per_price_cents, total_cents)
    SELECT (e.j ->> 'id')::uuid, (a.k - 1)::integer, w.tool_id, w.product_name, w.quantity, w.per_price_cents,
      w.per_price_cents * w.quantity
    FROM jsonb_array_elements(p_orders) WITH ORDINALITY AS e(j, n),
      jsonb_array_elements(e.j -> 'lines') WITH ORDINALITY AS a(l, k),
      jsonb_to_record(a.l) AS w(tool_id uuid, product_name text, quantity integer, per_price_cents integer)
    WHERE e.n = ANY (v_placed);
END
$$;--> statement-breakpoint
DROP FUNCTION "place_order"(uuid, text, integer, text, text, timestamptz, integer, jsonb);--> statement-breakpoint
DROP FUNCTION "place_order_lines"(jsonb);--> statement-breakpoint
-- The paid states — the money arrived: paid (the admin's "Pending") or shipped — as SQL sees them.
-- TypeScript's list is `paidStatuses` in packages/shared/src/domain/orders.ts; the test
-- db/paid-states.test.ts fails when the two differ. The overview's tally (migration 0007) now
-- asks this function instead of naming the states again.
CREATE FUNCTION "order_status_paid"(status text) RETURNS boolean LANGUAGE sql IMMUTABLE AS $$
  SELECT status IN ('paid', 'shipped')
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "orders_tally"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO order_state_counts (status, n) SELECT status, count(*) FROM new_rows GROUP BY status;
    INSERT INTO order_paid_weeks (week, orders, revenue_cents)
      SELECT date_trunc('week', paid_at AT TIME ZONE 'UTC')::date, count(*), sum(total_cents)
      FROM new_rows WHERE order_status_paid(status) AND paid_at IS NOT NULL GROUP BY 1;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO order_state_counts (status, n) SELECT status, -count(*) FROM old_rows GROUP BY status;
    INSERT INTO order_paid_weeks (week, orders, revenue_cents)
      SELECT date_trunc('week', paid_at AT TIME ZONE 'UTC')::date, -count(*), -sum(total_cents)
      FROM old_rows WHERE order_status_paid(status) AND paid_at IS NOT NULL GROUP BY 1;
  ELSE
    INSERT INTO order_state_counts (status, n)
      SELECT status, sum(d) FROM (
        SELECT status, 1 AS d FROM new_rows UNION ALL SELECT status, -1 FROM old_rows
      ) c GROUP BY status HAVING sum(d) <> 0;
    INSERT INTO order_paid_weeks (week, orders, revenue_cents)
      SELECT week, sum(d), sum(cents) FROM (
        SELECT date_trunc('week', paid_at AT TIME ZONE 'UTC')::date AS week, 1 AS d, total_cents::bigint AS cents
          FROM new_rows WHERE order_status_paid(status) AND paid_at IS NOT NULL
        UNION ALL
        SELECT date_trunc('week', paid_at AT TIME ZONE 'UTC')::date, -1, -total_cents::bigint
          FROM old_rows WHERE order_status_paid(status) AND paid_at IS NOT NULL
      ) c GROUP BY week HAVING sum(d) <> 0 OR sum(cents) <> 0;
  END IF;
  RETURN NULL;
END
$$;
