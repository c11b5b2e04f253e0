import ExcelJS from 'exceljs';
import { expect, test, type Page } from '@playwright/test';
import { openAs, screenshot } from './fixtures';

/** `YYYY-MM-DD` in WIB, `daysBack` days before today. */
function wibDay(daysBack = 0): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Jakarta' }).format(
    Date.now() - daysBack * 86_400_000,
  );
}
/** The demo's week: the last seven days. */
const week = () => `from=${wibDay(6)}&to=${wibDay(0)}`;

const valueOf = async (page: Page, testId: string) =>
  Number(await page.getByTestId(testId).getAttribute('data-value'));

/** The three shares of the unit-days add up to 100 %, and the three counts to the unit-days. */
async function expectShares(page: Page) {
  const shares = await Promise.all(
    ['utilityPct', 'readyPct', 'troublePct'].map((k) => valueOf(page, `cc-figure-${k}`)),
  );
  expect(shares.reduce((a, b) => a + b, 0)).toBeCloseTo(100, 5);
  const counts = await Promise.all(
    ['totalActivity', 'totalIdleReady', 'totalIdleTrouble'].map((k) => valueOf(page, `cc-figure-${k}`)),
  );
  expect(counts.reduce((a, b) => a + b, 0)).toBeGreaterThan(0);
  return counts;
}

async function clearPeriod(page: Page) {
  const picker = page.getByTestId('cc-period').locator('.ant-picker');
  await picker.hover();
  await picker.locator('.ant-picker-clear').click();
}

test('S-054 Activity shows the demo week: six figures adding up to 100 %, a bar per day, each car carrier’s days and the status now', async ({
  page,
}) => {
  await openAs(page, 'admin', `/car-carrier/activity?${week()}`);
  await expect(page.getByTestId('cc-daily-chart').locator('canvas')).toBeVisible({ timeout: 30_000 });
  const [active, ready, trouble] = await expectShares(page);
  // A row per day and the total row, whose counts are the cards'.
  const rows = page.getByTestId('cc-daily-table').locator('tbody tr.ant-table-row');
  await expect(rows).toHaveCount(8);
  await expect(rows.last().locator('td').nth(1)).toHaveText(String(active));
  await expect(rows.last().locator('td').nth(2)).toHaveText(String(ready));
  await expect(rows.last().locator('td').nth(3)).toHaveText(String(trouble));
  // The car carriers' days: one per car carrier and day; a class filter in the URL.
  const days = page.getByTestId('cc-vehicle-days').locator('tbody tr.ant-table-row');
  await expect(days.first()).toBeVisible();
  await page.getByTestId('cc-day-class').click();
  await page.locator('.ant-select-item-option').filter({ hasText: 'Idle trouble' }).click();
  await expect(page).toHaveURL(/dayClass=idle_trouble/);
  if ((trouble ?? 0) > 0) await expect(days.first()).toContainText('Idle trouble');
  // Status now: ready and trouble add up to the car carriers listed.
  const statusReady = await valueOf(page, 'cc-status-ready');
  const statusTrouble = await valueOf(page, 'cc-status-trouble');
  expect(statusReady + statusTrouble).toBeGreaterThan(0);
  await screenshot(page, 'cc-activity');

  await clearPeriod(page);
  await expect(page.getByTestId('cc-period-required')).toHaveText('Period Time Cannot Null');
  await expect(page.getByTestId('cc-daily-chart')).toHaveCount(0);
  await expect(page).toHaveURL(/from=&to=/);
});

test('S-054 S-065 Activity in Indonesian with the dark sidebar, and on a 375 px phone', async ({ page }) => {
  await page.addInitScript(() => {
    localStorage.setItem('language', 'id');
    const settings = JSON.parse(localStorage.getItem('settings') ?? '{}') as Record<string, unknown>;
    localStorage.setItem('settings', JSON.stringify({ ...settings, darkSidebar: true }));
  });
  await page.setViewportSize({ width: 1440, height: 900 });
  await openAs(page, 'admin', `/car-carrier/activity?${week()}`);
  await expect(page.getByTestId('cc-daily-chart').locator('canvas')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('heading', { name: 'Aktivitas Pengangkut Mobil' })).toBeVisible();
  await expect(page.getByTestId('cc-figures')).toContainText('Total idle bermasalah');
  await expectShares(page);
  await screenshot(page, 'cc-activity-id-dark');

  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto(`/car-carrier/activity?${week()}`);
  await expect(page.getByTestId('cc-daily-chart').locator('canvas')).toBeVisible({ timeout: 30_000 });
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(1);
  await screenshot(page, 'cc-activity-phone-id');
  await page.goto('/car-carrier/activity?from=&to=');
  await expect(page.getByTestId('cc-period-required')).toHaveText('Periode Waktu Tidak Boleh Kosong');
});

