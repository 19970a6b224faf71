-- Placing several judged orders in one call (modules/orders/orders.repository.ts, `placeJudged`;
-- decision 0022). Each order is taken or refused exactly as `place_order` (migration 0008) takes
-- or refuses it alone, in the order given, each seeing the stock and unpaid orders the ones
-- before it took; what is written for all of them is written once: one update per tool, one
-- insert of the orders, one of their lines — one transaction, one commit.
--
-- Locks: every buyer of the call in id order, then every tool of the call in id order — the
-- order `place_order` takes them in (buyer, then tools), so two calls, or a call and any other
-- writer of stock, queue and never deadlock. Each statement reads a fresh snapshot (VOLATILE),
-- so the unpaid orders are counted after the buyers' locks are held, as in 0008.
--
-- p_orders: [{id, user_id, phone, address, hold_until, total_cents, lines: [{tool_id, quantity,
-- per_price_cents, product_name, price_cents, min_quantity, pack_size, volume_prices}]}] — each
-- line as priced and its tool as it was judged. Answers one row per order, numbered from 1 in
-- the order given: placed, no_buyer, unverified, too_many_unpaid or changed, with the buyer's
-- address and name. `place_order` stays for an instance of the previous release still running
-- during a rolling deploy.
CREATE FUNCTION "place_orders"(p_max_unpaid integer, p_orders jsonb)
RETURNS TABLE ("position" integer, "outcome" text, "buyer_email" text, "buyer_name" text)
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  v_orders integer := jsonb_array_length(p_orders);
  o_user text[];
  o_outcome text[] := array_fill(NULL::text, ARRAY[v_orders]);
  o_email text[] := array_fill(NULL::text, ARRAY[v_orders]);
  o_name text[] := array_fill(NULL::text, ARRAY[v_orders]);
  -- the buyers, once each
  b_id text[];
  b_email text[];
  b_name text[];
  b_verified boolean[];
  b_unpaid integer[];
  -- the tools asked for; those that exist, once each: stock before and left
  v_tools uuid[];
  t_id uuid[];
  t_had integer[];
  t_left integer[];
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
  SELECT array_agg(e.o ->> 'user_id' ORDER BY e.n) INTO o_user
    FROM jsonb_array_elements(p_orders) WITH ORDINALITY AS e(o, n);

  PERFORM 1 FROM "user" u WHERE u.id = ANY (o_user) ORDER BY u.id FOR UPDATE;
  SELECT array_agg(u.id), array_agg(u.email), array_agg(u.name), array_agg(u.email_verified),
      array_agg((SELECT count(*) FROM orders o WHERE o.user_id = u.id AND o.status = 'unpaid')::integer)
    INTO b_id, b_email, b_name, b_verified, b_unpaid
    FROM "user" u WHERE u.id = ANY (o_user);

  SELECT array_agg(DISTINCT (l ->> 'tool_id')::uuid) INTO v_tools
    FROM jsonb_array_elements(p_orders) AS e(o), jsonb_array_elements(e.o -> 'lines') AS l;
  PERFORM 1 FROM tools t WHERE t.id = ANY (v_tools) ORDER BY t.id FOR UPDATE;
  SELECT array_agg(t.id), array_agg(t.available) INTO t_id, t_had FROM tools t WHERE t.id = ANY (v_tools);
  t_left := t_had;

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
      IF v_ok THEN
        FOR k IN v_first..j - 1 LOOP
          t_left[l_tool[k]] := t_left[l_tool[k]] - l_quantity[k];
        END LOOP;
        b_unpaid[b] := b_unpaid[b] + 1;
        o_outcome[i] := 'placed';
      ELSE
        o_outcome[i] := 'changed';
      END IF;
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

  RETURN QUERY SELECT k::integer, o_outcome[k], o_email[k], o_name[k] FROM generate_subscripts(o_outcome, 1) AS k;
END
$$;
