import { expect, test, type Page } from '@playwright/test';
import type { MarkerList } from '@pantau/contracts';
import { clickMap, openGeographyOptions, openMap, screenshot, signInAs, signInToShell } from './fixtures';

async function storedMarkers(page: Page, search: string) {
  const res = await page.request.get(`/api/markers?Take=100&search=${encodeURIComponent(search)}`);
  expect(res.status()).toBe(200);
  return ((await res.json()) as MarkerList).results;
}

/** Opens a POI from the options' list: the map flies to it and its details open. */
async function chooseFromList(page: Page, search: string) {
  await openGeographyOptions(page);
  await page.getByTestId('poi-search').locator('input').fill(search);
  const item = page.getByTestId('poi-list-item').filter({ hasText: search });
  await expect(page.getByTestId('poi-list-item')).toHaveCount(1);
  await item.click();
  await expect(page.getByTestId('poi-details')).toBeVisible();
}

test('S-062 an Administrator places a POI by clicking the map, renames and moves it, then deletes it', async ({
  page,
}) => {
  // A name of its own, so a retry over the same database does not meet its first try's POI.
  const run = Date.now().toString(36).toUpperCase();
  await signInAs(page, 'admin');
  await openMap(page);
  await openGeographyOptions(page);

  // Place: the form asks for a click on the map, then the name and the kind.
  await page.getByTestId('poi-new').click();
  await expect(page.getByTestId('poi-form')).toBeVisible();
  await expect(page.getByTestId('map-view')).toHaveAttribute('data-poi-placing', 'true');
  await expect(page.getByTestId('poi-placed')).toHaveAttribute('data-placed', 'false');
  await clickMap(page, -250, 80);
  await expect(page.getByTestId('poi-placed')).toHaveAttribute('data-placed', 'true');
  await expect(page.getByTestId('poi-pin')).toBeVisible();
  await page.getByTestId('poi-name').fill(`SPBU ${run}`);
  await page.getByTestId('poi-icon').click();
  await page.locator('.ant-select-item-option[title="Fuel station"]').click();
  await page.getByTestId('poi-notes').fill('Solar 24 jam');
  await page.getByTestId('poi-save').click();
  await expect(page.getByTestId('poi-form')).toBeHidden();
  const [placed] = await storedMarkers(page, run);
  expect(placed).toMatchObject({ name: `SPBU ${run}`, icon: 'fuel', notes: 'Solar 24 jam' });

  // Its details open once it is saved; the list finds it too.
  await expect(page.getByTestId('poi-details-name')).toHaveText(`SPBU ${run}`);
  await page.getByTestId('poi-details').getByRole('button', { name: 'Close' }).click();
  await chooseFromList(page, run);
  await expect(page.getByTestId('poi-details-name')).toHaveText(`SPBU ${run}`);
  await screenshot(page, 'poi-details-desktop');

  // Rename and move: edit from its details, click the map somewhere else.
  await page.getByTestId('poi-edit').click();
  await expect(page.getByTestId('poi-form')).toBeVisible();
  await expect(page.getByTestId('poi-name')).toHaveValue(`SPBU ${run}`);
  await clickMap(page, -120, -60);
  await page.getByTestId('poi-name').fill(`SPBU Cikampek ${run}`);
  await screenshot(page, 'poi-form-desktop');
  await page.getByTestId('poi-save').click();
  await expect(page.getByTestId('poi-form')).toBeHidden();
  await expect(page.getByTestId('poi-details-name')).toHaveText(`SPBU Cikampek ${run}`);
  const [renamed] = await storedMarkers(page, run);
  expect(renamed?.markerId).toBe(placed!.markerId);
  expect(renamed?.name).toBe(`SPBU Cikampek ${run}`);
  expect(renamed?.position).not.toEqual(placed!.position);

  // Delete, with a confirmation.
  await page.getByTestId('poi-delete').click();
  await page.getByTestId('poi-delete-confirm').click();
  await expect(page.getByTestId('poi-details')).toBeHidden();
  expect(await storedMarkers(page, run)).toHaveLength(0);
});

test('S-062 a User sees the POIs and their details without any edit control', async ({ browser, page }) => {
  const run = Date.now().toString(36).toUpperCase();
  // An Administrator places one through the API.
  const admin = await browser.newPage();
  await signInToShell(admin, 'admin');
  const created = await admin.request.post('/api/markers', {
    data: { name: `Rest area ${run}`, icon: 'rest_area', position: [107.1, -6.35], notes: null },
  });
  expect(created.status()).toBe(201);
  await admin.close();

  await signInAs(page, 'operator');
  await openMap(page);
  await openGeographyOptions(page);
  await expect(page.getByTestId('poi-list')).toBeVisible();
  await expect(page.getByTestId('poi-new')).toHaveCount(0);
  await page.getByTestId('poi-search').locator('input').fill(run);
  await expect(page.getByTestId('poi-list-item')).toHaveCount(1);
  await page.getByTestId('poi-list-item').filter({ hasText: run }).click();
  await expect(page.getByTestId('poi-details-name')).toHaveText(`Rest area ${run}`);
  await expect(page.getByTestId('poi-edit')).toHaveCount(0);
  await expect(page.getByTestId('poi-delete')).toHaveCount(0);
});

test('the POI list and form on a phone and in Indonesian', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await signInToShell(page, 'admin');
  await page.evaluate(() => localStorage.setItem('language', 'id'));
  await openMap(page);
  await openGeographyOptions(page);
  await expect(page.getByTestId('poi-list')).toContainText('Titik penting (POI)');
  await page.getByTestId('poi-list').scrollIntoViewIfNeeded();
  await screenshot(page, 'pois-phone-id');
  await page.getByTestId('poi-new').click();
  await expect(page.getByTestId('poi-form')).toContainText('Klik peta di tempat titik itu berada.');
  await screenshot(page, 'poi-form-phone-id');
});
