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
