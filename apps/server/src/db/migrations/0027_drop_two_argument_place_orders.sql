-- The 2-argument place_orders of migration 0009 (no caps on unpaid value) is left over from the
-- rolling upgrade to the 3-argument form of migration 0010: neither this release nor the previous
-- one (upgrade/previous-release) calls it any more. The live function is
-- db/functions/place_orders.sql.
DROP FUNCTION IF EXISTS "place_orders"(integer, jsonb);
