ALTER TABLE "user" ADD COLUMN "approved" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- What one account may hold unpaid (modules/orders/orders.repository.ts, `placeJudged`): beside
-- the count of unpaid orders, their value (`p_max_unpaid_cents`, counting the order being placed),
-- and no unpaid order may hold more than half of a tool's stock — its available quantity plus what
-- unpaid orders hold (50 of 100 is allowed, 51 is not). A buyer an admin approved (`user.approved`)
-- is held to neither. Otherwise `place_orders` is migration 0009's, with two more outcomes:
-- too_much_unpaid, and over_half with the line (0-based) and the most it may hold (`allowed`).
-- What unpaid orders hold of a tool is only read when a line asks for more than half of what the
-- tool had when locked: an ordinary order never pays for that sum.
-- The two-argument version of 0009 stays for an instance of the previous release still
-- running during a rolling deploy.
CREATE FUNCTION "place_orders"(p_max_unpaid integer, p_max_unpaid_cents bigint, p_orders jsonb)
RETURNS TABLE ("position" integer, "outcome" text, "buyer_email" text, "buyer_name" text, "line" integer,
  "allowed" bigint)
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  v_orders integer := jsonb_array_length(p_orders);
  o_user text[];
  o_outcome text[] := array_fill(NULL::text, ARRAY[v_orders]);
  o_email text[] := array_fill(NULL::text, ARRAY[v_orders]);
  o_name text[] := array_fill(NULL::text, ARRAY[v_orders]);
  o_total bigint[];
  o_line integer[] := array_fill(NULL::integer, ARRAY[v_orders]);
  o_allowed bigint[] := array_fill(NULL::bigint, ARRAY[v_orders]);
  -- the buyers, once each
  b_id text[];
  b_email text[];
  b_name text[];
  b_verified boolean[];
  b_unpaid integer[];
  b_unpaid_cents bigint[];
  b_approved boolean[];
  -- the tools asked for; those that exist, once each: stock before and left
  v_tools uuid[];
  t_id uuid[];
  t_had integer[];
  t_left integer[];
  t_held bigint[];
  -- every line, order by order: its order, its tool (index in t_id), quantity, terms as judged
  l_order integer[];
  l_tool integer[];
  l_quantity integer[];
  l_same boolean[];
  v_lines integer;
  b integer;
  j integer := 1;
  v_first integer;
  v_ok boolean;
