import { describe, expect, it } from 'vitest';
import { isRealTimestamp } from './timestamps';

describe('isRealTimestamp', () => {
  it('takes dates, ISO date-times and the times PostgreSQL writes', () => {
    for (const text of [
      '2026-11-24',
      '2024-02-29',
      '2000-02-29',
      '2026-11-24T09:30',
      '2026-11-24T09:30:00Z',
      '2026-11-24T09:30:00.123+09:00',
      '2026-11-24 00:30:00.123456+00',
      '2026-11-24 00:30:00-0330',
      '2026-11-24 00:30:00+14',
    ])
      expect(isRealTimestamp(text), text).toBe(true);
  });

  it('refuses what names no instant, or one the shop cannot have', () => {
    for (const text of [
      '2024-02-30',
      '2023-02-29',
      '1900-02-29',
      '2026-04-31',
      '2026-13-01',
      '2026-00-10',
      '0000-01-01',
      '1899-12-31',
      '2026-11-24T24:00:00Z',
      '2026-11-24T23:60:00Z',
      '2026-11-24T23:59:60Z',
      '2026-11-24 00:00:00+99:99',
      '2026-11-24 00:00:00+15',
      '2026-11-24 00:00:00+01:60',
      '2026-11-24T00:00:00.1234567Z',
      '+002026-11-24',
      '2026-11-24x',
    ])
      expect(isRealTimestamp(text), text).toBe(false);
  });
});
