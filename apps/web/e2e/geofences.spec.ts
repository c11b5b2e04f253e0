import { expect, test, type Page } from '@playwright/test';
import type { GeofenceList, GeofenceRow } from '@pantau/contracts';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  clickMap,
  openGeographyOptions,
  openMap,
  registerVehicle,
  screenshot,
  signInAs,
  signInToShell,
} from './fixtures';

const here = path.dirname(fileURLToPath(import.meta.url));

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
  await signInAs(page, 'admin');
  await openMap(page);
  await openGeographyOptions(page);

  // Saved before anything is drawn: the form says to draw first, its title still in sight.
  await startNew(page, 'polygon');
  await page.getByTestId('geofence-save').click();
  const form = page.getByTestId('geofence-form');
  await expect(form).toContainText('Draw the shape on the map first.');
  await expect(form.locator('.ant-card-head')).toBeInViewport();

  // A polygon: three corners, then the first again to close it.
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
  // A radius typed in the form resizes the circle on the map at once, about the same centre.
  const drawnStatus = page.getByTestId('geofence-drawn');
  await expect(drawnStatus).toHaveAttribute('data-radius', /^\d+$/);
  const drawnRadius = Number(await drawnStatus.getAttribute('data-radius'));
  const typed = drawnRadius + 250;
  await page.getByTestId('geofence-radius').fill(String(typed));
  await expect(drawnStatus).toHaveAttribute('data-radius', String(typed));
  await fillAndSave(page, `E2E-CIRCLE-${run}`, 'Circle drawn in the browser');
  const circles = await page.request.get(`/api/polygons?search=E2E-CIRCLE-${run}`);
  expect(((await circles.json()) as GeofenceList).results[0]).toMatchObject({ radius: typed });

  await page.reload();
  await openMap(page);
  await expect(page.getByTestId('map-view')).toHaveAttribute('data-geofences-drawn', /^[1-9]\d*$/);
  await openGeographyOptions(page);
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
  await signInAs(page, 'admin');
  await openMap(page);
  await openGeographyOptions(page);
  await page.getByTestId('geofence-import-open').click();
  const dialog = page.getByTestId('geofence-import');
  // Names of their own, so a retry over the same database does not meet its first try's geofences.
  const run = Date.now().toString(36).toUpperCase();
  const kml = (await readFile(path.join(here, 'fixtures', 'geofences.kml'), 'utf8')).replaceAll(
    'Imported ',
    `Imported ${run} `,
  );
  await dialog.locator('input[type=file]').setInputFiles({
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
  await openGeographyOptions(page);
  await expect(page.getByTestId('geography-options')).toContainText('Lapisan peta');
  await screenshot(page, 'geofences-phone-id');
});

/** The geofences of the unit whose code or name holds `search`, as the server has them. */
async function storedGeofences(page: Page, search: string): Promise<GeofenceRow[]> {
  const res = await page.request.get(`/api/polygons?Take=100&search=${encodeURIComponent(search)}`);
  expect(res.status()).toBe(200);
  return ((await res.json()) as GeofenceList).results;
}

/** Opens a geofence from the options' list: the map flies to it and its details open. */
async function chooseFromList(page: Page, code: string) {
  await openGeographyOptions(page);
  await page.getByTestId('geofence-search').locator('input').fill(code);
  await page.locator(`[data-testid="geofence-list-item"][data-code="${code}"]`).click();
  await expect(page.getByTestId('geofence-details')).toBeVisible();
  // The flight (fitBounds, 800 ms) has ended when the map stops moving.
  await page.waitForTimeout(1200);
}

