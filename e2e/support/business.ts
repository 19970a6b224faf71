/**
 * The second shop the journeys run against (playwright.config.ts): a fresh embedded database of its
 * own, for journeys that change what the whole shop charges — tax, shipping zones, bank transfers —
 * which would change the prices every other journey expects on the first shop. A spec file uses it
 * with `test.use({ baseURL: businessShop })`.
 */
export const businessShop = `http://127.0.0.1:${process.env.E2E_BUSINESS_PORT}`;
