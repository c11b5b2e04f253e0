/// <reference types="node" />
import { expect, test } from '@playwright/test';
import { Gt06TestClient, gt06Gps, gt06Login } from '../../server/src/test/gt06-client';
import { registerVehicle, screenshot, signInAs } from './fixtures';

// The e2e server's tracker ports (scripts/e2e-server.mjs).
const gt06Port = Number(process.env.GT06_PORT ?? 5123);
const osmandPort = Number(process.env.OSMAND_PORT ?? 5155);

test('a GT06 tracker and an OsmAnd phone move a vehicle: the counts, the bell and the map follow live', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signInAs(page, 'admin');
  // A vehicle of its own, registered now: the demo simulator leaves it alone, so only this test moves it.
  const vehicle = await registerVehicle(page);
  const { kendaraanId, nomorPolisi: plate, pantauKendaraanId: imei } = vehicle;
  const limit = vehicle.speedLimit ?? 80;

  // Before: it has never reported, so "ignition on" does not list it.
  await page.goto('/?status=ignitionOn');
  const table = page.getByTestId('fleet-table');
  await page.getByTestId('fleet-search').fill(plate);
  await expect(table).toHaveAttribute('data-total', '0');

  // A real tracker on TCP: login, then 45 s of fixes at limit + 25 km/h eastwards on the Jakarta–Cikampek
  // toll with the engine on. Each fix is acknowledged only after it is stored.
  const tracker = await Gt06TestClient.connect(gt06Port);
  try {
    tracker.send(gt06Login(imei, 1));
    await tracker.waitForReplies(1);
    const now = Date.now();
    const fixes = 10;
    for (let i = 0; i < fixes; i++) {
      const time = new Date(now - (fixes - 1 - i) * 5_000);
      time.setMilliseconds(0);
      const fix = {
        time,
        lat: -6.3,
        lon: 107.1 + i * 0.0015,
        speedKmh: limit + 25,
        course: 90,
        ignition: true,
      };
      tracker.send(gt06Gps(fix, 2 + i));
    }
    await tracker.waitForReplies(1 + fixes, 15_000);
  } finally {
    tracker.close();
  }

  // The dashboard's live summary puts it under "ignition on"; the bell shows the over speed by its plate.
  await expect(table).toHaveAttribute('data-total', '1', { timeout: 15_000 });
  await page.getByTestId('header-bell').click();
  await expect(page.getByTestId('notification-dropdown')).toContainText(`Over speed By ${plate}`, {
    timeout: 15_000,
  });
  await screenshot(page, 'tracker-overspeed-bell');
  await page.keyboard.press('Escape');

  // The map's vehicle drawer shows the tracker's speed and position.
  await page.goto('/map');
  await page.getByTestId('vehicle-search').fill(plate);
  await page.getByTestId('vehicle-search-option').first().click();
  await expect(page).toHaveURL(new RegExp(`[?&]vehicle=${kendaraanId}`));
  const drawer = page.locator('.vehicle-drawer');
  await expect(drawer.getByTestId('vehicle-info-plate')).toHaveText(plate);
  await expect(drawer.getByTestId('vehicle-info-speed')).toHaveText(`${limit + 25} km/h`);
  await expect(drawer).toContainText('-6.30000, 107.11350');

  // A phone running Traccar Client (OsmAnd over HTTP) moves it on, live, while the drawer is open.
  const seconds = Math.floor(Date.now() / 1000);
  const knots = (40 / 1.852).toFixed(3);
  const osmand = await page.request.get(
    `http://127.0.0.1:${osmandPort}/?id=${imei}&lat=-6.31&lon=107.2&timestamp=${seconds}&speed=${knots}&ignition=true`,
  );
  expect(osmand.status()).toBe(200);
  await expect(drawer).toContainText('-6.31000, 107.20000', { timeout: 15_000 });
  await expect(drawer.getByTestId('vehicle-info-speed')).toHaveText('40 km/h');
  await screenshot(page, 'tracker-moved-map');
});
