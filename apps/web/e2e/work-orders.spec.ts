import { expect, test, type Page } from '@playwright/test';
import { screenshot, signInAs } from './fixtures';

const DAY_MS = 86_400_000;
const ROUTE = 'KIIC-IPCC';

/** A per-run stamp: SPK numbers and run dates no other run of these tests uses on the same database. */
const stamp = () => Date.now() % 100_000_000;

/** `DD/MM/YYYY HH:mm` in WIB (the demo unit's zone) and the same instant as ISO. */
function runDate(daysAhead: number, hour: number) {
  const wib = new Date(Date.now() + daysAhead * DAY_MS + 7 * 3_600_000);
  const y = wib.getUTCFullYear();
  const m = wib.getUTCMonth() + 1;
  const d = wib.getUTCDate();
  const two = (n: number) => String(n).padStart(2, '0');
  return {
    typed: `${two(d)}/${two(m)}/${y} ${two(hour)}:00`,
    iso: `${y}-${two(m)}-${two(d)}T${two(hour)}:00:00+07:00`,
  };
}

interface DemoVehicle {
  kendaraanId: number;
  nomorPolisi: string;
  nomorKendaraan: string;
}

/**
 * An active demo vehicle whose papers are valid beyond the next 30 days (an SPK within them is
 * neither refused nor warned about) and that runs no SPK within two days of `runAt` (ISO): earlier
 * runs of these tests over the same database, or the demo's own trips, hold some.
 */
async function freeVehicle(
  page: Page,
  runAt: string,
  /** Also: it reported in [runAt, now] (a demo vehicle, not one another test added without a tracker). */
  reported = false,
): Promise<DemoVehicle> {
  const answer = await page.request.get('/api/kendaraan?aktif=true&documentStatus=valid&Take=100');
  expect(answer.ok()).toBe(true);
  const { results } = (await answer.json()) as { results: DemoVehicle[] };
  const around = (days: number) => new Date(Date.parse(runAt) + days * DAY_MS).toISOString();
  for (let i = 0; i < results.length; i++) {
    const vehicle = results[(stamp() + i) % results.length]!;
    const held = await page.request.get('/api/spk', {
      params: {
        kendaraanId: vehicle.kendaraanId,
        from: around(-2),
        to: around(2),
        status: 'waiting,on_progress,abnormal,done',
        Take: 1,
      },
    });
    expect(held.ok()).toBe(true);
    if (((await held.json()) as { count: number }).count !== 0) continue;
    if (!reported) return vehicle;
    const fixes = await page.request.get('/api/logs/gps', {
      params: { kendaraanId: vehicle.kendaraanId, from: runAt, to: new Date().toISOString(), Take: 1 },
    });
    if (fixes.ok() && ((await fixes.json()) as { count: number }).count > 0) return vehicle;
  }
  throw new Error(`No demo vehicle is free around ${runAt}`);
}

async function routeId(page: Page, code: string): Promise<number> {
  const answer = await page.request.get(`/api/trayek?search=${code}&Take=10`);
  const { results } = (await answer.json()) as { results: { trayekId: number; code: string }[] };
  return results.find((r) => r.code === code)!.trayekId;
}

/** Creates an SPK through the API, as an Administrator signed in on `page`; answers its id. */
async function createSpk(
  page: Page,
  input: { kind: 'ccr' | 'dt'; spkNumber: string; kendaraanId: number; trayekId: number; runDate: string },
) {
  const answer = await page.request.post('/api/spk', { data: input });
  expect(answer.status(), await answer.text()).toBe(201);
  return ((await answer.json()) as { spk: { spkId: number } }).spk.spkId;
}

async function openList(page: Page, path: string) {
  await page.goto(path);
  await expect(page.getByTestId('spk-list')).toHaveAttribute('data-loading', 'false');
}

async function search(page: Page, text: string) {
  await page.getByTestId('list-search').fill(text);
  await expect(page).toHaveURL(new RegExp(`search=${encodeURIComponent(text)}`));
  await expect(page.getByTestId('spk-list')).toHaveAttribute('data-loading', 'false');
}

const rowOf = (page: Page, spkNumber: string) =>
  page.getByTestId('spk-table').locator(`.ant-table-row[data-spk="${spkNumber}"]`);

