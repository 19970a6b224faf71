/**
 * The API's limits that the screens also keep, zod-free so a page can import them without the
 * schemas: the server refuses past them (400, 413, 415) and the browser stops there first, so a
 * user is told before anything is sent. Both sides import them from here.
 */

/** At most this many lines in one order or cart. */
export const MAX_ORDER_LINES = 50;

/** A request for a quote (見積依頼): at most this many pieces on a line, a note this long, and this many open per buyer. */
export const MAX_QUOTE_QUANTITY = 1_000_000;
export const QUOTE_NOTE_MAX_LENGTH = 2000;
export const MAX_OPEN_QUOTE_REQUESTS = 20;

/** A tool's page shows at most this many of its newest reviews (its rating counts them all). */
export const TOOL_PAGE_REVIEWS = 20;

/** A review is rated from 1 to this many stars… */
export const RATING_MAX = 5;
/** …and says at most this many characters. */
export const REVIEW_MAX_LENGTH = 1000;
/** An admin who removes a review says why in at most this many characters. */
export const REMOVAL_REASON_MAX_LENGTH = 500;

/** The order desk: a carrier's name and a tracking number are at most this many characters… */
export const TRACKING_MAX_LENGTH = 64;
/** …an admin's reason for cancelling an order at most this many… */
export const CANCEL_REASON_MAX_LENGTH = 500;
/** …and an admin's note on an order at most this many. */
export const ORDER_NOTE_MAX_LENGTH = 2000;

/** A list's search (catalogue, users, all orders) is at most this many characters. */
export const SEARCH_MAX_LENGTH = 100;

/** A page of a list holds this many items unless `limit` asks for another number… */
export const DEFAULT_PAGE_SIZE = 50;
/** …and at most this many. */
export const MAX_PAGE_SIZE = 200;

/** An uploaded picture (product or profile) is at most 5 MB… */
export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;
/** …and one of these kinds, judged by its bytes (the browser's own type only saves a pointless upload). */
export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/avif'] as const;

/**
 * The admin's list of all orders counts the matching orders up to this many, then says "1,000+":
 * counting further would read every matching row of a large shop for each first page.
 */
export const ORDER_COUNT_CAP = 1000;

/** The header of a list's first page saying how many items match: `12`, or `1000+` past its cap. */
export const MATCHING_COUNT_HEADER = 'matching-count';
