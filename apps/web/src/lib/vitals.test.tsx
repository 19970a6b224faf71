import type { VitalReport } from '@kanna/shared/vitals';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fetchCall, mockFetch } from '../test/fetch-mock';
import { sendVital } from './vitals';

const report: VitalReport = {
  name: 'LCP',
  value: 812.4,
  rating: 'good',
  id: 'v5-1-1',
  path: '/',
  navigationType: 'navigate',
};

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('sendVital', () => {
  it('sends the report as a JSON beacon to /api/vitals', async () => {
    const beacon = vi.fn((_url: string, _data?: BodyInit | null) => true);
    Object.defineProperty(navigator, 'sendBeacon', { value: beacon, configurable: true });
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);

    sendVital(report);

    expect(beacon).toHaveBeenCalledTimes(1);
    const [url, data] = beacon.mock.calls[0] as [string, Blob];
    expect(url).toBe('/api/vitals');
    expect(data.type).toBe('application/json');
    expect(JSON.parse(await data.text())).toEqual(report);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('falls back to a keepalive fetch when the beacon is refused', () => {
    Object.defineProperty(navigator, 'sendBeacon', { value: () => false, configurable: true });
    const fetchMock = mockFetch(async () => new Response(null, { status: 204 }));
    vi.stubGlobal('fetch', fetchMock);

    sendVital(report);

    const { url, init } = fetchCall(fetchMock);
    expect(url).toBe('/api/vitals');
    expect(init).toMatchObject({ method: 'POST', keepalive: true });
    expect(JSON.parse(String(init.body))).toEqual(report);
  });
});
