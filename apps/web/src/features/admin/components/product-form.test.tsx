import { messages } from '@kanna/shared/domain/messages';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LanguageContext } from '../../../lib/i18n';
import { toFormValues } from '../product-form-schema';
import { ProductForm } from './product-form';

const IMG = '/media/6f1c2a9e-3b1d-4c6e-9a7b-2d8e4f6a1c3b/640.webp';

function renderForm(props: Partial<Parameters<typeof ProductForm>[0]> = {}) {
  const onSubmit = vi.fn(async (_values: unknown, _changed: unknown) => true);
  render(<ProductForm submitLabel="Add product" pendingLabel="Adding…" onSubmit={onSubmit} {...props} />);
  return onSubmit;
}

const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

const errorOf = (label: string) => {
  const input = screen.getByLabelText(label);
  const ids = (input.getAttribute('aria-describedby') ?? '').split(' ').filter(Boolean);
  return ids.map((id) => document.getElementById(id)?.textContent ?? '').join(' | ');
};

/** A stand-in for the browser's XMLHttpRequest: reports progress, then answers like POST /api/media. */
class FakeUpload {
  static answer: { status: number; body: unknown } = { status: 201, body: {} };
  static sent: FormData[] = [];
  static pending: FakeUpload[] = [];
  upload: { onprogress: ((e: ProgressEvent) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  status = 0;
  statusText = '';
  responseText = '';
  open() {}
  setRequestHeader() {}
  abort() {
    this.onabort?.();
  }
  send(body: FormData) {
    FakeUpload.sent.push(body);
    FakeUpload.pending.push(this);
  }
  progress(loaded: number, total: number) {
    this.upload.onprogress?.({ lengthComputable: true, loaded, total } as ProgressEvent);
  }
  finish() {
    this.status = FakeUpload.answer.status;
    this.responseText = JSON.stringify(FakeUpload.answer.body);
    this.onload?.();
  }
}

afterEach(() => {
  vi.unstubAllGlobals();
  FakeUpload.sent = [];
  FakeUpload.pending = [];
});

describe('ProductForm', () => {
  it('has a visible label on every field', () => {
    renderForm();
    for (const label of [
      'Product name',
      'Description',
      'Kind',
      'Minimum quantity',
      'Available quantity',
      'Price',
      'Image',
    ])
      expect(screen.getByLabelText(label)).toBeTruthy();
  });

  it('says under each field that it is required (spec §5: all fields required)', async () => {
    const onSubmit = renderForm();
    fireEvent.click(screen.getByRole('button', { name: 'Add product' }));
    await waitFor(() => expect(errorOf('Product name')).toContain('Product name is required'));
    expect(errorOf('Description')).toContain('Description is required');
    expect(errorOf('Kind')).toContain('Kind is required');
    expect(errorOf('Minimum quantity')).toContain('Minimum quantity is required');
    expect(errorOf('Available quantity')).toContain('Available quantity is required');
    expect(errorOf('Price')).toContain('Price is required');
    expect(errorOf('Image')).toContain('Image is required');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('wants at least the minimum available, a whole minimum of 1 or more, and a price with at most 2 decimals', async () => {
    renderForm();
    type('Minimum quantity', '50');
    type('Available quantity', '20');
    type('Price', '12.345');
    fireEvent.click(screen.getByRole('button', { name: 'Add product' }));
    await waitFor(() =>
      expect(errorOf('Available quantity')).toContain(
        'Available quantity must be at least the minimum quantity',
      ),
    );
    expect(errorOf('Price')).toContain('Price can have at most 2 decimals');
    // Other fields are still empty: every problem shows at once.
    expect(errorOf('Product name')).toContain('Product name is required');

    type('Minimum quantity', '0');
    type('Price', '0');
    fireEvent.click(screen.getByRole('button', { name: 'Add product' }));
    await waitFor(() => expect(errorOf('Minimum quantity')).toContain('Minimum quantity must be at least 1'));
    expect(errorOf('Price')).toContain('Price must be more than 0');

    type('Minimum quantity', '2.5');
    type('Price', 'ten');
    fireEvent.click(screen.getByRole('button', { name: 'Add product' }));
    await waitFor(() =>
      expect(errorOf('Minimum quantity')).toContain('Minimum quantity must be a whole number'),
    );
    expect(errorOf('Price')).toContain('Price must be a number');
  });

  it('uploads the chosen picture with a progress bar, then submits the product with numbers', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeUpload);
    vi.stubGlobal(
      'URL',
      Object.assign(URL, { createObjectURL: () => 'blob:preview', revokeObjectURL: () => {} }),
    );
    FakeUpload.answer = { status: 201, body: { success: true, data: { url: IMG } } };
    const onSubmit = renderForm();

    type('Product name', 'Dozuki saw 240 mm');
    type('Description', 'A fine-tooth back saw for joinery.');
    fireEvent.change(screen.getByLabelText('Kind'), { target: { value: 'saw' } });
    type('Minimum quantity', '10');
    type('Available quantity', '500');
    type('Price', '24.50');

    const file = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'saw.png', { type: 'image/png' });
    fireEvent.change(screen.getByLabelText('Image'), { target: { files: [file] } });

    const bar = await screen.findByRole('progressbar', { name: 'Uploading image' });
    const upload = FakeUpload.pending[0] as FakeUpload;
    upload.progress(50, 100);
    await waitFor(() => expect(bar.getAttribute('value')).toBe('50'));
    expect((FakeUpload.sent[0] as FormData).get('image')).toBe(file);
    expect(
      (screen.getByRole('button', { name: /Waiting for the image/ }) as HTMLButtonElement).disabled,
    ).toBe(true);

    upload.finish();
    await waitFor(() => expect(screen.queryByRole('progressbar')).toBeNull());
    expect(screen.getByRole('img', { name: 'The product picture' }).getAttribute('src')).toBe(IMG);

    fireEvent.click(screen.getByRole('button', { name: 'Add product' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]?.[0]).toEqual({
      productName: 'Dozuki saw 240 mm',
      description: 'A fine-tooth back saw for joinery.',
      kind: 'saw',
      minQuantity: 10,
      maxQuantity: 500,
      perPrice: 24.5,
      img: IMG,
      // Left empty: no Japanese texts.
      productNameJa: null,
      descriptionJa: null,
    });
    // Added: the form is empty again for the next product.
    await waitFor(() => expect((screen.getByLabelText('Product name') as HTMLInputElement).value).toBe(''));
  });

  it("shows the server's reason when the picture is refused, and refuses big files before sending", async () => {
    vi.stubGlobal('XMLHttpRequest', FakeUpload);
    vi.stubGlobal(
      'URL',
      Object.assign(URL, { createObjectURL: () => 'blob:preview', revokeObjectURL: () => {} }),
    );
    FakeUpload.answer = {
      status: 415,
      body: {
        statusCode: 415,
        error: 'Unsupported Media Type',
        message: 'Upload a JPEG, PNG, WebP or AVIF picture.',
      },
    };
    renderForm();
    const file = new File(['not really'], 'x.png', { type: 'image/png' });
    fireEvent.change(screen.getByLabelText('Image'), { target: { files: [file] } });
    await waitFor(() => expect(FakeUpload.pending).toHaveLength(1));
    FakeUpload.pending[0]?.finish();
    await waitFor(() => expect(errorOf('Image')).toContain('Upload a JPEG, PNG, WebP or AVIF picture.'));

    const big = new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'big.png', { type: 'image/png' });
    fireEvent.change(screen.getByLabelText('Image'), { target: { files: [big] } });
    await waitFor(() => expect(errorOf('Image')).toContain('The picture is larger than 5 MB.'));
    expect(FakeUpload.sent).toHaveLength(1);
  });

  it('when editing, sends only what changed and lets a sold-out tool change its price', async () => {
    const onSubmit = vi.fn(async (_values: unknown, _changed: unknown) => true);
    const initial = toFormValues({
      productName: 'Genno hammer',
      description: 'A hammer.',
      kind: 'hammer',
      minQuantity: 100,
      maxQuantity: 40,
      perPrice: 12,
      img: IMG,
    });
    render(
      <ProductForm initial={initial} submitLabel="Save changes" pendingLabel="Saving…" onSubmit={onSubmit} />,
    );
    expect((screen.getByLabelText('Price') as HTMLInputElement).value).toBe('12');

    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Nothing to change.')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();

    type('Price', '13.75');
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]?.[1]).toEqual({ perPrice: 13.75 });

    // Changing a quantity brings the rule back.
    type('Minimum quantity', '120');
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() =>
      expect(errorOf('Available quantity')).toContain(
        'Available quantity must be at least the minimum quantity',
      ),
    );
  });
});

