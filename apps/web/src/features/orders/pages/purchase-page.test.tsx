import { messages } from '@kanna/shared/domain/messages';
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LanguageContext } from '../../../lib/i18n';
import { notify } from '../../../lib/toast';
import { apiError, json, publicSettings, renderAt, stubApi, tool } from '../test-utils';
import { PurchasePage } from './purchase-page';

vi.mock('../../../lib/toast', () => ({ notify: vi.fn(async () => {}) }));
const buyer = vi.hoisted(() => ({ emailVerified: true }));
vi.mock('../../../lib/session', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../lib/session')>()),
  useSession: () => ({
    status: 'signed-in',
    user: {
      id: 'u1',
      email: 'taro@example.com',
      name: 'Taro Yamada',
      image: null,
      role: 'user',
      emailVerified: buyer.emailVerified,
    },
  }),
}));

const at = (id: string) => ({ path: `/purchase/${id}`, route: '/purchase/:purchaseId' });

afterEach(() => {
  vi.unstubAllGlobals();
  buyer.emailVerified = true;
});

describe('PurchasePage', () => {
  it('shows the tool: image, name, description, price per piece and range, and the order form', async () => {
    stubApi(({ url }) => (url === `/api/handTools/${tool._id}` ? json(200, tool) : undefined));
    renderAt(<PurchasePage />, at(tool._id));
    expect(await screen.findByRole('heading', { level: 1, name: tool.productName })).toBeTruthy();
    expect(screen.getByRole('img', { name: tool.productName }).getAttribute('srcset')).toBe(tool.srcset);
    expect(screen.getByText(tool.description)).toBeTruthy();
    expect(screen.getByText('Price $ 38.50/Per')).toBeTruthy();
    expect(screen.getByText('20 - 23 Pieces (OQ)')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Place order' })).toBeTruthy();
    expect(document.title).toContain(tool.productName);
  });

  it('says a sold-out tool is sold out, with no order form but Contact Supplier', async () => {
    stubApi(() => json(200, { ...tool, maxQuantity: 5 }));
    renderAt(<PurchasePage />, at(tool._id));
    expect(await screen.findByRole('heading', { name: 'Sold out' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Place order' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Contact Supplier' })).toBeTruthy();
  });

  it('shows what the app adds beside Contact Supplier to a confirmed buyer, for this tool, and not to one unconfirmed', async () => {
    stubApi(({ url }) => (url === `/api/handTools/${tool._id}` ? json(200, tool) : undefined));
    const extra = vi.fn((t: { _id: string }) => <output data-testid="extra">{t._id}</output>);
    const view = renderAt(<PurchasePage extra={extra} />, at(tool._id));
    expect((await screen.findByTestId('extra')).textContent).toBe(tool._id);
    view.unmount();
    buyer.emailVerified = false;
    renderAt(<PurchasePage extra={extra} />, at(tool._id));
    expect(await screen.findByRole('button', { name: 'Contact Supplier' })).toBeTruthy();
    expect(screen.queryByTestId('extra')).toBeNull();
  });

  it('says so clearly when the tool does not exist', async () => {
    stubApi(() => apiError(404, 'This tool was not found.'));
    renderAt(<PurchasePage />, at(tool._id));
    expect(await screen.findByRole('heading', { name: 'This tool was not found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'See all our tools' }).getAttribute('href')).toBe('/allProduct');
  });

  it('Contact Supplier sends the enquiry and toasts the answer', async () => {
    const reply = 'Your message was sent to our sales team. We will reply by e-mail.';
    const calls = stubApi(({ url }) =>
      url === '/api/enquiries'
        ? json(201, { acknowledged: true, insertedId: tool._id, quoteRequest: false, message: reply })
        : url === `/api/handTools/${tool._id}`
          ? json(200, tool)
          : undefined,
    );
    renderAt(<PurchasePage />, at(tool._id));
    fireEvent.click(await screen.findByRole('button', { name: 'Contact Supplier' }));
    const dialog = screen.getByRole('dialog', { name: 'Contact Supplier' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send message' }));
    expect(await within(dialog).findByText('message is required')).toBeTruthy();

    fireEvent.change(within(dialog).getByLabelText('Quantity wanted'), { target: { value: '500' } });
    fireEvent.change(within(dialog).getByLabelText('Message'), {
      target: { value: 'Can you ship to Osaka?' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send message' }));
    await vi.waitFor(() => expect(notify).toHaveBeenCalledWith('success', reply));
    expect(calls.find((c) => c.url === '/api/enquiries')?.body).toEqual({
      toolId: tool._id,
      quantityWanted: 500,
      message: 'Can you ship to Osaka?',
    });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('asks a buyer whose e-mail is not confirmed to confirm it, and sends the link again', async () => {
    buyer.emailVerified = false;
    const calls = stubApi(({ url }) =>
      url === '/api/auth/send-verification-email' ? json(200, { status: true }) : json(200, tool),
    );
    renderAt(<PurchasePage />, at(tool._id));
    expect(await screen.findByRole('heading', { name: 'Confirm your e-mail address' })).toBeTruthy();
    expect(screen.getByText(messages.verifyEmailToOrder)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Place order' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Send the link again' }));
    expect(await screen.findByText(messages.verificationSent)).toBeTruthy();
    expect(calls.find((c) => c.url === '/api/auth/send-verification-email')?.body).toEqual({
      email: 'taro@example.com',
      callbackURL: `/purchase/${tool._id}`,
    });
  });

  it('says why when sending the link again is refused', async () => {
    buyer.emailVerified = false;
    stubApi(({ url }) =>
      url === '/api/auth/send-verification-email'
        ? apiError(429, 'Too many requests. Please wait a moment and try again.')
        : json(200, tool),
    );
    renderAt(<PurchasePage />, at(tool._id));
    fireEvent.click(await screen.findByRole('button', { name: 'Send the link again' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Too many requests. Please wait a moment and try again.',
    );
  });
});

describe('PurchasePage in Japanese', () => {
  const japanese = { ...tool, productNameJa: '追入鑿 24mm' };
  const page = () =>
    renderAt(
      <LanguageContext value="ja">
        <PurchasePage />
      </LanguageContext>,
      at(tool._id),
    );

  it('says the order form, its warnings and what a delivery in Japan adds in Japanese', async () => {
    stubApi(({ url }) => {
      if (url === `/api/handTools/${tool._id}`) return json(200, japanese);
      if (url === '/api/settings')
        return json(200, {
          ...publicSettings,
          charges: {
            tax: { enabled: true, ratePercent: 10, country: 'JP' },
            shippingZones: [{ name: 'Japan', countries: ['JP'], rate: 12, freeFrom: null }],
          },
        });
      return undefined;
    });
    page();
    const form = await screen.findByRole('form', { name: '注文フォーム' });
    const order = within(form);
    expect(order.getByRole('spinbutton', { name: '数量' })).toBeTruthy();
    expect(order.getByText('20〜23個')).toBeTruthy();
    expect(order.getByText('1個あたりの価格')).toBeTruthy();
    expect(order.getByLabelText('お名前')).toBeTruthy();
    expect(order.getByLabelText('メールアドレス')).toBeTruthy();
    expect(order.getByLabelText('電話番号')).toBeTruthy();
    expect(order.getByLabelText('住所')).toBeTruthy();
    expect(order.getByRole('button', { name: '注文を確定する' })).toBeTruthy();
    expect(order.getByRole('button', { name: 'カートに追加' })).toBeTruthy();
    expect(order.getByRole('link', { name: 'お支払いへ進む' })).toBeTruthy();
    // 20 × $38.50 = $770, shipping $12, tax 10% of $782.
    expect(
      await order.findByText(
        '日本へのお届けは送料 $12、消費税（10%）$78.20で、お支払い合計は$860.20です。他の国へのお届けは、カートからご注文ください。',
      ),
    ).toBeTruthy();
    // The spec's warning at the minimum, in Japanese.
    fireEvent.click(order.getByRole('button', { name: '数量を減らす' }));
    expect((await order.findByRole('alert')).textContent).toBe(
      '最小注文数量を下回る数量はご注文いただけません',
    );
  });

  it('Contact Supplier asks in Japanese, its checks too', async () => {
    stubApi(({ url }) => (url === `/api/handTools/${tool._id}` ? json(200, japanese) : undefined));
    page();
    fireEvent.click(await screen.findByRole('button', { name: '仕入先に問い合わせる' }));
    const dialog = within(screen.getByRole('dialog', { name: '仕入先に問い合わせる' }));
    expect(dialog.getByText('追入鑿 24mm')).toBeTruthy();
    expect(dialog.getByLabelText('ご希望の数量')).toBeTruthy();
    fireEvent.click(dialog.getByRole('button', { name: 'メッセージを送信' }));
    expect(await dialog.findByText('メッセージを入力してください')).toBeTruthy();
    expect(dialog.getByRole('button', { name: '閉じる' })).toBeTruthy();
  });
});
