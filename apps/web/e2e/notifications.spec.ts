import { expect, test, type Locator, type Page } from '@playwright/test';
import { screenshot, signInToShell } from './fixtures';

/** The element lies wholly inside the viewport (nothing of it cut off or off-screen). */
async function expectInViewport(page: Page, locator: Locator) {
  const viewport = page.viewportSize()!;
  await expect
    .poll(async () => {
      const box = await locator.boundingBox();
      return (
        !!box &&
        box.x >= 0 &&
        box.y >= 0 &&
        box.x + box.width <= viewport.width + 0.5 &&
        box.y + box.height <= viewport.height + 0.5
      );
    })
    .toBe(true);
}

test.describe('notifications', () => {
  test('say what happened and where, and open the vehicle on the map', async ({ page }) => {
    await signInToShell(page, 'admin');
    await page.getByTestId('header-bell').click();
    const dropdown = page.getByTestId('notification-dropdown');
    const first = dropdown.getByTestId('notification-item').first();
    await expect(first).toBeVisible();
    // The second line: speed and limit, minutes stopped or the alarm, then the place.
    await expect(first.getByTestId('notification-detail')).toHaveText(/(km\/h|min|Alarm|GPS|route|geofence)/);
    await expect(first).toHaveAttribute('href', /^\/map\?vehicle=\d+$/);
    const href = (await first.getAttribute('href'))!;
    await first.click();
    await expect(page).toHaveURL(new RegExp(`${href.replace('?', '\\?')}$`));
    await expect(page.locator('.vehicle-drawer').getByTestId('vehicle-info-plate')).toBeVisible();

    await page.goto('/notifications');
    const row = page.locator('.ant-table-row').first();
    await expect(row.getByTestId('notification-detail')).toHaveText(/(km\/h|min|Alarm|GPS|route|geofence)/);
    await row.getByTestId('notification-vehicle-link').click();
    await expect(page).toHaveURL(/\/map\?vehicle=\d+$/);
  });

  for (const language of ['en', 'id'] as const)
    test(`on a 375 px phone (${language}) the bell dropdown and the time column are on screen`, async ({
      page,
    }) => {
      await page.setViewportSize({ width: 375, height: 812 });
      await page.addInitScript((lang) => localStorage.setItem('language', lang), language);
      await signInToShell(page, 'admin');
      await page.getByTestId('header-bell').click();
      const dropdown = page.getByTestId('notification-dropdown');
      await expect(dropdown.getByTestId('notification-item').first()).toBeVisible();
      await expectInViewport(page, dropdown);
      await screenshot(page, `phone-bell-${language}`);
      await page.keyboard.press('Escape');
      await page.goto('/notifications');
      const time = page.locator('.ant-table-row').first().locator('.notification-time');
      await expect(time).toBeVisible();
      await expectInViewport(page, time);
      await expectInViewport(page, page.locator('.ant-table-row').first().getByTestId('notification-detail'));
      await screenshot(page, `phone-notifications-${language}`);
    });
});