BEGIN
  SELECT array_agg(e.o ->> 'user_id' ORDER BY e.n), array_agg((e.o ->> 'total_cents')::bigint ORDER BY e.n)
    INTO o_user, o_total
    FROM jsonb_array_elements(p_orders) WITH ORDINALITY AS e(o, n);

  PERFORM 1 FROM "user" u WHERE u.id = ANY (o_user) ORDER BY u.id FOR UPDATE;
  SELECT array_agg(u.id), array_agg(u.email), array_agg(u.name), array_agg(u.email_verified),
      array_agg(h.n), array_agg(h.cents), array_agg(u.approved)
    INTO b_id, b_email, b_name, b_verified, b_unpaid, b_unpaid_cents, b_approved
    FROM "user" u,
      LATERAL (SELECT count(*)::integer AS n, coalesce(sum(o.total_cents), 0)::bigint AS cents
        FROM orders o WHERE o.user_id = u.id AND o.status = 'unpaid') h
    WHERE u.id = ANY (o_user);

  SELECT array_agg(DISTINCT (l ->> 'tool_id')::uuid) INTO v_tools
    FROM jsonb_array_elements(p_orders) AS e(o), jsonb_array_elements(e.o -> 'lines') AS l;
  PERFORM 1 FROM tools t WHERE t.id = ANY (v_tools) ORDER BY t.id FOR UPDATE;
  SELECT array_agg(t.id), array_agg(t.available) INTO t_id, t_had FROM tools t WHERE t.id = ANY (v_tools);
  t_left := t_had;
  t_held := array_fill(NULL::bigint, ARRAY[coalesce(array_length(t_id, 1), 0)]);

  SELECT array_agg(e.n::integer ORDER BY e.n, a.k), array_agg(array_position(t_id, w.tool_id) ORDER BY e.n, a.k),
      array_agg(w.quantity ORDER BY e.n, a.k),
      array_agg(coalesce(NOT t.archived AND t.price_cents = w.price_cents AND t.min_quantity = w.min_quantity
        AND t.pack_size = w.pack_size AND t.volume_prices = w.volume_prices AND t.product_name = w.product_name, false)
        ORDER BY e.n, a.k)
    INTO l_order, l_tool, l_quantity, l_same
    FROM jsonb_array_elements(p_orders) WITH ORDINALITY AS e(o, n),
      jsonb_array_elements(e.o -> 'lines') WITH ORDINALITY AS a(l, k),
      jsonb_to_record(a.l) AS w(tool_id uuid, quantity integer, price_cents integer, min_quantity integer,
        pack_size integer, volume_prices jsonb, product_name text)
      LEFT JOIN tools t ON t.id = w.tool_id;
  v_lines := coalesce(array_length(l_order, 1), 0);

  FOR i IN 1..v_orders LOOP
    v_first := j;
    WHILE j <= v_lines AND l_order[j] = i LOOP
      j := j + 1;
    END LOOP;
    b := array_position(b_id, o_user[i]);
    IF b IS NULL THEN
      o_outcome[i] := 'no_buyer';
      CONTINUE;
    END IF;
    o_email[i] := b_email[b];
    o_name[i] := b_name[b];
    IF NOT b_verified[b] THEN
      o_outcome[i] := 'unverified';
    ELSIF b_unpaid[b] >= p_max_unpaid THEN
      o_outcome[i] := 'too_many_unpaid';
    ELSE
      v_ok := true;
      FOR k IN v_first..j - 1 LOOP
        IF NOT l_same[k] OR t_left[l_tool[k]] < l_quantity[k] THEN
          v_ok := false;
          EXIT;
        END IF;
      END LOOP;
      IF NOT v_ok THEN
        o_outcome[i] := 'changed';
        CONTINUE;
      END IF;
      IF NOT b_approved[b] THEN
        IF b_unpaid_cents[b] + o_total[i] > p_max_unpaid_cents THEN
          o_outcome[i] := 'too_much_unpaid';
          o_allowed[i] := b_unpaid_cents[b];
          CONTINUE;
        END IF;
        FOR k IN v_first..j - 1 LOOP
          -- The tool's stock is what it had when locked plus what unpaid orders held then (what
          -- this call took before is in neither); only read when the line asks for over half.
          CONTINUE WHEN 2 * l_quantity[k] <= t_had[l_tool[k]];
          IF t_held[l_tool[k]] IS NULL THEN
            t_held[l_tool[k]] := (SELECT coalesce(sum(ol.quantity), 0)
              FROM order_lines ol JOIN orders o ON o.id = ol.order_id AND o.status = 'unpaid'
              WHERE ol.tool_id = t_id[l_tool[k]]);
          END IF;
          IF 2 * l_quantity[k] > t_had[l_tool[k]] + t_held[l_tool[k]] THEN
            o_outcome[i] := 'over_half';
            o_line[i] := k - v_first;
            o_allowed[i] := (t_had[l_tool[k]] + t_held[l_tool[k]]) / 2;
            EXIT;
          END IF;
        END LOOP;
        CONTINUE WHEN o_outcome[i] = 'over_half';
      END IF;
      FOR k IN v_first..j - 1 LOOP
        t_left[l_tool[k]] := t_left[l_tool[k]] - l_quantity[k];
      END LOOP;
      b_unpaid[b] := b_unpaid[b] + 1;
      b_unpaid_cents[b] := b_unpaid_cents[b] + o_total[i];
      o_outcome[i] := 'placed';
    END IF;
  END LOOP;

  IF 'placed' = ANY (o_outcome) THEN
    UPDATE tools t SET available = t.available - (t_had[k] - t_left[k])
      FROM generate_subscripts(t_id, 1) AS k
      WHERE t.id = t_id[k] AND t_left[k] <> t_had[k];
    INSERT INTO orders (id, user_id, email, name, tool_id, product_name, quantity, per_price_cents,
        total_cents, line_count, phone, address, hold_until, search)
      SELECT x.id, x.user_id, o_email[e.n], o_name[e.n], f.tool_id, f.product_name, f.quantity, f.per_price_cents,
        x.total_cents, jsonb_array_length(e.o -> 'lines'), x.phone, x.address, x.hold_until,
        lower(concat_ws(' ', x.id::text, o_email[e.n], o_name[e.n],
          (SELECT string_agg(a.l ->> 'product_name', ' ' ORDER BY a.k)
            FROM jsonb_array_elements(e.o -> 'lines') WITH ORDINALITY AS a(l, k))))
      FROM jsonb_array_elements(p_orders) WITH ORDINALITY AS e(o, n),
        jsonb_to_record(e.o) AS x(id uuid, user_id text, phone text, address text, hold_until timestamptz,
          total_cents integer),
        jsonb_to_record(e.o -> 'lines' -> 0) AS f(tool_id uuid, product_name text, quantity integer,
          per_price_cents integer)
      WHERE o_outcome[e.n] = 'placed'
      ORDER BY e.n;
    INSERT INTO order_lines (order_id, position, tool_id, product_name, quantity, per_price_cents, total_cents)
      SELECT (e.o ->> 'id')::uuid, (a.k - 1)::integer, w.tool_id, w.product_name, w.quantity, w.per_price_cents,
        w.per_price_cents * w.quantity
      FROM jsonb_array_elements(p_orders) WITH ORDINALITY AS e(o, n),
        jsonb_array_elements(e.o -> 'lines') WITH ORDINALITY AS a(l, k),
        jsonb_to_record(a.l) AS w(tool_id uuid, product_name text, quantity integer, per_price_cents integer)
      WHERE o_outcome[e.n] = 'placed';
  END IF;

  RETURN QUERY SELECT k::integer, o_outcome[k], o_email[k], o_name[k], o_line[k], o_allowed[k]
    FROM generate_subscripts(o_outcome, 1) AS k;
END
$$;
