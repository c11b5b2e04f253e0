import { expect, test, type Page } from '@playwright/test';
import { clickMap, openAs, openMap, screenshot, signInAs, signInToShell } from './fixtures';

async function openRoutes(page: Page) {
  await page.getByTestId('routes-button').click();
  await expect(page.getByTestId('route-list')).toBeVisible();
}

/** Opens an antd select and picks its option at `index` (options as the select lists them). */
async function pickOption(page: Page, testId: string, index: number) {
  await page.getByTestId(testId).click();
  const dropdown = page.locator('.ant-select-dropdown:visible');
  await expect(dropdown.locator('.ant-select-item-option').nth(index)).toBeVisible();
  const label = (await dropdown.locator('.ant-select-item-option').nth(index).getAttribute('title')) ?? '';
  await dropdown.locator('.ant-select-item-option').nth(index).click();
  await expect(dropdown).toBeHidden();
  return label;
}

/** The plate of a demo vehicle that drove during the last day (the period the form starts with). */
async function movedVehicle(page: Page): Promise<string> {
  const to = new Date();
  const from = new Date(to.getTime() - 24 * 3600_000);
  const fleet = (await (await page.request.get('/api/tracking?Take=100')).json()) as {
    results: { kendaraanId: number; nomorPolisi: string }[];
  };
  for (const v of fleet.results) {
    const query = new URLSearchParams({
      kendaraanId: String(v.kendaraanId),
      from: from.toISOString(),
      to: to.toISOString(),
    });
    const trip = (await (await page.request.get(`/api/trayek/from-trip?${query}`)).json()) as {
      kept: number;
    };
    if (trip.kept >= 10) return v.nomorPolisi;
  }
  throw new Error('No demo vehicle drove during the last day');
}

/** Types into a searchable antd select and picks the option with that exact label. */
async function chooseOption(page: Page, testId: string, label: string) {
  await page.getByTestId(testId).click();
  await page.keyboard.type(label);
  const option = page.locator(`.ant-select-dropdown:visible .ant-select-item-option[title="${label}"]`);
  await option.click();
  await expect(option).toBeHidden();
}

async function searchRoute(page: Page, text: string) {
  await page.getByTestId('route-search').locator('input').fill(text);
  await expect(page.getByTestId('route-list-item')).toHaveCount(1);
}

test('S-045 an Administrator draws a route on the map, saves it with its places, finds it after a reload and sets a vehicle on it', async ({
  page,
}) => {
  // A code of its own, so a retry over the same database does not meet its first try's route.
  const run = Date.now().toString(36).toUpperCase();
  const code = `E2E-DRAW-${run}`;
  await signInAs(page, 'admin');
  await openMap(page);
  await openRoutes(page);

  await page.getByTestId('route-new').click();
  await expect(page.getByTestId('route-form')).toBeVisible();
  await expect(page.getByTestId('map-view')).toHaveAttribute('data-draw-ready', 'true');
  // Left of the centre: the form covers the map's inline-end side. Clicking the last point again ends the line.
  await clickMap(page, -320, -80);
  await clickMap(page, -220, 0);
  await clickMap(page, -120, 60);
  await clickMap(page, -120, 60);
  await expect(page.getByTestId('route-drawn')).toHaveAttribute('data-drawn', 'true');

  await page.getByTestId('route-code').fill(code);
  await page.getByTestId('route-name').fill('Route drawn in the browser');
  const origin = await pickOption(page, 'route-origin', 0);
  const destination = await pickOption(page, 'route-destination', 3);
  await pickOption(page, 'route-waypoint-add', 2);
  await expect(page.getByTestId('route-waypoint')).toHaveCount(1);
  await page.getByTestId('route-width').fill('500');
  await page.getByTestId('route-lead').fill('240');
  await page.getByTestId('route-circle').fill('600');
  await screenshot(page, 'routes-form-desktop');
  await page.getByTestId('route-save').click();
  await expect(page.getByTestId('route-form')).toBeHidden();
  await expect(page.getByTestId('route-details-title')).toContainText(code);

  await page.reload();
  await openMap(page);
  await openRoutes(page);
  await searchRoute(page, code);
  await page.getByTestId('route-list-item').click();
  const details = page.getByTestId('route-details');
  await expect(details).toContainText(origin.split(' · ')[1]!);
  await expect(details).toContainText(destination.split(' · ')[1]!);
  await expect(details).toContainText('4 h 0 min');
  await expect(page.getByTestId('route-waypoint-item')).toHaveCount(1);
  const trayekId = await details.getAttribute('data-trayek-id');
  await expect(page.getByTestId('map-view')).toHaveAttribute('data-route-highlighted', trayekId!);

  // A demo vehicle now drives it.
  const plate = (await pickOption(page, 'route-vehicle-select', 0)).split(' (')[0]!;
  await page.getByTestId('route-vehicle-add').click();
  await expect(page.locator(`[data-testid="route-vehicle-item"][data-plate="${plate}"]`)).toBeVisible();
  await screenshot(page, 'routes-details-desktop');

  // Taken off again, then the route deleted (with its confirmation).
  await page.getByTestId('route-vehicle-remove').click();
  await expect(page.getByTestId('route-vehicle-item')).toHaveCount(0);
  await page.getByTestId('route-delete').click();
  await page.getByTestId('route-delete-confirm').click();
  await expect(page.getByTestId('route-list')).toBeVisible();
  await page.getByTestId('route-search').locator('input').fill(code);
  await expect(page.getByTestId('route-list-item')).toHaveCount(0);
});

