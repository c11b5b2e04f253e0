import { expect, test } from '@playwright/test';
import { openAs, screenshot, sidebarPaths, signIn, signInToShell } from './fixtures';

const ADMIN_PATHS = [
  '/',
  '/map',
  '/vehicle-summary',
  '/availability',
  '/violation-traffic',
  '/spk/ccr',
  '/spk/dt',
  '/car-carrier/activity',
  '/car-carrier/summary',
  '/car-carrier/utility',
  '/car-carrier/traffic',
  '/report/geofence-report',
  '/report/over-speed-report',
  '/report/over-stop-report',
  '/report/over-route-report',
  '/report/detail-activity',
  '/management/vehicle-management',
  '/management/driver-management',
  '/management/fleet-management',
  '/management/user-management',
];

test.describe('the shell', () => {
  test('S-006 the Administrator menu has every entry with the spec labels', async ({ page }) => {
    await signInToShell(page, 'admin');
    expect(await sidebarPaths(page)).toEqual(ADMIN_PATHS);
    const sidebar = page.getByTestId('sidebar');
    for (const label of [
      'Dashboard',
      'Map',
      'Vehicle Summary',
      'Availability',
      'Violation Traffic',
      'SPK CCR',
      'SPK DT',
      'Activity',
      'Summary',
      'Utilitas',
      'Traffic All',
      'Geofence Report By Vehicle',
      'Management',
    ]) {
      await expect(sidebar.getByText(label, { exact: true }).first()).toBeVisible();
    }
    await screenshot(page, 'sidebar-admin-expanded');
  });

  test('S-007 the User menu: Dashboard, Map, Vehicle Summary and four reports', async ({ page }) => {
    await signInToShell(page, 'operator');
    expect(await sidebarPaths(page)).toEqual([
      '/',
      '/map',
      '/vehicle-summary',
      '/report/geofence-report',
      '/report/over-speed-report',
      '/report/over-stop-report',
      '/report/over-route-report',
    ]);
  });

  test('S-008 the Guest menu: Dashboard, Map, Vehicle Summary only', async ({ page }) => {
    await signInToShell(page, 'guest');
    expect(await sidebarPaths(page)).toEqual(['/', '/map', '/vehicle-summary']);
  });

  test("S-007 a User's reports filter by fleet; a page outside the User's menu, opened by its address, says so and leads back", async ({
    page,
  }) => {
    await signInToShell(page, 'operator');
    const refused: string[] = [];
    page.on('response', (r) => {
      if (r.status() === 403) refused.push(r.url());
    });
    await page.goto('/report/over-speed-report');
    await page.getByTestId('report-fleet').click();
    await expect(page.locator('.ant-select-dropdown:visible .ant-select-item-option')).toContainText([
      'Dedicated TMMIN',
      'Rigid 6x2',
      'Trailer',
    ]);
    await page.keyboard.press('Escape');
    for (const path of ['/report/detail-activity', '/car-carrier/activity', '/violation-traffic']) {
      await page.goto(path);
      await expect(page.getByTestId('not-for-role')).toContainText('Not open to your role');
      await expect(page.getByTestId('not-for-role')).toContainText('(User)');
    }
    expect(refused).toEqual([]);
    await page.getByTestId('not-for-role').getByRole('button', { name: 'Back to dashboard' }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test('S-008 a Guest who opens a report by its address is told it is not open to the role, in Indonesian too', async ({
    page,
  }) => {
    await signInToShell(page, 'guest');
    await page.goto('/report/over-speed-report');
    await expect(page.getByTestId('not-for-role')).toContainText('(Guest)');
    await page.evaluate(() => localStorage.setItem('language', 'id'));
    await page.reload();
    await expect(page.getByTestId('not-for-role')).toContainText('Tidak terbuka untuk peran Anda');
    await expect(page.getByTestId('not-for-role')).toContainText('(Tamu)');
    await screenshot(page, 'not-for-role-guest-id');
  });

  test('S-013 the shell shows Loading... for its first second, then the page', async ({ page }) => {
    await signIn(page, 'admin');
    await expect(page.getByTestId('shell-loading')).toContainText('Loading...');
    await expect(page.getByTestId('shell-loading')).toHaveAttribute('aria-busy', 'false', { timeout: 5000 });
  });

  test('S-010 S-011 S-009 the bell shows the count and the five newest notifications', async ({ page }) => {
    await signInToShell(page, 'admin');
    const bell = page.getByTestId('header-bell');
    const count = Number(
      await bell.locator('.ant-badge-count, .ant-scroll-number').first().getAttribute('title'),
    );
    expect(count).toBeGreaterThan(5);
    await bell.click();
    const dropdown = page.getByTestId('notification-dropdown');
    await expect(dropdown).toBeVisible();
    // Polled: the dropdown grows in with a short animation.
    await expect.poll(async () => (await dropdown.boundingBox())?.width).toBe(350);
    await expect.poll(async () => (await dropdown.boundingBox())?.height).toBe(220);
    await expect(dropdown.getByTestId('notification-item')).toHaveCount(5);
    await expect(dropdown.getByTestId('notification-item').first()).toContainText(
      / By [A-Z]{1,2} \d{4} [A-Z]{1,3}/,
    );
    await expect(dropdown.getByRole('link', { name: `Show All (${count - 5})` })).toBeVisible();
    await screenshot(page, 'bell-dropdown');
    await dropdown.getByRole('link', { name: /Show All/ }).click();
    await expect(page).toHaveURL(/\/notifications$/);
    await expect(page.locator('.ant-table-row')).toHaveCount(10);
    await screenshot(page, 'notifications');
  });

  test('S-002 the application shell page /_app: the sidebar, the top bar and the dashboard in it', async ({
    page,
  }) => {
    await openAs(page, 'admin', '/_app');
    await expect(page).toHaveURL(/\/_app$/);
    await expect(page.getByTestId('sidebar')).toBeVisible();
    await expect(page.getByTestId('dashboard-page')).toBeVisible();
  });

  test('S-027 when the profile fetch fails, its description is logged and the user is signed out', async ({
    page,
  }) => {
    await signInToShell(page, 'admin');
    const logged: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error') logged.push(m.text());
    });
    await page.route('**/api/auth/me', (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/problem+json',
        body: JSON.stringify({
          code: 'INTERNAL',
          type: 'about:blank',
          title: 'Internal Server Error',
          status: 500,
          detail: 'profile store down',
        }),
      }),
    );
    await page.reload();
    await expect(page).toHaveURL(/\/signin/);
    await expect(page.getByTestId('signin-username')).toBeVisible();
    expect(logged.join('\n')).toContain('profile store down');
    // Signed out: the role cookies are gone.
    const names = (await page.context().cookies()).map((c) => c.name);
    expect(names).not.toContain('role_unit');
  });

  test('S-040 a failing notification fetch shows the error toast', async ({ page }) => {
    await signInToShell(page, 'admin');
    await page.route('**/api/logs/notifications**', (route) => route.fulfill({ status: 503, body: 'down' }));
    await page.reload();
    await expect(page.getByText('Got error. On Get Notification')).toBeVisible();
  });

  test('S-010 the user menu has Settings, Profile, Change Role, Notifications and Signout', async ({
    page,
  }) => {
    await signInToShell(page, 'admin');
    await page.getByTestId('header-user-menu').click();
    for (const item of ['Settings', 'Profile', 'Change Role', 'Notifications', 'Signout']) {
      await expect(page.getByRole('menuitem', { name: item })).toBeVisible();
    }
    await page.getByRole('menuitem', { name: 'Profile' }).click();
    await expect(page).toHaveURL(/\/profile$/);
    await expect(page.getByTestId('app-layout')).toContainText('admin');
  });

  test('a user who asks for less motion gets no pulsing live dot; others do', async ({ page }) => {
    const running = () =>
      page.evaluate(() => document.getAnimations().filter((a) => a.playState === 'running').length);
    // The browser tests run as a user asking for reduced motion (playwright.config.ts).
    await openAs(page, 'admin', '/');
    await expect(page.getByTestId('live-badge').locator('.ant-badge-status-processing')).toBeVisible();
    expect(await running()).toBe(0);
    await page.emulateMedia({ reducedMotion: 'no-preference' });
    await expect.poll(running).toBeGreaterThan(0);
  });

  test('S-013 route changes scroll the workspace to the top', async ({ page }) => {
    await openAs(page, 'admin', '/notifications');
    await expect(page.getByTestId('shell-loading')).toHaveAttribute('aria-busy', 'false');
    await page.setViewportSize({ width: 1280, height: 400 });
    const workspace = page.getByTestId('workspace');
    await workspace.evaluate((el) => el.scrollTo(0, 400));
    await page.getByTestId('sidebar').locator('a[href="/map"]').click();
    await expect(page).toHaveURL(/\/map$/);
    await expect.poll(() => workspace.evaluate((el) => el.scrollTop)).toBe(0);
  });

  test('S-037 S-035 S-013 on a 375 px phone the sidebar is a 220 px drawer', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await signInToShell(page, 'admin');
    await expect(page.getByTestId('header-fullscreen')).toBeHidden();
    await expect(page.getByTestId('sidebar')).toBeHidden();
    await screenshot(page, 'phone-dashboard');
    await page.getByTestId('mobile-menu-button').click();
    const drawer = page.locator('.ant-drawer-content-wrapper').filter({ has: page.getByTestId('sidebar') });
    await expect(page.getByTestId('sidebar')).toBeVisible();
    await expect.poll(async () => (await drawer.boundingBox())?.width).toBe(220);
    await expect.poll(async () => (await drawer.boundingBox())?.x).toBe(0); // slid fully in
    await screenshot(page, 'phone-menu-drawer');
    await page.getByTestId('sidebar').locator('a[href="/map"]').click();
    await expect(page).toHaveURL(/\/map$/);
  });
});
