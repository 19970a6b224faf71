import type { Locator } from '@playwright/test';
import { signUpConfirmed, uniqueUser } from './support/accounts';
import { checkScreen, expect, isPhone, saveScreen, test } from './support/fixtures';
import { linkFromMail } from './support/mail';
import { placeOnAccount } from './support/orders';
import { adminContext } from './support/tools';

/**
 * Buying on account, the whole path (decisions 0063, 0067, 0069): a buyer applies for a trade
 * account, the admin approves it with terms, the owner invites a member (the link from the mail),
 * the member orders on account above their spending limit, the owner approves, the admin ships,
 * issues the statement, records the transfer — first with a wrong amount, which shows as credit
 * on account and is reversed with a reason, then the right one. At each step the company's open
 * balance, credit on account and what is available are read as the owner and the admin read them.
 * The phone runs it in Japanese, the desktop in English.
 */
const words = {
  en: {
    at: '',
    applyForm: 'Apply for a trade account',
    companyName: /^Company name(?! in)/,
    billingAddress: /^Billing address/,
    apply: 'Send application',
    pending: 'Application received',
    terms: 'Terms',
    currency: /^Currency/,
    creditLimit: /^Credit limit \(USD\)/,
    language: /^Language/,
    approve: 'Approve',
    approved: (name: string) => `${name} is approved.`,
    account: 'Your account with the shop',
    balance: 'Open balance',
    credit: 'Credit on account',
    available: 'Available',
    inviteForm: 'Invite a buyer',
    inviteEmail: /^E-mail address/,
    invite: 'Send invitation',
    invited: (email: string) => `An invitation is on its way to ${email}.`,
    accept: 'Accept invitation',
    joined: (name: string) => `You now buy for ${name}.`,
    approvals: 'Orders awaiting your approval',
    approveOrder: /^Approve K-\d+$/,
    orderApproved: 'is approved: its buyer is told.',
    issueNow: 'Issue statement now',
    issued: /^Statement ST-\d{4}-\d{6} issued/,
    paymentForm: 'Record a payment',
    amount: /^Amount received \(USD\)/,
    reference: /^Reference/,
    record: 'Record payment',
    recorded: /^Payment of .* recorded/,
    reverseOf: (amount: string) => `Reverse the payment of ${amount} (PATH WORKS)`,
    reason: /^Why is it reversed\?/,
    why: 'Typed one zero too many',
    confirmReverse: 'Reverse payment',
    reversed: /reversed\. Record the right amount now\./,
    open: 'Open',
    paid: 'Paid',
  },
  ja: {
    at: '/ja',
    applyForm: '掛売り口座のお申し込み',
    companyName: /^会社名(?!（フリガナ）)/,
    billingAddress: /^請求先住所/,
    apply: '申し込む',
    pending: 'お申し込みを受け付けました',
    terms: '取引条件',
    currency: /^通貨/,
    creditLimit: /^与信限度額（USD）/,
    language: /^書類の言語/,
    approve: '承認する',
    approved: (name: string) => `${name}を承認しました。`,
    account: 'お取引の状況',
    balance: '未払残高',
    credit: '前受金',
    available: '利用可能額',
    inviteForm: '購買担当者を招待',
    inviteEmail: /^メールアドレス/,
    invite: '招待を送る',
    invited: (email: string) => `${email}に招待を送りました。`,
    accept: '招待を承諾する',
    joined: (name: string) => `${name}の購買担当者になりました。`,
    approvals: '承認待ちの注文',
    approveOrder: /^K-\d+ を承認$/,
    orderApproved: 'を承認しました。ご注文者にお知らせしました。',
    issueNow: '今すぐ請求書を発行',
    issued: /^請求書 ST-\d{4}-\d{6} を発行/,
    paymentForm: '入金を記録',
    amount: /^入金額（USD）/,
    reference: /^参照番号/,
    record: '入金を記録',
    recorded: /の入金を記録し/,
    reverseOf: (amount: string) => `${amount}（PATH WORKS）の入金を取り消す`,
    reason: /^取り消す理由/,
    why: '金額の入力誤り（ゼロが一つ多い）',
    confirmReverse: '入金を取り消す',
    reversed: /の入金を取り消しました。/,
    open: '未入金',
    paid: '入金済み',
  },
} as const;

