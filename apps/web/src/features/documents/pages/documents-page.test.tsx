import type { IssuedDocument } from '@kanna/shared/archive';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, renderPage } from '../../../test/pages';
import { DocumentsPage } from './documents-page';

const invoice: IssuedDocument = {
  number: 'INV-2026-000007',
  kind: 'invoice',
  issuedAt: '2026-11-26T09:30:00.000Z',
  amount: 352.52,
  currency: 'USD',
  counterparty: 'Yamada Woodworks',
  orderId: '00000000-0000-4000-8000-000000000001',
  orderNumber: 'K-000123',
  corrects: null,
  language: 'en',
  sha256: 'a'.repeat(64),
};
const creditNote: IssuedDocument = {
  ...invoice,
  number: 'CN-2026-000001',
  kind: 'credit-note',
  amount: -352.52,
  corrects: 'INV-2026-000007',
  language: 'ja',
};

const reads = (fetchMock: ReturnType<typeof vi.fn>) =>
  fetchMock.mock.calls.map((c) => String(c[0])).filter((url) => url !== '/api/settings');

afterEach(() => vi.unstubAllGlobals());

describe('DocumentsPage', () => {
  it('lists each issued document with its amount, order and what it corrects, and links its stored PDF and the other language’s copy', async () => {
    const fetchMock = vi.fn(async (_url: string) => json(200, [creditNote, invoice]));
    vi.stubGlobal('fetch', fetchMock);
    renderPage(
      <DocumentsPage />,
      '/dashboard/documents?q=yamada&min=300&max=400&from=2026-11-01&to=2026-11-30',
      'en',
    );
    const note = await screen.findByRole('article', { name: 'CN-2026-000001 · Yamada Woodworks' });
    expect(within(note).getByText('Credit note')).toBeTruthy();
    expect(within(note).getByText('-$352.52 USD')).toBeTruthy();
    expect(within(note).getByText('Order K-000123 · Corrects INV-2026-000007')).toBeTruthy();
    expect(
      within(note)
        .getByRole('link', { name: 'Download an English copy of CN-2026-000001' })
        .getAttribute('href'),
    ).toBe('/api/documents/CN-2026-000001.pdf?lang=en');
    const inv = screen.getByRole('article', { name: 'INV-2026-000007 · Yamada Woodworks' });
    expect(within(inv).getByRole('link', { name: 'Download INV-2026-000007' }).getAttribute('href')).toBe(
      '/api/documents/INV-2026-000007.pdf',
    );
    expect(reads(fetchMock)).toEqual([
      '/api/documents?q=yamada&from=2026-11-01&to=2026-11-30&min=300&max=400',
    ]);
    expect(screen.getByRole('link', { name: 'Export this period (ZIP)' }).getAttribute('href')).toBe(
      '/api/documents/export?from=2026-11-01&to=2026-11-30',
    );
  });

  it('is in Japanese for a Japanese reader', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(200, [invoice])),
    );
    renderPage(<DocumentsPage />, '/dashboard/documents', 'ja');
    expect(await screen.findByRole('heading', { level: 1, name: '書類アーカイブ' })).toBeTruthy();
    const card = await screen.findByRole('article', { name: 'INV-2026-000007 · Yamada Woodworks' });
    expect(within(card).getByText('請求書')).toBeTruthy();
    expect(within(card).getByText('日本語の写し')).toBeTruthy();
  });
});
