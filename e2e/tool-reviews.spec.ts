import { messages } from '@kanna/shared/domain/messages';
import { signUpThroughApi, uniqueUser } from './support/accounts';
import {
  expect,
  expectAccessible,
  expectNoSidewaysScroll,
  saveScreen,
  test,
  toast,
} from './support/fixtures';
import { verificationLink } from './support/mail';
import { placeAndPay } from './support/orders';
import { addOwnTools, adminContext } from './support/tools';

/**
 * Reviews of a tool (decision 0058): a buyer whose order has shipped reviews its tool from the
 * order's page; the tool's public page then shows the review, and its Product JSON-LD is rated
 * with it. Phone and desktop run at the same time: each buys and reviews a tool of its own.
 */
test('a buyer reviews a tool from their shipped order; its page shows the review and rates it', async ({
  page,
  browser,
  baseURL,
  request,
}, testInfo) => {
  test.setTimeout(180_000);
  const buyer = uniqueUser(testInfo, 'Rater');
  const text = `Holds its edge through oak — ${buyer.email}.`;

  await page.goto('/');
  await signUpThroughApi(page.request, baseURL ?? '', buyer);
  expect(
    (await page.request.get(await verificationLink(buyer.email), { maxRedirects: 0 })).status(),
  ).toBeLessThan(400);
  const [tool] = await test.step('set-up: a tool of its own, bought, paid and shipped', async () => {
    const added = await addOwnTools(browser, baseURL ?? '', testInfo, [
      // $72: above the $50 minimum order the settings journey leaves on this shared shop.
      { name: 'Rated Kanna', kind: 'plane', minQuantity: 2, maxQuantity: 100, perPrice: 36 },
    ]);
    const [bought] = added;
    if (!bought) throw new Error('the tool was not added');
    const placed = await placeAndPay(page, bought, `2-14-3 Kanamono-cho, Miki (${buyer.email})`);
    const admin = await adminContext(browser, baseURL ?? '');
    try {
      const shipped = await admin.request.patch(`/api/order/${placed.id}/ship`, {
        headers: { Origin: new URL(baseURL ?? '').origin },
      });
      expect(shipped.status(), await shipped.text()).toBe(200);
    } finally {
      await admin.close();
    }
    return [{ ...bought, orderId: placed.id }];
  });
  if (!tool) throw new Error('no tool');

  await test.step("the buyer reviews the tool from the order's page", async () => {
    await page.goto(`/dashboard/myOrders/${tool.orderId}`);
    const section = page.getByRole('region', { name: 'Review the tools' });
    await section.getByRole('button', { name: `Review ${tool.productName}` }).click();
    const form = section.getByRole('form', { name: `Review ${tool.productName}` });
    await form.getByLabel('Rating', { exact: true }).selectOption('4');
    await form.getByLabel('Your review', { exact: true }).fill(text);
    await expectNoSidewaysScroll(page, 'the review form on the order page');
    await expectAccessible(page, `the review form (${testInfo.project.name})`);
    await saveScreen(page, 'tool-review-form', testInfo);
    await form.getByRole('button', { name: 'Post review' }).click();
    await expect(toast(page, messages.reviewPosted)).toBeVisible();
    await section.getByRole('link', { name: 'Reviewed: see it on the tool’s page' }).click();
  });

  await test.step("the tool's page shows the review and its rating, and a visitor's copy carries them for search engines", async () => {
    await expect(page).toHaveURL(/\/tools\/[^/]+$/);
    const reviews = page.getByRole('region', { name: 'Reviews of this tool' });
    await expect(reviews.getByText(text)).toBeVisible();
    await expect(reviews.getByText('Rated 4 out of 5 by 1 buyer')).toBeVisible();

    await page.goto(`/tools/${tool.slug}`);
    await expect(reviews.getByText(text)).toBeVisible();
    // What a search engine reads: the page a visitor is sent, drawn by the server with its structured
    // data (a signed-in buyer is sent the shell, which the browser draws at the buyer's own prices).
    const html = await (await request.get(`/tools/${tool.slug}`)).text();
    const structured = JSON.parse(
      /<script type="application\/ld\+json">(.*?)<\/script>/s.exec(html)?.[1] ?? 'null',
    );
    expect(structured.aggregateRating).toMatchObject({ ratingValue: 4, reviewCount: 1 });
    expect(structured.review).toEqual([
      expect.objectContaining({ reviewBody: text, author: { '@type': 'Person', name: buyer.name } }),
    ]);
    await reviews.scrollIntoViewIfNeeded();
    await expectNoSidewaysScroll(page, "the tool's page with its review");
    await expectAccessible(page, `the tool's page with its review (${testInfo.project.name})`);
    await saveScreen(page, 'tool-page-reviewed', testInfo);
  });
});