test('S-058 Utilitas: the week, the month and the year with their columns; an empty month or year says so exactly', async ({
  page,
}) => {
  await openAs(page, 'admin', `/car-carrier/utility?tab=weekly&from=${wibDay(6)}`);
  await expect(page.getByTestId('cc-utility-chart').locator('canvas')).toBeVisible({ timeout: 30_000 });
  const table = page.getByTestId('cc-utility-table');
  // Seven days and the total.
  await expect(table.locator('tbody tr.ant-table-row')).toHaveCount(8);
  for (const column of [
    'Total CC',
    'Activity (day version)',
    'Activity (E/G ON)',
    '% Utility CC',
    'Deficiency',
    'Daily average CC ready',
    'Daily average CC trouble',
  ])
    await expect(table.locator('thead')).toContainText(column);
  await screenshot(page, 'cc-utility-weekly');

  await page.getByTestId('cc-tab-monthly').click();
  await expect(page).toHaveURL(/tab=monthly/);
  // A row per day of this month from its first (the days to come count in nothing).
  const [y, m] = wibDay(0).split('-');
  await expect(table.locator('tbody tr.ant-table-row').first().locator('td').first()).toHaveText(
    `01/${m}/${y}`,
  );
  const monthPicker = page.getByTestId('cc-picker').locator('.ant-picker');
  await monthPicker.hover();
  await monthPicker.locator('.ant-picker-clear').click();
  await expect(page.getByTestId('cc-required')).toHaveText('Please Enter Month !!!');
  await expect(page.getByTestId('cc-utility-chart')).toHaveCount(0);

  await page.getByTestId('cc-tab-yearly').click();
  await expect(page.getByTestId('cc-utility-table').locator('tbody tr.ant-table-row')).toHaveCount(13);
  await screenshot(page, 'cc-utility-yearly');
  const yearPicker = page.getByTestId('cc-picker').locator('.ant-picker');
  await yearPicker.hover();
  await yearPicker.locator('.ant-picker-clear').click();
  await expect(page.getByTestId('cc-required')).toHaveText('Please Enter Year !!!');

  await page.evaluate(() => localStorage.setItem('language', 'id'));
  await page.goto('/car-carrier/utility?tab=monthly&month=');
  await expect(page.getByTestId('cc-required')).toHaveText('Silakan Masukkan Bulan !!!');
  await page.goto('/car-carrier/utility?tab=yearly&year=');
  await expect(page.getByTestId('cc-required')).toHaveText('Silakan Masukkan Tahun !!!');
  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto(`/car-carrier/utility?tab=weekly&from=${wibDay(6)}`);
  await expect(page.getByTestId('cc-utility-chart').locator('canvas')).toBeVisible({ timeout: 30_000 });
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(1);
  await screenshot(page, 'cc-utility-phone-id');
});

test('S-054 Summary: the unit as the parent row and its fleets as children, with shares adding up to 100 %; in Indonesian and on a phone', async ({
  page,
}) => {
  await openAs(page, 'admin', `/car-carrier/summary?${week()}`);
  const table = page.getByTestId('cc-summary-table');
  const rows = table.locator('tbody tr.ant-table-row');
  await expect(rows.first()).toBeVisible({ timeout: 30_000 });
  await expect(rows.first()).toContainText('CC Jakarta');
  expect(await rows.count()).toBeGreaterThan(1);
  // The unit's % utility, ready and trouble (columns 7–9 after the name) add up to 100.
  const cells = await rows.first().locator('td').allInnerTexts();
  const shares = cells.slice(6, 9).map((c) => Number(c.replace('%', '').replace(',', '.').trim()));
  expect(shares.reduce((a, b) => a + b, 0)).toBeCloseTo(100, 5);
  await screenshot(page, 'cc-summary');
  await page.goto('/car-carrier/summary?from=&to=');
  await expect(page.getByTestId('cc-period-required')).toHaveText('Period Time Cannot Null');

  await page.evaluate(() => localStorage.setItem('language', 'id'));
  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto(`/car-carrier/summary?${week()}`);
  await expect(page.getByRole('heading', { name: 'Ringkasan Pengangkut Mobil' })).toBeVisible();
  await expect(table.locator('tbody tr.ant-table-row').first()).toBeVisible({ timeout: 30_000 });
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(1);
  await screenshot(page, 'cc-summary-phone-id');
});

