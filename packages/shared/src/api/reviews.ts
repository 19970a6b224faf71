import { endpoint } from './endpoint';

const tags = ['reviews'];

export const listReviews = endpoint({
  method: 'GET',
  path: '/api/review',
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