describe('ProductForm, in Japanese', () => {
  it('has two optional fields for Japanese, each marked as Japanese for the keyboard and the screen reader', async () => {
    const onSubmit = renderForm();
    for (const label of ['Name in Japanese', 'Description in Japanese'])
      expect(screen.getByLabelText(label).getAttribute('lang')).toBe('ja');
    fireEvent.click(screen.getByRole('button', { name: 'Add product' }));
    await waitFor(() => expect(errorOf('Product name')).toContain('Product name is required'));
    // Empty, they are not required.
    expect(errorOf('Name in Japanese')).toBe('');
    expect(errorOf('Description in Japanese')).toBe('');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('sends what is typed, trimmed, and refuses a name longer than the English may be', async () => {
    const onSubmit = vi.fn(async (_values: unknown, _changed: unknown) => true);
    const initial = toFormValues({
      productName: 'Ryoba saw',
      description: 'A saw.',
      kind: 'saw',
      minQuantity: 10,
      maxQuantity: 100,
      perPrice: 18.5,
      img: IMG,
    });
    render(
      <ProductForm initial={initial} submitLabel="Save changes" pendingLabel="Saving…" onSubmit={onSubmit} />,
    );
    type('Name in Japanese', '鋸'.repeat(121));
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(errorOf('Name in Japanese')).toMatch(/120/));
    expect(onSubmit).not.toHaveBeenCalled();

    type('Name in Japanese', ' 両刃鋸 240mm ');
    type('Description in Japanese', '横挽きと縦挽きの両刃です。');
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]?.[1]).toEqual({
      productNameJa: '両刃鋸 240mm',
      descriptionJa: '横挽きと縦挽きの両刃です。',
    });
  });

  it("when editing, shows the tool's Japanese texts and sends an emptied one as none", async () => {
    const onSubmit = vi.fn(async (_values: unknown, _changed: unknown) => true);
    const initial = toFormValues({
      productName: 'Genno hammer',
      description: 'A hammer.',
      productNameJa: '玄翁',
      descriptionJa: '両口の玄翁です。',
      kind: 'hammer',
      minQuantity: 10,
      maxQuantity: 40,
      perPrice: 12,
      img: IMG,
    });
    render(
      <ProductForm initial={initial} submitLabel="Save changes" pendingLabel="Saving…" onSubmit={onSubmit} />,
    );
    expect((screen.getByLabelText('Name in Japanese') as HTMLInputElement).value).toBe('玄翁');
    expect((screen.getByLabelText('Description in Japanese') as HTMLTextAreaElement).value).toBe(
      '両口の玄翁です。',
    );
    type('Name in Japanese', '');
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]?.[1]).toEqual({ productNameJa: null });
  });
});

