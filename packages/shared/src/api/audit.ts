import { endpoint } from './endpoint';

export const listAudit = endpoint({
  method: 'GET',
  path: '/api/audit',
  access: 'admin',
  summary:
    'The audit log, newest first (admin; one page): every admin action with who, when and what changed; filter by admin (e-mail or id), kind and dates (a plain date is a day in the shop’s time zone)',
  tags: ['audit'],
  schemas: async () => {
    const s = await import('../audit');
    return { query: s.auditQuery, response: s.auditList };
  },
});
