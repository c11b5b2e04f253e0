import { expect, test, type Browser, type Page } from '@playwright/test';
import { openAs, screenshot, searchList, sidebarPaths } from './fixtures';

const PAGE_URL = '/management/user-management';

/** Signs in through the form in a fresh browser (no cookies of the admin) and answers the page. */
async function signInFresh(browser: Browser, username: string, password: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto('/signin');
  await page.getByTestId('signin-username').fill(username);
  await page.getByTestId('signin-password').fill(password);
  await page.getByTestId('signin-submit').click();
  return { context, page };
}

async function openPage(page: Page) {
  await openAs(page, 'admin', PAGE_URL);
  await expect(page.getByTestId('users-list')).toHaveAttribute('data-loading', 'false');
}

/** Filters the table down to one user and answers their row. */
async function findUser(page: Page, username: string) {
  await searchList(page, username);
  const row = page.locator(`[data-testid="user-row"][data-username="${username}"]`);
  await expect(row).toHaveCount(1);
  return row;
}

/** Picks an option of the antd Select that is open now. */
async function pickOption(page: Page, label: string) {
  // On a loaded machine a click can land while the list is still animating in and be lost (seen once
  // in CI): the pick is retried until the list has closed. The list must have opened first (a list not
  // shown yet once passed for a closed one, and nothing was picked).
  const list = page.locator('.ant-select-dropdown:visible');
  await expect(list).not.toHaveCount(0);
  await expect(async () => {
    if ((await list.count()) > 0)
      await list.locator(`.ant-select-item-option[title="${label}"]`).click({ timeout: 2_000 });
    await expect(list).toHaveCount(0, { timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
}

test.describe('user management', () => {
  test.describe.configure({ timeout: 180_000 });
  test("S-006 S-007 S-008 manage a user's role and see their menu change after they sign in", async ({
    page,
    browser,
  }) => {
    await openPage(page);
    await expect(page.locator('[data-testid="user-row"][data-username="operator"]')).toBeVisible();
    await screenshot(page, 'user-management-en');

    // A new account, as Guest.
    const username = `e2e${Date.now() % 1_000_000}`;
    const password = 'rahasia-e2e-1';
    await page.getByTestId('add-user').click();
    // An empty form says what each field needs, as the vehicle form does.
    await page.getByTestId('add-user-save').click();
    const form = page.getByTestId('add-user-form');
    await expect(form.locator('.ant-form-item-explain-error')).toHaveText([
      'Username is required',
      'E-mail is required for a new account',
      'Password is required',
    ]);
    await page.getByTestId('add-user-email').fill('not-an-address');
    await page.getByTestId('add-user-save').click();
    await expect(form).toContainText('Enter a valid e-mail address');
    await page.getByTestId('add-user-username').fill(username);
    await page.getByTestId('add-user-name').fill('Eko Dua Empat');
    await page.getByTestId('add-user-email').fill(`${username}@example.test`);
    await page.getByTestId('add-user-password').fill(password);
    await page.getByTestId('add-user-role').click();
    await pickOption(page, 'Guest');
    await screenshot(page, 'user-management-add-en');
    await page.getByTestId('add-user-save').click();
    await expect(page.locator('.ant-message')).toContainText(`${username} can now sign in as Guest.`);
    let row = await findUser(page, username);
    await expect(row.getByTestId('user-role')).toHaveText('Guest');
    await expect(row).toContainText('Never');

    // The taken username is refused on its field.
    await page.getByTestId('add-user').click();
    await page.getByTestId('add-user-username').fill(username.toUpperCase());
    await page.getByTestId('add-user-email').fill(`other-${username}@example.test`);
    await page.getByTestId('add-user-password').fill(password);
    await page.getByTestId('add-user-save').click();
    await expect(page.getByTestId('add-user-form')).toContainText('This username is already taken');
    await page.getByRole('button', { name: 'Cancel' }).click();

    // They sign in (fresh browser): the Guest menu.
    const first = await signInFresh(browser, username, password);
    await expect(first.page.getByTestId('app-layout')).toBeVisible({ timeout: 30_000 });
    expect(await sidebarPaths(first.page)).toEqual(['/', '/map', '/vehicle-summary']);
    await first.context.close();

    // The admin makes them a User.
    row = await findUser(page, username);
    await row.getByTestId('user-role-select').click();
    await pickOption(page, 'User');
    await expect(page.locator('.ant-message')).toContainText(`${username} is now User.`);
    await expect(row.getByTestId('user-role')).toHaveText('User');

    // Signing in again: the User menu with its four reports.
    const second = await signInFresh(browser, username, password);
    await expect(second.page.getByTestId('app-layout')).toBeVisible({ timeout: 30_000 });
    expect(await sidebarPaths(second.page)).toEqual([
      '/',
      '/map',
      '/vehicle-summary',
      '/report/geofence-report',
      '/report/over-speed-report',
      '/report/over-stop-report',
      '/report/over-route-report',
    ]);
    await second.context.close();

    // Reset the password, then disable: sign-in is refused.
    await row.getByTestId('user-reset-password').click();
    await page.getByTestId('reset-password-input').fill('rahasia-baru-2');
    await page.getByTestId('reset-password-confirm').fill('rahasia-baru-2');
    await screenshot(page, 'user-management-reset-en');
    await page.getByTestId('reset-password-save').click();
    await expect(page.locator('.ant-message')).toContainText(`Password of ${username} reset.`);

    await row.getByTestId('user-disable').click();
    await page.getByTestId('user-disable-confirm').click();
    await expect(page.locator('.ant-message')).toContainText(`${username} is disabled.`);
    await expect(row.getByTestId('user-status')).toHaveText('Disabled');
    const third = await signInFresh(browser, username, 'rahasia-baru-2');
    await expect(third.page.getByRole('alert')).toContainText('This account is disabled');
    await expect(third.page).toHaveURL(/\/signin$/);
    await third.context.close();

    await row.getByTestId('user-history').click();
    await expect(page.getByTestId('audit-drawer').getByTestId('audit-entry')).toHaveCount(4);
    await screenshot(page, 'user-history-en');
    await page.keyboard.press('Escape');

    // Removed from the unit: gone from the list.
    await row.getByTestId('user-remove').click();
    await page.getByTestId('user-remove-confirm').click();
    await expect(page.locator('.ant-message')).toContainText(`${username} removed from this unit.`);
    await expect(page.locator(`[data-testid="user-row"][data-username="${username}"]`)).toHaveCount(0);
  });

  test('the last Administrator cannot be demoted: a clear message and nothing changes', async ({ page }) => {
    await openPage(page);
    const row = await findUser(page, 'admin');
    await expect(row.getByTestId('user-role')).toHaveText('Administrator');
    await expect(row).toContainText('(you)');
    await expect(row.getByTestId('user-disable')).toBeDisabled();
    await row.getByTestId('user-role-select').click();
    await pickOption(page, 'Guest');
    await expect(page.getByTestId('user-action-error')).toHaveText(
      'admin is the only Administrator of this unit. Make someone else Administrator first.',
    );
    await screenshot(page, 'user-management-last-admin-en');
    await page.reload();
    const after = await findUser(page, 'admin');
    await expect(after.getByTestId('user-role')).toHaveText('Administrator');
    await expect(after.getByTestId('user-role-select')).toContainText('Administrator');
  });

  test('search and filters narrow the list', async ({ page }) => {
    await openPage(page);
    await page.getByTestId('list-search').fill('dimas');
    await expect(page.getByTestId('user-row')).toHaveCount(1);
    await expect(page.getByTestId('user-row')).toHaveAttribute('data-username', 'operator');
    await page.getByTestId('list-search').fill('');
    await expect(page).not.toHaveURL(/search=/);
    await expect(page.getByTestId('user-row')).not.toHaveCount(1);
    await page.getByTestId('filter-role').click();
    await pickOption(page, 'Guest');
    await expect(page).toHaveURL(/role=Guest/);
    await expect(page.locator('[data-testid="user-row"][data-username="guest"]')).toBeVisible();
    await expect(page.locator('[data-testid="user-row"][data-username="admin"]')).toHaveCount(0);
  });

  test('S-060 a Guest who opens the URL is told only an Administrator manages users', async ({ page }) => {
    await openAs(page, 'guest', PAGE_URL);
    await expect(page.getByTestId('admin-only')).toContainText('Only an Administrator can manage users');
    await expect(page.getByTestId('users-list')).toHaveCount(0);
    await screenshot(page, 'user-management-guest-en');
  });

  test('S-065 in Indonesian and on a 375 px phone', async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem('language', 'id'));
    await page.setViewportSize({ width: 1440, height: 900 });
    await openPage(page);
    await expect(page.getByTestId('add-user')).toHaveText('Tambah pengguna');
    await expect(
      page.locator('[data-testid="user-row"][data-username="guest"]').getByTestId('user-role'),
    ).toHaveText('Tamu');
    await screenshot(page, 'user-management-id');
    await page.setViewportSize({ width: 375, height: 800 });
    await screenshot(page, 'user-management-id-phone');
    await page.getByTestId('add-user').click();
    await page.getByTestId('add-user-save').click();
    await expect(page.getByTestId('add-user-form').locator('.ant-form-item-explain-error')).toHaveText([
      'Nama pengguna wajib diisi',
      'E-mail wajib untuk akun baru',
      'Kata sandi wajib diisi',
    ]);
    // A click while the modal is still opening can be lost on a loaded machine (seen in CI): retried.
    await expect(async () => {
      await page.getByTestId('add-user-mode-existing').click();
      await expect(page.getByTestId('add-user-form')).toContainText('Nama pengguna atau e-mail', {
        timeout: 1_000,
      });
    }).toPass({ timeout: 15_000 });
    await screenshot(page, 'user-management-add-id-phone');
  });
});
