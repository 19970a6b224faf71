import { endpoint } from './endpoint';

/** The administrator's shop endpoints: the shop settings and the overview. */

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

export const getOverview = endpoint({
  method: 'GET',
  path: '/api/admin-overview',
  access: 'admin',
  summary: 'Sales and stock overview (admin)',
  tags: ['admin'],
  schemas: async () => ({ response: (await import('../overview')).adminOverview }),
});
