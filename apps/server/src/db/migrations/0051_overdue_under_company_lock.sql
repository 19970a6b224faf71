-- An overdue statement stops orders on account under the company's lock (decision 0076):
-- place_orders reads, for each company it locks, the due date of its oldest statement not paid in
-- full, and refuses an order on account placed after that day (`statement_overdue`). The check
-- was a query of its own before placing, outside the lock: one more round trip per order, and an
-- order racing a statement's issue or a payment's reversal was not stopped. Statements are issued
-- and money is applied or reversed under the same company lock, so the read cannot miss one.
-- Only widened: the previous release's call sends no `shop_day` and so is not checked here (it
-- checks before placing, as it did); its arguments and result columns are the same.
CREATE OR REPLACE FUNCTION "place_orders"(p_max_unpaid integer, p_max_unpaid_cents bigint, p_orders jsonb)
RETURNS TABLE ("position" integer, "outcome" text, "buyer_email" text, "buyer_name" text, "line" integer,
  "allowed" bigint, "number" bigint)
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  -- the call's buyers, each once, in id order (locked in that order); buyer i is b_…[i]
  b_id text[];
  b_email text[];
  b_name text[];
  b_verified boolean[];
  b_approved boolean[];
  b_unpaid bigint[];      -- unpaid orders and open holding quotes, counting orders placed before in this call
  b_cents bigint[];       -- the value of their dollar orders (cents)
  b_yen bigint[];         -- the value of their yen orders (yen): currencies are capped apart, never added
  b_company text[];       -- the company and department their profile names: an order names none of its own
  b_department text[];
  b_co uuid[];            -- the company they are a member of (read under its lock), written on their orders
  b_limit bigint[];       -- their spending limit as a buyer of it (the company's minor unit), or null
  -- the companies the buyers are members of, each once, in id order (locked in that order, after
  -- the buyers and before the tools); company c is c_…[c]
  c_id uuid[];
  c_terms boolean[];      -- approved, with terms (closing day, credit limit and currency set)
  c_yen boolean[];        -- its account is in yen
  c_limit bigint[];       -- its credit limit (its minor unit)
  c_balance bigint[];     -- its open balance (companies.owed_minor): the amounts due of the orders on
                          -- it owed on account (on_account, account_shipped, and awaiting_approval on
                          -- account), counting those placed before in this call
  c_overdue date[];       -- the due date of its oldest statement not paid in full (null: none)
  c integer;              -- an order's buyer's company
  -- the call's tools, each once, in id order (locked in that order); tool t is t_…[t]
  t_id uuid[];
  t_had integer[];        -- available when locked
  t_left integer[];       -- available as this call takes stock
  t_held bigint[];        -- held by unpaid orders and open holding quotes when locked (read when first needed; null before)
  t_name_ja text[];
  t_sku text[];           -- its product codes when locked (decision 0055), copied onto the order's lines
  t_jan text[];
  -- every order of the call, in the order given: its buyer (index into b_…), its value
  o_b integer[];
  o_total bigint[];
  o_yen boolean[];        -- a yen order (its total in yen)
  o_cap bigint[];         -- a yen order's unpaid value cap (yen; a dollar order's is p_max_unpaid_cents)
  o_account boolean[];    -- on the company's account: judged on its credit limit, not the unpaid caps
  o_due bigint[];         -- its amount due: goods, shipping and tax
  o_day date[];           -- on account: the shop's day it is placed on, after which an unpaid statement
                          -- stops it (null, as the previous release sends: not checked here)
  o_await boolean[] := '{}'; -- placed awaiting the company owner's approval (above the member's spending limit)
  -- every line of the call, order by order: its order's number, its tool (index into t_…), how many
  l_order integer[];
  l_t integer[];
  l_quantity integer[];
  v_changed integer[];    -- orders with a tool no longer as judged
  v_placed integer[] := '{}';
  v_numbers bigint[] := '{}'; -- order n's number, drawn when it is placed
  i integer;              -- the order's buyer
  t integer;              -- a line's tool
  v_first integer;        -- its lines are l_…[v_first .. j - 1]
  j integer := 1;
  v_stock bigint;