/** A chisel sold in packs of 6, with a break from 24 pieces, being edited. */
const chisel = toFormValues({
  productName: 'Oire nomi',
  description: 'A chisel.',
  kind: 'chisel',
  minQuantity: 12,
  maxQuantity: 500,
  perPrice: 9,
  packSize: 6,
  volumePrices: [{ minQuantity: 24, perPrice: 8 }],
  img: IMG,
});

/** The form editing the chisel (or `props.initial`), and its onSubmit. */
function editForm(props: Partial<Parameters<typeof ProductForm>[0]> = {}) {
  const onSubmit = vi.fn(async (_values: unknown, _changed: unknown) => true);
  render(
    <ProductForm
      initial={chisel}
      submitLabel="Save changes"
      pendingLabel="Saving…"
      onSubmit={onSubmit}
      {...props}
    />,
  );
  return onSubmit;
}

describe('ProductForm, trade terms', () => {
  it('adds and removes price breaks and sends only the terms that changed', async () => {
    const onSubmit = editForm();
    expect((screen.getByLabelText('Pack size') as HTMLInputElement).value).toBe('6');
    expect((screen.getByLabelText('From (pieces), break 1') as HTMLInputElement).value).toBe('24');
    fireEvent.click(screen.getByRole('button', { name: 'Add a price break' }));
    type('From (pieces), break 2', '48');
    type('Price per piece ($), break 2', '7.20');
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]?.[1]).toEqual({
      volumePrices: [
        { minQuantity: 24, perPrice: 8 },
        { minQuantity: 48, perPrice: 7.2 },
      ],
    });

    fireEvent.click(screen.getByRole('button', { name: 'Remove price break 2' }));
    fireEvent.click(screen.getByRole('button', { name: 'Remove price break 1' }));
    type('Pack size', '');
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(2));
    expect(onSubmit.mock.calls[1]?.[1]).toEqual({ packSize: 1, volumePrices: [] });
  });

  it('checks the terms with the shared rules, each message at its field', async () => {
    const onSubmit = editForm();
    type('Pack size', '5');
    fireEvent.click(screen.getByRole('button', { name: 'Add a price break' }));
    type('From (pieces), break 2', '20');
    type('Price per piece ($), break 2', '8.50');
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() =>
      expect(errorOf('Minimum quantity')).toContain(
        'Minimum quantity must be a multiple of the pack size (5)',
      ),
    );
    expect(errorOf('From (pieces), break 2')).toContain('Price breaks must start at increasing quantities');
    expect(errorOf('Price per piece ($), break 2')).toContain('Each price break must be cheaper');
    expect(onSubmit).not.toHaveBeenCalled();
    expect((screen.getByRole('button', { name: 'Add a price break' }) as HTMLButtonElement).disabled).toBe(
      false,
    );
  });

  it("shows the server's problems at their fields", async () => {
    editForm({
      serverErrors: [
        {
          path: 'volumePrices.0.perPrice',
          message: 'Each price break must be cheaper than the one before (and than the base price)',
        },
      ],
    });
    await waitFor(() =>
      expect(errorOf('Price per piece ($), break 1')).toContain('Each price break must be cheaper'),
    );
  });
});

