import { endpoint } from './endpoint';

/**
 * The shop's small public endpoints: its public settings, health, the newsletter and web vitals.
 * The administrator's (shop settings, the overview) are in `shop-admin.ts`, so the storefront's
 * first download, which reports web vitals and reads the public settings, carries none of them.
 */

export const getSettings = endpoint({
  method: 'GET',
  path: '/api/settings',
  access: 'public',
  summary: 'Which optional integrations this shop has (Google sign-in, payment mode) and its minimum order',
  tags: ['settings'],
  schemas: async () => ({ response: (await import('../users')).shopSettings }),
});

export const getHealth = endpoint({
  method: 'GET',
  path: '/api/health',
  access: 'public',
  summary: 'Whether the shop and its database answer',
  tags: ['health'],
  schemas: async () => ({ response: (await import('../common')).health }),
});

export const subscribeNewsletter = endpoint({
  method: 'POST',
  path: '/api/newsletter',
  access: 'public',
  perMinute: 10,
  summary: 'Subscribe an e-mail address',
  tags: ['newsletter'],
  schemas: async () => {
    const s = await import('../newsletter');
    return { body: s.newsletterRequest, response: s.newsletterResponse };
  },
});

export const reportVital = endpoint({
  method: 'POST',
  path: '/api/vitals',
  access: 'public',
  status: 204,
  perMinute: 60,
  summary: 'Report a web-vitals measurement',
  tags: ['vitals'],
  schemas: async () => {
    const s = await import('../vitals');
    return { body: s.vitalReport, response: s.vitalRecorded };
  },
});
