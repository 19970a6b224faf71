import { expect, test } from './support/fixtures';

/** /blog: a question-and-answer accordion (spec §2) that works from the keyboard. */

test('a question opens and closes from the keyboard', { tag: '@desktop' }, async ({ page }) => {
  await page.goto('/blog');
  const questions = page.getByRole('main').locator('details > summary');
  await expect(questions.first()).toBeVisible();
  expect(await questions.count(), 'the blog has several questions').toBeGreaterThan(1);

  // The second entry starts closed: its answer is not shown.
  const entry = page.getByRole('main').locator('details').nth(1);
  const answer = entry.locator('p').first();
  await expect(answer).toBeHidden();

  // Reach it with Tab as a keyboard user would, then open it with Enter.
  await questions.first().focus();
  await page.keyboard.press('Tab');
  await expect(questions.nth(1)).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(answer).toBeVisible();
  await expect(answer).not.toHaveText('');

  // Space closes it again.
  await page.keyboard.press('Space');
  await expect(answer).toBeHidden();
});
