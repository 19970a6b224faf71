import { describe, expect, it } from 'vitest';
import { auditList } from '../audit';
import { describeAudit } from './audit';

/**
 * During a rolling deploy this release reads entries a newer one wrote (docs/operations.md,
 * "Upgrades"): a kind it does not know is shown by its name, never refused.
 */
describe('an audit entry of a kind this release does not know', () => {
  const entry = {
    id: 7,
    at: '2026-11-27T01:00:00.000Z',
    actor: { id: 'a1', name: 'Aiko Admin', email: 'aiko@kanna.example' },
    kind: 'order.refundSent',
    target: { type: 'order', id: 'o1', label: 'K-000123' },
    before: null,
    after: { amount: 12.5 },
  };

  it('passes the list contract', () => {
    expect(auditList.parse([entry])[0]?.kind).toBe('order.refundSent');
  });

  it('is described by its kind, its target and what changed', () => {
    expect(describeAudit(entry)).toMatch(/^order\.refundSent on K-000123/);
  });
});
