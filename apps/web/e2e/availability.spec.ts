import { expect, test, type Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { openAs, screenshot, signInToShell } from './fixtures';

const FIGURES = [
  ['total', 'Total'],
  ['on_delivery', 'On delivery'],
  ['on_going', 'On going'],
  ['way_back', 'Way back'],
  ['way_back_with_load', 'Way back with load'],
  ['wo_trouble', 'WO trouble'],
  ['pre_checking', 'Pre-checking'],
  ['ready_to_go', 'Ready to go'],
  ['stand_by', 'Stand by'],
  ['maintenance', 'Maintenance'],
  ['incident', 'Incident'],
  ['other', 'Other'],
  ['stnkPaper', 'STNK paper count'],
  ['kirPaper', 'KIR paper count'],
] as const;
const CATEGORIES = FIGURES.slice(1, 12).map(([key]) => key);

const count = async (page: Page, figure: string) =>
  Number(await page.getByTestId(`figure-${figure}`).getAttribute('data-count'));
const listTotal = async (page: Page) =>
  Number(await page.getByTestId('availability-list').getAttribute('data-total'));

async function openAvailability(page: Page, query = '') {
  await openAs(page, 'admin', `/availability${query}`);
  await expect(page.getByTestId('availability-page')).toBeVisible();
  await expect(page.getByTestId('figure-total')).not.toHaveAttribute('data-count', '');
  await expect(page.getByTestId('availability-row').first()).toBeVisible();
}

test.describe('availability', () => {
  test('S-052 the 14 figures with the spec labels; the categories add up to the total', async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await openAvailability(page);
    const labels = await page.getByTestId('figure-label').allTextContents();
    expect(labels).toEqual(FIGURES.map(([, label]) => label));
    await expect(async () => {
      const counts = await Promise.all(CATEGORIES.map((c) => count(page, c)));
      expect(counts.reduce((a, b) => a + b, 0)).toBe(await count(page, 'total'));
      expect(await listTotal(page)).toBe(await count(page, 'total'));
    }).toPass({ timeout: 15_000 });
    const headers = await page
      .getByTestId('availability-list')
      .locator('thead th')
      .evaluateAll((ths) => ths.map((th) => th.textContent?.trim() ?? '').filter(Boolean));
    expect(headers).toEqual([
      'Plate number',
      'Hull number',
      'Fleets',
      'Category',
      'Reason',
      'Since',
      'SPK',
      'STNK',
      'KIR',
      'Last fix',
    ]);
    // The demo's records and papers make these facts on a fresh install.
    for (const figure of ['wo_trouble', 'maintenance', 'stnkPaper', 'kirPaper'])
      expect(await count(page, figure), figure).toBeGreaterThan(0);
    await expect(page.getByTestId('availability-since').first()).toHaveText(/^for \d+ (min|h|d)/);
    await screenshot(page, 'availability');
  });

  test('S-052 a figure lists its vehicles, in the URL; the fleet filter and the search narrow them', async ({
    page,
  }) => {
    await openAvailability(page);
    const figure = (await count(page, 'stnkPaper')) > 0 ? 'stnkPaper' : 'stand_by';
    await page.getByTestId(`figure-${figure}`).click();
    await expect(page).toHaveURL(figure === 'stnkPaper' ? /paper=stnk/ : /category=stand_by/);
    await expect(page.getByTestId(`figure-${figure}`)).toHaveAttribute('aria-pressed', 'true');
    await expect(async () => {
      expect(await listTotal(page)).toBe(await count(page, figure));
      if (figure === 'stnkPaper') {
        const states = await page
          .getByTestId('availability-stnk')
          .evaluateAll((els) => els.map((e) => e.getAttribute('data-state')));
        expect(states.length).toBeGreaterThan(0);
        expect(states.every((s) => s === 'expired' || s === 'due_soon')).toBe(true);
      }
    }).toPass({ timeout: 15_000 });
    // The filter survives a reload; a category figure's rows all carry the category.
    await page.reload();
    await expect(page.getByTestId('availability-figure-filter')).toBeVisible();
    await page.getByTestId('figure-stand_by').click();
    await expect(page).toHaveURL(/category=stand_by/);
    await expect(page).not.toHaveURL(/paper=/);
    await expect(async () => {
      const categories = await page
        .getByTestId('availability-row')
        .evaluateAll((rows) => rows.map((r) => r.getAttribute('data-category')));
      expect(categories.every((c) => c === 'stand_by')).toBe(true);
      expect(await listTotal(page)).toBe(await count(page, 'stand_by'));
    }).toPass({ timeout: 15_000 });
    // Clicking the active figure again shows every vehicle.
    await page.getByTestId('figure-stand_by').click();
    await expect(page).not.toHaveURL(/category=/);

    // A fleet: the figures and the list are the fleet's.
    await page.getByTestId('filter-fleetId').click();
    const fleet = page.locator('.ant-select-item-option').nth(1);
    const fleetName = (await fleet.textContent())!.trim();
    await fleet.click();
    await expect(page).toHaveURL(/fleetId=\d+/);
    await expect(async () => {
      const rows = await page.getByTestId('availability-row').allTextContents();
      expect(rows.every((r) => r.includes(fleetName))).toBe(true);
      await expect(page.getByTestId('availability-list')).toHaveAttribute('data-loading', 'false');
      expect(await listTotal(page)).toBe(await count(page, 'total'));
      expect(await page.getByTestId('availability-row').count()).toBe(Math.min(10, await listTotal(page)));
    }).toPass({ timeout: 15_000 });

    // The search by plate.
    const plate = (await page.getByTestId('availability-row').first().getAttribute('data-plate'))!;
    await page.getByTestId('list-search').fill(plate);
    await expect(page).toHaveURL(/search=/);
    await expect(page.getByTestId('availability-row')).toHaveCount(1);
    await expect(page.getByTestId('availability-row')).toHaveAttribute('data-plate', plate);
  });

  test('S-052 a row opens the vehicle history of the last 7 days', async ({ page }) => {
    await openAvailability(page);
    const row = page.getByTestId('availability-row').first();
    const plate = (await row.getAttribute('data-plate'))!;
    await row.getByTestId('availability-open').click();
    const drawer = page.getByTestId('availability-history');
    await expect(drawer).toBeVisible();
    await expect(drawer).toContainText(plate);
    await expect(drawer.getByTestId('availability-stretch').first()).toBeVisible();
    await screenshot(page, 'availability-history');
  });

  test('S-052 a breakdown an Administrator opens from the vehicle records moves it to WO trouble; closing it moves it back', async ({
    page,
  }) => {
    await openAvailability(page, '?category=stand_by');
    // A vehicle in the pool that nothing else holds (per run: whichever stands by now).
    const row = page.getByTestId('availability-row').first();
    const plate = (await row.getAttribute('data-plate'))!;
    const troubleBefore = await count(page, 'wo_trouble');
    await row.getByTestId('availability-open').click();
    const drawer = page.getByTestId('availability-history');
    await expect(drawer.getByTestId('vehicle-records')).toBeVisible();
    const note = `Clutch slipping ${Date.now().toString(36)}`;

    // The server's 400 shows under its field: closed before it opened.
    await drawer.getByTestId('records-add-maintenance').click();
    const form = page.getByTestId('record-form');
    await form.getByTestId('record-kind').click();
    await page.locator('.ant-select-item-option', { hasText: /^Breakdown$/ }).click();
    await form.getByTestId('record-notes').fill(note);
    await form.getByTestId('record-closedAt').click();
    await page.keyboard.type('01/01/2020 08:00');
    await page.keyboard.press('Enter');
    await page.getByTestId('record-save').click();
    await expect(form.locator('.ant-form-item-explain-error')).toContainText(
      'Closed at must be after opened at',
    );
    await form.getByTestId('record-closedAt').hover();
    await form.locator('.ant-picker-clear').click();
    await page.getByTestId('record-save').click();
    await expect(form).toBeHidden();

    const item = drawer.getByTestId('record-item').filter({ hasText: note });
    await expect(item).toHaveAttribute('data-open', 'true');
    await expect(drawer.getByTestId('availability-current')).toHaveAttribute('data-category', 'wo_trouble');
    await expect(drawer.getByTestId('availability-current')).toContainText(
      'A repair (corrective or breakdown) is open',
    );
    await screenshot(page, 'availability-records');
    await page.keyboard.press('Escape');
    await expect(async () => {
      expect(await count(page, 'wo_trouble')).toBeGreaterThanOrEqual(troubleBefore + 1);
    }).toPass({ timeout: 15_000 });
    await page.getByTestId('figure-wo_trouble').click();
    await expect(
      page.getByTestId('availability-row').filter({ has: page.getByText(plate, { exact: true }) }),
    ).toHaveAttribute('data-category', 'wo_trouble');

    // Closing it (now) lets the vehicle out of WO trouble; deleting asks first.
    await page
      .getByTestId('availability-row')
      .filter({ has: page.getByText(plate, { exact: true }) })
      .getByTestId('availability-open')
      .click();
    await item.getByTestId('record-close').click();
    await page.getByTestId('record-close-save').click();
    await expect(item).toHaveAttribute('data-open', 'false');
    await expect(drawer.getByTestId('availability-current')).not.toHaveAttribute(
      'data-category',
      'wo_trouble',
    );
    await item.getByTestId('record-delete').click();
    await page.getByTestId('record-delete-confirm').click();
    await expect(item).toHaveCount(0);
  });

  test('a vehicle records: from vehicle management for an Administrator, read-only in the vehicle drawer for a User', async ({
    page,
    browser,
  }) => {
    await openAs(page, 'admin', '/management/vehicle-management');
    const row = page.getByTestId('vehicles-list').locator('.ant-table-row').first();
    const plate = (await row.getAttribute('data-plate'))!;
    await row.getByTestId('vehicle-records').click();
    const drawer = page.getByTestId('vehicle-records-drawer');
    await expect(drawer).toContainText(plate);
    await drawer.getByTestId('records-tab-p2h').click();
    await drawer.getByTestId('records-add-p2h').click();
    const defect = `Wiper torn ${Date.now().toString(36)}`;
    await page.getByTestId('record-defects').locator('input').fill(defect);
    await page.keyboard.press('Enter');
    await page.getByTestId('record-save').click();
    const check = drawer.getByTestId('record-item').filter({ hasText: defect });
    await expect(check).toHaveAttribute('data-result', 'defects');
    await screenshot(page, 'vehicle-records-admin');

    // A User reads the same records in the vehicle drawer, with nothing to change.
    const context = await browser.newContext();
    const user = await context.newPage();
    await signInToShell(user, 'operator');
    await user.getByTestId('fleet-search').fill(plate);
    await expect(user.getByTestId('fleet-table')).toHaveAttribute('data-total', '1');
    await user.getByTestId('fleet-table').locator('.ant-table-row').first().click();
    const folded = user.getByTestId('vehicle-records-folded');
    await folded.getByText('Maintenance & checks').click();
    await folded.getByTestId('records-tab-p2h').click();
    await expect(folded.getByTestId('record-item').filter({ hasText: defect })).toBeVisible();
    await expect(folded.getByTestId('records-add-p2h')).toHaveCount(0);
    await expect(folded.getByTestId('record-delete')).toHaveCount(0);
    await screenshot(user, 'vehicle-records-user');
    await context.close();

    // The Administrator deletes the check (asked first).
    await check.getByTestId('record-delete').click();
    await page.getByTestId('record-delete-confirm').click();
    await expect(check).toHaveCount(0);
  });

  test('S-052 exports the listed figure to an .xlsx with the table columns, in words', async ({ page }) => {
    await openAvailability(page, '?paper=kir');
    await expect(page.getByTestId('availability-figure-filter')).toHaveAttribute('data-figure', 'kirPaper');
    await expect(async () => {
      expect(await listTotal(page)).toBe(await count(page, 'kirPaper'));
    }).toPass({ timeout: 15_000 });
    const plates = await page
      .getByTestId('availability-row')
      .evaluateAll((rows) => rows.map((r) => r.getAttribute('data-plate')));
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('availability-export').click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^pantau-availability-\d{8}-\d{4}\.xlsx$/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(await download.path());
    const sheet = workbook.worksheets[0]!;
    expect(sheet.name).toBe('Availability');
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual([
      'Plate number',
      'Hull number',
      'Fleets',
      'Category',
      'Reason',
      'Since',
      'SPK',
      'STNK',
      'KIR',
      'Last fix',
    ]);
    const rows = [];
    for (let r = 2; r <= sheet.rowCount; r++) rows.push((sheet.getRow(r).values as unknown[]).slice(1));
    // Every listed vehicle, of every page.
    expect(rows).toHaveLength(await listTotal(page));
    expect(rows.map((r) => r[0])).toEqual(expect.arrayContaining(plates));
    // Every exported vehicle's KIR is expired or due soon, in words.
    expect(rows.every((r) => r[8] === 'Expired' || r[8] === 'Due soon')).toBe(true);
  });

  for (const language of ['id', 'en'] as const)
    test(`S-052 on a 375 px phone (${language}), dark sidebar`, async ({ page }) => {
      await page.addInitScript((lang) => {
        localStorage.setItem('language', lang);
        const settings = JSON.parse(localStorage.getItem('settings') ?? '{}') as Record<string, unknown>;
        localStorage.setItem('settings', JSON.stringify({ ...settings, darkSidebar: true }));
      }, language);
      await page.setViewportSize({ width: 375, height: 800 });
      await openAvailability(page);
      if (language === 'id') {
        await expect(page.getByTestId('figure-label').nth(1)).toHaveText('Dalam pengiriman');
        await expect(page.getByTestId('figure-label').nth(13)).toHaveText('Jumlah surat KIR');
        await expect(page.getByTestId('availability-since').first()).toHaveText(/^selama \d+/);
      }
      // Every figure is on screen without a sideways scroll.
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await screenshot(page, `availability-phone-${language}`);
      await page.getByTestId('availability-open').first().click();
      await expect(page.getByTestId('availability-history')).toBeVisible();
      await screenshot(page, `availability-phone-history-${language}`);
      // And on a laptop with the dark sidebar.
      await page.keyboard.press('Escape');
      await page.setViewportSize({ width: 1366, height: 800 });
      await screenshot(page, `availability-dark-${language}`);
    });
});