const fieldError = (page: Page, field: string) =>
  page
    .getByTestId('spk-editor-form')
    .locator('.ant-form-item', { has: page.getByTestId(`field-${field}`) })
    .locator('.ant-form-item-explain-error:not(.ant-form-show-help-item-leave)');

/** Picks an option of a searchable select by typing part of its label. */
async function choose(page: Page, field: string, typed: string) {
  await page.getByTestId(`field-${field}`).click();
  await page.keyboard.type(typed);
  await page
    .locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: typed })
    .first()
    .click();
}

async function fillSpk(page: Page, spk: { number: string; typedRunDate: string; plate: string }) {
  await page.getByTestId('add-spk').click();
  await expect(page.getByTestId('spk-editor-drawer')).toBeVisible();
  await page.getByTestId('field-spkNumber').fill(spk.number);
  await page.getByTestId('field-dtNumber').fill(`DT-${spk.number}`);
  await page.getByTestId('field-runDate').fill(spk.typedRunDate);
  await page.getByTestId('field-runDate').press('Enter');
  await choose(page, 'trayekId', ROUTE);
  await choose(page, 'kendaraanId', spk.plate);
  await page.getByTestId('field-customer').fill('PT Astra Daihatsu Motor');
  await page.getByTestId('field-loadCount').fill('6');
}

