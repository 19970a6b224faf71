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
      '9999-12-31T23:59:59+09:00',
      '9999-12-31T23:59:59.999Z',
      '1900-01-01T09:00:00+09:00',
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
      // Real on the clock it is written in, but in UTC after the last year or before the first.
      '9999-12-31T23:59:59-14:00',
      '9999-12-31 20:00:00-0500',
      '1900-01-01T00:00:00+09:00',
    ])
      expect(isRealTimestamp(text), text).toBe(false);
  });
});
