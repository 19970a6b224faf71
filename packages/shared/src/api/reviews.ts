import { endpoint } from './endpoint';

const tags = ['reviews'];

export const listReviews = endpoint({
  method: 'GET',
  path: '/api/review',
  refusals: { 429: 'too many reads the cache cannot answer from this address: wait (Retry-After)' },
  access: 'public',
  summary: 'Client reviews, newest first',
  tags,
  schemas: async () => {
    const [s, c] = await Promise.all([import('../reviews'), import('../common')]);
    return { query: c.pageQuery, response: s.reviewList };
  },
});

export const postReview = endpoint({
  method: 'POST',
  path: '/api/review',
  refusals: { 403: 'the e-mail address is not confirmed yet' },
  access: 'user',
  status: 201,
  perMinute: 10,
  summary: 'Post a review (signed in)',
  tags,
  schemas: async () => {
    const [s, c] = await Promise.all([import('../reviews'), import('../common')]);
    return { body: s.reviewRequest, response: c.insertedResponse };
  },
});

export const removeReview = endpoint({
  method: 'DELETE',
  path: '/api/review/:id',
  access: 'admin',
  summary: 'Remove a review from the public list, keeping it with the reason for the record (admin)',
  description:
    '`deletedCount` is 1 when this call removed the review, 0 when it was removed already; an unknown id is a 404.',
  tags,
  schemas: async () => {
    const [s, c] = await Promise.all([import('../reviews'), import('../common')]);
    return { params: c.idParam, body: s.removeReviewRequest, response: c.deletedResponse };
  },
});

/** A tool's reviews (decision 0058): by the tool's slug or id, as its public page shows them. */
export const listToolReviews = endpoint({
  method: 'GET',
  path: '/api/handTools/by-slug/:slug/reviews',
  access: 'public',
  summary: "A tool's rating and its newest reviews, by the tool's slug (or id)",
  description:
    '`ratingValue` is the average of the ratings of the reviews of the tool still shown, to one decimal (null while there are none); `items` are the newest of them. A tool not on sale answers none.',
  tags,
  schemas: async () => {
    const [s, c] = await Promise.all([import('../reviews'), import('../catalog')]);
    return { params: c.slugParam, response: s.toolReviews };
  },
});

export const postToolReview = endpoint({
  method: 'POST',
  path: '/api/handTools/:id/reviews',
  refusals: {
    403: 'the e-mail address is not confirmed yet, or no order of this tool has been shipped to the caller',
    409: 'the caller has reviewed this tool already',
  },
  access: 'user',
  status: 201,
  perMinute: 10,
  summary: 'Review a tool received from a shipped order (signed in)',
  tags,
  schemas: async () => {
    const [s, c] = await Promise.all([import('../reviews'), import('../common')]);
    return { params: c.idParam, body: s.reviewRequest, response: c.insertedResponse };
  },
});
