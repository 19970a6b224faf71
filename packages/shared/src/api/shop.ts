import { endpoint } from './endpoint';

/** The shop's small endpoints: settings, health, the admin overview, the newsletter and web vitals. */

export const getSettings = endpoint({
  method: 'GET',
  path: '/api/settings',
  access: 'public',
  summary: 'Which optional integrations this shop has (Google sign-in, payment mode) and its minimum order',
  tags: ['settings'],
  schemas: async () => ({ response: (await import('../users')).shopSettings }),
});

/** The shop's own settings (docs/rules.md, "Shop settings"): legal details, bank, tax, shipping zones, minimum order. */
export const getShopSettings = endpoint({
  method: 'GET',
  path: '/api/shop-settings',
  access: 'admin',
  summary: 'The shop settings, and who changed them last (admin)',
  tags: ['settings'],
  schemas: async () => ({ response: (await import('../shop-settings')).shopSettingsAnswer }),
});

export const putShopSettings = endpoint({
  method: 'PUT',
  path: '/api/shop-settings',
  access: 'admin',
  summary:
    'Replace the shop settings with the whole object sent; the previous one is kept in the history (admin)',
  tags: ['settings'],
  schemas: async () => {
    const s = await import('../shop-settings');
    return { body: s.shopSettingsFields, response: s.shopSettingsAnswer };
  },
});

export const getHealth = endpoint({
  method: 'GET',
  path: '/api/health',
  access: 'public',
  summary: 'Whether the shop and its database answer',
  tags: ['health'],
  schemas: async () => ({ response: (await import('../common')).health }),
});

export const getOverview = endpoint({
  method: 'GET',
  path: '/api/admin-overview',
  access: 'admin',
  summary: 'Sales and stock overview (admin)',
  tags: ['admin'],
  schemas: async () => ({ response: (await import('../overview')).adminOverview }),
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
