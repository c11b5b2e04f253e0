import { expect, test, type Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { readFile } from 'node:fs/promises';
import { openAs, screenshot, signInAs, signInToShell } from './fixtures';

async function openReport(page: Page, path: string, testId: string) {
  await page.goto(path);
  await expect(page.getByTestId(`${testId}-table`)).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId(`${testId}-table`).locator('.ant-spin-spinning')).toHaveCount(0, {
    timeout: 30_000,
  });
}

/** The total the table's pager shows ("123 rows"). */
async function totalRows(page: Page): Promise<number> {
  const text = (await page.locator('.ant-pagination-total-text').textContent()) ?? '';
  return Number(/\d+/.exec(text.replace(/[.,]/g, ''))?.[0] ?? 0);
}

test('S-059 S-056 the over speed report lists the demo fleet’s week, pages by 10, and exports every row to .xlsx', async ({
  page,
}) => {
  await signInAs(page, 'admin');
  await openReport(page, '/report/over-speed-report?period=last30', 'overspeed-report');
  const total = await totalRows(page);
  expect(total).toBeGreaterThan(0);
  const rows = page.getByTestId('overspeed-report-table').locator('tbody tr.ant-table-row');
  await expect(rows).toHaveCount(Math.min(10, total));
  await expect(page.getByTestId('report-totals')).toContainText(String(total));
  await screenshot(page, 'report-overspeed');

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByTestId('report-export-xlsx').click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^over-speed_\d{4}-\d{2}-\d{2}_\d{4}-\d{2}-\d{2}\.xlsx$/);
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile((await download.path())!);
  const sheet = book.worksheets[0]!;
  // Heading, every row of the period, totals.
  expect(sheet.rowCount).toBe(total + 2);
  expect(sheet.getRow(1).values).toContain('Hull number');
  expect(String(sheet.getRow(total + 2).getCell(1).value)).toBe(`Total (${total})`);
});

test('S-059 the over stop report sorts on the server, keeps its filters in the URL and exports CSV in Indonesian', async ({
  page,
}) => {
  await signInToShell(page, 'admin');
  await page.evaluate(() => localStorage.setItem('language', 'id'));
  await openReport(page, '/report/over-stop-report?period=last30', 'overstop-report');
  await page.getByTestId('overstop-report-table').getByRole('columnheader', { name: 'Durasi' }).click();
  await expect(page).toHaveURL(/sortBy=duration/);
  await page.reload();
  await expect(page.getByTestId('report-period')).toContainText('30 hari terakhir');
  const total = await totalRows(page);
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByTestId('report-export-csv').click(),
  ]);
  const lines = (await readFile((await download.path())!, 'utf8'))
    .replace(/^\uFEFF/, '')
    .trim()
    .split('\r\n');
  expect(lines[0]).toContain('Nomor lambung');
  expect(lines).toHaveLength(total + 2);
  expect(lines.at(-1)).toMatch(/^Jumlah \(\d+\)/);
  // Places in Indonesian on the page and in the file: "di …" / "dekat …", never "at …" / "near …".
  const places = await page.locator('.report-place').allTextContents();
  expect(places.length).toBeGreaterThan(0);
  expect(places.filter((p) => /^(at|near) /.test(p))).toEqual([]);
  expect(lines.filter((l) => /(^|[",])(at|near) /.test(l))).toEqual([]);
  await screenshot(page, 'report-overstop-id');
});

test('the geofence and over route reports open with their filters, also on a phone', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await signInAs(page, 'operator');
  await openReport(page, '/report/geofence-report', 'geofence-report');
  await expect(page.getByTestId('report-category')).toBeVisible();
  await screenshot(page, 'report-geofence-phone');
  await openReport(page, '/report/over-route-report', 'overroute-report');
});

test('a custom period longer than 31 days is refused on the form', async ({ page }) => {
  await signInAs(page, 'admin');
  await openReport(page, '/report/over-speed-report', 'overspeed-report');
  const days = page.getByTestId('report-days');
  await days.locator('input').first().click();
  await days.locator('input').first().fill('01/01/2026');
  await days.locator('input').first().press('Enter');
  await days.locator('input').nth(1).fill('15/03/2026');
  await days.locator('input').nth(1).press('Enter');
  await expect(page.getByTestId('report-range-error')).toBeVisible();
});

test('S-059 detail activity shows each vehicle’s days with totals for an Administrator, and exports them', async ({
  page,
}) => {
  await signInAs(page, 'admin');
  await openReport(page, '/report/detail-activity', 'detail-activity-report');
  const total = await totalRows(page);
  expect(total).toBeGreaterThan(0);
  await expect(page.getByTestId('report-totals')).toContainText(String(total));
  await screenshot(page, 'report-detail-activity');
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByTestId('report-export-csv').click(),
  ]);
  const lines = (await readFile((await download.path())!, 'utf8'))
    .replace(/^\uFEFF/, '')
    .trim()
    .split('\r\n');
  expect(lines).toHaveLength(total + 2);
});

test('a User has four reports: detail activity is not open to the role', async ({ page }) => {
  await openAs(page, 'operator', '/report/detail-activity');
  await expect(page.getByTestId('not-for-role')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('detail-activity-report')).toHaveCount(0);
});

test('S-046 an Administrator recalculates one vehicle’s period from detail activity and follows its progress', async ({
  page,
}) => {
  await signInAs(page, 'admin');
  await openReport(page, '/report/detail-activity?period=yesterday', 'detail-activity-report');
  await expect(page.getByTestId('report-recalculate')).toBeDisabled();
  await page.getByTestId('report-vehicles').click();
  await page.keyboard.type('CC-01');
  await page.keyboard.press('Enter');
  await page.keyboard.press('Escape');
  await expect(page).toHaveURL(/[?&]v=\d+/);
  await page.getByTestId('report-recalculate').click();
  await page.locator('.ant-modal-confirm-btns .ant-btn-primary').click();
  await expect(page.getByTestId('report-recalculate-state')).toHaveAttribute('data-state', 'done', {
    timeout: 60_000,
  });
  await expect(page.getByTestId('report-recalculate-progress')).toHaveClass(/ant-progress-status-success/);
  await expect(page.getByTestId('report-recalculate-state')).toContainText('positions');
});