const money = (amount: number) =>
  `$${amount.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/** The figure after `label` in `region`'s list of figures, as it is read. */
const figure = (region: Locator, label: string) =>
  region.getByText(label, { exact: true }).locator('xpath=following-sibling::dd[1]');

test('a company’s whole path on account: applied, approved, a member’s order approved, shipped, billed and paid', async ({
  page,
  browser,
  baseURL,
}, testInfo) => {
  // About a minute alone; more on a machine shared with other journeys.
  test.setTimeout(180_000);
  const t = isPhone(testInfo) ? words.ja : words.en;
  const origin = baseURL ?? '';
  const headers = { Origin: origin };
  const owner = uniqueUser(testInfo, 'Path Owner');
  const member = uniqueUser(testInfo, 'Path Buyer');
  const company = `Path Works ${testInfo.project.name} ${Date.now().toString(36)}`;
  const limit = 5000;

  const admin = await adminContext(browser, origin);
  const joiner = await browser.newContext({ baseURL: origin, viewport: page.viewportSize() });
  try {
    const desk = await admin.newPage();
    const size = page.viewportSize();
    if (size) await desk.setViewportSize(size);
    const memberPage = await joiner.newPage();
    const ownerFigures = page.getByRole('region', { name: t.account });
    const deskFigures = desk.getByRole('region', { name: new RegExp(`^${company}`) });
    /** The figures in `region` as they read: open balance, what is available, credit on account. */
    const expectFigures = async (region: Locator, balance: number, available: number, credit = 0) => {
      await expect(figure(region, t.balance)).toHaveText(money(balance));
      await expect(figure(region, t.available)).toHaveText(money(available));
      await expect(figure(region, t.credit)).toHaveText(money(credit));
    };
    /** The owner opens their company page and reads the figures. */
    const ownerReads = async (balance: number, available: number, credit = 0) => {
      await page.goto(`${t.at}/dashboard/company`);
      await expectFigures(ownerFigures, balance, available, credit);
    };
    /** The admin reads them on the company's page (read again after each of the admin's writes). */
    const deskReads = (balance: number, available: number, credit = 0) =>
      expectFigures(deskFigures, balance, available, credit);

    await test.step('the buyer applies for a trade account', async () => {
      await page.goto('/');
      await signUpConfirmed(page.request, origin, owner);
      await page.goto(`${t.at}/dashboard/company`);
      const form = page.getByRole('form', { name: t.applyForm });
      await form.getByLabel(t.companyName).fill(company);
      await form.getByLabel(t.billingAddress).fill('1-2-3 Kuramae, Taito-ku, Tokyo 111-0051');
      await form.getByRole('button', { name: t.apply }).click();
      await expect(page.getByRole('heading', { level: 2, name: t.pending })).toBeVisible();
    });

    const companyId = await test.step('the admin approves it with a $5,000 credit limit', async () => {
      const found = await admin.request.get(`/api/companies?q=${encodeURIComponent(company)}`);
      const [row] = (await found.json()) as { id: string }[];
      if (!row) throw new Error(`${company} is not listed`);
      await desk.goto(`${t.at}/dashboard/companies/${row.id}`);
      const terms = desk.getByRole('form', { name: t.terms });
      await terms.getByLabel(t.currency).selectOption('USD');
      await terms.getByLabel(t.creditLimit).fill(String(limit));
      // The company's language: its mails (the invitation's link) and statements.
      await terms.getByLabel(t.language).selectOption(t.at ? 'ja' : 'en');
      await terms.getByRole('button', { name: t.approve }).click();
      await expect(desk.getByRole('status').filter({ hasText: t.approved(company) })).toBeVisible();
      return row.id;
    });
    await deskReads(0, limit);
    await ownerReads(0, limit);

    await test.step('the owner invites a member, who joins from the mail', async () => {
      const invite = page.getByRole('form', { name: t.inviteForm });
      await invite.getByLabel(t.inviteEmail).fill(member.email);
      await invite.getByRole('button', { name: t.invite }).click();
      await expect(page.getByRole('status').filter({ hasText: t.invited(member.email) })).toBeVisible();
      await memberPage.goto('/');
      await signUpConfirmed(memberPage.request, origin, member);
      const link = new URL(await linkFromMail(member.email, /\/dashboard\/company\?invitation=/));
      // In the company's language: the Japanese page's address for a Japanese company.
      expect(link.pathname.startsWith(`${t.at}/dashboard/`)).toBe(true);
      await memberPage.goto(`${link.pathname}${link.search}`);
      await memberPage.getByRole('button', { name: t.accept }).click();
      await expect(memberPage.getByRole('status').filter({ hasText: t.joined(company) })).toBeVisible();
      // A $1 spending limit: the member's orders wait for the owner.
      const limited = await page.request.put(
        `/api/companies/${companyId}/members/${encodeURIComponent(member.email)}/spending-limit`,
        { data: { spendingLimit: 1 }, headers },
      );
      expect(limited.status(), await limited.text()).toBe(200);
    });

    const amountDue =
      await test.step('the member orders on account above their limit; the owner approves', async () => {
        const orderId = await placeOnAccount(memberPage.request, origin, member.email);
        const [order] = (await (await page.request.get(`/api/companies/${companyId}/orders`)).json()) as {
          id: string;
          amountDue: number;
        }[];
        expect(order?.id).toBe(orderId);
        const due = order?.amountDue ?? 0;
        expect(due).toBeGreaterThan(1);
        // Waiting for the owner, it already counts against the credit limit.
        await ownerReads(due, limit - due);
        const section = page.getByRole('heading', { name: t.approvals }).locator('..');
        // The approvals screen is checked by e2e/approvals.spec.ts: only pictured here.
        await saveScreen(page, 'account-path-approval', testInfo);
        await section.getByRole('button', { name: t.approveOrder }).click();
        await expect(section.getByRole('status')).toContainText(t.orderApproved);
        const shipped = await admin.request.patch(`/api/order/${orderId}/ship`, { headers });
        expect(shipped.status(), await shipped.text()).toBe(200);
        await desk.reload();
        await deskReads(due, limit - due);
        return due;
      });

    const billed =
      await test.step('the admin issues the statement; the figures stay until it is paid', async () => {
        await desk.getByRole('button', { name: t.issueNow }).click();
        await expect(desk.getByRole('status').filter({ hasText: t.issued })).toBeVisible();
        await expect(
          desk.getByRole('row', { name: /ST-\d{4}-\d{6}/ }).getByText(t.open, { exact: true }),
        ).toBeVisible();
        await deskReads(amountDue, limit - amountDue);
        const [statement] = (await (
          await admin.request.get(`/api/companies/${companyId}/statements`)
        ).json()) as {
          amountDue: number;
        }[];
        return Math.round((statement?.amountDue ?? 0) * 100);
      });
    /** `cents` times `n`, in dollars. */
    const times = (cents: number, n: number) => (cents * n) / 100;

    const record = async (amount: number) => {
      const form = desk.getByRole('form', { name: t.paymentForm });
      await form.getByLabel(t.amount).fill(String(amount));
      await form.getByLabel(t.reference).fill('PATH WORKS');
      await form.getByRole('button', { name: t.record }).click();
      await expect(desk.getByRole('status').filter({ hasText: t.recorded })).toBeVisible();
    };

    await test.step('a transfer typed ten times too large: paid, and the rest is credit on account', async () => {
      await record(times(billed, 10));
      await expect(
        desk.getByRole('row', { name: /ST-\d{4}-\d{6}/ }).getByText(t.paid, { exact: true }),
      ).toBeVisible();
      await deskReads(0, limit, times(billed, 9));
      await ownerReads(0, limit, times(billed, 9));
      await checkScreen(page, testInfo, 'account-path-credit');
    });

    await test.step('the admin reverses it with a reason, then records the right amount', async () => {
      await desk.getByRole('button', { name: t.reverseOf(money(times(billed, 10))) }).click();
      const form = desk.getByRole('form', { name: t.reverseOf(money(times(billed, 10))) });
      await form.getByLabel(t.reason).fill(t.why);
      await checkScreen(desk, testInfo, 'account-path-reverse');
      await form.getByRole('button', { name: t.confirmReverse }).click();
      await expect(desk.getByRole('status').filter({ hasText: t.reversed })).toBeVisible();
      await expect(
        desk.getByRole('row', { name: /ST-\d{4}-\d{6}/ }).getByText(t.open, { exact: true }),
      ).toBeVisible();
      await deskReads(amountDue, limit - amountDue);
      await record(times(billed, 1));
      await expect(
        desk.getByRole('row', { name: /ST-\d{4}-\d{6}/ }).getByText(t.paid, { exact: true }),
      ).toBeVisible();
      await deskReads(0, limit);
      await saveScreen(desk, 'account-path-paid-desk', testInfo);
      await ownerReads(0, limit);
      await expect(
        page.getByRole('row', { name: /ST-\d{4}-\d{6}/ }).getByText(t.paid, { exact: true }),
      ).toBeVisible();
      await saveScreen(page, 'account-path-paid', testInfo);
    });
  } finally {
    await joiner.close();
    await admin.close();
  }
});
