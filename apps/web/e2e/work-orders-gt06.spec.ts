/// <reference types="node" />
import { expect, test, type Page } from '@playwright/test';
import { Gt06TestClient, gt06Gps, gt06Login } from '../../server/src/test/gt06-client';
import { screenshot, signInToShell } from './fixtures';

// The e2e server's GT06 port (scripts/e2e-server.mjs).
const gt06Port = Number(process.env.GT06_PORT ?? 5123);

/** A per-run stamp: codes, plates and tracker ids no other run uses on the same database. */
const stamp = Date.now() % 10_000_000;
const LAT = -8.2;
const POOL = 113.5;
const PLANT = 113.55;
const DEALER = 113.65;

async function post(page: Page, path: string, data: unknown) {
  const answer = await page.request.post(path, { data });
  expect(answer.status(), `${path}: ${await answer.text()}`).toBe(201);
  return answer.json();
}

const circle = (code: string, category: string, lon: number) => ({
  polygonCode: code,
  polygonName: code,
  polygonType: 'circle',
  category,
  center: [lon, LAT],
  radius: 400,
});

/** `DD/MM/YYYY HH:mm` in WIB (the demo unit's zone), as the date-time pickers take it. */
function typedWib(ms: number) {
  const wib = new Date(ms + 7 * 3_600_000);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(wib.getUTCDate())}/${two(wib.getUTCMonth() + 1)}/${wib.getUTCFullYear()} ${two(wib.getUTCHours())}:${two(wib.getUTCMinutes())}`;
}

/** Picks an option of a searchable select by typing part of its label. */
async function choose(page: Page, field: string, typed: string) {
  await page.getByTestId(`field-${field}`).click();
  await page.keyboard.type(typed);
  await page
    .locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: typed })
    .first()
    .click();
}

/** The dashboard's table filtered by a Home status option and a plate: how many rows. */
async function dashboardRows(page: Page, status: string, plate: string) {
  await page.goto(`/?status=${status}`);
  await page.getByTestId('fleet-search').fill(plate);
  return page.getByTestId('fleet-table');
}

test('S-057 S-047 S-049 an SPK created in the browser follows its truck over GT06 through the route: milestones, times and status on the SPK page and the dashboard', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInToShell(page, 'admin');

  // A pool, a plant and a dealer of this run in a quiet corner of East Java, a route between them with
  // a 30-minute lead time and a 2-hour circle time, and a new car carrier with its own GT06 tracker.
  const pool = await post(page, '/api/polygons', circle(`E2E-POOL-${stamp}`, 'pool', POOL));
  const plant = await post(page, '/api/polygons', circle(`E2E-PLANT-${stamp}`, 'plant', PLANT));
  const dealer = await post(page, '/api/polygons', circle(`E2E-DEALER-${stamp}`, 'dealer', DEALER));
  expect(pool.polygonId).toBeGreaterThan(0);
  const routeCode = `E2E-R-${stamp}`;
  await post(page, '/api/trayek', {
    code: routeCode,
    name: `Plant to dealer ${stamp}`,
    originPolygonId: plant.polygonId,
    destinationPolygonId: dealer.polygonId,
    leadTimeMinutes: 30,
    circleTimeMinutes: 120,
    path: {
      type: 'LineString',
      coordinates: [
        [POOL, LAT],
        [DEALER, LAT],
      ],
    },
  });
  const imei = `35${String(stamp).padStart(13, '0')}`;
  const plate = `W ${1000 + (stamp % 9000)} GT`;
  await post(page, '/api/kendaraan', {
    pantauKendaraanId: imei,
    nomorPolisi: plate,
    nomorKendaraan: `E2E-${stamp}`,
    vehicleClass: 'CC',
  });

  // The SPK, in the browser: run date 115 minutes ago, on the new route and vehicle.
  const start = Date.now() - 120 * 60_000;
  const spkNumber = `E2E-GT06-${stamp}`;
  await page.goto('/spk/ccr');
  await expect(page.getByTestId('spk-list')).toHaveAttribute('data-loading', 'false');
  await page.getByTestId('add-spk').click();
  await expect(page.getByTestId('spk-editor-drawer')).toBeVisible();
  await page.getByTestId('field-spkNumber').fill(spkNumber);
  await page.getByTestId('field-runDate').fill(typedWib(start + 5 * 60_000));
  await page.getByTestId('field-runDate').press('Enter');
  await choose(page, 'trayekId', routeCode);
  await choose(page, 'kendaraanId', plate);
  await page.getByTestId('field-customer').fill('PT Toyota-Astra Motor');
  await page.getByTestId('spk-editor-save').click();
  await expect(page.getByTestId('spk-editor-drawer')).toBeHidden();

  // Waiting: the dashboard's waiting orders list the truck.
  const waiting = await dashboardRows(page, 'waitingOrder', plate);
  await expect(waiting).toHaveAttribute('data-total', '1', { timeout: 15_000 });

  // The tracker drives the trip, a fix every 5 minutes: in the pool, out at −110 min, at the plant from
  // −100 to −90, out at −85, at the dealer from −70 to −60, out at −55, back in the pool at −30.
  const track: [number, number][] = [
    [0, POOL],
    [5, POOL],
    [10, 113.52],
    [20, PLANT],
    [25, PLANT],
    [30, PLANT],
    [35, 113.57],
    [50, DEALER],
    [55, DEALER],
    [60, DEALER],
    [65, 113.63],
    [90, POOL],
    [95, POOL],
  ];
  const tracker = await Gt06TestClient.connect(gt06Port);
  try {
    tracker.send(gt06Login(imei, 1));
    await tracker.waitForReplies(1);
    track.forEach(([minute, lon], i) => {
      const time = new Date(start + minute * 60_000);
      time.setMilliseconds(0);
      tracker.send(gt06Gps({ time, lat: LAT, lon, speedKmh: 35, course: 90, ignition: true }, 2 + i));
    });
    await tracker.waitForReplies(1 + track.length, 20_000);
  } finally {
    tracker.close();
  }

  // The SPK page: done, with the detected milestones and its times (lead 15 min, circle 80 min). The
  // milestones are worked out a moment after the fixes are stored, and the list refreshes once a
  // minute, so the operator reloads until the return into the pool shows.
  const row = page.getByTestId('spk-table').locator(`.ant-table-row[data-spk="${spkNumber}"]`);
  await expect(async () => {
    await page.goto(`/spk/ccr?search=${spkNumber}`);
    await expect(row.getByTestId('spk-status')).toHaveText('Done', { timeout: 3_000 });
  }).toPass({ timeout: 30_000 });
  await row.getByTestId('spk-open').click();
  const details = page.getByTestId('spk-details');
  await expect(details).toHaveAttribute('data-status', 'done');
  const milestones = page.getByTestId('spk-milestone');
  await expect(milestones).toHaveCount(6);
  for (let i = 0; i < 6; i++) await expect(milestones.nth(i)).toHaveAttribute('data-source', 'detected');
  await expect(details).toContainText(typedWib(start + 10 * 60_000).slice(-5));
  await expect(details).toContainText(`E2E-PLANT-${stamp}`);
  await expect(details).toContainText('15 min');
  await expect(details).toContainText('1 h 20 min');
  await screenshot(page, 'spk-gt06-done');

  // The dashboard: no longer waiting; the truck is back among the vehicles without an order.
  const empty = await dashboardRows(page, 'emptyOrder', plate);
  await expect(empty).toHaveAttribute('data-total', '1', { timeout: 15_000 });
  const stillWaiting = await dashboardRows(page, 'waitingOrder', plate);
  await expect(stillWaiting).toHaveAttribute('data-total', '0');
});