test('S-048 an Administrator draws a corridor and saves it with its width', async ({ page }) => {
  const run = Date.now().toString(36).toUpperCase();
  await signInAs(page, 'admin');
  await openMap(page);
  await openGeographyOptions(page);
  await page.getByTestId('geofence-new').click();
  await page.getByTestId('geofence-shape-corridor').click();
  await expect(page.getByTestId('map-view')).toHaveAttribute('data-draw-ready', 'true');
  // Along a road: three points, then the last again to finish.
  await clickMap(page, -300, 100);
  await clickMap(page, -200, 60);
  await clickMap(page, -100, 90);
  await clickMap(page, -100, 90);
  await page.getByTestId('geofence-width').locator('xpath=descendant-or-self::input').fill('250');
  await fillAndSave(page, `E2E-CORR-${run}`, 'Corridor drawn in the browser');

  const [stored] = await storedGeofences(page, `E2E-CORR-${run}`);
  expect(stored?.polygonType).toBe('corridor');
  expect(stored?.geometry.type).toBe('LineString');
  expect((stored?.geometry as GeoJSON.LineString).coordinates).toHaveLength(3);
  expect(stored?.width).toBe(250);
});

test("S-048 an Administrator moves an existing polygon's point on the map and saves it (editPoint)", async ({
  page,
}) => {
  const run = Date.now().toString(36).toUpperCase();
  await signInAs(page, 'admin');
  // A square with a notch whose point is the middle of its box, so it sits at the centre of the map's
  // free area (beside the side panel) once the map has flown to the geofence.
  const [w, s, e, n] = [106.9, -6.31, 106.91, -6.3];
  const notch = [(w + e) / 2, (s + n) / 2];
  const created = await page.request.post('/api/polygons', {
    data: {
      polygonCode: `E2E-EDIT-${run}`,
      polygonName: `Notched yard ${run}`,
      polygonType: 'polygon',
      category: 'pool',
      geometry: {
        type: 'Polygon',
        coordinates: [[[w, s], [e, s], [e, n], notch, [w, n], [w, s]]],
      },
    },
  });
  expect(created.status()).toBe(201);

  await openMap(page);
  await chooseFromList(page, `E2E-EDIT-${run}`);
  await page.getByTestId('geofence-edit').click();
  await expect(page.getByTestId('geofence-form')).toBeVisible();
  await expect(page.getByTestId('map-view')).toHaveAttribute('data-draw-ready', 'true');
  await page.waitForTimeout(300);

  // Drag the notch's point 60 px down: the notch deepens.
  const box = (await page.getByTestId('map-view').boundingBox())!;
  // The map is fitted with the side panel's width kept free on its right (model/side-panel-padding.ts).
  const x = box.x + (60 + box.width - 420) / 2;
  const y = box.y + box.height / 2;
  await page.mouse.move(x, y, { steps: 4 });
  await page.mouse.down();
  await page.mouse.move(x, y + 30, { steps: 6 });
  await page.mouse.move(x, y + 60, { steps: 6 });
  await page.mouse.up();
  await page.getByTestId('geofence-save').click();
  await expect(page.getByTestId('geofence-form')).toBeHidden();

  const [stored] = await storedGeofences(page, `E2E-EDIT-${run}`);
  const ring = (stored!.geometry as GeoJSON.Polygon).coordinates[0]!;
  expect(ring).toHaveLength(6);
  // The corners stay; the notch's point moved south, still inside the box.
  expect(ring).toContainEqual([e, n]);
  const moved = ring.find((p) => p[1]! < notch[1]! - 0.0005 && p[1]! > s && p[0]! > w && p[0]! < e);
  expect(moved, `a point moved south of ${notch[1]}: ${JSON.stringify(ring)}`).toBeTruthy();
});