test.describe('work orders (SPK)', () => {
  test('S-057 an Administrator creates an SPK and finds it in the list, with every SPK column, and in its drawer', async ({
    page,
  }) => {
    // The whole form, the list, the drawer and its map: near a minute on a busy machine.
    test.slow();
    await page.setViewportSize({ width: 1440, height: 900 });
    await signInAs(page, 'admin');
    const number = `E2E-${stamp()}`;
    const when = runDate(3 + (stamp() % 20), 8);
    const vehicle = await freeVehicle(page, when.iso);

    await openList(page, '/spk/ccr');
    await expect(page.locator('.page-header h3')).toHaveText('SPK CCR');
    const head = page.getByTestId('spk-table').locator('thead');
    for (const column of [
      'DT number',
      'SPK number',
      'Route',
      'Run date',
      'Origin',
      'Destination',
      'Lead time',
      'Circle time',
      'Standard',
      'Actual',
      'Over',
      'Monitored route',
      'Status',
      'Anomaly',
      'Vehicle',
      'Pool',
      'Loading',
      'Unloading',
      'In',
      'Out',
    ])
      await expect(head.getByText(column, { exact: true }).first()).toBeVisible();

    await fillSpk(page, { number, typedRunDate: when.typed, plate: vehicle.nomorPolisi });
    // Origin and destination follow the route.
    await expect(page.getByTestId('field-originPolygonId')).not.toContainText('Choose');
    await expect(page.getByTestId('field-destinationPolygonId')).not.toContainText('Choose');
    await screenshot(page, 'spk-form');
    await page.getByTestId('spk-editor-save').click();
    await expect(page.getByTestId('spk-editor-drawer')).toBeHidden();

    await search(page, number);
    const row = rowOf(page, number);
    await expect(row).toHaveCount(1);
    await expect(row).toContainText(ROUTE);
    await expect(row).toContainText(vehicle.nomorPolisi);
    await expect(row).toContainText(when.typed);
    await expect(row.getByTestId('spk-status')).toHaveText('Waiting');
    // The route's standard times, as hours and minutes.
    await expect(row).toContainText(/\d+ h( \d+ min)?/);
    await screenshot(page, 'spk-list');

    await row.getByTestId('spk-open').click();
    await expect(page).toHaveURL(/[?&]spk=\d+/);
    const details = page.getByTestId('spk-details');
    await expect(details).toHaveAttribute('data-spk', number);
    await expect(details).toContainText(`DT-${number}`);
    await expect(details).toContainText('PT Astra Daihatsu Motor');
    await expect(details).toContainText('6 cars');
    await expect(page.getByTestId('spk-milestone')).toHaveCount(6);
    await expect(page.getByTestId('spk-next-milestone')).toHaveCount(1);
    await expect(page.getByTestId('spk-milestone').first()).toHaveClass(/spk-milestone-next/);
    await expect(page.getByTestId('spk-no-anomalies')).toBeVisible();
    await expect(page.getByTestId('spk-trip-map')).not.toHaveAttribute('data-route-points', '0');
    await expect(page.getByTestId('spk-drawer-edit')).toBeVisible();
    await screenshot(page, 'spk-drawer');
    await page.getByTestId('spk-trip-map').scrollIntoViewIfNeeded();
    await screenshot(page, 'spk-drawer-map');

    // The drawer is in the URL: a reload opens it again.
    await page.reload();
    await expect(page.getByTestId('spk-details')).toHaveAttribute('data-spk', number);
  });

  test('S-057 an Administrator corrects a milestone, goes back to the detected time, and cancels the SPK', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await signInAs(page, 'admin');
    const days = 3 + ((stamp() + 5) % 20);
    const run = runDate(days, 8).iso;
    const vehicle = await freeVehicle(page, run);
    const number = `E2E-C-${stamp()}`;
    const spkId = await createSpk(page, {
      kind: 'ccr',
      spkNumber: number,
      kendaraanId: vehicle.kendaraanId,
      trayekId: await routeId(page, ROUTE),
      runDate: run,
    });
    await page.goto(`/spk/ccr?search=${number}&spk=${spkId}`);
    await expect(page.getByTestId('spk-details')).toHaveAttribute('data-spk', number);

    // A correction of a milestone says who made it, and goes back to the detected (none) on request.
    // The SPK runs days ahead; a milestone cannot lie in the future, so the pool exit is yesterday's.
    const outPool = page.locator('[data-testid="spk-milestone"][data-milestone="out_pool"]');
    await outPool.getByTestId('spk-correct').click();
    await page.getByTestId('spk-correct-at').fill(runDate(-1, 9).typed);
    await page.getByTestId('spk-correct-at').press('Enter');
    await page.getByTestId('spk-correct-save').click();
    await expect(outPool).toHaveAttribute('data-source', 'manual');
    await expect(outPool).toContainText('Corrected by admin');
    await outPool.getByTestId('spk-revert').click();
    await expect(outPool).toHaveAttribute('data-source', '');
    await expect(outPool).toContainText('Not yet');

    // Cancelled, with a reason: the status follows, the changes are gone.
    await page.getByTestId('spk-cancel').click();
    await page.getByTestId('spk-cancel-reason').fill('Customer postponed');
    await page.getByTestId('spk-cancel-confirm').click();
    await expect(page.getByTestId('spk-details')).toHaveAttribute('data-status', 'cancelled');
    await expect(page.getByTestId('spk-drawer-edit')).toHaveCount(0);
    await page.keyboard.press('Escape');
    await expect(page).not.toHaveURL(/[?&]spk=/);
    await expect(rowOf(page, number).getByTestId('spk-status')).toHaveText('Cancelled');
  });

  test('S-057 a vehicle already on an SPK in the period: the 409 shows under the vehicle', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await signInAs(page, 'admin');
    const trayekId = await routeId(page, ROUTE);
    const first = `E2E-A-${stamp()}`;
    const days = 3 + ((stamp() + 7) % 20);
    const vehicle = await freeVehicle(page, runDate(days, 6).iso);
    await createSpk(page, {
      kind: 'dt',
      spkNumber: first,
      kendaraanId: vehicle.kendaraanId,
      trayekId,
      runDate: runDate(days, 6).iso,
    });

    await openList(page, '/spk/dt');
    await fillSpk(page, {
      number: `E2E-B-${stamp()}`,
      typedRunDate: runDate(days, 7).typed,
      plate: vehicle.nomorPolisi,
    });
    await page.getByTestId('spk-editor-save').click();
    await expect(fieldError(page, 'kendaraanId')).toHaveText(`The vehicle runs SPK ${first} in this period`);
    await expect(fieldError(page, 'spkNumber')).toHaveCount(0);
    await screenshot(page, 'spk-form-conflict');
    await page.getByTestId('spk-editor-cancel').click();
    await expect(page.getByTestId('spk-editor-drawer')).toBeHidden();
  });

  test('S-057 an SPK for a vehicle whose papers are due soon is saved, and the warning shows after saving', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await signInAs(page, 'admin');
    const when = runDate(1, 10);
    const runDay = when.iso.slice(0, 10);
    const answer = await page.request.get('/api/kendaraan?aktif=true&documentStatus=due_soon&Take=100');
    const { results } = (await answer.json()) as {
      results: (DemoVehicle & { kirDue: string | null; stnkDue: string | null })[];
    };
    // Due soon, but not before the run date (that would be refused).
    const candidates = results.filter((v) => [v.kirDue, v.stnkDue].every((d) => d === null || d >= runDay));
    let vehicle: DemoVehicle | undefined;
    for (const v of candidates) {
      const held = await page.request.get('/api/spk', {
        params: {
          kendaraanId: v.kendaraanId,
          from: runDate(-1, 10).iso,
          to: runDate(3, 10).iso,
          status: 'waiting,on_progress,abnormal,done',
          Take: 1,
        },
      });
      if (((await held.json()) as { count: number }).count === 0) {
        vehicle = v;
        break;
      }
    }
    expect(vehicle, 'a demo vehicle with papers due soon and no SPK tomorrow').toBeDefined();

    await openList(page, '/spk/dt');
    await fillSpk(page, {
      number: `E2E-W-${stamp()}`,
      typedRunDate: when.typed,
      plate: vehicle!.nomorPolisi,
    });
    await page.getByTestId('spk-editor-save').click();
    await expect(page.getByTestId('spk-editor-drawer')).toBeHidden();
    await expect(page.getByTestId('spk-warnings')).toContainText(`of ${vehicle!.nomorPolisi} is due on`);
    await screenshot(page, 'spk-saved-with-warning');
  });

  test('S-057 the filters live in the URL, and an Administrator renames a kind', async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await signInAs(page, 'admin');
    await openList(page, '/spk/dt');

    await page.getByTestId('filter-status').click();
    await page.locator('.ant-select-item-option', { hasText: /^Waiting$/ }).click();
    await expect(page).toHaveURL(/status=waiting/);
    await page.getByTestId('filter-anomaly').click();
    await expect(page).toHaveURL(/anomaly=true/);
    await page.reload();
    await expect(page.getByTestId('filter-status')).toContainText('Waiting');
    await expect(page.getByTestId('filter-anomaly')).toBeChecked();
    await expect(page.getByTestId('spk-list')).toHaveAttribute('data-loading', 'false');
    for (const status of await page
      .getByTestId('spk-table')
      .locator('.ant-table-row')
      .evaluateAll((rows) => rows.map((r) => r.getAttribute('data-status'))))
      expect(status).toBe('waiting');

    // The page is titled with the unit's name of the kind.
    const title = page.locator('.page-header h3');
    const before = (await title.textContent()) ?? '';
    const renamed = `Delivery ${stamp()}`;
    await page.getByTestId('spk-rename-kind').click();
    await page.getByTestId('spk-kind-label-dt').fill(renamed);
    await page.getByTestId('spk-kinds-save').click();
    await expect(page.getByTestId('spk-kinds-dialog')).toBeHidden();
    await expect(title).toHaveText(renamed);
    await page.getByTestId('spk-rename-kind').click();
    await page.getByTestId('spk-kind-label-dt').fill(before);
    await page.getByTestId('spk-kinds-save').click();
    await expect(title).toHaveText(before);
  });

  test('S-057 the dark sidebar and right-to-left', async ({ page }) => {
    await page.addInitScript(() => {
      const settings = JSON.parse(localStorage.getItem('settings') ?? '{}') as Record<string, unknown>;
      localStorage.setItem('settings', JSON.stringify({ ...settings, darkSidebar: true, direction: 'rtl' }));
    });
    await page.setViewportSize({ width: 1440, height: 900 });
    await signInAs(page, 'admin');
    const run = runDate(3 + ((stamp() + 11) % 20), 14).iso;
    const vehicle = await freeVehicle(page, run);
    const number = `E2E-R-${stamp()}`;
    await createSpk(page, {
      kind: 'ccr',
      spkNumber: number,
      kendaraanId: vehicle.kendaraanId,
      trayekId: await routeId(page, ROUTE),
      runDate: run,
    });
    await openList(page, `/spk/ccr?search=${number}`);
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await screenshot(page, 'spk-list-rtl-dark');
    await rowOf(page, number).getByTestId('spk-open').click();
    await expect(page.getByTestId('spk-details')).toBeVisible();
    await screenshot(page, 'spk-drawer-rtl-dark');
  });

  test("S-057 the trip map draws the route and the vehicle's track since the run date", async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await signInAs(page, 'admin');
    const trayekId = await routeId(page, ROUTE);
    // A trip that began 20 hours ago on a demo vehicle with a day of history.
    const start = new Date(Date.now() - 20 * 3_600_000).toISOString();
    const vehicle = await freeVehicle(page, start, true);
    const answer = await page.request.post('/api/spk', {
      data: {
        kind: 'ccr',
        spkNumber: `E2E-T-${stamp()}`,
        kendaraanId: vehicle.kendaraanId,
        trayekId,
        runDate: start,
      },
    });
    expect(answer.status(), await answer.text()).toBe(201);
    const spkId = ((await answer.json()) as { spk: { spkId: number } }).spk.spkId;
    await page.goto(`/spk/ccr?spk=${spkId}`);
    const map = page.getByTestId('spk-trip-map');
    await expect(map).not.toHaveAttribute('data-track-points', '0', { timeout: 20_000 });
    await expect(map).not.toHaveAttribute('data-route-points', '0');
    await map.scrollIntoViewIfNeeded();
    await screenshot(page, 'spk-drawer-track');
  });

  test('S-057 a User reads the SPKs and their drawer, with nothing to change', async ({ page, context }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await signInAs(page, 'admin');
    const run = runDate(3 + ((stamp() + 13) % 20), 10).iso;
    const vehicle = await freeVehicle(page, run);
    const number = `E2E-U-${stamp()}`;
    await createSpk(page, {
      kind: 'ccr',
      spkNumber: number,
      kendaraanId: vehicle.kendaraanId,
      trayekId: await routeId(page, ROUTE),
      runDate: run,
    });
    await context.clearCookies();

    await signInAs(page, 'operator');
    await openList(page, '/spk/ccr');
    await expect(page.getByTestId('spk-read-only')).toBeVisible();
    await expect(page.getByTestId('add-spk')).toHaveCount(0);
    await expect(page.getByTestId('spk-rename-kind')).toHaveCount(0);
    await search(page, number);
    const row = rowOf(page, number);
    await expect(row).toHaveCount(1);
    await expect(row.getByTestId('spk-edit')).toHaveCount(0);
    await row.getByTestId('spk-open').click();
    await expect(page.getByTestId('spk-details')).toHaveAttribute('data-spk', number);
    await expect(page.getByTestId('spk-milestone')).toHaveCount(6);
    await expect(page.getByTestId('spk-drawer-edit')).toHaveCount(0);
    await expect(page.getByTestId('spk-cancel')).toHaveCount(0);
    await expect(page.getByTestId('spk-correct')).toHaveCount(0);
    await screenshot(page, 'spk-drawer-user');
  });

  test('S-057 S-065 on a 375 px phone in Indonesian: the table scrolls, the drawer takes the width', async ({
    page,
  }) => {
    await page.addInitScript(() => localStorage.setItem('language', 'id'));
    await page.setViewportSize({ width: 1440, height: 900 });
    await signInAs(page, 'admin');
    const run = runDate(3 + ((stamp() + 17) % 20), 12).iso;
    const vehicle = await freeVehicle(page, run);
    const number = `E2E-ID-${stamp()}`;
    await createSpk(page, {
      kind: 'dt',
      spkNumber: number,
      kendaraanId: vehicle.kendaraanId,
      trayekId: await routeId(page, ROUTE),
      runDate: run,
    });

    await page.setViewportSize({ width: 375, height: 800 });
    await openList(page, `/spk/dt?search=${number}`);
    const head = page.getByTestId('spk-table').locator('thead');
    await expect(head).toContainText('No. SPK');
    await expect(head).toContainText('Tanggal jalan');
    const row = rowOf(page, number);
    await expect(row.getByTestId('spk-status')).toHaveText('Menunggu');
    await expect(row).toContainText(/\d+ jam/);
    // The table scrolls inside its card; the page does not.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await screenshot(page, 'spk-list-id-phone');

    await row.getByTestId('spk-open').click();
    await expect(page.getByTestId('spk-details')).toHaveAttribute('data-spk', number);
    await expect(page.getByTestId('spk-timeline')).toContainText('Keluar pool');
    expect((await page.locator('.ant-drawer-content-wrapper:visible').boundingBox())?.width).toBeCloseTo(
      375,
      0,
    );
    await screenshot(page, 'spk-drawer-id-phone');
    await page.keyboard.press('Escape');

    await page.getByTestId('add-spk').click();
    await expect(page.getByTestId('spk-editor-form')).toContainText('Kendaraan');
    await screenshot(page, 'spk-form-id-phone');
  });
});
