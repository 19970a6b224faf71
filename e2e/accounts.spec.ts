import {
  closeMainMenu,
  dashboardMenu,
  demoAdmin,
  demoBuyer,
  forgetCookies,
  logIn,
  menuLinks,
  signedInNavigation,
  signUpThroughApi,
  uniqueUser,
} from './support/accounts';
import {
  expect,
  expectAccessible,
  expectFocusOnFirstError,
  isPhone,
  saveScreen,
  test,
} from './support/fixtures';
import { mainNavigation, navBar } from './support/site';

/**
 * Accounts (spec §2, §4, §5, §8): signing up and in, the session across reloads, Sign Out, the
 * guarded routes, the profile, and the dashboard menus of customers and administrators.
 */

const h1 = (page: import('@playwright/test').Page) => page.getByRole('heading', { level: 1 });

test('sign up checks every field, then the new user stays signed in across a reload and signs out', async ({
  page,
}, testInfo) => {
  const user = uniqueUser(testInfo, 'Sakura Signup');
  await page.goto('/signup');
  await expect(h1(page)).toHaveText('Sign up');
  const form = page.getByRole('form', { name: 'Sign up' });
  const submit = form.getByRole('button', { name: 'Sign Up' });

  await submit.click();
  await expect(form.getByText('name is required')).toBeVisible();
  await expect(form.getByText('Email is required')).toBeVisible();
  await expect(form.getByText('password is required')).toBeVisible();
  await expectFocusOnFirstError(form.getByLabel('Name'));

  await form.getByLabel('Name').fill(user.name);
  await form.getByLabel('Email').fill('sakura.kanna');
  await form.getByLabel('Password').fill('12345');
  await submit.click();
  await expect(form.getByText('Provide a valid email')).toBeVisible();
  await expect(form.getByText('the password must be at least 6 characters long')).toBeVisible();
  await expect(form.getByText('name is required')).toBeHidden();
  await saveScreen(page, 'signup-errors', testInfo);
  await expectAccessible(page, `/signup with its messages (${testInfo.project.name})`);

  await form.getByLabel('Email').fill(user.email);
  await form.getByLabel('Password').fill(user.password);
  await submit.click();
  await expect(page.getByText('Registration Completed')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);

  const nav = await signedInNavigation(page, testInfo);
  await expect(nav.getByRole('link', { name: 'Dashboard', exact: true })).toHaveAttribute(
    'href',
    '/dashboard/myProfile',
  );
  await expect(nav.getByRole('link', { name: 'Wooden Tools', exact: true })).toHaveAttribute(
    'href',
    '/allProduct',
  );
  await expect(nav.getByRole('link', { name: user.name })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Login', exact: true })).toHaveCount(0);
  await saveScreen(page, 'home-signed-in', testInfo);

  // The session is the cookie: it survives a reload, and nothing is kept in localStorage.
  await page.reload();
  const again = await signedInNavigation(page, testInfo);
  await expect(again.getByRole('link', { name: user.name })).toBeVisible();
  expect(await page.evaluate(() => Object.keys(localStorage))).not.toContain('accessToken');

  // A signed-in user has no business on /login or /signup.
  await page.goto('/signup');
  await expect(page).toHaveURL(/\/dashboard\/myProfile$/);
  // Let the profile arrive before signing out, or its request races the sign-out into a 401.
  await expect(page.getByRole('main').getByText(user.email)).toBeVisible();

  await (await signedInNavigation(page, testInfo)).getByRole('button', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(h1(page)).toHaveText('Login');
  const out = await mainNavigation(page, testInfo);
  await expect(out.getByRole('link', { name: 'Login', exact: true })).toBeVisible();
  await expect(out.getByRole('link', { name: 'Dashboard', exact: true })).toHaveCount(0);
  // Signed out on the server too: the dashboard now sends the visitor back to /login.
  await page.goto('/dashboard/myProfile');
  await expect(page).toHaveURL(/\/login$/);
});

test('a signed-out visit to my orders goes to /login, which checks its fields and then returns there', async ({
  page,
  baseURL,
  consoleGuard,
}, testInfo) => {
  consoleGuard.allow(/status of 401/, 'the wrong password is refused with 401');
  const user = uniqueUser(testInfo, 'Ren Return');
  await signUpThroughApi(page.context().request, baseURL ?? '', user);
  await forgetCookies(page);

  await page.goto('/dashboard/myOrders');
  await expect(page).toHaveURL(/\/login$/);
  // What the user logs in for, in words; never the page's address.
  await expect(page.getByRole('status').filter({ hasText: 'Please log in' })).toHaveText(
    'Please log in to see your orders.',
  );
  await expect(page.getByText('/dashboard/myOrders')).toHaveCount(0);
  await saveScreen(page, 'login-for-my-orders', testInfo);
  const form = page.getByRole('form', { name: 'Login' });
  const submit = form.getByRole('button', { name: 'Login' });

  await submit.click();
  await expect(form.getByText('Email is required')).toBeVisible();
  await expect(form.getByText('password is required')).toBeVisible();
  await expectFocusOnFirstError(form.getByLabel('Email'));

  await form.getByLabel('Email').fill('ren@');
  await form.getByLabel('Password').fill('abc');
  await submit.click();
  await expect(form.getByText('Provide a valid email')).toBeVisible();
  await expect(form.getByText('the password must be at least 6 characters long')).toBeVisible();

  // Reset password with no address to send to.
  await form.getByLabel('Email').fill('');
  await page.getByRole('button', { name: 'Reset password' }).click();
  await expect(page.getByText('please provide a valid email')).toBeVisible();

  await logIn(page, user.email, 'not-the-password');
  await expect(form.getByRole('alert')).toContainText(/invalid email or password/i);
  await saveScreen(page, 'login-errors', testInfo);
  await expectAccessible(page, `/login with its messages (${testInfo.project.name})`);

  await logIn(page, user.email, user.password);
  await expect(page).toHaveURL(/\/dashboard\/myOrders$/);
  const menu = await dashboardMenu(page, testInfo);
  expect(await menuLinks(menu)).toEqual([
    'My Profile',
    'Address book',
    'Company account',
    'My Order',
    'Quotes',
    'Add Review',
  ]);
  await expect(page.getByText('Admin', { exact: true })).toHaveCount(0);
});

test('the login page’s helpers: a reset link for the typed address, and Google when it is not set up', async ({
  page,
}) => {
  await page.goto('/login');
  await page.getByRole('form', { name: 'Login' }).getByLabel('Email').fill(demoBuyer.email);
  await page.getByRole('button', { name: 'Reset password' }).click();
  await expect(page.getByText('send your email')).toBeVisible();

  // The journeys' server has no Google credentials.
  await page.getByRole('button', { name: 'Continue with Google' }).click();
  await expect(page.getByText('Google sign-in is not configured for this shop.')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
});

test('a reset link that is no longer valid says so and offers to send a new one', async ({
  page,
  consoleGuard,
}, testInfo) => {
  consoleGuard.allow(/status of 400/, 'the server refuses the made-up token with 400');
  await page.goto('/reset-password?token=not-a-real-token');
  const form = page.getByRole('form', { name: 'New password' });
  await form.getByRole('button', { name: 'Set new password' }).click();
  await expect(form.getByText('password is required')).toBeVisible();
  await expectFocusOnFirstError(form.getByLabel('New password', { exact: true }));
  await form.getByLabel('New password', { exact: true }).fill('brand-new-1');
  await form.getByLabel('Confirm new password').fill('brand-new-2');
  await form.getByRole('button', { name: 'Set new password' }).click();
  await expect(form.getByText('the passwords do not match')).toBeVisible();
  await form.getByLabel('Confirm new password').fill('brand-new-1');
  await form.getByRole('button', { name: 'Set new password' }).click();
  await expect(form.getByRole('alert')).toContainText(/invalid|expired/i);
  await saveScreen(page, 'reset-password-invalid', testInfo);
  await expectAccessible(page, `/reset-password with a bad token (${testInfo.project.name})`);

  await form.getByRole('link', { name: 'Ask for a new link' }).click();
  await expect(page).toHaveURL(/\/reset-password$/);
  const ask = page.getByRole('form', { name: 'Ask for a reset link' });
  await ask.getByRole('button', { name: 'Send reset link' }).click();
  await expect(ask.getByText('please provide a valid email')).toBeVisible();
  await ask.getByLabel('Email').fill(demoBuyer.email);
  await ask.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByText('send your email')).toBeVisible();
});

test('the profile shows “no data found!” until it is edited, and the edit form needs phone, district and city', async ({
  page,
  baseURL,
}, testInfo) => {
  const user = uniqueUser(testInfo, 'Hana Profile');
  await signUpThroughApi(page.context().request, baseURL ?? '', user);

  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/dashboard\/myProfile$/);
  await expect(h1(page)).toHaveText('My Profile');
  const main = page.getByRole('main');
  await expect(main.getByText(user.email)).toBeVisible();
  await expect(main.getByText('no data found!').first()).toBeVisible();
  expect(await main.getByText('no data found!').count()).toBeGreaterThanOrEqual(6);
  await saveScreen(page, 'profile-empty', testInfo);
  await expectAccessible(page, `/dashboard/myProfile (${testInfo.project.name})`);

  await main.getByRole('link', { name: 'Edit profile' }).click();
  await expect(page).toHaveURL(/\/dashboard\/editProfile$/);
  const form = page.getByRole('form', { name: 'Edit profile' });
  await expect(form.getByLabel('Name')).toHaveValue(user.name);
  await form.getByRole('button', { name: 'Update profile' }).click();
  await expect(form.getByText('phone is required')).toBeVisible();
  await expect(form.getByText('district is required')).toBeVisible();
  await expect(form.getByText('city is required')).toBeVisible();
  await expectFocusOnFirstError(form.getByLabel(/^Phone/));
  await expectAccessible(page, `/dashboard/editProfile with its messages (${testInfo.project.name})`);

  const newName = `${user.name} Sato`;
  await form.getByLabel('Name').fill(newName);
  await form.getByLabel(/^Phone/).fill('+81 90 1234 5678');
  await form.getByLabel(/^District/).fill('Kita-ku');
  await form.getByLabel(/^City/).fill('Osaka');
  await form.getByLabel('Street address').fill('1-2-3 Umeda');
  await form.getByLabel(/^Company/).fill('佐藤金物株式会社');
  await form.getByLabel(/^Department/).fill('Purchasing');
  await form.getByLabel('Country').selectOption('JP');
  await form.getByLabel('LinkedIn').fill('https://www.linkedin.com/in/hana-sato');
  await saveScreen(page, 'profile-edit', testInfo);
  await form.getByRole('button', { name: 'Update profile' }).click();

  await expect(page.getByText('update Your Profile')).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard\/myProfile$/);
  const details = main.locator('dl');
  for (const value of [
    newName,
    '佐藤金物株式会社',
    'Purchasing',
    '+81 90 1234 5678',
    'Kita-ku',
    'Osaka',
    '1-2-3 Umeda',
    'Japan',
  ])
    await expect(details.getByText(value, { exact: true })).toBeVisible();
  // The dashboard's own header follows the new name too.
  await expect(page.getByRole('complementary', { name: 'Dashboard' }).getByText(newName)).toBeVisible();
  await expect(main.getByRole('link', { name: /linkedin\.com\/in\/hana-sato/ })).toHaveAttribute(
    'href',
    'https://www.linkedin.com/in/hana-sato',
  );
  // Facebook and the picture are still empty.
  await expect(main.getByText('no data found!')).toHaveCount(2);
  // The bar shows the new name.
  const nav = await signedInNavigation(page, testInfo);
  await expect(nav.getByRole('link', { name: newName })).toBeVisible();
  await closeMainMenu(page, testInfo);
  await saveScreen(page, 'profile-filled', testInfo);
});

