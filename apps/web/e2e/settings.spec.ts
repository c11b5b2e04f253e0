import { expect, test, type Page } from '@playwright/test';
import { drawnOutOfOrder, screenshot, signInToShell } from './fixtures';

const sw = (page: Page, key: string) => page.getByTestId(`setting-${key}`);
const checked = async (page: Page, key: string) =>
  (await sw(page, key).getAttribute('aria-checked')) === 'true';
const stored = (page: Page) => page.evaluate(() => JSON.parse(localStorage.getItem('settings') ?? 'null'));

async function openSettings(page: Page) {
  await page.getByTestId('header-settings').click();
  await expect(page.getByTestId('settings-drawer')).toBeVisible();
}

async function closeSettings(page: Page) {
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('settings-drawer')).toBeHidden();
}

function luminance(rgb: string): number {
  const [r, g, b] = (rgb.match(/\d+/g) ?? ['255', '255', '255']).map(Number) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

test.describe('layout settings', () => {
  test.beforeEach(async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await signInToShell(page, 'admin');
  });

  test('S-012 S-036 S-037 the drawer has the eight switches with the spec defaults', async ({ page }) => {
    await openSettings(page);
    const drawer = page.getByTestId('settings-drawer');
    for (const label of [
      'Boxed view',
      'Dark sidebar menu',
      'Popup sub menus',
      'Sidebar menu icons',
      'Collapsed sidebar menu',
      'Weak colors',
      'RTL/LTR toggle',
      'Notification Sound',
    ]) {
      await expect(drawer.getByText(label, { exact: true })).toBeVisible();
    }
    const wrapper = page.locator('.ant-drawer-content-wrapper').filter({ has: drawer });
    await expect.poll(async () => (await wrapper.boundingBox())?.width).toBe(300);
    const defaults = {
      boxed: false,
      darkSidebar: false,
      sidebarPopup: false,
      sidebarIcons: true,
      collapsed: false,
      weakColor: false,
      direction: false,
      notificationSound: true,
    };
    for (const [key, on] of Object.entries(defaults)) expect(await checked(page, key), key).toBe(on);
    await screenshot(page, 'settings-drawer');
  });

  test('boxed view centres the layout in a narrower box', async ({ page }) => {
    const layout = page.getByTestId('app-layout');
    const before = (await layout.boundingBox())!.width;
    await openSettings(page);
    await sw(page, 'boxed').click();
    await closeSettings(page);
    await expect(layout).toHaveAttribute('data-boxed', 'true');
    const box = (await layout.boundingBox())!;
    expect(box.width).toBeLessThan(before);
    expect(box.x).toBeGreaterThan(0);
    await screenshot(page, 'boxed');
  });

  test('dark sidebar turns the sidebar dark', async ({ page }) => {
    const sidebar = page.getByTestId('sidebar');
    const bg = () => sidebar.evaluate((el) => getComputedStyle(el).backgroundColor);
    expect(luminance(await bg())).toBeGreaterThan(200);
    await openSettings(page);
    await sw(page, 'darkSidebar').click();
    await closeSettings(page);
    expect(luminance(await bg())).toBeLessThan(80);
    await screenshot(page, 'dark-sidebar');
  });

  test('popup sub menus open sub-menus beside the sidebar', async ({ page }) => {
    const menu = page.getByTestId('sidebar').locator('.ant-menu').first();
    await expect(menu).toHaveClass(/ant-menu-inline/);
    await openSettings(page);
    await sw(page, 'sidebarPopup').click();
    await closeSettings(page);
    await expect(menu).toHaveClass(/ant-menu-vertical/);
    await page.getByTestId('sidebar').locator('.ant-menu-submenu-title').first().hover();
    await expect(page.locator('.ant-menu-submenu-popup').first()).toBeVisible();
  });

  test('S-031 S-032 S-037 collapsing forces icons on; icon toggling is ignored while collapsed', async ({
    page,
  }) => {
    const sidebar = page.getByTestId('sidebar');
    expect((await sidebar.boundingBox())!.width).toBe(220);
    await openSettings(page);
    await sw(page, 'sidebarIcons').click();
    expect(await checked(page, 'sidebarIcons')).toBe(false);
    await expect(sidebar.locator('.ant-menu-item .anticon')).toHaveCount(0);
    await sw(page, 'collapsed').click();
    expect(await checked(page, 'collapsed')).toBe(true);
    expect(await checked(page, 'sidebarIcons')).toBe(true);
    // While collapsed the icon switch is disabled; a forced click must not change it.
    await expect(sw(page, 'sidebarIcons')).toBeDisabled();
    await sw(page, 'sidebarIcons').click({ force: true });
    expect(await checked(page, 'sidebarIcons')).toBe(true);
    await closeSettings(page);
    await expect.poll(async () => (await sidebar.boundingBox())!.width).toBe(80);
    expect(await sidebar.locator('.ant-menu-item .anticon').count()).toBeGreaterThan(0);
    await screenshot(page, 'collapsed');
  });

  test('S-033 weak colours dim the layout and turn the dark sidebar off', async ({ page }) => {
    await openSettings(page);
    await sw(page, 'darkSidebar').click();
    await sw(page, 'weakColor').click();
    expect(await checked(page, 'darkSidebar')).toBe(false);
    await closeSettings(page);
    const layout = page.getByTestId('app-layout');
    await expect(layout).toHaveAttribute('data-weak-color', 'true');
    const filter = await page.evaluate(() => {
      for (
        let el: Element | null = document.querySelector('[data-testid="app-layout"]');
        el;
        el = el.parentElement
      ) {
        const f = getComputedStyle(el).filter;
        if (f && f !== 'none') return f;
      }
      return 'none';
    });
    expect(filter).not.toBe('none');
    await screenshot(page, 'weak-colors');
  });

  test('S-034 RTL mirrors the whole layout', async ({ page }) => {
    await openSettings(page);
    await sw(page, 'direction').click();
    await closeSettings(page);
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    const sidebar = (await page.getByTestId('sidebar').boundingBox())!;
    expect(sidebar.x).toBeGreaterThan(1440 / 2);
    await screenshot(page, 'rtl');
    // A speed reads "0 km/h" in RTL too, not "km/h 0": numbers with units keep left-to-right order.
    await page.goto('/vehicle-summary');
    const speed = page
      .getByTestId('summary-rows')
      .locator('bdi', { hasText: /^\d+ km\/h$/ })
      .first();
    await expect(speed).toBeVisible();
    expect(await speed.evaluate((el) => getComputedStyle(el).direction)).toBe('ltr');
    expect(await speed.evaluate((el) => getComputedStyle(el.parentElement!).direction)).toBe('rtl');
    await screenshot(page, 'rtl-vehicle-summary');
    const pageSize = page.locator('.ant-pagination .ant-select', { hasText: '/' });
    await expect(pageSize).toBeVisible();
    expect(await drawnOutOfOrder(pageSize)).toEqual([]);
    // A date and time keeps its order ("07/12/2026 05:27:48 WIB", not "WIB 05:27:48 07/12/2026"), and a
    // table cell its RTL side.
    await page.goto('/notifications');
    const cell = page.locator('.ant-table-tbody .ant-table-cell', { hasText: / WIB$/ }).first();
    await expect(cell).toBeVisible();
    expect(await drawnOutOfOrder(cell)).toEqual([]);
    const rightGap = await cell.evaluate((el) => {
      const range = document.createRange();
      range.selectNodeContents(el);
      return el.getBoundingClientRect().right - range.getBoundingClientRect().right;
    });
    expect(rightGap).toBeLessThan(40);
    // So do paragraphs and a form's hints and errors: "For example B 9471 UEY.", not
    // ".For example B 9471 UEY".
    await page.goto('/profile');
    await expect(page.getByText(/signed out\.$/)).toBeVisible();
    await expect(page.getByTestId('shell-loading')).toHaveAttribute('aria-busy', 'false');
    expect(await drawnOutOfOrder(page.getByTestId('workspace'))).toEqual([]);
    await page.goto('/management/vehicle-management');
    await page.getByTestId('add-vehicle').click();
    await page.getByTestId('vehicle-save').click();
    await expect(page.locator('.ant-form-item-explain-error').first()).toBeVisible();
    expect(await drawnOutOfOrder(page.locator('body'))).toEqual([]);
  });

  test('S-021 settings persist across a reload under the settings key, without mobile or drawers', async ({
    page,
  }) => {
    await openSettings(page);
    await sw(page, 'boxed').click();
    await sw(page, 'darkSidebar').click();
    await sw(page, 'sidebarPopup').click();
    await sw(page, 'notificationSound').click();
    await sw(page, 'direction').click();
    await closeSettings(page);
    await page.reload();
    await expect(page.getByTestId('app-layout')).toHaveAttribute('data-boxed', 'true');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    const settings = await stored(page);
    expect(Object.keys(settings).sort()).toEqual([
      'boxed',
      'collapsed',
      'darkSidebar',
      'direction',
      'notificationSound',
      'sidebarIcons',
      'sidebarPopup',
      'weakColor',
    ]);
    expect(settings).toMatchObject({
      boxed: true,
      darkSidebar: true,
      sidebarPopup: true,
      notificationSound: false,
      direction: 'rtl',
    });
    await openSettings(page);
    for (const key of ['boxed', 'darkSidebar', 'sidebarPopup', 'direction'])
      expect(await checked(page, key), key).toBe(true);
    expect(await checked(page, 'notificationSound')).toBe(false);
  });

  test('S-030 the fullscreen toggle enters full-screen mode', async ({ page }) => {
    await page.getByTestId('header-fullscreen').click();
    await expect.poll(() => page.evaluate(() => Boolean(document.fullscreenElement))).toBe(true);
    await page.getByTestId('header-fullscreen').click();
    await expect.poll(() => page.evaluate(() => Boolean(document.fullscreenElement))).toBe(false);
  });

  test('S-065 Indonesian everywhere, remembered across a reload', async ({ page }) => {
    await page.getByTestId('language-switch').getByText('ID', { exact: true }).click();
    const sidebar = page.getByTestId('sidebar');
    await expect(sidebar).not.toContainText('Vehicle Summary');
    await expect(page.locator('html')).toHaveAttribute('lang', 'id');
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('lang', 'id');
    await expect(sidebar).not.toContainText('Vehicle Summary');
    await screenshot(page, 'dashboard-admin-id');
    await openSettings(page);
    await screenshot(page, 'settings-drawer-id');
  });
});
