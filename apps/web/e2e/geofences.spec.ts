import { expect, test, type Page } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { screenshot, signInToShell } from './fixtures';

const here = path.dirname(fileURLToPath(import.meta.url));

async function openMap(page: Page) {
  await page.goto('/map');
  await expect(page.getByTestId('map-view')).toHaveAttribute('data-vehicles-drawn', /^\d+$/, {
    timeout: 30_000,
  });
}

async function openOptions(page: Page) {
  await page.getByTestId('geography-options-button').click();
  await expect(page.getByTestId('geography-options')).toBeVisible();
}

/** Clicks the map at an offset (px) from its centre, slowly enough for the drawing tool to see each click. */
async function clickMap(page: Page, dx: number, dy: number) {
  const box = (await page.getByTestId('map-view').boundingBox())!;
  const x = box.x + box.width / 2 + dx;
  const y = box.y + box.height / 2 + dy;
  await page.mouse.move(x, y, { steps: 4 });
  await page.mouse.down();
  await page.mouse.up();
  await page.waitForTimeout(150);
}

async function startNew(page: Page, shape: 'polygon' | 'circle') {
  await page.getByTestId('geofence-new').click();
  await expect(page.getByTestId('geofence-form')).toBeVisible();
  if (shape !== 'polygon') await page.getByTestId(`geofence-shape-${shape}`).click();
  await expect(page.getByTestId('map-view')).toHaveAttribute('data-draw-ready', 'true');
}

async function fillAndSave(page: Page, code: string, name: string) {
  await expect(page.getByTestId('geofence-drawn')).toHaveAttribute('data-drawn', 'true');
  await page.getByTestId('geofence-code').fill(code);
  await page.getByTestId('geofence-name').fill(name);
  await page.getByTestId('geofence-save').click();
  await expect(page.getByTestId('geofence-form')).toBeHidden();
}

test('S-044 an Administrator draws a polygon and a circle on the map, saves them, and finds them after a reload', async ({
  page,
}) => {
  // Codes of their own, so a retry over the same database does not meet its first try's geofences.
  const run = Date.now().toString(36).toUpperCase();
  await signInToShell(page, 'admin');
  await openMap(page);
  await openOptions(page);

  // A polygon: three corners, then the first again to close it.
  await startNew(page, 'polygon');
  await clickMap(page, -160, -60);
  await clickMap(page, -60, -60);
  await clickMap(page, -60, 40);
  await clickMap(page, -160, -60);
  await fillAndSave(page, `E2E-POLY-${run}`, 'Yard drawn in the browser');

  // A circle: the centre, then the edge.
  await startNew(page, 'circle');
  // Left of the centre: the form covers the map's inline-end side.
  await clickMap(page, -300, 160);
  await clickMap(page, -250, 160);
  await fillAndSave(page, `E2E-CIRCLE-${run}`, 'Circle drawn in the browser');

  await page.reload();
  await openMap(page);
  await expect(page.getByTestId('map-view')).toHaveAttribute('data-geofences-drawn', /^[1-9]\d*$/);
  await openOptions(page);
  await page.getByTestId('geofence-search').locator('input').fill(run);
  const items = page.getByTestId('geofence-list-item');
  await expect(items).toHaveCount(2);
  await expect(
    page.locator(`[data-testid="geofence-list-item"][data-code="E2E-CIRCLE-${run}"]`),
  ).toBeVisible();
  await expect(page.locator(`[data-testid="geofence-list-item"][data-code="E2E-POLY-${run}"]`)).toBeVisible();
  await screenshot(page, 'geofences-desktop');
});

test('S-048 an Administrator imports geofences from a KML file through the checked preview', async ({
  page,
}) => {
  await signInToShell(page, 'admin');
  await openMap(page);
  await openOptions(page);
  await page.getByTestId('geofence-import-open').click();
  const dialog = page.getByTestId('geofence-import');
  // Names of their own, so a retry over the same database does not meet its first try's geofences.
  const run = Date.now().toString(36).toUpperCase();
  const kml = (await readFile(path.join(here, 'fixtures', 'geofences.kml'), 'utf8')).replaceAll(
    'Imported ',
    `Imported ${run} `,
  );
  await dialog
    .locator('input[type=file]')
    .setInputFiles({
      name: 'geofences.kml',
      mimeType: 'application/vnd.google-earth.kml+xml',
      buffer: Buffer.from(kml),
    });
  await expect(page.getByTestId('geofence-import-summary')).toContainText('2 of 2');
  await page.getByTestId('geofence-import-commit').click();
  await expect(dialog).toBeHidden();
  await page.getByTestId('geofence-search').locator('input').fill(`Imported ${run}`);
  await expect(page.getByTestId('geofence-list-item')).toHaveCount(2);
});

test('the geofence options on a phone and in Indonesian', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await signInToShell(page, 'admin');
  await page.evaluate(() => localStorage.setItem('language', 'id'));
  await openMap(page);
  await openOptions(page);
  await expect(page.getByTestId('geography-options')).toContainText('Lapisan peta');
  await screenshot(page, 'geofences-phone-id');
});