test('when the session ends on the server, the next call to the API goes to /login', async ({
  page,
  baseURL,
  consoleGuard,
}, testInfo) => {
  consoleGuard.allow(/status of 401/, 'the my-orders call is refused once the session is revoked');
  const user = uniqueUser(testInfo, 'Kai Expired');
  await signUpThroughApi(page.context().request, baseURL ?? '', user);
  // A signed-in page also fetches the account's cart: revoking before that call is answered
  // would make it, not the click below, the first call to meet the ended session.
  const cartLoaded = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/cart');
  await page.goto('/dashboard/myProfile');
  await expect(page.getByRole('main').getByText(user.email)).toBeVisible();
  expect((await cartLoaded).status(), 'the account cart, while signed in').toBe(200);

  // Another tab signs out: the server revokes the session; this page still thinks it is signed in.
  const revoked = await page.context().request.post('/api/auth/sign-out', {
    data: {},
    headers: { Origin: new URL(baseURL ?? '').origin },
  });
  expect(revoked.status()).toBe(200);

  await (await dashboardMenu(page, testInfo)).getByRole('link', { name: 'My Order' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(h1(page)).toHaveText('Login');
  await expect(
    (await mainNavigation(page, testInfo)).getByRole('link', { name: 'Login', exact: true }),
  ).toBeVisible();
});

test('only an administrator gets the admin menu and the admin pages', async ({ page }, testInfo) => {
  // A customer is turned away from an admin page.
  await page.goto('/login');
  await logIn(page, demoBuyer.email, demoBuyer.password);
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/dashboard/users');
  await expect(page).toHaveURL(/\/dashboard\/myProfile$/);
  // Let the profile arrive before signing out, or its request races the sign-out into a 401.
  await expect(page.getByRole('main').getByText(demoBuyer.email)).toBeVisible();
  const customerMenu = await dashboardMenu(page, testInfo);
  expect(await menuLinks(customerMenu)).toEqual([
    'My Profile',
    'Address book',
    'Company account',
    'My Order',
    'Quotes',
    'Add Review',
  ]);
  await (await signedInNavigation(page, testInfo)).getByRole('button', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL(/\/login$/);

  // The administrator sees the Admin label and the admin menu, and may open the admin pages.
  await logIn(page, demoAdmin.email, demoAdmin.password);
  await expect(page).toHaveURL(/\/$/);
  await closeMainMenu(page, testInfo);
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/dashboard\/myProfile$/);
  await expect(
    page.getByRole('complementary', { name: 'Dashboard' }).getByText('Admin', { exact: true }),
  ).toBeVisible();
  const adminMenu = await dashboardMenu(page, testInfo);
  expect(await menuLinks(adminMenu)).toEqual([
    'Overview',
    'My Profile',
    'Users',
    'Price lists',
    'Companies',
    'Add Product',
    'Manage Product',
    'All Orders',
    'Documents',
    'Enquiries',
    'Quote requests',
    'Quotes',
    'Shop pages',
    'Settings',
    'Audit log',
  ]);
  await expectAccessible(page, `admin dashboard (${testInfo.project.name})`);
  await saveScreen(page, 'dashboard-admin', testInfo);

  await adminMenu.getByRole('link', { name: 'Users' }).click();
  await expect(page).toHaveURL(/\/dashboard\/users$/);
  if (isPhone(testInfo)) {
    // Choosing a page folds the phone menu away again.
    await expect(page.getByRole('button', { name: 'Dashboard Menu' })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
  }
  await expect(navBar(page)).toBeVisible();
});