describe('ProductForm, yen prices', () => {
  const save = () => fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));

  it('sends a yen price and yen breaks', async () => {
    const onSubmit = editForm({ yenPerDollar: 150 });
    type('Yen price', '1800');
    fireEvent.click(screen.getByRole('button', { name: 'Add a yen price break' }));
    type('From (pieces), yen break 1', '24');
    type('Price per piece (¥), yen break 1', '1600');
    save();
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]?.[1]).toEqual({
      perPriceYen: 1800,
      volumePricesYen: [{ minQuantity: 24, perPrice: 1600 }],
    });
  });

  it('shows the yen set on a tool, sends nothing about it when unchanged, and null for both once emptied', async () => {
    const onSubmit = editForm({
      initial: {
        ...chisel,
        perPriceYen: '1500',
        volumePricesYen: [{ minQuantity: '24', perPrice: '1400' }],
      },
    });
    expect((screen.getByLabelText('Yen price') as HTMLInputElement).value).toBe('1500');
    expect((screen.getByLabelText('Price per piece (¥), yen break 1') as HTMLInputElement).value).toBe(
      '1400',
    );
    type('Price', '9.50');
    save();
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]?.[1]).toEqual({ perPrice: 9.5 });

    fireEvent.click(screen.getByRole('button', { name: 'Remove yen price break 1' }));
    type('Yen price', '');
    save();
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(2));
    expect(onSubmit.mock.calls[1]?.[1]).toEqual({ perPrice: 9.5, perPriceYen: null, volumePricesYen: null });
  });

  it('shows the yen derived from the dollar price at the shop’s rate while no yen price is set', () => {
    editForm({ yenPerDollar: 150 });
    expect(screen.getByText('Derived: ¥1,350 (from $9 at ¥150/$)')).toBeTruthy();
    expect(screen.getByText('From 24 pieces: ¥1,200')).toBeTruthy();
    type('Price', '12.35');
    expect(screen.getByText('Derived: ¥1,860 (from $12.35 at ¥150/$)')).toBeTruthy();
    // A yen price typed: the yen breaks keep the dollar breaks' discounts (800/1235 of ¥1,800, up to ¥10).
    type('Yen price', '1800');
    expect(screen.queryByText(/^Derived:/)).toBeNull();
    expect(screen.getByText('Yen breaks derived from the dollar breaks’ discounts:')).toBeTruthy();
    expect(screen.getByText('From 24 pieces: ¥1,170')).toBeTruthy();
  });

  it('says yen prices are not set when the shop has no rate and the tool no yen price', () => {
    editForm({ yenPerDollar: null });
    expect(screen.getByText(/^Yen prices are not set/)).toBeTruthy();
    expect(screen.queryByText(/^Derived:/)).toBeNull();
    type('Yen price', '1500');
    expect(screen.queryByText(/^Yen prices are not set/)).toBeNull();
  });

  it('checks the yen with the shared rules, each message at its field', async () => {
    const onSubmit = editForm();
    type('Yen price', '1500.5');
    save();
    await waitFor(() => expect(errorOf('Yen price')).toContain(messages.yenPriceInvalid));

    type('Yen price', '');
    fireEvent.click(screen.getByRole('button', { name: 'Add a yen price break' }));
    type('From (pieces), yen break 1', '24');
    type('Price per piece (¥), yen break 1', '1400');
    save();
    await waitFor(() => expect(errorOf('Yen price')).toContain(messages.yenBreaksNeedYenPrice));

    type('Yen price', '1300');
    save();
    await waitFor(() =>
      expect(errorOf('Price per piece (¥), yen break 1')).toContain('Each price break must be cheaper'),
    );
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it("shows the server's refusal at the yen price", async () => {
    editForm({ serverErrors: [{ path: 'perPriceYen', message: messages.yenBreaksNeedYenPrice }] });
    await waitFor(() => expect(errorOf('Yen price')).toContain(messages.yenBreaksNeedYenPrice));
  });
});

