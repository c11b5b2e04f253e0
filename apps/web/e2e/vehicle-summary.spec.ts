import { expect, test, type Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { openAs, screenshot } from './fixtures';

const total = async (page: Page) => Number(await page.getByTestId('summary-rows').getAttribute('data-total'));
const chip = async (page: Page, key: string) =>
  Number(await page.getByTestId(`motion-count-${key}`).getAttribute('data-count'));
const MOTIONS = ['moving', 'idle', 'stopped', 'offline', 'nodata'];

async function openSummary(page: Page) {
  await openAs(page, 'admin', '/vehicle-summary');
  await expect(page).toHaveURL(/\/vehicle-summary$/);
  await expect(page.getByTestId('summary-table').locator('.ant-table-row').first()).toBeVisible();
}

test.describe('vehicle summary', () => {
  test('S-063 the fleet table: counts by status add up to the rows, 10 a page, every column sorts', async ({
    page,
  }) => {
    await openSummary(page);
    await expect(async () => {
      const counts = await Promise.all(MOTIONS.map((m) => chip(page, m)));
      expect(counts.reduce((a, b) => a + b, 0)).toBe(await chip(page, 'all'));
      expect(await total(page)).toBe(await chip(page, 'all'));
    }).toPass({ timeout: 15_000 });
    const table = page.getByTestId('summary-table');
    expect(await table.locator('.ant-table-row').count()).toBe(Math.min(10, await total(page)));
    const headers = await table
      .locator('thead th')
      .evaluateAll((ths) => ths.map((th) => th.textContent?.trim() ?? '').filter(Boolean));
    expect(headers).toEqual([
      'Plate number',
      'Hull number',
      'Class',
      'Status',
      'GPS',
      'Ignition',
      'Last position',
      'Last fix',
      'Speed',
      "Today's distance",
      "Today's engine hours",
      'Driver',
    ]);
    expect(await table.locator('thead th.ant-table-column-has-sorters').count()).toBe(12);

    // Sort by hull number descending: the first row is the highest hull number.
    const hulls = () => table.locator('.ant-table-row td:nth-child(2)').allTextContents();
    const hull = table.locator('thead th', { hasText: 'Hull number' });
    await hull.click();
    await hull.click();
    const shown = await hulls();
    expect(shown).toEqual([...shown].sort((a, b) => b.localeCompare(a, undefined, { numeric: true })));
  });

  test('the status filter and a status chip filter the rows and live in the URL', async ({ page }) => {
    await openSummary(page);
    const withRows = [];
    for (const m of MOTIONS) if ((await chip(page, m)) > 0) withRows.push(m);
    const motion = withRows[0] ?? 'nodata';
    await page.getByTestId(`motion-count-${motion}`).click();
    await expect(page).toHaveURL(new RegExp(`status=${motion}`));
    await expect(async () => {
      expect(await total(page)).toBe(await chip(page, motion));
      const tags = await page
        .getByTestId('summary-table')
        .locator('.ant-table-row .motion-tag')
        .evaluateAll((els) => els.map((e) => e.getAttribute('data-motion')));
      expect(tags.every((t) => t === motion)).toBe(true);
    }).toPass({ timeout: 15_000 });
    await page.getByTestId('summary-class-filter').click();
    await page.locator('.ant-select-item-option', { hasText: /^Truck$/ }).click();
    await expect(page).toHaveURL(/class=TRUCK/);
    await page.reload();
    await expect(page.getByTestId('summary-class-filter')).toContainText('Truck');
  });

  test('exports the filtered rows to an .xlsx that reads back the same', async ({ page }) => {
    await openSummary(page);
    // A car carrier search keeps the rows stable enough to compare: the fleet moves, plates do not.
    await page.getByTestId('summary-class-filter').click();
    await page.locator('.ant-select-item-option', { hasText: /^Car carrier$/ }).click();
    await expect(page).toHaveURL(/class=CC/);
    // The rows follow the filter once the vehicle records are in: wait until the count holds still.
    let last = -1;
    await expect
      .poll(
        async () => {
          const now = await total(page);
          const settled = now === last;
          last = now;
          return settled;
        },
        { intervals: [500] },
      )
      .toBe(true);
    const plates = await page
      .getByTestId('summary-table')
      .locator('.ant-table-row td:first-child')
      .allTextContents();
    const rows = await total(page);
    expect(rows).toBeGreaterThan(0);

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('export-excel').click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^pantau-vehicle-summary-\d{8}-\d{4}\.xlsx$/);
    const file = await download.path();
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile(file);
    const sheet = book.worksheets[0];
    expect(sheet).toBeDefined();
    if (!sheet) return;
    expect(String(sheet.getCell('A1').value)).toMatch(/CC Jakarta.*\d{2}\/\d{2}\/\d{4} \d{2}:\d{2} WIB/);
    expect(sheet.getRow(2).getCell(1).value).toBe('Plate number');
    expect(sheet.getRow(2).getCell(1).font?.bold).toBe(true);
    expect(sheet.rowCount).toBe(rows + 2);
    const sheetPlates: string[] = [];
    for (let r = 3; r <= sheet.rowCount; r++) sheetPlates.push(String(sheet.getRow(r).getCell(1).value));
    // The sheet holds every filtered row (all pages) in the table's order.
    expect(sheetPlates.slice(0, plates.length)).toEqual(plates);
    for (let r = 3; r <= sheet.rowCount; r++) expect(sheet.getRow(r).getCell(3).value).toBe('Car carrier');
    // Numbers are numbers: speed, today's distance and engine hours.
    for (const col of [11, 12, 13]) expect(sheet.getRow(3).getCell(col).type).toBe(ExcelJS.ValueType.Number);
  });

  test('S-065 in Indonesian, 1440 px with the dark sidebar and on a phone', async ({ page }) => {
    await page.addInitScript(() => {
      localStorage.setItem('language', 'id');
      const settings = JSON.parse(localStorage.getItem('settings') ?? '{}') as Record<string, unknown>;
      localStorage.setItem('settings', JSON.stringify({ ...settings, darkSidebar: true }));
    });
    await page.setViewportSize({ width: 1440, height: 900 });
    await openSummary(page);
    await expect(page.getByTestId('export-excel')).toHaveText('Ekspor Excel');
    await expect(page.getByTestId('summary-table').locator('thead')).toContainText('Nomor polisi');
    await screenshot(page, 'vehicle-summary-id-1440');
    await page.setViewportSize({ width: 375, height: 800 });
    await screenshot(page, 'vehicle-summary-id-phone');
    await page.goto('/notifications');
    await expect(page.getByTestId('notifications-table').locator('.ant-table-row').first()).toBeVisible();
    await screenshot(page, 'notifications-id-phone');
  });
});
