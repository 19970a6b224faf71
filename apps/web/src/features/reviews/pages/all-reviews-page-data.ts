import type { Language } from '@kanna/shared/domain/languages';
import type { Review } from '@kanna/shared/reviews';
import { readCursor } from '../../../components/ui/list-address';
import type { PageOf } from '../../../lib/api-client';
import { textsIn } from '../../../lib/i18n';
import type { PageMeta } from '../../../lib/page-meta';
import { reviewsTexts } from '../i18n';

// What /allReview and its rendering on the server (app/server-pages.ts) share, apart from the
// page itself so that the server's table does not pull the page's chunk into its own.

/** The page's title and description in `language`, and the address search engines index it under. */
export function allReviewsMeta(language: Language): Required<PageMeta> {
  const t = textsIn(reviewsTexts, language);
  return { title: t.allTitle, description: t.allDescription, canonical: '/allReview' };
}

/** The name of this page's data block (lib/page-data.ts) and what it holds. */
export const ALL_REVIEWS_PAGE = 'allReview';
export type AllReviewsData = { reviews: PageOf<Review[]> };

/** Whether the address opens the newest reviews (no later page named), the one view the server renders. */
export const opensAtNewest = (params: URLSearchParams): boolean => readCursor(params) === null;