BEGIN
  -- Buyers, companies and tools are looked up by key (an index each), never by a scan of the table:
  -- the order of the locks is the same for every call — the buyers by id, then the companies of
  -- those ordering on account by id, then the tools by id — so calls that share rows queue, never deadlock.
  PERFORM 1 FROM "user" u
    WHERE u.id = ANY (ARRAY(SELECT DISTINCT x.user_id FROM jsonb_to_recordset(p_orders) AS x(user_id text)))
    ORDER BY u.id FOR UPDATE;
  SELECT array_agg(u.id ORDER BY u.id), array_agg(u.email ORDER BY u.id), array_agg(u.name ORDER BY u.id),
      array_agg(u.email_verified ORDER BY u.id), array_agg(u.approved ORDER BY u.id), array_agg(h.n + hq.n ORDER BY u.id),
      array_agg(h.cents + hq.cents ORDER BY u.id), array_agg(h.yen + hq.yen ORDER BY u.id), array_agg(u.company ORDER BY u.id),
      array_agg(u.department ORDER BY u.id)
    INTO b_id, b_email, b_name, b_verified, b_approved, b_unpaid, b_cents, b_yen, b_company, b_department
    FROM "user" u,
      LATERAL (SELECT count(*) AS n, coalesce(sum(uo.total_cents) FILTER (WHERE uo.currency = 'USD'), 0) AS cents,
          coalesce(sum(uo.total_cents) FILTER (WHERE uo.currency = 'JPY'), 0) AS yen
        FROM orders uo WHERE uo.user_id = u.id AND (uo.status = 'unpaid'
          OR (uo.status = 'awaiting_approval' AND uo.payment_method <> 'account'))) h,
      -- their open holding quotes count as unpaid orders of their goods' value (decision 0068)
      LATERAL (SELECT count(*) AS n, coalesce(sum(q.goods) FILTER (WHERE q.currency = 'USD'), 0)::bigint AS cents,
          coalesce(sum(q.goods) FILTER (WHERE q.currency = 'JPY'), 0)::bigint AS yen
        FROM (SELECT uq.currency, (SELECT sum(ql.unit_price::bigint * ql.quantity) FROM quote_lines ql
            WHERE ql.quote_id = uq.id) AS goods
          FROM quotes uq WHERE uq.user_id = u.id AND uq.holds_stock AND uq.state = 'open') q) hq
    WHERE u.id = ANY (ARRAY(SELECT DISTINCT x.user_id FROM jsonb_to_recordset(p_orders) AS x(user_id text)));

  -- On account and approvals (decision 0067): the company row is the lock two orders of its
  -- members queue on, so that no two together pass its credit limit, and the membership, the
  -- spending limit and the company written on the order are read under it.
  PERFORM 1 FROM companies co
    WHERE co.id = ANY (ARRAY(SELECT DISTINCT m.company_id FROM company_members m WHERE m.user_id = ANY (b_id)))
    ORDER BY co.id FOR UPDATE;
  -- An owner approves, so has no limit of their own to be held to (a limit set on them is not read).
  SELECT array_agg(m.company_id ORDER BY u.k),
      array_agg(CASE WHEN m.role = 'owner' THEN NULL ELSE m.spending_limit_minor END ORDER BY u.k)
    INTO b_co, b_limit
    FROM unnest(b_id) WITH ORDINALITY AS u(id, k) LEFT JOIN company_members m ON m.user_id = u.id;
  SELECT array_agg(co.id ORDER BY co.id),
      array_agg(co.status = 'approved' AND co.closing_day IS NOT NULL AND co.credit_limit_minor IS NOT NULL
        AND co.currency IS NOT NULL ORDER BY co.id),
      array_agg(co.currency = 'JPY' ORDER BY co.id), array_agg(co.credit_limit_minor ORDER BY co.id),
      -- kept by the orders' trigger (migration 0049), by the company on the order, read under its lock
      array_agg(co.owed_minor ORDER BY co.id),
      -- an overdue statement stops its orders on account (decision 0076): the statements and the
      -- money applied to them are written under this lock too, so none falls due or is paid unseen
      array_agg((SELECT min(s.due_on) FROM statements s WHERE s.company_id = co.id
        AND (SELECT coalesce(sum(a.amount_minor), 0) FROM payment_applications a WHERE a.statement_id = s.id)
          < s.orders_total_minor) ORDER BY co.id)
    INTO c_id, c_terms, c_yen, c_limit, c_balance, c_overdue
    FROM companies co
    WHERE co.id = ANY (b_co);

  PERFORM 1 FROM tools tl
    WHERE tl.id = ANY (ARRAY(SELECT DISTINCT (w ->> 'tool_id')::uuid FROM jsonb_array_elements(p_orders) AS e(o),
      jsonb_array_elements(e.o -> 'lines') AS w))
    ORDER BY tl.id FOR UPDATE;
  SELECT array_agg(tl.id ORDER BY tl.id), array_agg(tl.available ORDER BY tl.id),
      array_agg(tl.product_name_ja ORDER BY tl.id), array_agg(tl.sku ORDER BY tl.id), array_agg(tl.jan ORDER BY tl.id)
    INTO t_id, t_had, t_name_ja, t_sku, t_jan
    FROM tools tl WHERE tl.id = ANY (ARRAY(SELECT DISTINCT (w ->> 'tool_id')::uuid
      FROM jsonb_array_elements(p_orders) AS e(o), jsonb_array_elements(e.o -> 'lines') AS w));
  t_left := t_had;
  t_held := array_fill(NULL::bigint, ARRAY[coalesce(cardinality(t_id), 0)]);

  SELECT array_agg(array_position(b_id, x.user_id) ORDER BY e.n), array_agg(x.total_cents ORDER BY e.n),
      array_agg(coalesce(x.currency = 'JPY', false) ORDER BY e.n), array_agg(x.max_unpaid_yen ORDER BY e.n),
      array_agg(coalesce(x.payment_method = 'account', false) ORDER BY e.n),
      array_agg(x.total_cents + coalesce(x.shipping_cents, 0) + coalesce(x.tax_cents, 0) ORDER BY e.n),
      array_agg(x.shop_day ORDER BY e.n)
    INTO o_b, o_total, o_yen, o_cap, o_account, o_due, o_day
    FROM jsonb_array_elements(p_orders) WITH ORDINALITY AS e(j, n),
      jsonb_to_record(e.j) AS x(user_id text, total_cents bigint, currency text, max_unpaid_yen bigint,
        payment_method text, shipping_cents bigint, tax_cents bigint, shop_day date);
  SELECT array_agg(e.n::integer ORDER BY e.n, a.k), array_agg(array_position(t_id, w.tool_id) ORDER BY e.n, a.k),
      array_agg(w.quantity ORDER BY e.n, a.k)
    INTO l_order, l_t, l_quantity
    FROM jsonb_array_elements(p_orders) WITH ORDINALITY AS e(o, n),
      jsonb_array_elements(e.o -> 'lines') WITH ORDINALITY AS a(l, k),
      jsonb_to_record(a.l) AS w(tool_id uuid, quantity integer);
  SELECT coalesce(array_agg(DISTINCT e.n::integer), '{}') INTO v_changed
    FROM jsonb_array_elements(p_orders) WITH ORDINALITY AS e(o, n),
      jsonb_to_recordset(e.o -> 'lines') AS w(tool_id uuid, price_cents integer, min_quantity integer,
        pack_size integer, volume_prices jsonb, product_name text, price_yen integer, volume_prices_yen jsonb)
      -- the tools locked above (by key): a tool not among them is gone
      LEFT JOIN tools tl ON tl.id = w.tool_id AND tl.id = ANY (t_id)
    WHERE tl.id IS NULL OR tl.archived OR tl.price_cents <> w.price_cents OR tl.min_quantity <> w.min_quantity
      OR tl.pack_size <> w.pack_size OR tl.volume_prices <> w.volume_prices OR tl.product_name <> w.product_name
      -- a yen order was priced on the tool's yen prices too (none set: derived from the dollar ones)
      OR (e.o ->> 'currency' = 'JPY' AND (tl.price_yen IS DISTINCT FROM w.price_yen
        OR tl.volume_prices_yen IS DISTINCT FROM w.volume_prices_yen));

  -- Order by order, as given: the buyer and the stock as the orders before it in this call left them.
  FOR n IN 1 .. coalesce(cardinality(o_b), 0) LOOP
    v_first := j;
    WHILE j <= cardinality(l_order) AND l_order[j] = n LOOP
      j := j + 1;
    END LOOP;
    i := o_b[n];
    position := n; buyer_email := b_email[i]; buyer_name := b_name[i]; line := NULL; allowed := NULL;
    number := NULL;
    outcome := CASE
      WHEN i IS NULL THEN 'no_buyer'
      WHEN NOT b_verified[i] THEN 'unverified'
      WHEN NOT o_account[n] AND b_unpaid[i] >= p_max_unpaid THEN 'too_many_unpaid'
      WHEN n = ANY (v_changed) THEN 'changed'
    END;
    FOR k IN v_first .. j - 1 LOOP
      EXIT WHEN outcome IS NOT NULL;
      IF t_left[l_t[k]] < l_quantity[k] THEN
        outcome := 'changed';
      END IF;
    END LOOP;
    IF outcome IS NULL AND o_account[n] THEN
      -- On account: a member of an approved company with terms, none of its statements due before
      -- the order's day and unpaid, in the account's currency, within its credit limit (`allowed`:
      -- what is left of it); not the unpaid caps nor the half-of-stock rule.
      c := array_position(c_id, b_co[i]);
      IF c IS NULL OR NOT c_terms[c] THEN
        outcome := 'no_account';
      ELSIF c_overdue[c] < o_day[n] THEN
        outcome := 'statement_overdue';
      ELSIF c_yen[c] <> o_yen[n] THEN
        outcome := 'account_currency';
      ELSIF c_balance[c] + o_due[n] > c_limit[c] THEN
        outcome := 'over_credit'; allowed := greatest(c_limit[c] - c_balance[c], 0);
      END IF;
    ELSIF outcome IS NULL AND NOT b_approved[i] THEN
      IF o_yen[n] AND b_yen[i] + o_total[n] > o_cap[n] THEN
        outcome := 'too_much_unpaid'; allowed := b_yen[i];
      ELSIF NOT o_yen[n] AND b_cents[i] + o_total[n] > p_max_unpaid_cents THEN
        outcome := 'too_much_unpaid'; allowed := b_cents[i];
      END IF;
      FOR k IN v_first .. j - 1 LOOP
        EXIT WHEN outcome IS NOT NULL;
        t := l_t[k];
        -- Only a line that asks for over half of what the tool had needs what unpaid orders hold.
        CONTINUE WHEN 2 * l_quantity[k] <= t_had[t];
        IF t_held[t] IS NULL THEN
          t_held[t] := (SELECT coalesce(sum(ol.quantity), 0)
            FROM order_lines ol JOIN orders uo ON uo.id = ol.order_id AND (uo.status = 'unpaid'
              OR (uo.status = 'awaiting_approval' AND uo.payment_method <> 'account'))
            WHERE ol.tool_id = t_id[t])
            + (SELECT coalesce(sum(ql.quantity), 0)
              FROM quote_lines ql JOIN quotes hq ON hq.id = ql.quote_id AND hq.holds_stock AND hq.state = 'open'
              WHERE ql.tool_id = t_id[t]);
        END IF;
        v_stock := t_had[t] + t_held[t];
        IF 2 * l_quantity[k] > v_stock THEN
          outcome := 'over_half'; line := k - v_first; allowed := v_stock / 2;
        END IF;
      END LOOP;
    END IF;
    IF outcome IS NULL THEN
      outcome := 'placed';
      -- Above the member's spending limit, in the company's currency: it waits for the owner's
      -- approval, holding its stock and counting as it would once approved.
      c := array_position(c_id, b_co[i]);
      IF c IS NOT NULL AND b_limit[i] IS NOT NULL AND c_yen[c] = o_yen[n] AND o_due[n] > b_limit[i] THEN
        outcome := 'awaiting_approval';
        o_await[n] := true;
      END IF;
      v_placed := v_placed || n;
      number := nextval('order_number_seq');
      v_numbers[n] := number;
      FOR k IN v_first .. j - 1 LOOP
        t_left[l_t[k]] := t_left[l_t[k]] - l_quantity[k];
      END LOOP;
      IF o_account[n] THEN
        c_balance[c] := c_balance[c] + o_due[n];
      ELSIF o_yen[n] THEN
        b_yen[i] := b_yen[i] + o_total[n];
      ELSE
        b_cents[i] := b_cents[i] + o_total[n];
      END IF;
      IF NOT o_account[n] THEN
        b_unpaid[i] := b_unpaid[i] + 1;
      END IF;
    END IF;
    RETURN NEXT;
  END LOOP;

  IF cardinality(v_placed) = 0 THEN
    RETURN;
  END IF;
  UPDATE tools tl SET available = tl.available - (d.had - d.remaining)
    FROM unnest(t_id, t_had, t_left) AS d(id, had, remaining)
    WHERE tl.id = d.id AND d.had <> d.remaining;
  INSERT INTO orders (id, number, user_id, email, name, tool_id, product_name, product_name_ja, sku, jan, quantity,
      per_price_cents, total_cents, line_count, phone, address, hold_until, search, country, shipping_cents, tax_cents,
      tax_rate_bp, tax_treatment, payment_method, language, currency, billing_address, company, department,
      receipt_addressee, receipt_note, po_number, requested_date, entered_by, status, company_id)
    SELECT x.id, v_numbers[e.n], x.user_id, b_email[o_b[e.n]], b_name[o_b[e.n]], f.tool_id,
      f.product_name, t_name_ja[array_position(t_id, f.tool_id)], t_sku[array_position(t_id, f.tool_id)],
      t_jan[array_position(t_id, f.tool_id)], f.quantity, f.per_price_cents,
      x.total_cents, jsonb_array_length(x.lines), x.phone, x.address, x.hold_until,
      lower(concat_ws(' ', x.id::text, b_email[o_b[e.n]], b_name[o_b[e.n]], x.po_number,
        (SELECT string_agg(concat_ws(' ', w ->> 'product_name',
            t_name_ja[array_position(t_id, (w ->> 'tool_id')::uuid)]), ' ' ORDER BY k)
          FROM jsonb_array_elements(x.lines) WITH ORDINALITY AS a(w, k)))),
      coalesce(x.country, 'JP'), coalesce(x.shipping_cents, 0), coalesce(x.tax_cents, 0), coalesce(x.tax_rate_bp, 0),
      coalesce(x.tax_treatment, 'none'), coalesce(x.payment_method, 'card'), x.language, coalesce(x.currency, 'USD'),
      x.billing_address, coalesce(x.company, b_company[o_b[e.n]]), coalesce(x.department, b_department[o_b[e.n]]),
      x.receipt_addressee, x.receipt_note, x.po_number, x.requested_date, x.entered_by,
      CASE WHEN coalesce(o_await[e.n], false) THEN 'awaiting_approval' ELSE coalesce(x.status, 'unpaid') END,
      b_co[o_b[e.n]]
    FROM jsonb_array_elements(p_orders) WITH ORDINALITY AS e(j, n),
      jsonb_to_record(e.j) AS x(id uuid, user_id text, phone text, address text, hold_until timestamptz,
        total_cents integer, lines jsonb, country text, shipping_cents integer, tax_cents integer,
        tax_rate_bp integer, tax_treatment text, payment_method text, language text, currency text,
        billing_address text, company text, department text, receipt_addressee text, receipt_note text,
        po_number text, requested_date date, entered_by text, status text),
      jsonb_to_record(x.lines -> 0) AS f(tool_id uuid, product_name text, quantity integer, per_price_cents integer)
    WHERE e.n = ANY (v_placed)
    ORDER BY e.n;
  INSERT INTO order_lines (order_id, position, tool_id, product_name, product_name_ja, sku, jan, quantity,
      per_price_cents, total_cents)
    SELECT (e.j ->> 'id')::uuid, (a.k - 1)::integer, w.tool_id, w.product_name,
      t_name_ja[array_position(t_id, w.tool_id)], t_sku[array_position(t_id, w.tool_id)],
      t_jan[array_position(t_id, w.tool_id)], w.quantity, w.per_price_cents, w.per_price_cents * w.quantity
    FROM jsonb_array_elements(p_orders) WITH ORDINALITY AS e(j, n),
      jsonb_array_elements(e.j -> 'lines') WITH ORDINALITY AS a(l, k),
      jsonb_to_record(a.l) AS w(tool_id uuid, product_name text, quantity integer, per_price_cents integer)
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
