import { expect, test } from '@playwright/test';
import { cookieMap, DEMO_PASSWORD, screenshot, signIn, signInThroughForm } from './fixtures';

test.describe('signing in and roles', () => {
  test('S-003 without a token every page but /signin and /preview-vehicle goes to /signin', async ({
    page,
  }) => {
    for (const path of ['/', '/map', '/management/user-management', '/choose-role', '/lockscreen']) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/signin$/);
    }
    await page.goto('/preview-vehicle');
    await expect(page).toHaveURL(/\/preview-vehicle$/);
    await screenshot(page, 'preview-vehicle-invalid');
    await page.goto('/signin');
    await screenshot(page, 'signin');
  });

  test('a wrong password shows the server message and stores nothing', async ({ page, context }) => {
    await page.goto('/signin');
    await page.getByTestId('signin-username').fill('admin');
    await page.getByTestId('signin-password').fill('wrong-password');
    await page.getByTestId('signin-submit').click();
    await expect(page.getByRole('alert')).toContainText('Wrong username, e-mail or password.');
    await expect(page).toHaveURL(/\/signin$/);
    expect((await cookieMap(context)).token).toBeUndefined();
  });

  test('S-019 S-020 S-023 S-024 a user with one role lands in the shell with the role stored', async ({
    page,
    context,
  }) => {
    await signInThroughForm(page, 'admin');
    await expect(page).toHaveURL(/\/$/);
    const cookies = await cookieMap(context);
    expect(cookies.token).toBeTruthy();
    expect(cookies.display_name).toBeTruthy();
    expect(cookies.role_user).toBe('Administrator');
    expect(cookies.role_fleet).toBe('CC Jakarta – Sunter');
    expect(Number(cookies.role_unit)).toBeGreaterThan(0);
    const token = (await context.cookies()).find((c) => c.name === 'token');
    expect(token?.httpOnly).toBe(true);
    expect(token?.path).toBe('/');
    const stored = await page.evaluate(() => ({
      role_user: localStorage.getItem('role_user'),
      role_unit: localStorage.getItem('role_unit'),
      role_fleet: localStorage.getItem('role_fleet'),
    }));
    expect(stored).toEqual({
      role_user: 'Administrator',
      role_unit: cookies.role_unit,
      role_fleet: 'CC Jakarta – Sunter',
    });
    await screenshot(page, 'dashboard-admin-en');
  });

  test('S-005 signed in, /signin and /choose-role go to /', async ({ page }) => {
    await signInThroughForm(page, 'operator');
    for (const path of ['/signin', '/choose-role']) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/$/);
    }
  });

  test('S-004 S-014 S-015 S-016 S-018 a user with two roles must choose one', async ({ page, context }) => {
    await signIn(page, 'multi');
    await expect(page).toHaveURL(/\/choose-role$/);
    await page.goto('/map');
    await expect(page).toHaveURL(/\/choose-role$/);

    const dialog = page.getByRole('dialog', { name: 'Choose Role' });
    await expect(dialog).toBeVisible();
    const cards = dialog.getByTestId('role-card');
    await expect(cards).toHaveCount(2);
    await expect(cards.nth(0)).toContainText('Administrator');
    await expect(cards.nth(0)).toContainText('CC Karawang');
    await expect(cards.nth(1)).toContainText('User');
    await expect(cards.nth(1)).toContainText('Truck Cikarang');

    await expect(dialog.getByRole('button', { name: 'Logout' })).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Cancel' })).toHaveCount(0);
    const ok = dialog.getByRole('button', { name: 'OK' });
    await expect(ok).toBeDisabled();
    await screenshot(page, 'choose-role');

    await cards.nth(1).click();
    await expect(ok).toBeEnabled();
    await ok.click();
    await expect(page.getByTestId('app-layout')).toBeVisible();
    const cookies = await cookieMap(context);
    expect(cookies.role_user).toBe('User');
    expect(cookies.role_fleet).toBe('Truck Cikarang');
  });

  test("the role cards name the role in the reader's language; the stored role stays the server's", async ({
    page,
    context,
  }) => {
    await page.goto('/signin');
    await page.evaluate(() => localStorage.setItem('language', 'id'));
    await signIn(page, 'multi');
    const dialog = page.getByRole('dialog', { name: 'Pilih Peran' });
    const cards = dialog.getByTestId('role-card');
    await expect(cards.nth(1)).toContainText('Pengguna');
    await expect(cards.nth(1)).not.toContainText('User');
    await cards.nth(1).click();
    await dialog.getByRole('button', { name: 'OK' }).click();
    await expect(page.getByTestId('app-layout')).toBeVisible();
    expect((await cookieMap(context)).role_user).toBe('User');
  });

  test('S-015 S-017 Change Role opens the dialog with Cancel once a role is stored', async ({
    page,
    context,
  }) => {
    await signIn(page, 'multi');
    const dialog = page.getByRole('dialog', { name: 'Choose Role' });
    await dialog.getByTestId('role-card').first().click();
    await dialog.getByRole('button', { name: 'OK' }).click();
    await expect(page.getByTestId('app-layout')).toBeVisible();

    await page.getByTestId('header-user-menu').click();
    await page.getByRole('menuitem', { name: 'Change Role' }).click();
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Logout' })).toHaveCount(0);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    expect((await cookieMap(context)).role_user).toBe('Administrator');
  });

  test('the role dialog Logout signs a user out without choosing', async ({ page, context }) => {
    await signIn(page, 'multi');
    await page.getByRole('dialog', { name: 'Choose Role' }).getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/signin$/);
    expect((await cookieMap(context)).token).toBeUndefined();
  });

  test('S-025 Signout clears the token, display name and role cookies', async ({ page, context }) => {
    await signInThroughForm(page, 'guest');
    await page.getByTestId('header-user-menu').click();
    await page.getByRole('menuitem', { name: 'Signout' }).click();
    await expect(page).toHaveURL(/\/signin$/);
    const cookies = await cookieMap(context);
    for (const name of ['token', 'display_name', 'role_user', 'role_unit', 'role_fleet']) {
      expect(cookies[name], name).toBeUndefined();
    }
  });

  test('a password changed in another browser signs this one out at once, without a click', async ({
    page,
    browser,
  }) => {
    // A User of the demo unit of their own: the change of password ends their other sessions.
    const admin = await browser.newContext({ baseURL: test.info().project.use.baseURL });
    await admin.request.post('/api/auth/login', { data: { username: 'admin', password: DEMO_PASSWORD } });
    const me = (await (await admin.request.get('/api/auth/me')).json()) as { groups: { unitId: number }[] };
    const username = `e2e.out.${Date.now().toString(36)}`;
    const made = await admin.request.post('/api/users', {
      headers: { 'x-pantau-unit': String(me.groups[0]!.unitId), 'x-pantau-role': 'Administrator' },
      data: { username, email: `${username}@example.test`, password: DEMO_PASSWORD, role: 'User' },
    });
    expect(made.status()).toBe(201);
    await admin.close();

    await signInThroughForm(page, username);
    await expect(page.getByTestId('app-layout')).toBeVisible();
    const elsewhere = await browser.newContext({ baseURL: test.info().project.use.baseURL });
    await elsewhere.request.post('/api/auth/login', { data: { username, password: DEMO_PASSWORD } });
    const changed = await elsewhere.request.put('/api/auth/password', {
      data: { currentPassword: DEMO_PASSWORD, newPassword: 'rahasia-baru-9' },
    });
    expect(changed.status()).toBe(200);
    await elsewhere.close();
    // The live socket is closed as signed out, and the page signs out by itself.
    await expect(page).toHaveURL(/\/signin$/);
  });

  test('sign-up creates an account that can sign in and is told it has no role yet', async ({ page }) => {
    await page.goto('/signup');
    const suffix = Date.now().toString(36);
    await page.getByTestId('signup-username').fill(`new.${suffix}`);
    await page.getByTestId('signup-email').fill(`new.${suffix}@example.com`);
    await page.getByTestId('signup-display-name').fill('Rina Wulandari');
    await page.getByTestId('signup-password').fill('short');
    await page.getByTestId('signup-submit').click();
    await expect(page.getByText(/at least 8 characters/i).first()).toBeVisible();
    await page.getByTestId('signup-password').fill(DEMO_PASSWORD);
    await page.getByTestId('signup-confirm').fill(DEMO_PASSWORD);
    await page.getByTestId('signup-submit').click();
    await expect(page).toHaveURL(/\/signin/);
    await signIn(page, `new.${suffix}`);
    await expect(page).toHaveURL(/\/choose-role$/);
    await expect(page.getByRole('dialog', { name: 'Choose Role' })).toContainText(/no role/i);
  });
});
