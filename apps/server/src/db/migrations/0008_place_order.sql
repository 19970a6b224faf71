-- Placing an order in one call (modules/orders/orders.repository.ts, `placeJudged`; decision
-- 0017). The rules judged the order in the server first (prices, terms, stock); this writes it
-- only if everything it was judged on still holds, in one statement of its own, so the tools'
-- locks are held for the time of this function and never across a round trip to the server.
--
-- In order: the buyer's row is locked (one account's orders queue here; others never wait),
-- then the buyer is checked — still there, address confirmed, below the cap on unpaid orders.
-- Each statement of a VOLATILE function reads a fresh snapshot, so the count sees an order of
-- the same account that committed while this one waited for the lock. Then the order's tools
-- are locked in id order (as every writer of stock locks them: writers queue, never deadlock)
-- and compared with what was judged; only when every line still holds is stock taken and the
-- order and its lines written. Otherwise nothing is written and the outcome says why.
--
-- p_lines: [{tool_id, quantity, per_price_cents, product_name, price_cents, min_quantity,
-- pack_size, volume_prices}] — the line as priced and the tool as it was judged.
-- Outcomes: placed, no_buyer, unverified, too_many_unpaid, changed.
-- The lines of p_lines as rows, numbered from 0 in the order given.
CREATE FUNCTION "place_order_lines"(p_lines jsonb) RETURNS TABLE (
	"position" integer, "tool_id" uuid, "quantity" integer, "per_price_cents" integer, "product_name" text,
	"price_cents" integer, "min_quantity" integer, "pack_size" integer, "volume_prices" jsonb
) LANGUAGE sql IMMUTABLE AS $$
  SELECT (e.ordinality - 1)::integer, w.*
  FROM jsonb_array_elements(p_lines) WITH ORDINALITY AS e(line, ordinality),
    jsonb_to_record(e.line) AS w(tool_id uuid, quantity integer, per_price_cents integer, product_name text,
      price_cents integer, min_quantity integer, pack_size integer, volume_prices jsonb)
$$;--> statement-breakpoint
CREATE FUNCTION "place_order"(
	p_id uuid,
	p_user_id text,
	p_max_unpaid integer,
	p_phone text,
	p_address text,
	p_hold_until timestamptz,
	p_total_cents integer,
	p_lines jsonb
) RETURNS TABLE ("outcome" text, "buyer_email" text, "buyer_name" text)
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  v_email text;
  v_name text;
  v_verified boolean;
  v_count integer := jsonb_array_length(p_lines);
BEGIN
  SELECT u.email, u.name, u.email_verified INTO v_email, v_name, v_verified
    FROM "user" u WHERE u.id = p_user_id FOR UPDATE;
  IF NOT FOUND THEN
    RETURN QUERY SELECT 'no_buyer'::text, NULL::text, NULL::text;
    RETURN;
  END IF;
  IF NOT v_verified THEN
    RETURN QUERY SELECT 'unverified'::text, v_email, v_name;
    RETURN;
  END IF;
  IF (SELECT count(*) FROM orders o WHERE o.user_id = p_user_id AND o.status = 'unpaid') >= p_max_unpaid THEN
    RETURN QUERY SELECT 'too_many_unpaid'::text, v_email, v_name;
    RETURN;
  END IF;

  PERFORM 1 FROM tools t WHERE t.id IN (SELECT w.tool_id FROM place_order_lines(p_lines) w) ORDER BY t.id FOR UPDATE;
  IF (SELECT count(*) FROM place_order_lines(p_lines) w JOIN tools t ON t.id = w.tool_id
      WHERE NOT t.archived AND t.available >= w.quantity AND t.price_cents = w.price_cents
        AND t.min_quantity = w.min_quantity AND t.pack_size = w.pack_size
        AND t.volume_prices = w.volume_prices AND t.product_name = w.product_name) <> v_count THEN
    RETURN QUERY SELECT 'changed'::text, v_email, v_name;
    RETURN;
  END IF;

  UPDATE tools t SET available = t.available - w.quantity FROM place_order_lines(p_lines) w WHERE t.id = w.tool_id;
  INSERT INTO orders (id, user_id, email, name, tool_id, product_name, quantity, per_price_cents,
      total_cents, line_count, phone, address, hold_until, search)
    SELECT p_id, p_user_id, v_email, v_name, w.tool_id, w.product_name, w.quantity, w.per_price_cents,
      p_total_cents, v_count, p_phone, p_address, p_hold_until,
      lower(concat_ws(' ', p_id::text, v_email, v_name,
        (SELECT string_agg(a.product_name, ' ' ORDER BY a.position) FROM place_order_lines(p_lines) a)))
    FROM place_order_lines(p_lines) w WHERE w.position = 0;
  INSERT INTO order_lines (order_id, position, tool_id, product_name, quantity, per_price_cents, total_cents)
    SELECT p_id, w.position, w.tool_id, w.product_name, w.quantity, w.per_price_cents, w.per_price_cents * w.quantity
    FROM place_order_lines(p_lines) w;
  RETURN QUERY SELECT 'placed'::text, v_email, v_name;
END
$$;
--> statement-breakpoint
-- The cap on unpaid orders counts one account's unpaid orders on every order: an index of just
-- those, so the count stays a few index entries for a customer with years of orders.
CREATE INDEX "orders_unpaid_user_idx" ON "orders" USING btree ("user_id") WHERE "orders"."status" = 'unpaid';
