import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fetchCall, mockFetch } from '../../../test/fetch-mock';
import { json, renderPage } from '../../../test/pages';
import { QuickOrderPage } from './quick-order-page';

/**
 * The quick-order page (docs/web.md, "Quick order and saved lists"): rows read from a file in
 * Shift_JIS, checked by the server once per code and quantity, each row's answer in the page's
 * language, a quantity that is no number said before anything is sent.
 */
afterEach(() => vi.unstubAllGlobals());

const TOOL = '11111111-1111-4111-8111-111111111111';

describe('QuickOrderPage', () => {
  it('reads a Shift_JIS CSV, asks the server once, and shows each row’s result in Japanese', async () => {
    const fetch = mockFetch(async (_url, init) => {
      const { rows } = JSON.parse(String(init?.body)) as {
        rows: { code: string; quantity: number | null }[];
      };
      return json(
        200,
        rows.map((r, i) =>
          r.code === 'ABC-1'
            ? {
                row: i + 1,
                code: r.code,
                toolId: TOOL,
                productName: '鉋',
                quantity: r.quantity,
                unitPrice: 5,
                totalPrice: 50,
              }
            : { row: i + 1, code: r.code, problem: `コード ${r.code} の工具は販売されていません。` },
        ),
      );
    });
    vi.stubGlobal('fetch', fetch);
    renderPage(<QuickOrderPage />, '/quickOrder', 'ja');
    // 品番,数量 / ＡＢＣ-１,１０ / かんな-48,"1,000" / ZZZ,abc in Shift_JIS.
    const bytes = new Uint8Array([
      0x95, 0x69, 0x94, 0xd4, 0x2c, 0x90, 0x94, 0x97, 0xca, 0x0d, 0x0a, 0x82, 0x60, 0x82, 0x61, 0x82, 0x62,
      0x2d, 0x82, 0x50, 0x2c, 0x82, 0x50, 0x82, 0x4f, 0x0d, 0x0a, 0x82, 0xa9, 0x82, 0xf1, 0x82, 0xc8, 0x2d,
      0x34, 0x38, 0x2c, 0x22, 0x31, 0x2c, 0x30, 0x30, 0x30, 0x22, 0x0d, 0x0a, 0x5a, 0x5a, 0x5a, 0x2c, 0x61,
      0x62, 0x63,
    ]);
    const file = new File([bytes], 'order.csv', { type: 'text/csv' });
    fireEvent.change(screen.getByLabelText('CSVファイルを読み込む'), { target: { files: [file] } });

    await waitFor(() =>
      expect((screen.getByLabelText('1行目の品番・JAN') as HTMLInputElement).value).toBe('ABC-1'),
    );
    expect((screen.getByLabelText('2行目の品番・JAN') as HTMLInputElement).value).toBe('かんな-48');
    expect((screen.getByLabelText('2行目の数量') as HTMLInputElement).value).toBe('1,000');
    // A quantity that is no number is said at once, and that row is not sent.
    expect(screen.getByText('数量「abc」が整数ではありません。')).toBeTruthy();

    await waitFor(() => expect(screen.getByText('鉋')).toBeTruthy());
    expect(screen.getByText('コード かんな-48 の工具は販売されていません。')).toBeTruthy();
    expect(fetch).toHaveBeenCalledTimes(1);
    const { url, init } = fetchCall(fetch);
    expect(url).toBe('/api/quick-order/resolve');
    expect(JSON.parse(String(init.body))).toEqual({
      rows: [
        { code: 'ABC-1', quantity: 10 },
        { code: 'かんな-48', quantity: 1000 },
      ],
    });
    expect(screen.getByTestId('quick-order-summary').textContent).toContain(
      '注文できる行：1行、問題のある行：2行。',
    );
    expect((screen.getByRole('button', { name: 'すべてカートに追加' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
  });
});
