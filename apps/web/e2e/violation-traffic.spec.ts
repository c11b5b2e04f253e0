import { expect, test, type Page } from '@playwright/test';
import { screenshot, signInToShell } from './fixtures';

/** `YYYY-MM-DD` in WIB, `daysBack` days before today. */
function wibDay(daysBack = 0): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Jakarta' }).format(
    Date.now() - daysBack * 86_400_000,
  );
}
/** The demo fleet's last seven days, as custom days. */
const lastWeek = () => `/violation-traffic?period=custom&from=${wibDay(6)}&to=${wibDay(0)}`;

async function openPage(page: Page, path: string) {
  await page.goto(path);
  await expect(page.getByTestId('vt-traffic-chart').locator('canvas')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('vt-totals')).toBeVisible();
}

/** The total number of violations the page shows. */
async function totalOf(page: Page): Promise<number> {
  const text = await page.getByTestId('vt-totals').locator('.ant-statistic-content-value').nth(3).innerText();
  return Number(text.replace(/[.,\s]/g, ''));
}

/**
 * Clicks the bar of the first day with violations, where a person sees it: the chart's plot starts 36 px
 * from its left and ends 12 px from its right, one slot per day, the bars standing on a baseline 36 px
 * above its bottom.
 */
async function clickABar(page: Page): Promise<void> {
  const totals = await page
    .getByTestId('vt-traffic-table')
    .locator('tbody tr.ant-table-row td:last-child')
    .allInnerTexts();
  const day = totals.findIndex((text) => Number(text) > 0);
  expect(day).toBeGreaterThanOrEqual(0);
  const chart = page.getByTestId('vt-traffic-chart');
  await chart.scrollIntoViewIfNeeded();
  const box = (await chart.boundingBox())!;
  const slot = (box.width - 36 - 12) / totals.length;
  await page.mouse.click(box.x + 36 + (day + 0.5) * slot, box.y + box.height - 36 - 2);
}

test('S-053 the page shows the demo fleet’s week with charts, tables and the top drivers’ formula; a bar lists its violations with playback links', async ({
  page,
}) => {
  await signInToShell(page, 'admin');
  await openPage(page, lastWeek());
  const total = await totalOf(page);
  expect(total).toBeGreaterThan(0);
  // A bar per day of the week, each day a row of the table beside the chart.
  await expect(page.getByTestId('vt-traffic-table').locator('tbody tr.ant-table-row')).toHaveCount(7);
  await expect(page.getByTestId('vt-fleet-chart').locator('canvas')).toBeVisible();
  await expect(page.getByTestId('vt-fleet-table').locator('tbody tr.ant-table-row').first()).toBeVisible();
  const drivers = page.getByTestId('vt-driver-table').locator('tbody tr.ant-table-row');
  expect(await drivers.count()).toBeGreaterThan(0);
  expect(await drivers.count()).toBeLessThanOrEqual(10);
  await expect(drivers.first().locator('td').first()).toHaveText('1');
  await expect(page.getByTestId('vt-formula')).toContainText(
    'Over speed: 1 point up to 10 km/h over the limit',
  );
  await screenshot(page, 'violation-traffic');

  await clickABar(page);
  await expect(page).toHaveURL(/list=1.*sk=over(speed|stop|route).*sfrom=/);
  const list = page.getByTestId('vt-violations');
  await expect(list).toBeVisible();
  const rows = list.locator('tbody tr.ant-table-row');
  await expect(rows.first()).toBeVisible();
  const link = rows.first().getByTestId('vt-playback-link');
  await expect(link).toHaveAttribute('href', /^\/map\?playback=\d+&period=custom&from=[^&]+&to=[^&]+$/);
  await screenshot(page, 'violation-traffic-bar');

  // The list is in the URL: a reload shows it again.
  await page.reload();
  await expect(page.getByTestId('vt-violations').locator('tbody tr.ant-table-row').first()).toBeVisible({
    timeout: 30_000,
  });
  await page.getByTestId('vt-violations').getByTestId('vt-playback-link').first().click();
  await expect(page).toHaveURL(/\/map\?playback=\d+&period=custom/);
});

test('S-053 an empty period says exactly "Period Time Cannot Null", in Indonesian too', async ({ page }) => {
  await signInToShell(page, 'admin');
  await openPage(page, '/violation-traffic');
  // This week, cleared from its picker.
  const picker = page.getByTestId('vt-days').locator('.ant-picker');
  await picker.hover();
  await picker.locator('.ant-picker-clear').click();
  await expect(page.getByTestId('vt-period-required')).toHaveText('Period Time Cannot Null');
  await expect(page.getByTestId('vt-traffic-chart')).toHaveCount(0);
  await expect(page.getByTestId('vt-export')).toBeDisabled();
  await expect(page).toHaveURL(/period=weekly$/);

  await page.evaluate(() => localStorage.setItem('language', 'id'));
  await page.goto('/violation-traffic?period=custom');
  await expect(page.getByTestId('vt-period-required')).toHaveText('Periode Waktu Tidak Boleh Kosong');
});

test('S-053 S-065 a month in Indonesian with the dark sidebar, and the week on a 375 px phone', async ({
  page,
}) => {
  await page.addInitScript(() => {
    localStorage.setItem('language', 'id');
    const settings = JSON.parse(localStorage.getItem('settings') ?? '{}') as Record<string, unknown>;
    localStorage.setItem('settings', JSON.stringify({ ...settings, darkSidebar: true }));
  });
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInToShell(page, 'admin');
  await openPage(page, `/violation-traffic?period=monthly&from=${wibDay(0)}`);
  await expect(page.getByRole('heading', { name: 'Pelanggaran Lalu Lintas' })).toBeVisible();
  await expect(page.getByTestId('vt-period')).toContainText('Bulanan');
  await expect(page.getByTestId('vt-formula')).toContainText('Kecepatan berlebih: 1 poin sampai 10 km/jam');
  const days = await page.getByTestId('vt-traffic-table').locator('tbody tr.ant-table-row').count();
  expect(days).toBeGreaterThanOrEqual(28);
  await screenshot(page, 'violation-traffic-month-id-dark');
  await page.getByTestId('vt-top-drivers').scrollIntoViewIfNeeded();
  await screenshot(page, 'violation-traffic-drivers-id-dark');

  await page.setViewportSize({ width: 375, height: 740 });
  await openPage(page, lastWeek());
  await expect(page.getByTestId('vt-traffic-table').locator('thead')).toContainText('Kecepatan berlebih');
  // Each day on one line: no column squeezed until its text breaks letter by letter.
  const dayCell = page.getByTestId('vt-traffic-table').locator('tbody tr.ant-table-row td').first();
  expect((await dayCell.boundingBox())!.height).toBeLessThan(60);
  // Nothing wider than the phone but the tables, which scroll inside their cards.
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(1);
  await screenshot(page, 'violation-traffic-phone-id');
  await page.getByTestId('vt-fleets').scrollIntoViewIfNeeded();
  await screenshot(page, 'violation-traffic-phone-fleets-id');
  await clickABar(page);
  await expect(page.getByTestId('vt-violations').locator('tbody tr.ant-table-row').first()).toBeVisible();
  await screenshot(page, 'violation-traffic-phone-list-id');
});
