-- place_orders (migration 0025) as it was, and now writing the language an order was placed in
-- (migration 0023; none for English) with the order itself, from the order's own `language`:
-- the release that sent it in a second statement, an UPDATE of every such order after this call,
-- wrote each of those orders twice (docs/decisions/0050-speed-back.md). The previous release sends
-- no `language` (it is then null, as that release's own UPDATE expects) and keeps working.
CREATE OR REPLACE FUNCTION "place_orders"(p_max_unpaid integer, p_max_unpaid_cents bigint, p_orders jsonb)
RETURNS TABLE ("position" integer, "outcome" text, "buyer_email" text, "buyer_name" text, "line" integer,
  "allowed" bigint, "number" bigint)
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  v_buyers jsonb;         -- user id -> {email, name, verified, approved, unpaid, unpaid_cents}
  v_had jsonb;            -- tool id -> available when locked
  v_left jsonb;           -- tool id -> available as this call takes stock
  v_held jsonb := '{}';   -- tool id -> held by unpaid orders when locked (read when first needed)
  v_changed integer[];    -- orders with a tool no longer as judged
  v_placed integer[] := '{}';
  v_numbers bigint[] := '{}'; -- order n's number, drawn when it is placed
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
    number := NULL;
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
      number := nextval('order_number_seq');
      v_numbers[o.n] := number;
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
  INSERT INTO orders (id, number, user_id, email, name, tool_id, product_name, product_name_ja, quantity,
      per_price_cents, total_cents, line_count, phone, address, hold_until, search, country, shipping_cents, tax_cents,
      tax_rate_bp, tax_treatment, payment_method, language)
    SELECT x.id, v_numbers[e.n], x.user_id, v_buyers -> x.user_id ->> 'email', v_buyers -> x.user_id ->> 'name', f.tool_id,
      f.product_name, (SELECT t.product_name_ja FROM tools t WHERE t.id = f.tool_id), f.quantity, f.per_price_cents,
      x.total_cents, jsonb_array_length(x.lines), x.phone, x.address, x.hold_until,
      lower(concat_ws(' ', x.id::text, v_buyers -> x.user_id ->> 'email', v_buyers -> x.user_id ->> 'name',
        (SELECT string_agg(concat_ws(' ', w ->> 'product_name', t.product_name_ja), ' ' ORDER BY k)
          FROM jsonb_array_elements(x.lines) WITH ORDINALITY AS a(w, k)
            LEFT JOIN tools t ON t.id = (w ->> 'tool_id')::uuid))),
      coalesce(x.country, 'JP'), coalesce(x.shipping_cents, 0), coalesce(x.tax_cents, 0), coalesce(x.tax_rate_bp, 0),
      coalesce(x.tax_treatment, 'none'), coalesce(x.payment_method, 'card'), x.language
    FROM jsonb_array_elements(p_orders) WITH ORDINALITY AS e(j, n),
      jsonb_to_record(e.j) AS x(id uuid, user_id text, phone text, address text, hold_until timestamptz,
        total_cents integer, lines jsonb, country text, shipping_cents integer, tax_cents integer,
        tax_rate_bp integer, tax_treatment text, payment_method text, language text),
      jsonb_to_record(x.lines -> 0) AS f(tool_id uuid, product_name text, quantity integer, per_price_cents integer)
    WHERE e.n = ANY (v_placed)
    ORDER BY e.n;
  INSERT INTO order_lines (order_id, position, tool_id, product_name, product_name_ja, quantity, per_price_cents,
      total_cents)
    SELECT (e.j ->> 'id')::uuid, (a.k - 1)::integer, w.tool_id, w.product_name, t.product_name_ja, w.quantity,
      w.per_price_cents, w.per_price_cents * w.quantity
    FROM jsonb_array_elements(p_orders) WITH ORDINALITY AS e(j, n),
      jsonb_array_elements(e.j -> 'lines') WITH ORDINALITY AS a(l, k),
      jsonb_to_record(a.l) AS w(tool_id uuid, product_name text, quantity integer, per_price_cents integer)
      JOIN tools t ON t.id = w.tool_id
    WHERE e.n = ANY (v_placed);
  INSERT INTO stock_ledger (tool_id, delta, reason, order_id)
    SELECT w.tool_id, -w.quantity, 'order', (e.j ->> 'id')::uuid
    FROM jsonb_array_elements(p_orders) WITH ORDINALITY AS e(j, n),
      jsonb_array_elements(e.j -> 'lines') WITH ORDINALITY AS a(l, k),
      jsonb_to_record(a.l) AS w(tool_id uuid, quantity integer)
    WHERE e.n = ANY (v_placed)
    ORDER BY e.n, a.k;
END
$$;
