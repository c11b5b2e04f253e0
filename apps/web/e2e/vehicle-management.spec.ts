import { expect, test, type Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { openAs, screenshot, searchList, signInToShell } from './fixtures';

const PAGE = '/management/vehicle-management';

/** A plate, hull number and tracker id no other test or seed uses (region ZZ is not a real one). */
function uniqueVehicle(offset = 0) {
  const stamp = Date.now() + offset;
  const letters = Array.from({ length: 3 }, (_, i) =>
    String.fromCharCode(65 + (Math.floor(stamp / 26 ** i) % 26)),
  ).join('');
  const digits = String(1000 + (Math.floor(stamp / 7) % 9000));
  return {
    plate: `ZZ ${digits} ${letters}`,
    compactPlate: `zz${digits}${letters.toLowerCase()}`,
    hull: `E2E-${stamp % 1_000_000}`,
    tracker: `e2e${stamp}`,
  };
}

async function openPage(page: Page) {
  await openAs(page, 'admin', PAGE);
  await expect(page.getByTestId('vehicles-table').locator('.ant-table-row').first()).toBeVisible();
}

const rowOf = (page: Page, plate: string) =>
  page.getByTestId('vehicles-table').locator(`.ant-table-row[data-plate="${plate}"]`);

async function search(page: Page, text: string) {
  await searchList(page, text);
  await expect(page).toHaveURL(new RegExp(`search=${encodeURIComponent(text).replace(/%20/g, '(\\+|%20)')}`));
  await expect(page.getByTestId('vehicles-list')).toHaveAttribute('data-loading', 'false');
}

const fieldError = (page: Page, field: string) =>
  page
    .getByTestId('vehicle-form')
    .locator('.ant-form-item', { has: page.getByTestId(`field-${field}`) })
    // Not a message on its way out: the old one fades while the new one comes in.
    .locator('.ant-form-item-explain-error:not(.ant-form-show-help-item-leave)');

async function fillNewVehicle(page: Page, v: { compactPlate: string; hull: string; tracker: string }) {
  await page.getByTestId('add-vehicle').click();
  await expect(page.getByTestId('vehicle-drawer')).toBeVisible();
  await page.getByTestId('field-nomorPolisi').fill(v.compactPlate);
  await page.getByTestId('field-nomorKendaraan').fill(v.hull);
  await page.getByTestId('field-pantauKendaraanId').fill(v.tracker);
}

test.describe('vehicle management', () => {
  test('S-060 add, find, refuse a duplicate plate, edit and deactivate a vehicle', async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await openPage(page);
    await screenshot(page, 'vehicle-management-list');
    const v = uniqueVehicle();

    await fillNewVehicle(page, v);
    // The plate is normalised as it is typed.
    await expect(page.getByTestId('field-nomorPolisi')).toHaveValue(v.plate);
    await page.getByTestId('field-speedLimit').fill('70');
    await page.getByTestId('field-gsmNumber').fill('0812-8765-4321');
    await screenshot(page, 'vehicle-management-form');
    await page.getByTestId('vehicle-save').click();
    await expect(page.getByTestId('vehicle-drawer')).toBeHidden();

    await search(page, v.plate);
    await expect(rowOf(page, v.plate)).toHaveCount(1);
    await expect(rowOf(page, v.plate)).toContainText('70 km/h');
    await expect(rowOf(page, v.plate)).toContainText(v.hull);

    // The contract checks the form before sending …
    const other = uniqueVehicle(1);
    await fillNewVehicle(page, { ...other, compactPlate: '12345' });
    await page.getByTestId('vehicle-save').click();
    await expect(fieldError(page, 'nomorPolisi')).toHaveText('Plate number must look like B 9471 UEY');
    // … and the server's 409 lands on the field at fault.
    await page.getByTestId('field-nomorPolisi').fill(v.compactPlate);
    await page.getByTestId('vehicle-save').click();
    await expect(fieldError(page, 'nomorPolisi')).toContainText('already registered');
    await expect(fieldError(page, 'nomorKendaraan')).toHaveCount(0);
    await page.getByTestId('vehicle-cancel').click();
    await expect(page.getByTestId('vehicle-drawer')).toBeHidden();

    await rowOf(page, v.plate).getByTestId('vehicle-edit').click();
    await expect(page.getByTestId('field-nomorPolisi')).toHaveValue(v.plate);
    await expect(page.getByTestId('field-gsmNumber')).toHaveValue('+6281287654321');
    await page.getByTestId('field-speedLimit').fill('90');
    await page.getByTestId('vehicle-save').click();
    await expect(page.getByTestId('vehicle-drawer')).toBeHidden();
    await expect(rowOf(page, v.plate)).toContainText('90 km/h');

    // Its history shows the creation and the change; the share action opens the link dialog.
    await rowOf(page, v.plate).getByTestId('vehicle-history').click();
    await expect(page.getByTestId('audit-drawer').getByTestId('audit-entry')).toHaveCount(2);
    // A click in the drawer, as a reader would, then one Escape closes it.
    await page.getByTestId('audit-drawer').click({ position: { x: 4, y: 4 } });
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('audit-drawer')).toBeHidden();
    await rowOf(page, v.plate).getByTestId('vehicle-share').click();
    await expect(page.getByTestId('share-dialog')).toContainText(v.plate);
    // Escape closes it once it holds the focus, which it takes as it opens. The dialog zooms in from
    // nothing, so it reads as hidden at the start of its animation: the page's backdrop says it is gone.
    const backdrop = page.locator('.ant-modal-wrap:visible');
    await expect(async () => {
      await page.keyboard.press('Escape');
      await expect(backdrop).toHaveCount(0, { timeout: 1_000 });
    }).toPass({ timeout: 10_000 });
    await expect(page.getByTestId('share-dialog')).toBeHidden();

    await rowOf(page, v.plate).getByTestId('vehicle-deactivate').click();
    await page.getByTestId('confirm-deactivate').click();
    await expect(rowOf(page, v.plate).getByTestId('vehicle-status')).toHaveText('Inactive');
    await expect(rowOf(page, v.plate)).toHaveClass(/row-inactive/);

    // The active filter lives in the URL and hides it.
    await page.getByTestId('filter-aktif').click();
    await page.locator('.ant-select-item-option', { hasText: /^Active$/ }).click();
    await expect(page).toHaveURL(/aktif=true/);
    await expect(rowOf(page, v.plate)).toHaveCount(0);
    await page.reload();
    await expect(page.getByTestId('filter-aktif')).toContainText('Active');
    await expect(page.getByTestId('list-search')).toHaveValue(v.plate);
  });

  test('S-060 an out-of-range number is refused naming its range, not clamped; a conflict brings its field into view', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1366, height: 768 });
    await openPage(page);
    const taken = await page
      .getByTestId('vehicles-table')
      .locator('.ant-table-row')
      .first()
      .getAttribute('data-plate');
    await fillNewVehicle(page, uniqueVehicle());
    await page.getByTestId('field-tahun').fill('1850');
    await page.getByTestId('field-speedLimit').fill('-5');
    await page.getByTestId('field-capacity').fill('99');
    await page.getByTestId('vehicle-save').click();
    await expect(fieldError(page, 'tahun')).toHaveText(/^Year must be between 1980 and \d{4}$/);
    await expect(fieldError(page, 'speedLimit')).toHaveText('Speed limit must be between 20 and 120 km/h');
    await expect(fieldError(page, 'capacity')).toHaveText('Capacity must be between 0 and 20 cars');
    // What was typed stays, so the operator sees what to correct.
    await expect(page.getByTestId('field-tahun')).toHaveValue('1850');
    await expect(page.getByTestId('field-speedLimit')).toHaveValue('-5');
    await expect(page.getByTestId('field-capacity')).toHaveValue('99');
    await expect(page.getByTestId('vehicle-drawer')).toBeVisible();

    await page.getByTestId('field-tahun').fill('2020');
    await page.getByTestId('field-speedLimit').fill('80');
    await page.getByTestId('field-capacity').fill('8');
    await page.getByTestId('field-nomorPolisi').fill(taken ?? '');
    // Scrolled to the bottom of the drawer when Save finds the plate taken: the plate comes into view.
    await page.getByTestId('field-aktif').scrollIntoViewIfNeeded();
    await expect(page.getByTestId('field-nomorPolisi')).not.toBeInViewport();
    await page.getByTestId('vehicle-save').click();
    await expect(fieldError(page, 'nomorPolisi')).toContainText('already registered');
    await expect(page.getByTestId('field-nomorPolisi')).toBeInViewport();
    await expect(page.getByTestId('field-nomorPolisi')).toBeFocused();
    await screenshot(page, 'vehicle-management-conflict-in-view');
  });

  test('S-060 import a .csv with a bad row: nothing stored; fixed, every row; then an .xlsx', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await openPage(page);
    const a = uniqueVehicle(10);
    const b = uniqueVehicle(20);
    const csv = (plateB: string) =>
      [
        'Plate number,Hull number,Tracker id,Class,Speed limit (km/h),KIR due,Active',
        `${a.plate},${a.hull},${a.tracker},Car carrier,80,01/02/2030,Yes`,
        `${plateB},${b.hull},${b.tracker},TRUCK,60,,Yes`,
      ].join('\n');

    await page.getByTestId('open-import').click();
    const dialog = page.getByTestId('import-dialog');
    const input = dialog.locator('input[type=file]');
    await input.setInputFiles({
      name: 'vehicles.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(csv('12345')),
    });
    const preview = page.getByTestId('import-preview');
    await expect(preview).toHaveAttribute('data-faulty', '1');
    await expect(preview).toHaveAttribute('data-rows', '2');
    await expect(page.getByTestId('import-row-3').getByTestId('import-row-errors')).toContainText(
      'Plate number must look like B 9471 UEY',
    );
    await expect(page.getByTestId('import-row-3')).toHaveClass(/import-row-error/);
    await expect(page.getByTestId('import-commit')).toBeDisabled();
    await screenshot(page, 'vehicle-management-import-preview');

    // Nothing was stored by the check.
    await page.keyboard.press('Escape');
    await search(page, a.plate);
    await expect(rowOf(page, a.plate)).toHaveCount(0);

    await page.getByTestId('open-import').click();
    await input.setInputFiles({
      name: 'vehicles.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(csv(b.plate)),
    });
    await expect(preview).toHaveAttribute('data-faulty', '0');
    await page.getByTestId('import-commit').click();
    await expect(dialog).toBeHidden();
    await expect(rowOf(page, a.plate)).toHaveCount(1);
    await expect(rowOf(page, a.plate).getByTestId('kir-date')).toHaveText('01/02/2030');
    await search(page, b.plate);
    await expect(rowOf(page, b.plate)).toContainText('Truck');

    // An .xlsx with the export's Indonesian headers.
    const c = uniqueVehicle(30);
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('Kendaraan');
    sheet.addRow(['Nomor lambung', 'Nomor polisi', 'ID tracker', 'Kelas', 'Jatuh tempo STNK']);
    sheet.addRow([c.hull, c.compactPlate, c.tracker, 'Truk', new Date(Date.UTC(2031, 0, 15))]);
    const xlsx = Buffer.from(await book.xlsx.writeBuffer());
    await page.getByTestId('open-import').click();
    await input.setInputFiles({
      name: 'kendaraan.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: xlsx,
    });
    await expect(preview).toHaveAttribute('data-faulty', '0');
    await page.getByTestId('import-commit').click();
    await expect(dialog).toBeHidden();
    await search(page, c.plate);
    await expect(rowOf(page, c.plate).getByTestId('stnk-date')).toHaveText('15/01/2031');
  });

  test('S-060 exports the filtered list to .xlsx', async ({ page }) => {
    await openPage(page);
    await page.getByTestId('filter-vehicleClass').click();
    // Every seeded vehicle of this unit is a car carrier: wait for the filtered answer itself, not rows.
    const filtered = page.waitForResponse(
      (r) => r.url().includes('/api/kendaraan?') && r.url().includes('vehicleClass=CC'),
    );
    await page.locator('.ant-select-item-option', { hasText: /^Car carrier$/ }).click();
    await expect(page).toHaveURL(/vehicleClass=CC/);
    const filteredTotal = ((await (await filtered).json()) as { count: number }).count;
    const classes = page.getByTestId('vehicles-table').locator('.ant-table-row td:nth-child(4)');
    await expect(async () => {
      expect(await page.getByTestId('vehicles-list').getAttribute('data-loading')).toBe('false');
      expect(new Set(await classes.allTextContents())).toEqual(new Set(['Car carrier']));
    }).toPass();
    await expect(page.getByTestId('vehicles-list')).toHaveAttribute('data-total', String(filteredTotal));
    const total = filteredTotal;
    expect(total).toBeGreaterThan(0);

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('export-excel').click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^pantau-vehicles-\d{8}-\d{4}\.xlsx$/);
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile(await download.path());
    const sheet = book.worksheets[0];
    expect(sheet?.getRow(1).getCell(1).value).toBe('Hull number');
    expect(sheet?.getRow(1).getCell(5).value).toBe('Class');
    expect(sheet?.rowCount).toBe(total + 1);
    for (let r = 2; r <= (sheet?.rowCount ?? 0); r++) expect(sheet?.getRow(r).getCell(5).value).toBe('CC');
  });

  test('S-060 an operator (User) who opens the URL is told only an Administrator manages vehicles', async ({
    page,
  }) => {
    await signInToShell(page, 'operator');
    await expect(page.getByRole('link', { name: 'Vehicle Management' })).toHaveCount(0);
    await page.goto(PAGE);
    await expect(page.getByTestId('admin-only')).toContainText('Only an Administrator can manage vehicles');
    await expect(page.getByTestId('vehicles-table')).toHaveCount(0);
  });

  test('S-065 in Indonesian and on a 375 px phone', async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem('language', 'id'));
    await page.setViewportSize({ width: 1440, height: 900 });
    await openPage(page);
    await expect(page.getByTestId('export-excel')).toHaveText('Ekspor Excel');
    await expect(page.getByTestId('vehicles-table').locator('thead')).toContainText('No. lambung');
    await screenshot(page, 'vehicle-management-id');
    await page.setViewportSize({ width: 375, height: 800 });
    await screenshot(page, 'vehicle-management-id-phone');
    await page.getByTestId('add-vehicle').click();
    await expect(page.getByTestId('vehicle-drawer')).toBeVisible();
    const box = await page.locator('.ant-drawer-content-wrapper').boundingBox();
    expect(box?.width).toBeCloseTo(375, 0);
    await screenshot(page, 'vehicle-management-form-id-phone');
    await page.getByTestId('field-tahun').fill('1850');
    await page.getByTestId('vehicle-save').click();
    await expect(fieldError(page, 'tahun')).toHaveText(/^Tahun harus antara 1980 dan \d{4}$/);
    await expect(fieldError(page, 'nomorPolisi')).toHaveText('Nomor polisi wajib diisi');
    await page.keyboard.press('Escape');
    await page.getByTestId('open-import').click();
    await page
      .getByTestId('import-dialog')
      .locator('input[type=file]')
      .setInputFiles({
        name: 'kendaraan.csv',
        mimeType: 'text/csv',
        buffer: Buffer.from('Nomor polisi;Nomor lambung;ID tracker;Kelas\nXX;;1;Bus\n'),
      });
    await expect(page.getByTestId('import-preview')).toHaveAttribute('data-faulty', '1');
    await screenshot(page, 'vehicle-management-import-id-phone');
  });

  test.describe('with motion, as most users have it', () => {
    test.use({ reducedMotion: 'no-preference', viewport: { width: 1440, height: 900 } });

    test('S-060 a quick click on a row action: no tooltip over the drawer it opened, one Escape closes it, the tooltip comes back on the next hover', async ({
      page,
    }) => {
      await openPage(page);
      // The pointer comes to the button and clicks at once, inside the tooltip's 0.1 s delay. The pause
      // outlasts that delay: a tooltip opened late would be over the drawer, taking its Escape.
      const box = (await page.getByTestId('vehicle-history').first().boundingBox())!;
      await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
      await page.mouse.down();
      await page.mouse.up();
      await expect(page.getByTestId('audit-drawer')).toBeVisible();
      await page.waitForTimeout(300);
      await expect(page.locator('.ant-tooltip:visible')).toHaveCount(0);
      await page.keyboard.press('Escape');
      await expect(page.getByTestId('audit-drawer')).toBeHidden();
      // Held back only until the pointer leaves: the next hover shows it.
      await page.mouse.move(0, 0);
      await page.getByTestId('vehicle-history').first().hover();
      await expect(page.locator('.ant-tooltip:visible')).toHaveCount(1);
    });
  });
});
