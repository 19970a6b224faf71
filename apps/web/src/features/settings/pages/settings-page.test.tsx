import { messages } from '@kanna/shared/domain/messages';
import type { ShopSettingsAnswer } from '@kanna/shared/shop-settings';
import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LanguageContext } from '../../../lib/i18n';
import { createQueryClient } from '../../../lib/query-client';
import { SettingsPage } from './settings-page';

const notify = vi.hoisted(() => vi.fn(async () => {}));
vi.mock('../../../lib/toast', () => ({ notify }));

const defaults: ShopSettingsAnswer = {
  settings: {
    legalName: 'Kanna Tool Works',
    address: '2-14-3 Kanamono-cho, Miki, Hyogo 673-0432, Japan',
    registrationNumber: '',
    bank: { bankName: '', branch: '', accountType: '', accountNumber: '', accountHolder: '', swift: '' },
    tax: { enabled: false, ratePercent: 10, country: 'JP', rounding: 'down' },
    shippingZones: [],
    minimumOrder: null,
    minimumOrderYen: null,
    transferHoldDays: 7,
    yenPerDollar: null,
    yenCountries: [],
  },
  updatedAt: null,
  updatedBy: null,
};

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** The server: GET answers `answer`; PUT answers `onPut(body)`. */
function serve(answer: ShopSettingsAnswer, onPut: (body: ShopSettingsAnswer['settings']) => Response) {
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    if (url === '/api/shop-settings' && init?.method === 'PUT') return onPut(JSON.parse(String(init.body)));
    if (url === '/api/shop-settings') return json(200, answer);
    if (url === '/api/settings')
      return json(200, { google: false, payments: 'test', stripePublishableKey: null, minimumOrder: null });
    return json(404, { statusCode: 404, error: 'Not Found', message: 'no' });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** Types `value` into the field as its whole new value. */
const type = (element: HTMLElement, value: string) => fireEvent.change(element, { target: { value } });

const puts = (fetchMock: ReturnType<typeof vi.fn>) =>
  fetchMock.mock.calls
    .filter((c) => (c[1] as RequestInit | undefined)?.method === 'PUT')
    .map((c) => JSON.parse(String((c[1] as RequestInit).body)));

function renderPage(language: 'en' | 'ja' = 'en') {
  const client = createQueryClient();
  client.setDefaultOptions({ queries: { retry: false } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/dashboard/settings']}>
        <LanguageContext value={language}>
          <SettingsPage />
        </LanguageContext>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
  notify.mockClear();
});

describe('SettingsPage', () => {
  it('shows the defaults in sections, then saves a minimum, a registration number and a zone, with a toast', async () => {
    const fetchMock = serve(defaults, (body) =>
      json(200, { settings: body, updatedAt: '2026-11-26T10:00:00.000Z', updatedBy: 'owner@kanna.example' }),
    );
    renderPage();
    const name = await screen.findByRole('textbox', { name: /Legal name/ });
    expect((name as HTMLInputElement).value).toBe('Kanna Tool Works');
    expect(screen.getByText(/Not saved yet: the defaults apply/)).toBeTruthy();
    for (const section of ['Business', 'Bank details for transfers', 'Tax', 'Shipping zones', 'Orders'])
      expect(screen.getByRole('group', { name: section })).toBeTruthy();

    type(screen.getByRole('textbox', { name: /Minimum order value/ }), '150');
    type(screen.getByRole('textbox', { name: /Registration number/ }), 't1234567890123');
    fireEvent.click(screen.getByRole('button', { name: 'Add zone' }));
    const zone = screen.getByRole('group', { name: 'Zone 1' });
    type(within(zone).getByRole('textbox', { name: /Zone name/ }), 'Japan');
    type(within(zone).getByRole('textbox', { name: /Countries/ }), 'jp, kr');
    type(within(zone).getByRole('textbox', { name: /^Rate \(\$\)/ }), '12.50');
    fireEvent.click(screen.getByRole('button', { name: 'Save settings' }));

    await waitFor(() => expect(notify).toHaveBeenCalledWith('success', messages.shopSettingsSaved));
    expect(puts(fetchMock)).toEqual([
      {
        ...defaults.settings,
        registrationNumber: 'T1234567890123',
        minimumOrder: 150,
        shippingZones: [
          {
            name: 'Japan',
            countries: ['JP', 'KR'],
            rate: 12.5,
            freeFrom: null,
            rateYen: null,
            freeFromYen: null,
          },
        ],
      },
    ]);
    expect(await screen.findByText(/Last saved by owner@kanna.example/)).toBeTruthy();
  });

  it('sets a zone’s rate and free-from amount and the minimum in yen, showing the derived yen while they are empty', async () => {
    const zone = {
      name: 'Japan',
      countries: ['JP'],
      rate: 15,
      freeFrom: 500,
      rateYen: null,
      freeFromYen: null,
    };
    const settings = { ...defaults.settings, yenPerDollar: 150, yenCountries: ['JP'], minimumOrder: 50 };
    const fetchMock = serve({ ...defaults, settings: { ...settings, shippingZones: [zone] } }, (body) =>
      json(200, { settings: body, updatedAt: '2026-11-26T10:00:00.000Z', updatedBy: 'owner@kanna.example' }),
    );
    renderPage();
    const row = within(await screen.findByRole('group', { name: 'Zone 1: Japan' }));
    const rateYen = row.getByRole('textbox', { name: /^Rate in yen/ }) as HTMLInputElement;
    const freeFromYen = row.getByRole('textbox', { name: /^Free from \(yen\)/ }) as HTMLInputElement;
    const minimumYen = screen.getByRole('textbox', { name: /^Minimum order \(yen\)/ }) as HTMLInputElement;
    // Empty: each says the yen a yen order pays now — $15, $500 and $50 at ¥150.
    expect([rateYen.value, rateYen.placeholder]).toEqual(['', 'derived: ¥2,250']);
    expect([freeFromYen.value, freeFromYen.placeholder]).toEqual(['', 'derived: ¥75,000']);
    expect([minimumYen.value, minimumYen.placeholder]).toEqual(['', 'derived: ¥7,500']);
    // The derived yen follows the dollar amount and the rate as they are typed.
    type(row.getByRole('textbox', { name: /^Rate \(\$\)/ }), '20');
    expect(rateYen.placeholder).toBe('derived: ¥3,000');
    type(screen.getByRole('textbox', { name: /^Yen per dollar/ }), '100');
    expect(rateYen.placeholder).toBe('derived: ¥2,000');

    type(rateYen, '1200');
    type(freeFromYen, '30000');
    type(minimumYen, '5000');
    fireEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    await waitFor(() => expect(notify).toHaveBeenCalledWith('success', messages.shopSettingsSaved));
    expect(puts(fetchMock)).toEqual([
      {
        ...settings,
        yenPerDollar: 100,
        minimumOrderYen: 5_000,
        shippingZones: [{ ...zone, rate: 20, rateYen: 1_200, freeFromYen: 30_000 }],
      },
    ]);
  });

  it('refuses yen that is not whole, at its field, before sending anything', async () => {
    const zone = {
      name: 'Japan',
      countries: ['JP'],
      rate: 15,
      freeFrom: null,
      rateYen: null,
      freeFromYen: null,
    };
    const fetchMock = serve({ ...defaults, settings: { ...defaults.settings, shippingZones: [zone] } }, () =>
      json(500, {}),
    );
    renderPage();
    const row = within(await screen.findByRole('group', { name: 'Zone 1: Japan' }));
    type(row.getByRole('textbox', { name: /^Rate in yen/ }), '1200.5');
    type(screen.getByRole('textbox', { name: /^Minimum order \(yen\)/ }), '-1');
    fireEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText(messages.yenAmountInvalid('shipping rate in yen'))).toBeTruthy();
    expect(screen.getByText(messages.yenAmountInvalid('minimum order in yen'))).toBeTruthy();
    expect(puts(fetchMock)).toEqual([]);
  });

  it('saves the legal name and address in Japanese beside the English ones', async () => {
    const fetchMock = serve(defaults, (body) =>
      json(200, { settings: body, updatedAt: '2026-11-26T10:00:00.000Z', updatedBy: 'owner@kanna.example' }),
    );
    renderPage();
    await screen.findByRole('textbox', { name: /Legal name/ });
    type(screen.getByRole('textbox', { name: /^Japanese legal name/ }), 'カンナ工具株式会社');
    type(screen.getByRole('textbox', { name: /^Japanese address/ }), '〒673-0432\n兵庫県三木市金物町2-14-3');
    fireEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    await waitFor(() => expect(notify).toHaveBeenCalledWith('success', messages.shopSettingsSaved));
    expect(puts(fetchMock)).toEqual([
      {
        ...defaults.settings,
        legalNameJa: 'カンナ工具株式会社',
        addressJa: '〒673-0432\n兵庫県三木市金物町2-14-3',
      },
    ]);
  });

  it('says what is wrong under each field before sending anything, and puts focus on the first', async () => {
    const fetchMock = serve(defaults, () => json(500, {}));
    renderPage();
    const name = await screen.findByRole('textbox', { name: /Legal name/ });
    type(name, '  ');
    type(screen.getByRole('textbox', { name: /Registration number/ }), 'T123');
    type(screen.getByRole('textbox', { name: /Minimum order value/ }), '-3');
    fireEvent.click(screen.getByRole('button', { name: 'Add zone' }));
    fireEvent.click(screen.getByRole('button', { name: 'Add zone' }));
    const [first, second] = [
      screen.getByRole('group', { name: 'Zone 1' }),
      screen.getByRole('group', { name: 'Zone 2' }),
    ];
    type(within(first).getByRole('textbox', { name: /Zone name/ }), 'Japan');
    type(within(first).getByRole('textbox', { name: /Countries/ }), 'JP');
    type(within(second).getByRole('textbox', { name: /Zone name/ }), 'Asia');
    type(within(second).getByRole('textbox', { name: /Countries/ }), 'KR, JP');
    fireEvent.click(screen.getByRole('button', { name: 'Save settings' }));

    await waitFor(() => expect(document.activeElement).toBe(name));
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText(messages.legalNameRequired)).toBeTruthy();
    expect(screen.getByText(messages.registrationNumberInvalid)).toBeTruthy();
    expect(screen.getByText(messages.amountInvalid('minimum order value'))).toBeTruthy();
    expect(within(second).getByText(messages.countryInTwoZones('JP', 'Japan'))).toBeTruthy();
    expect(puts(fetchMock)).toEqual([]);
  });

  it("shows the server's refusal at its field, and nothing as saved", async () => {
    serve(defaults, () =>
      json(400, {
        statusCode: 400,
        error: 'Bad Request',
        message: `bank.swift: ${messages.swiftInvalid}`,
        errors: [{ path: 'bank.swift', message: 'The bank refused this code.' }],
      }),
    );
    renderPage();
    await screen.findByRole('textbox', { name: /Legal name/ });
    type(screen.getByRole('textbox', { name: /SWIFT/ }), 'MHCBJPJT');
    fireEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    const swift = screen.getByRole('textbox', { name: /SWIFT/ });
    await waitFor(() => expect(swift.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText('The bank refused this code.')).toBeTruthy();
    expect(notify).toHaveBeenCalledWith('error', `bank.swift: ${messages.swiftInvalid}`);
    expect(notify).not.toHaveBeenCalledWith('success', expect.anything());
  });

  it('saves the countries paying in yen with the rate, and how tax is rounded', async () => {
    const fetchMock = serve(defaults, (body) =>
      json(200, { settings: body, updatedAt: '2026-11-26T10:00:00.000Z', updatedBy: 'owner@kanna.example' }),
    );
    renderPage();
    const yen = await screen.findByRole('group', { name: 'Paying in yen' });
    expect(within(yen).getByText('None: every order is priced in dollars.')).toBeTruthy();
    type(within(yen).getByRole('textbox', { name: /^Yen per dollar/ }), '150.25');
    const add = within(yen).getByRole('combobox', { name: /^Add a country paying in yen/ });
    expect((add as HTMLSelectElement).options[1]?.textContent).toBe('Japan');
    fireEvent.change(add, { target: { value: 'JP' } });
    fireEvent.change(add, { target: { value: 'KR' } });
    fireEvent.change(add, { target: { value: 'TW' } });
    fireEvent.click(within(yen).getByRole('button', { name: 'Remove South Korea' }));
    expect(document.activeElement).toBe(add);
    expect(within(yen).queryByRole('button', { name: 'Remove South Korea' })).toBeNull();
    const rounding = screen.getByRole('combobox', { name: /^Tax rounding/ }) as HTMLSelectElement;
    expect(rounding.value).toBe('down');
    expect([...rounding.options].map((o) => o.textContent)).toEqual(['Down (default)', 'Nearest', 'Up']);
    fireEvent.change(rounding, { target: { value: 'nearest' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save settings' }));

    await waitFor(() => expect(notify).toHaveBeenCalledWith('success', messages.shopSettingsSaved));
    expect(puts(fetchMock)).toEqual([
      {
        ...defaults.settings,
        yenPerDollar: 150.25,
        yenCountries: ['JP', 'TW'],
        tax: { ...defaults.settings.tax, rounding: 'nearest' },
      },
    ]);
  });

  it('asks for the rate before a country pays in yen, and shows the server’s refusal at the rate', async () => {
    const fetchMock = serve({ ...defaults, settings: { ...defaults.settings, yenPerDollar: 150 } }, () =>
      json(400, {
        statusCode: 400,
        error: 'Bad Request',
        message: `yenPerDollar: ${messages.yenRateNeededForYen}`,
        errors: [{ path: 'yenPerDollar', message: messages.yenRateNeededForYen }],
      }),
    );
    renderPage();
    const rate = await screen.findByRole('textbox', { name: /^Yen per dollar/ });
    expect((rate as HTMLInputElement).value).toBe('150');
    type(rate, '');
    fireEvent.change(screen.getByRole('combobox', { name: /^Add a country paying in yen/ }), {
      target: { value: 'JP' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    await waitFor(() => expect(rate.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText(messages.yenRateNeededForYen)).toBeTruthy();
    expect(puts(fetchMock)).toEqual([]);

    // The server refuses it too (another admin's settings, say): its message shows at the rate.
    type(rate, '150');
    await waitFor(() => expect(screen.queryByText(messages.yenRateNeededForYen)).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    await waitFor(() => expect(puts(fetchMock)).toHaveLength(1));
    await waitFor(() => expect(rate.getAttribute('aria-invalid')).toBe('true'));
    const described = (rate.getAttribute('aria-describedby') ?? '')
      .split(' ')
      .map((id) => document.getElementById(id)?.textContent)
      .join(' ');
    expect(described).toContain(messages.yenRateNeededForYen);
    expect(puts(fetchMock)[0]).toMatchObject({ yenPerDollar: 150, yenCountries: ['JP'] });
  });

  it('adds and removes zone rows; after a removal the keyboard goes on from Add zone', async () => {
    serve(defaults, () => json(500, {}));
    renderPage();
    const add = await screen.findByRole('button', { name: 'Add zone' });
    expect(screen.getByText('No shipping zones.')).toBeTruthy();
    fireEvent.click(add);
    fireEvent.click(add);
    type(
      within(screen.getByRole('group', { name: 'Zone 2' })).getByRole('textbox', { name: /Zone name/ }),
      'Europe',
    );
    expect(screen.getByRole('group', { name: 'Zone 2: Europe' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Remove zone 1' }));
    expect(screen.queryByRole('group', { name: /^Zone 2/ })).toBeNull();
    expect(screen.getByRole('group', { name: 'Zone 1: Europe' })).toBeTruthy();
    expect(document.activeElement).toBe(add);
  });

  it('says when the settings could not be loaded, with a Retry', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(403, { statusCode: 403, error: 'Forbidden', message: messages.adminOnly })),
    );
    renderPage();
    expect(await screen.findByText('The settings could not be loaded.')).toBeTruthy();
    expect(screen.getByText(messages.adminOnly)).toBeTruthy();
    expect(screen.getByRole('button', { name: /Retry/ })).toBeTruthy();
  });
});

describe('SettingsPage in Japanese', () => {
  it('says every section, field and hint in Japanese, and a refusal in Japanese', async () => {
    serve(
      {
        ...defaults,
        settings: {
          ...defaults.settings,
          shippingZones: [
            {
              name: 'Asia',
              countries: ['KR', 'TW'],
              rate: 40,
              freeFrom: null,
              rateYen: null,
              freeFromYen: null,
            },
          ],
        },
        updatedAt: '2026-11-26T01:00:00.000Z',
        updatedBy: 'Mina Admin',
      },
      () => json(500, {}),
    );
    renderPage('ja');
    expect(await screen.findByRole('form', { name: 'ショップ設定' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: '設定' })).toBeTruthy();
    expect(screen.getByText(/^最終保存：2026年11月26日 \d{1,2}:00（Mina Admin）。$/)).toBeTruthy();
    for (const section of ['事業者情報', '振込先口座', '消費税', '配送地域', '注文'])
      expect(screen.getByRole('group', { name: section })).toBeTruthy();
    for (const label of [
      '正式名称',
      '住所',
      '登録番号',
      '銀行名',
      '支店名',
      '預金種目',
      '口座番号',
      '口座名義',
      '税率（%）',
      '課税国',
      '最低注文金額（$）',
      '最低注文金額（円）',
      '振込の在庫確保日数',
    ])
      expect(
        screen.getByRole('textbox', { name: new RegExp(`^${label.replace(/[()$]/g, '\\$&')}`) }),
      ).toBeTruthy();
    expect(screen.getByRole('checkbox', { name: '消費税を請求する' })).toBeTruthy();
    expect(screen.getByRole('combobox', { name: /^端数処理/ })).toBeTruthy();
    const yen = within(screen.getByRole('group', { name: '円建て' }));
    expect(yen.getByRole('textbox', { name: /^為替レート（1ドルあたりの円）/ })).toBeTruthy();
    expect(yen.getByRole('group', { name: '円建ての国' })).toBeTruthy();
    expect(yen.getByText('なし：すべての注文はドル建てです。')).toBeTruthy();
    const countries = yen.getByRole('combobox', { name: /^円建ての国を追加/ }) as HTMLSelectElement;
    expect(countries.options[1]?.textContent).toBe('日本');
    const zone = within(screen.getByRole('group', { name: '地域1：Asia' }));
    expect(zone.getByRole('textbox', { name: /^地域名/ })).toBeTruthy();
    expect(zone.getByRole('textbox', { name: /^国/ })).toBeTruthy();
    expect(zone.getByRole('checkbox', { name: 'その他の地域' })).toBeTruthy();
    expect(zone.getByRole('textbox', { name: /^送料（円）/ })).toBeTruthy();
    expect(zone.getByRole('textbox', { name: /^送料無料の金額（円）/ })).toBeTruthy();
    expect(zone.getByRole('button', { name: /^地域1を削除/ })).toBeTruthy();
    expect(screen.getByRole('button', { name: '地域を追加' })).toBeTruthy();

    type(screen.getByRole('textbox', { name: /^正式名称/ }), '');
    fireEvent.click(screen.getByRole('button', { name: '設定を保存' }));
    expect(await screen.findByText('ショップの正式名称を入力してください。')).toBeTruthy();
  });
});
