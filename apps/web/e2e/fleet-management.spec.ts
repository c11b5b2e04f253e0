import { expect, test, type Page } from '@playwright/test';
import { openAs, screenshot, searchList } from './fixtures';

const PAGE_URL = '/management/fleet-management';

async function openPage(page: Page) {
  await openAs(page, 'admin', PAGE_URL);
  await expect(page.getByTestId('unit-info')).toContainText('CC Jakarta – Sunter');
  await expect(page.getByTestId('fleets-list')).toHaveAttribute('data-loading', 'false');
}

/** Shows only the fleet of that name in the table and answers its row. */
async function findFleet(page: Page, name: string) {
  await searchList(page, name);
  const row = page.locator(`[data-testid="fleet-row"][data-fleet="${name}"]`);
  await expect(row).toHaveCount(1);
  return row;
}

test.describe('fleet management', () => {
  test.describe.configure({ timeout: 180_000 });
  test('S-060 an Administrator creates a fleet, puts two vehicles in it, renames and deletes it', async ({
    page,
  }) => {
    await openPage(page);
    await expect(page.locator('[data-testid="fleet-row"][data-fleet="Trailer"]')).toBeVisible();
    await screenshot(page, 'fleet-management-en');

    const name = `E2E Fleet ${Date.now() % 1_000_000}`;
    await page.getByTestId('add-fleet').click();
    await page.getByTestId('fleet-name-input').fill(name);
    await page.getByTestId('fleet-name-save').click();
    await expect(page.locator('.ant-message')).toContainText(`Fleet ${name} added.`);
    let row = await findFleet(page, name);
    await expect(row.getByTestId('fleet-vehicle-count')).toHaveText('0');

    // The same name again is refused on the field.
    await page.getByTestId('add-fleet').click();
    await page.getByTestId('fleet-name-input').fill(name.toLowerCase());
    await page.getByTestId('fleet-name-save').click();
    await expect(page.getByTestId('fleet-name-form')).toContainText(
      'This unit already has a fleet with this name',
    );
    await page.getByRole('button', { name: 'Cancel' }).click();

    await row.getByTestId('fleet-vehicles-open').click();
    const drawer = page.getByTestId('fleet-vehicles');
    const available = drawer.locator('.ant-transfer-section').first();
    await expect(available.locator('.ant-transfer-list-content-item').first()).toBeVisible();
    await available.locator('.ant-transfer-list-content-item').nth(0).click();
    await available.locator('.ant-transfer-list-content-item').nth(1).click();
    await drawer.locator('.ant-transfer-actions button').first().click();
    await expect(
      drawer.locator('.ant-transfer-section').nth(1).locator('.ant-transfer-list-content-item'),
    ).toHaveCount(2);
    await screenshot(page, 'fleet-vehicles-drawer-en');
    await page.getByTestId('fleet-vehicles-save').click();
    await expect(page.locator('.ant-message')).toContainText(`Vehicles of ${name} saved (2).`);
    await expect(row.getByTestId('fleet-vehicle-count')).toHaveText('2');

    // Reopening shows the two in the fleet.
    await row.getByTestId('fleet-vehicles-open').click();
    await expect(
      page
        .getByTestId('fleet-vehicles')
        .locator('.ant-transfer-section')
        .nth(1)
        .locator('.ant-transfer-list-content-item'),
    ).toHaveCount(2);
    await page.keyboard.press('Escape');

    const renamed = `${name} R`;
    await row.getByTestId('fleet-rename').click();
    await page.getByTestId('fleet-name-input').fill(renamed);
    await page.getByTestId('fleet-name-save').click();
    await expect(page.locator('.ant-message')).toContainText(`Fleet renamed to ${renamed}.`);
    row = await findFleet(page, renamed);
    await expect(row.getByTestId('fleet-vehicle-count')).toHaveText('2');

    await row.getByTestId('fleet-history').click();
    const history = page.getByTestId('audit-drawer');
    await expect(history.getByTestId('audit-entry')).toHaveCount(3);
    await screenshot(page, 'fleet-history-en');
    await page.keyboard.press('Escape');

    await row.getByTestId('fleet-delete').click();
    await page.getByTestId('fleet-delete-confirm').click();
    await expect(page.locator('.ant-message')).toContainText(`Fleet ${renamed} deleted.`);
    await expect(page.locator(`[data-testid="fleet-row"][data-fleet="${renamed}"]`)).toHaveCount(0);
  });

  test("an Administrator edits the unit's details", async ({ page }) => {
    await openPage(page);
    const address = `Jl. Yos Sudarso Kav. ${Date.now() % 100}, Sunter, Jakarta Utara`;
    await page.getByTestId('unit-info-edit').click();
    const form = page.getByTestId('unit-info-form');
    await form.getByLabel('Address').fill(address);
    // A phone number that is not one is refused on its field, not stored.
    await form.getByLabel('Phone').fill('abc');
    await page.getByTestId('unit-info-save').click();
    await expect(form.locator('.ant-form-item-explain-error')).toHaveText(
      'Phone must be an Indonesian number, e.g. 0812-8765-4321 or 021-555-0123',
    );
    await form.getByLabel('Phone').fill('+62 21 6512345');
    await screenshot(page, 'fleet-unit-edit-en');
    await page.getByTestId('unit-info-save').click();
    await expect(page.locator('.ant-message')).toContainText('Unit details saved.');
    await expect(page.getByTestId('unit-info')).toContainText(address);
    await expect(page.getByTestId('unit-info')).toContainText('+62 21 6512345');
  });

  test('S-060 a User who opens the URL is told only an Administrator manages fleets', async ({ page }) => {
    await openAs(page, 'operator', PAGE_URL);
    await expect(page.getByTestId('admin-only')).toContainText('Only an Administrator can manage fleets');
    await expect(page.getByTestId('fleets-list')).toHaveCount(0);
  });

  test('S-065 in Indonesian and on a 375 px phone', async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem('language', 'id'));
    await page.setViewportSize({ width: 1440, height: 900 });
    await openPage(page);
    await expect(page.getByTestId('add-fleet')).toHaveText('Tambah armada');
    await expect(page.getByTestId('unit-info')).toContainText('Data unit');
    await screenshot(page, 'fleet-management-id');
    await page.setViewportSize({ width: 375, height: 800 });
    await screenshot(page, 'fleet-management-id-phone');
    await page
      .locator('[data-testid="fleet-row"][data-fleet="Trailer"]')
      .getByTestId('fleet-vehicles-open')
      .click();
    await expect(
      page.getByTestId('fleet-vehicles').locator('.ant-transfer-list-content-item').first(),
    ).toBeVisible();
    const box = await page.locator('.ant-drawer-content-wrapper').boundingBox();
    expect(box?.width).toBeCloseTo(375, 0);
    await screenshot(page, 'fleet-vehicles-drawer-id-phone');
  });

  test.describe('with motion, as most users have it', () => {
    test.use({ reducedMotion: 'no-preference', viewport: { width: 1440, height: 900 } });

    test('S-060 a quick click on delete: no tooltip over the confirmation, one Escape closes it and nothing is deleted', async ({
      page,
    }) => {
      await openPage(page);
      const row = page.locator('[data-testid="fleet-row"][data-fleet="Trailer"]');
      // The click comes inside the tooltip's 0.1 s delay; the pause outlasts it.
      const box = (await row.getByTestId('fleet-delete').boundingBox())!;
      await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
      await page.mouse.down();
      await page.mouse.up();
      const confirm = page.getByTestId('fleet-delete-confirm');
      await expect(confirm).toBeVisible();
      await page.waitForTimeout(300);
      await expect(page.locator('.ant-tooltip:visible')).toHaveCount(0);
      await page.keyboard.press('Escape');
      await expect(confirm).toBeHidden();
      await expect(row).toHaveCount(1);
      await page.mouse.move(0, 0);
      await row.getByTestId('fleet-delete').hover();
      await expect(page.locator('.ant-tooltip:visible')).toHaveText('Delete');
    });
  });
});
