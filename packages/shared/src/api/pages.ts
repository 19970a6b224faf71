import { endpoint } from './endpoint';

/** The pages the owner writes (docs/pages.md): the legal pages, the blog and the portfolio. */

export const getPage = endpoint({
  method: 'GET',
  path: '/api/pages/:slug',
  access: 'public',
  summary: 'An owner-edited page in one language: its Markdown and the sanitised HTML made of it',
  tags: ['pages'],
  schemas: async () => {
    const s = await import('../pages');
    return { params: s.pageParams, query: s.pageQuery, response: s.pageAnswer };
  },
});

export const listPages = endpoint({
  method: 'GET',
  path: '/api/pages',
  access: 'admin',
  summary: 'Every owner-edited page in both languages, with who changed it last (admin)',
  tags: ['pages'],
  schemas: async () => ({ response: (await import('../pages')).pagesForOwner }),
});

export const putPage = endpoint({
  method: 'PUT',
  path: '/api/pages/:slug',
  access: 'admin',
  summary: "Replace one language's title and Markdown of a page, and say whether it is complete (admin)",
  tags: ['pages'],
  schemas: async () => {
    const s = await import('../pages');
    return { params: s.pageParams, body: s.pageWrite, response: s.pageAnswer };
  },
});

export const previewPage = endpoint({
  method: 'POST',
  path: '/api/pages/preview',
  access: 'admin',
  perMinute: 120,
  summary: 'Markdown as the page would serve it: rendered and sanitised, not saved (admin)',
  tags: ['pages'],
  schemas: async () => {
    const s = await import('../pages');
    return { body: s.pagePreview, response: s.pagePreviewAnswer };
  },
});
