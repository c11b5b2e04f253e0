import { expect, test, type Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { openAs, screenshot, searchList } from './fixtures';

const PAGE = '/management/driver-management';

/** A driver no other test or seed has. */
function uniqueDriver(offset = 0) {
  const stamp = Date.now() + offset;
  return { name: `Uji Pengemudi ${stamp % 1_000_000}`, employeeNumber: `E2E-${stamp}` };
}

async function openPage(page: Page) {
  await openAs(page, 'admin', PAGE);
  await expect(page.getByTestId('drivers-table').locator('.ant-table-row').first()).toBeVisible();
}

const rowOf = (page: Page, employeeNumber: string) =>
  page.getByTestId('drivers-table').locator(`.ant-table-row[data-employee="${employeeNumber}"]`);

async function search(page: Page, text: string) {
  await searchList(page, text);
  await expect(page).toHaveURL(new RegExp(`search=${encodeURIComponent(text).replace(/%20/g, '(\\+|%20)')}`));
  await expect(page.getByTestId('drivers-list')).toHaveAttribute('data-loading', 'false');
}

const fieldError = (page: Page, field: string) =>
  page
    .getByTestId('driver-form')
    .locator('.ant-form-item', { has: page.getByTestId(`field-${field}`) })
    // Not a message on its way out: the old one fades while the new one comes in.
    .locator('.ant-form-item-explain-error:not(.ant-form-show-help-item-leave)');

async function chooseSimClass(page: Page, simClass: string) {
  await page.getByTestId('field-simClass').click();
  await page.locator('.ant-select-item-option', { hasText: new RegExp(`^${simClass}$`) }).click();
}

test.describe('driver management', () => {
  test('S-060 add, find, refuse a duplicate employee number, edit and deactivate a driver', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await openPage(page);
    await screenshot(page, 'driver-management-list');
    const d = uniqueDriver();

    await page.getByTestId('add-driver').click();
    await page.getByTestId('field-name').fill(d.name);
    await page.getByTestId('field-employeeNumber').fill(d.employeeNumber);
    await page.getByTestId('field-phone').fill('0812 8765 4321');
    await chooseSimClass(page, 'SIM B1 Umum');
    // The contract checks the form before sending.
    await page.getByTestId('field-phone').fill('12345');
    await page.getByTestId('driver-save').click();
    await expect(fieldError(page, 'phone')).toContainText('Indonesian mobile number');
    await page.getByTestId('field-phone').fill('0812 8765 4321');
    await screenshot(page, 'driver-management-form');
    await page.getByTestId('driver-save').click();
    await expect(page.getByTestId('driver-drawer')).toBeHidden();

    await search(page, d.employeeNumber);
    await expect(rowOf(page, d.employeeNumber)).toContainText(d.name);
    await expect(rowOf(page, d.employeeNumber)).toContainText('+6281287654321');

    // The server's 409 lands on the employee number.
    await page.getByTestId('add-driver').click();
    await page.getByTestId('field-name').fill('Someone Else');
    await page.getByTestId('field-employeeNumber').fill(d.employeeNumber);
    await chooseSimClass(page, 'SIM A');
    await page.getByTestId('driver-save').click();
    await expect(fieldError(page, 'employeeNumber')).toContainText('already used');
    await page.getByTestId('driver-cancel').click();
    await expect(page.getByTestId('driver-drawer')).toBeHidden();

    // A SIM that expired shows red.
    await rowOf(page, d.employeeNumber).getByTestId('driver-edit').click();
    await expect(page.getByTestId('field-name')).toHaveValue(d.name);
    await page.getByTestId('field-simExpiry').fill('01/01/2020');
    await page.getByTestId('field-simExpiry').press('Enter');
    await page.getByTestId('driver-save').click();
    await expect(page.getByTestId('driver-drawer')).toBeHidden();
    await expect(rowOf(page, d.employeeNumber).getByTestId('sim-date')).toHaveText('01/01/2020');
    await expect(rowOf(page, d.employeeNumber).getByTestId('sim-date')).toHaveAttribute(
      'data-state',
      'expired',
    );

    await rowOf(page, d.employeeNumber).getByTestId('driver-history').click();
    await expect(page.getByTestId('audit-drawer').getByTestId('audit-entry')).toHaveCount(2);
    await page.keyboard.press('Escape');

    await rowOf(page, d.employeeNumber).getByTestId('driver-deactivate').click();
    await page.getByTestId('confirm-deactivate').click();
    await expect(rowOf(page, d.employeeNumber).getByTestId('driver-status')).toHaveText('Inactive');
    await expect(rowOf(page, d.employeeNumber)).toHaveClass(/row-inactive/);
  });

  test('S-060 import drivers: a bad row stops everything, the fixed file imports; export', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await openPage(page);
    const a = uniqueDriver(10);
    const b = uniqueDriver(20);
    const csv = (simB: string) =>
      [
        'Name,Employee number,Phone,SIM class,SIM expiry,Active',
        `${a.name},${a.employeeNumber},081287654321,SIM B2 Umum,31/12/2030,Yes`,
        `${b.name},${b.employeeNumber},,${simB},,Yes`,
      ].join('\n');

    await page.getByTestId('open-import').click();
    const dialog = page.getByTestId('import-dialog');
    const input = dialog.locator('input[type=file]');
    await input.setInputFiles({
      name: 'drivers.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(csv('SIM Z')),
    });
    const preview = page.getByTestId('import-preview');
    await expect(preview).toHaveAttribute('data-faulty', '1');
    await expect(page.getByTestId('import-row-3').getByTestId('import-row-errors')).toContainText(
      'SIM class',
    );
    await expect(page.getByTestId('import-commit')).toBeDisabled();
    await screenshot(page, 'driver-management-import-preview');
    await page.keyboard.press('Escape');
    await search(page, a.employeeNumber);
    await expect(rowOf(page, a.employeeNumber)).toHaveCount(0);

    await page.getByTestId('open-import').click();
    await input.setInputFiles({ name: 'drivers.csv', mimeType: 'text/csv', buffer: Buffer.from(csv('b1')) });
    await expect(preview).toHaveAttribute('data-faulty', '0');
    await page.getByTestId('import-commit').click();
    await expect(dialog).toBeHidden();
    await expect(rowOf(page, a.employeeNumber)).toContainText('SIM B2 Umum');
    await search(page, b.employeeNumber);
    await expect(rowOf(page, b.employeeNumber)).toContainText('SIM B1');

    // The export holds the filtered list: the one driver found.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('export-excel').click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^pantau-drivers-\d{8}-\d{4}\.xlsx$/);
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile(await download.path());
    const sheet = book.worksheets[0];
    expect(sheet?.getRow(1).getCell(1).value).toBe('Name');
    expect(sheet?.rowCount).toBe(2);
    expect(sheet?.getRow(2).getCell(2).value).toBe(b.employeeNumber);
  });

  test('S-060 an operator (User) who opens the URL is told only an Administrator manages drivers', async ({
    page,
  }) => {
    await openAs(page, 'operator', PAGE);
    await expect(page.getByTestId('admin-only')).toContainText('Only an Administrator can manage drivers');
    await expect(page.getByTestId('drivers-table')).toHaveCount(0);
  });

  test('S-065 in Indonesian and on a 375 px phone', async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem('language', 'id'));
    await page.setViewportSize({ width: 1440, height: 900 });
    await openPage(page);
    await expect(page.getByTestId('drivers-table').locator('thead')).toContainText('No. karyawan');
    await screenshot(page, 'driver-management-id');
    await page.setViewportSize({ width: 375, height: 800 });
    await screenshot(page, 'driver-management-id-phone');
    await page.getByTestId('add-driver').click();
    await expect(page.getByTestId('driver-drawer')).toBeVisible();
    expect((await page.locator('.ant-drawer-content-wrapper').boundingBox())?.width).toBeCloseTo(375, 0);
    await screenshot(page, 'driver-management-form-id-phone');
  });
});