test('S-045 an Administrator makes a route from a recorded trip of a demo vehicle', async ({ page }) => {
  const run = Date.now().toString(36).toUpperCase();
  const code = `E2E-TRIP-${run}`;
  await signInAs(page, 'admin');
  await openMap(page);
  await openRoutes(page);
  await page.getByTestId('route-new').click();
  await page.getByTestId('route-source-trip').click();
  // The default period is the last day, which the demo's history covers.
  const plate = await movedVehicle(page);
  await chooseOption(page, 'route-trip-vehicle', plate);
  await page.getByTestId('route-trip-take').click();
  await expect(page.getByTestId('route-trip-result')).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId('route-drawn')).toHaveAttribute('data-drawn', 'true');
  await page.getByTestId('route-code').fill(code);
  await page.getByTestId('route-name').fill('Route from a recorded trip');
  await page.getByTestId('route-custom').check();
  await page.getByTestId('route-save').click();
  await expect(page.getByTestId('route-details-title')).toContainText(code);
  await expect(page.getByTestId('route-details')).toContainText('Custom');
  await expect(page.getByTestId('route-distance')).not.toHaveText('0 km');

  // The same code again is the server's 409, shown on the code field.
  await page.getByTestId('route-details-back').click();
  await page.getByTestId('route-new').click();
  await page.getByTestId('route-source-trip').click();
  await chooseOption(page, 'route-trip-vehicle', plate);
  await page.getByTestId('route-trip-take').click();
  await expect(page.getByTestId('route-drawn')).toHaveAttribute('data-drawn', 'true');
  await page.getByTestId('route-code').fill(code);
  await page.getByTestId('route-name').fill('Same code');
  await page.getByTestId('route-save').click();
  await expect(page.getByTestId('route-form').locator('.ant-form-item-explain-error')).toContainText(
    'already used',
  );
  await page.getByTestId('route-cancel').click();
  await expect(page.getByTestId('route-form')).toBeHidden();
});

for (const user of ['operator', 'guest'] as const)
  test(`S-045 a ${user === 'operator' ? 'User' : 'Guest'} sees the routes and their vehicles without write controls`, async ({
    page,
  }) => {
    await signInToShell(page, user);
    await openMap(page);
    await openRoutes(page);
    await expect(page.getByTestId('route-list-item').first()).toBeVisible();
    await expect(page.getByTestId('route-new')).toHaveCount(0);
    await page.getByTestId('route-list-item').first().click();
    await expect(page.getByTestId('route-details')).toBeVisible();
    await expect(page.getByTestId('route-details-title')).not.toBeEmpty();
    await expect(page.getByTestId('route-vehicles')).toBeVisible();
    await expect(page.getByTestId('route-edit')).toHaveCount(0);
    await expect(page.getByTestId('route-delete')).toHaveCount(0);
    await expect(page.getByTestId('route-vehicle-select')).toHaveCount(0);
    await expect(page.getByTestId('route-vehicle-remove')).toHaveCount(0);
  });

test('the routes on a phone and in Indonesian', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await signInToShell(page, 'admin');
  await page.evaluate(() => localStorage.setItem('language', 'id'));
  await openMap(page);
  await openRoutes(page);
  await expect(page.getByTestId('route-list')).toContainText('Trayek baru');
  await screenshot(page, 'routes-list-phone-id');
  await page.getByTestId('route-list-item').first().click();
  await expect(page.getByTestId('route-details')).toContainText('Kendaraan di trayek ini');
  await screenshot(page, 'routes-details-phone-id');
  await page.getByTestId('route-edit').click();
  await expect(page.getByTestId('route-form')).toContainText('Ubah trayek');
  await screenshot(page, 'routes-form-phone-id');
  await page.getByTestId('route-cancel').click();
  await expect(page.getByTestId('route-details')).toBeVisible();
});

/** A demo vehicle of the unit, by id and plate. */
async function someVehicle(page: Page): Promise<{ kendaraanId: number; nomorPolisi: string }> {
  const fleet = (await (await page.request.get('/api/tracking?Take=100')).json()) as {
    results: { kendaraanId: number; nomorPolisi: string }[];
  };
  return fleet.results.at(-1)!;
}

test("S-045 an Administrator sets a vehicle's route from its information on the map; a Guest sees it read-only", async ({
  page,
  browser,
}) => {
  await signInAs(page, 'admin');
  const vehicle = await someVehicle(page);
  await page.goto(`/map?vehicle=${vehicle.kendaraanId}`);
  await expect(page.getByTestId('vehicle-info-plate')).toHaveText(vehicle.nomorPolisi, { timeout: 30_000 });
  const label = await pickOption(page, 'vehicle-route-select', 0);
  await expect(page.getByTestId('vehicle-route')).not.toHaveAttribute('data-trayek-id', '');
  await screenshot(page, 'routes-vehicle-info-desktop');

  const guest = await browser.newPage();
  await openAs(guest, 'guest', `/map?vehicle=${vehicle.kendaraanId}`);
  await expect(guest.getByTestId('vehicle-route')).toHaveText(label, { timeout: 30_000 });
  await expect(guest.getByTestId('vehicle-route-select')).toHaveCount(0);
  await guest.close();

  // None again: the clear button of the select.
  await page.getByTestId('vehicle-route').hover();
  await page.getByTestId('vehicle-route').locator('.ant-select-clear').click();
  await expect(page.getByTestId('vehicle-route')).toHaveAttribute('data-trayek-id', '');
});