describe('ProductForm in Japanese', () => {
  it('labels every field, hint and kind in Japanese and says what is missing or wrong in Japanese', async () => {
    const onSubmit = vi.fn(async () => true);
    render(
      <LanguageContext value="ja">
        <ProductForm submitLabel="商品を追加" pendingLabel="追加しています…" onSubmit={onSubmit} />
      </LanguageContext>,
    );
    for (const label of [
      '商品名',
      '説明',
      '日本語の商品名',
      '日本語の説明',
      '種類',
      '最小注文数量',
      '在庫数',
      '価格',
      '入数',
      '円価格',
      '画像',
    ])
      expect(screen.getByLabelText(label)).toBeTruthy();
    expect(screen.getByRole('group', { name: '日本語（任意）' })).toBeTruthy();
    expect(screen.getByRole('group', { name: '取引条件（任意）' })).toBeTruthy();
    const kind = screen.getByLabelText('種類') as HTMLSelectElement;
    expect([...kind.options].map((o) => o.textContent)).toEqual([
      '種類を選んでください',
      '玄能・金槌',
      '鑿',
      'ドライバー',
      '鋸刃',
      '鉋',
      'その他',
    ]);
    expect(
      screen.getByText('JPEG、PNG、WebP、AVIF 形式、5 MB まで。縦横比 4:3 で表示されます。'),
    ).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: '数量割引を追加' }));
    expect(screen.getByLabelText('適用数量（個）（割引1）')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '商品を追加' }));
    await waitFor(() => expect(errorOf('商品名')).toContain('商品名を入力してください'));
    expect(errorOf('説明')).toContain('説明を入力してください');
    expect(errorOf('種類')).toContain('種類を選んでください');
    expect(errorOf('最小注文数量')).toContain('最小注文数量を入力してください');
    expect(errorOf('在庫数')).toContain('在庫数を入力してください');
    expect(errorOf('価格')).toContain('価格を入力してください');
    expect(errorOf('画像')).toContain('画像をアップロードしてください');
    expect(screen.getByText('割引の適用数量を入力してください')).toBeTruthy();

    type('最小注文数量', '2.5');
    type('価格', '0');
    fireEvent.click(screen.getByRole('button', { name: '商品を追加' }));
    await waitFor(() => expect(errorOf('最小注文数量')).toContain('最小注文数量は整数で入力してください'));
    expect(errorOf('価格')).toContain('価格は0より大きくしてください');
    expect(onSubmit).not.toHaveBeenCalled();
  });
});