test('Traffic All filters by SPK kind and status, and exports every SPK they match, not only the page shown', async ({
  page,
}) => {
  await openAs(page, 'admin', `/car-carrier/traffic?${week()}&size=10`);
  const table = page.getByTestId('cc-traffic-table');
  const rows = table.locator('tbody tr.ant-table-row');
  await expect(rows.first()).toBeVisible({ timeout: 30_000 });
  const exportRows = async () => {
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('cc-export').click(),
    ]);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(await download.path());
    const sheet = workbook.worksheets[0]!;
    return sheet
      .getSheetValues()
      .slice(2)
      .map((r) => (r as unknown[])[5] as string);
  };

  // Every SPK of the week: more than the page of ten shown.
  const lastPage = Number(await page.locator('.ant-pagination-item').last().getAttribute('title'));
  expect(lastPage).toBeGreaterThan(1);
  const all = await exportRows();
  expect(all.length).toBeGreaterThan((lastPage - 1) * 10);
  expect(all.length).toBeLessThanOrEqual(lastPage * 10);
  await expect(page.getByText(`Exported ${all.length} rows.`)).toBeVisible();

  // Done only: the list asks the server for done SPKs, the URL keeps the choice, the export follows.
  // Until the answer comes the table keeps the last page's rows (with a spinner): count after it.
  const answered = page.waitForResponse(
    (r) => /\/api\/spk\?/.test(r.url()) && /[?&]status=done/.test(r.url()),
  );
  await page.getByTestId('filter-status').click();
  await page.locator('.ant-select-dropdown:visible').getByTitle('Done').click();
  const { count, results } = (await (await answered).json()) as {
    count: number;
    results: { status: string }[];
  };
  await expect(page).toHaveURL(/[?&]status=done/);
  await expect(table.locator('.ant-spin-spinning')).toHaveCount(0);
  expect(count).toBeGreaterThan(0);
  expect(count).toBeLessThanOrEqual(all.length);
  expect(new Set(results.map((r) => r.status))).toEqual(new Set(['done']));
  await expect(rows).toHaveCount(Math.min(count, 10));
  const done = await exportRows();
  // The demo fleet runs on: an SPK may finish between the list's answer and the export.
  expect(done.length).toBeGreaterThanOrEqual(count);
  expect(done.length).toBeLessThanOrEqual(all.length);
  for (const spk of done) expect(all).toContain(spk);

  // By kind, with the unit's name of the kind.
  const dt = page.waitForRequest((r) => /\/api\/spk\?/.test(r.url()) && /[?&]kind=dt/.test(r.url()));
  await page.getByTestId('filter-kind').click();
  await page.locator('.ant-select-dropdown:visible').getByTitle('SPK DT').click();
  await dt;
  await expect(page).toHaveURL(/[?&]kind=dt/);
  await expect(page).toHaveURL(/[?&]status=done/);
});

test('S-055 Traffic All lists every SPK with the Traffic columns, lead and circle time each with actual, standard, over and description', async ({
  page,
}) => {
  await openAs(page, 'admin', `/car-carrier/traffic?${week()}`);
  const table = page.getByTestId('cc-traffic-table');
  await expect(table.locator('tbody tr.ant-table-row').first()).toBeVisible({ timeout: 30_000 });
  for (const column of [
    'Driver 1',
    'Driver 2',
    'Route',
    'Description',
    'SPK number',
    'Run date',
    'Out of pool',
    'Arrival at loading',
    'Exit loading',
    'Enter unloading',
    'Exit unloading',
    'Enter base',
    'Lead time',
    'Circle time',
    'Actual',
    'Standard',
    'Over',
  ])
    await expect(table.locator('thead')).toContainText(column);
  await screenshot(page, 'cc-traffic');

  await page.evaluate(() => localStorage.setItem('language', 'id'));
  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto(`/car-carrier/traffic?${week()}`);
  await expect(table.locator('thead')).toContainText('Pengemudi 1');
  await expect(table.locator('tbody tr.ant-table-row').first()).toBeVisible({ timeout: 30_000 });
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(1);
  await screenshot(page, 'cc-traffic-phone-id');
});