test("S-044 the geofence form shows the server's 409 under Code for a code already in use", async ({
  page,
}) => {
  const run = Date.now().toString(36).toUpperCase();
  await signInAs(page, 'admin');
  const taken = `E2E-DUP-${run}`;
  const created = await page.request.post('/api/polygons', {
    data: {
      polygonCode: taken,
      polygonName: `Taken ${run}`,
      polygonType: 'circle',
      center: [106.95, -6.25],
      radius: 200,
      geometry: { type: 'Point', coordinates: [106.95, -6.25] },
    },
  });
  expect(created.status()).toBe(201);
  await openMap(page);
  await openGeographyOptions(page);
  await startNew(page, 'circle');
  await clickMap(page, -300, 160);
  await clickMap(page, -250, 160);
  await expect(page.getByTestId('geofence-drawn')).toHaveAttribute('data-drawn', 'true');
  await page.getByTestId('geofence-code').fill(taken);
  await page.getByTestId('geofence-name').fill('Same code again');
  await page.getByTestId('geofence-save').click();
  const codeItem = page.locator('.ant-form-item').filter({ has: page.getByTestId('geofence-code') });
  await expect(codeItem.locator('.ant-form-item-explain-error')).toContainText(taken);
  await expect(page.getByTestId('geofence-form')).toBeVisible();
  await page.getByTestId('geofence-cancel').click();
});

test("S-044 export downloads a GeoJSON file with the unit's geofences", async ({ page }) => {
  await signInAs(page, 'admin');
  await openMap(page);
  await openGeographyOptions(page);
  const download = page.waitForEvent('download');
  await page.getByTestId('geofence-export').click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('geofences.geojson');
  const collection = JSON.parse(await readFile(await file.path(), 'utf8')) as GeoJSON.FeatureCollection;
  expect(collection.type).toBe('FeatureCollection');
  const all = (await (await page.request.get('/api/polygons/export')).json()) as GeoJSON.FeatureCollection;
  const codes = (c: GeoJSON.FeatureCollection) =>
    c.features.map((f) => (f.properties as { polygonCode: string }).polygonCode).sort();
  expect(collection.features.length).toBeGreaterThan(0);
  expect(codes(collection)).toEqual(codes(all));
});

test('S-044 a vehicle that reports inside a geofence shows in its details: inside now, since when, and the visit', async ({
  page,
}) => {
  const run = Date.now().toString(36).toUpperCase();
  await signInAs(page, 'admin');
  // A vehicle registered now: the simulator leaves it alone, so only the positions sent here move it.
  const vehicle = await registerVehicle(page);
  // A place of this run's own, away from the demo's roads, so no earlier run's geofence holds it.
  const center: [number, number] = [110.2 + (Date.now() % 997) * 0.001, -7.6];
  const created = await page.request.post('/api/polygons', {
    data: {
      polygonCode: `E2E-VISIT-${run}`,
      polygonName: `Visit yard ${run}`,
      polygonType: 'circle',
      category: 'base',
      center,
      radius: 300,
      geometry: { type: 'Point', coordinates: center },
    },
  });
  expect(created.status()).toBe(201);

  // Two fixes inside, five and four minutes ago: the vehicle entered five minutes ago and is parked there.
  const osmandPort = Number(process.env.OSMAND_PORT ?? 5155);
  const now = Math.floor(Date.now() / 1000);
  for (const [ago, dLat] of [
    [300, 0],
    [240, 0.0002],
  ] as const) {
    const sent = await page.request.get(
      `http://127.0.0.1:${osmandPort}/?id=${vehicle.pantauKendaraanId}&lat=${center[1] + dLat}&lon=${center[0]}&timestamp=${now - ago}&speed=0`,
    );
    expect(sent.status()).toBe(200);
  }

  await openMap(page);
  await chooseFromList(page, `E2E-VISIT-${run}`);
  const details = page.getByTestId('geofence-details');
  await expect(details.getByTestId('geofence-details-name')).toHaveText(`Visit yard ${run}`);
  const inside = details.getByTestId('geofence-inside-vehicle').filter({ hasText: vehicle.nomorPolisi });
  await expect(inside).toBeVisible({ timeout: 20_000 });
  // "Inside since" with the time it has run so far (about five minutes), never 0.
  await expect(inside.getByTestId('geofence-inside-since')).toHaveText(/· [4-9] min$/);
  const visit = details.getByTestId('geofence-visit').filter({ hasText: vehicle.nomorPolisi });
  await expect(visit).toHaveAttribute('data-open', 'true');
  await screenshot(page, 'geofence-details-visit');
});
