import { expect, test, type Page, type WebSocketRoute } from '@playwright/test';
import { openAs, screenshot, signInToShell } from './fixtures';

const GROUPS = [
  'allStates',
  'gpsOn',
  'gpsOff',
  'ignitionOn',
  'ignitionOff',
  'orderKosongan',
  'orderWaiting',
  'orderOnProgress',
  'orderAbnormal',
] as const;

const COLUMNS = [
  'Plate number',
  'Base',
  'Dedicated',
  'Type',
  'GPS status',
  'Engine status',
  'CCR status',
  'Driver status',
  'Date',
  'Location',
  'Departure',
  'ETA to base',
  'Customer',
  'Destination',
];

const cardCount = async (page: Page, group: string) =>
  Number(await page.getByTestId(`status-card-${group}`).getAttribute('data-count'));
const tableTotal = async (page: Page) =>
  Number(await page.getByTestId('fleet-table').getAttribute('data-total'));

/** Waits until the summary is in: every card holds a number. */
async function countsLoaded(page: Page) {
  for (const g of GROUPS)
    await expect(page.getByTestId(`status-card-${g}`)).toHaveAttribute('data-count', /^\d+$/);
}

/** The live fleet may move between two reads: poll until the card and the table agree. */
async function expectTableMatchesCard(page: Page, group: string) {
  await expect(async () => {
    const [card, rows] = await Promise.all([cardCount(page, group), tableTotal(page)]);
    expect(rows).toBe(card);
  }).toPass({ timeout: 15_000 });
}

/**
 * Picks a status in the Home filter. Live updates re-render the page every second; on a loaded machine
 * a click can land while the open list re-renders and be lost, so the pick is retried until it shows.
 */
async function chooseStatus(page: Page, label: string) {
  const filter = page.getByTestId('home-status-filter');
  await expect(async () => {
    if (!(await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)').isVisible()))
      await filter.click();
    await page
      .locator('.ant-select-item-option', { hasText: new RegExp(`^${label}$`) })
      .click({ timeout: 2_000 });
    await expect(filter).toContainText(label, { timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
}

/** DD/MM/YYYY HH:mm in WIB, as the table shows a time. */
const wib = (iso: string) => {
  const d = new Date(Date.parse(iso) + 7 * 3_600_000);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(d.getUTCDate())}/${two(d.getUTCMonth() + 1)}/${d.getUTCFullYear()} ${two(d.getUTCHours())}:${two(d.getUTCMinutes())}`;
};

interface CurrentSpk {
  spkId: number;
  spkNumber: string;
  kind: string;
  status: string;
  nomorPolisi: string;
  runDate: string;
  outPoolAt: string | null;
  etaToBase: string | null;
  customer: string | null;
  destinationName: string | null;
}

/**
 * A loaded SPK that is some vehicle's current one: the demo's, else one made now (a waiting SPK for a
 * vehicle without one, with a customer and destination of this run).
 */
async function currentSpkOfSomeVehicle(page: Page): Promise<CurrentSpk> {
  const units = (await (await page.request.get('/api/spk/unit?Take=1000')).json()) as {
    results: { kendaraanId: number; current: (CurrentSpk & { kosongan: boolean }) | null }[];
  };
  const running = units.results.find((u) => u.current && !u.current.kosongan && u.current.customer);
  if (running) return running.current!;
  const run = Date.now().toString(36).toUpperCase();
  const destinations = (await (await page.request.get('/api/polygons?Take=5')).json()) as {
    results: { polygonId: number }[];
  };
  const free = units.results.filter((u) => !u.current);
  for (const u of free) {
    const made = await page.request.post('/api/spk', {
      data: {
        kind: 'ccr',
        spkNumber: `E2E-DASH-${run}-${u.kendaraanId}`,
        kendaraanId: u.kendaraanId,
        runDate: new Date(Date.now() + 2 * 3_600_000).toISOString(),
        customer: `PT Uji ${run}`,
        destinationPolygonId: destinations.results[0]?.polygonId ?? null,
      },
    });
    if (made.status() === 201) return ((await made.json()) as { spk: CurrentSpk }).spk;
  }
  throw new Error('no vehicle could be given an SPK');
}

test.describe('the dashboard', () => {
  test('S-047 S-050 S-063 the nine counts show, the table has the spec columns and agrees with All', async ({
    page,
  }) => {
    await signInToShell(page, 'admin');
    await expect(page).toHaveURL(/\/$/);
    await countsLoaded(page);
    await expect(page.getByTestId('status-cards').locator('.status-card')).toHaveCount(9);
    // GPS on and off, ignition on and off split the fleet.
    await expect(async () => {
      const all = await cardCount(page, 'allStates');
      expect(all).toBeGreaterThan(0);
      expect((await cardCount(page, 'gpsOn')) + (await cardCount(page, 'gpsOff'))).toBe(all);
      expect((await cardCount(page, 'ignitionOn')) + (await cardCount(page, 'ignitionOff'))).toBe(all);
    }).toPass({ timeout: 15_000 });
    await expectTableMatchesCard(page, 'allStates');

    const headers = await page
      .getByTestId('fleet-table')
      .locator('thead th')
      .evaluateAll((ths) => ths.map((th) => th.textContent?.trim() ?? '').filter(Boolean));
    expect(headers).toEqual(COLUMNS);
    // 10 rows a page (S-063).
    const rows = page.getByTestId('fleet-table').locator('.ant-table-row');
    expect(await rows.count()).toBe(Math.min(10, await tableTotal(page)));
    // The four order groups split the fleet too (S-047 with real SPKs).
    await expect(async () => {
      const orders = await Promise.all(
        ['orderKosongan', 'orderWaiting', 'orderOnProgress', 'orderAbnormal'].map((g) => cardCount(page, g)),
      );
      expect(orders.reduce((a, b) => a + b, 0)).toBe(await cardCount(page, 'allStates'));
    }).toPass({ timeout: 15_000 });
    await screenshot(page, 'dashboard');
  });

  test('S-049 the status filter has the spec options, lives in the URL and filters the table', async ({
    page,
  }) => {
    await signInToShell(page, 'admin');
    await countsLoaded(page);
    await page.getByTestId('home-status-filter').click();
    await expect(page.locator('.ant-select-item-option')).toHaveText([
      'All status',
      'GPS off',
      'Ignition off',
      'Ignition on',
      'Empty order',
      'Waiting order',
      'Order on process',
      'Abnormal order',
    ]);
    await page.keyboard.press('Escape');

    await chooseStatus(page, 'Ignition off');
    await expect(page).toHaveURL(/[?&]status=ignitionOff\b/);
    await expect(page.getByTestId('status-card-ignitionOff')).toHaveAttribute('aria-pressed', 'true');
    await expectTableMatchesCard(page, 'ignitionOff');
    // No row shown has its engine on (column 6: engine status; a vehicle never heard from is unknown).
    await expect(async () => {
      const engine = await page
        .getByTestId('fleet-table')
        .locator('.ant-table-row td:nth-child(6)')
        .allTextContents();
      expect(engine.length).toBeGreaterThan(0);
      expect(engine.filter((e) => e !== 'Off' && e !== 'Unknown')).toEqual([]);
    }).toPass({ timeout: 15_000 });

    // A count card sets the filter too.
    await page.getByTestId('status-card-gpsOff').click();
    await expect(page).toHaveURL(/[?&]status=gpsOff\b/);
    await expectTableMatchesCard(page, 'gpsOff');
    // The vehicles that never reported are GPS off here and No data on the map: the card says how many.
    const noData = await page.evaluate(async () => {
      const json = async (url: string) => (await fetch(url)).json() as Promise<unknown>;
      const summary = (await json('/api/dashboard/summary')) as { gpsOff: { results: number[] } };
      const fleet = (await json('/api/tracking')) as { results: { kendaraanId: number; motion: string }[] };
      const never = new Set(fleet.results.filter((v) => v.motion === 'nodata').map((v) => v.kendaraanId));
      return summary.gpsOff.results.filter((id) => never.has(id)).length;
    });
    if (noData > 0)
      await expect(page.getByTestId('status-card-note')).toHaveText(`of which ${noData} No data`);
    else await expect(page.getByTestId('status-card-note')).toHaveCount(0);

    // An empty group empties the table; a reload keeps the filter.
    await chooseStatus(page, 'Abnormal order');
    await expect(page).toHaveURL(/[?&]status=abnormalOrder\b/);
    await expectTableMatchesCard(page, 'orderAbnormal');
    await page.reload();
    await expect(page.getByTestId('home-status-filter')).toContainText('Abnormal order');
    await expectTableMatchesCard(page, 'orderAbnormal');

    await chooseStatus(page, 'All status');
    await expect(page).not.toHaveURL(/status=/);
    await expectTableMatchesCard(page, 'allStates');
  });

  test('S-050 a vehicle’s row shows its current SPK: CCR status, driver status, departure, ETA, customer, destination', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1920, height: 1000 });
    await signInToShell(page, 'admin');
    await countsLoaded(page);
    const spk = await currentSpkOfSomeVehicle(page);
    const table = page.getByTestId('fleet-table');
    await page.getByTestId('fleet-search').fill(spk.nomorPolisi);
    await expect(table).toHaveAttribute('data-total', '1');
    const row = table.locator('.ant-table-row').first();
    const kind = spk.kind.toUpperCase();
    const status = { waiting: 'Waiting', on_progress: 'On progress', abnormal: 'Abnormal' }[
      spk.status as 'waiting' | 'on_progress' | 'abnormal'
    ];
    await expect(row.getByTestId('order-status')).toHaveAttribute('data-status', spk.status);
    await expect(row.getByTestId('order-status')).toContainText(`${kind}`);
    await expect(row.getByTestId('order-status')).toContainText(status);
    const driver = spk.status === 'waiting' ? 'assigned' : 'onTrip';
    await expect(row.getByTestId('driver-status')).toHaveAttribute('data-status', driver);
    await expect(row.getByTestId('driver-status')).toContainText(
      driver === 'assigned' ? 'Assigned' : 'On trip',
    );
    const cells = row.locator('td');
    // Departure: out of the pool, else the run date (DD/MM/YYYY HH:mm in WIB).
    await expect(cells.nth(10)).toContainText(wib(spk.outPoolAt ?? spk.runDate));
    if (spk.etaToBase) await expect(cells.nth(11)).toContainText(wib(spk.etaToBase));
    await expect(cells.nth(12)).toHaveText(spk.customer ?? '—');
    await expect(cells.nth(13)).toHaveText(spk.destinationName ?? '—');
    await page.getByTestId('fleet-search').fill('');
    await row.scrollIntoViewIfNeeded();
    await screenshot(page, 'dashboard-spk-row');
  });

  test('S-049 the waiting order filter shows the vehicles whose current loaded SPK waits', async ({
    page,
  }) => {
    await signInToShell(page, 'admin');
    await countsLoaded(page);
    await currentSpkOfSomeVehicle(page);
    await chooseStatus(page, 'Waiting order');
    await expect(page).toHaveURL(/[?&]status=waitingOrder\b/);
    await expectTableMatchesCard(page, 'orderWaiting');
    await expect(async () => {
      const statuses = await page
        .getByTestId('fleet-table')
        .locator('.ant-table-row [data-testid="order-status"]')
        .evaluateAll((els) => els.map((e) => e.getAttribute('data-status')));
      expect(statuses.filter((s) => s !== 'waiting')).toEqual([]);
    }).toPass({ timeout: 15_000 });
    await chooseStatus(page, 'Order on process');
    await expectTableMatchesCard(page, 'orderOnProgress');
  });

  test('S-050 search by plate, and a row opens the vehicle drawer', async ({ page }) => {
    await signInToShell(page, 'admin');
    await countsLoaded(page);
    const table = page.getByTestId('fleet-table');
    const first = table.locator('.ant-table-row').first();
    const plate = (await first.locator('td').first().locator('strong').textContent()) ?? '';
    expect(plate).toMatch(/^[A-Z]{1,2} \d{1,4} [A-Z]{1,3}$/);
    await page.getByTestId('fleet-search').fill(plate.replace(/\s/g, '').toLowerCase());
    await expect(table).toHaveAttribute('data-total', '1');
    await table.locator('.ant-table-row').first().click();
    const drawer = page.locator('.vehicle-drawer').getByRole('dialog');
    await expect(drawer).toBeVisible();
    await expect(drawer).toContainText(plate);
  });

  test('S-050 the vehicle drawer shows the current SPK and its next milestone, linking to the SPK page', async ({
    page,
  }) => {
    await signInToShell(page, 'admin');
    await countsLoaded(page);
    const spk = await currentSpkOfSomeVehicle(page);
    await page.getByTestId('fleet-search').fill(spk.nomorPolisi);
    await expect(page.getByTestId('fleet-table')).toHaveAttribute('data-total', '1');
    await page.getByTestId('fleet-table').locator('.ant-table-row').first().click();
    const drawer = page.getByTestId('vehicle-spk');
    await expect(drawer).toHaveAttribute('data-status', spk.status);
    await expect(drawer).toContainText(spk.spkNumber);
    await expect(drawer).toContainText(spk.kind.toUpperCase());
    if (spk.customer) await expect(drawer).toContainText(spk.customer);
    if (spk.destinationName) await expect(drawer).toContainText(spk.destinationName);
    await expect(page.getByTestId('vehicle-spk-next')).not.toHaveText('');
    await expect(page.getByTestId('vehicle-spk-link')).toHaveAttribute(
      'href',
      `/spk/${spk.kind}?spk=${spk.spkId}`,
    );
    await drawer.scrollIntoViewIfNeeded();
    await screenshot(page, 'vehicle-drawer-spk');

    // In Indonesian, and on a phone.
    await page.getByTestId('vehicle-spk-link').evaluate(() => localStorage.setItem('language', 'id'));
    await page.setViewportSize({ width: 375, height: 800 });
    await page.reload();
    await countsLoaded(page);
    await page.getByTestId('fleet-search').fill(spk.nomorPolisi);
    await expect(page.getByTestId('fleet-table')).toHaveAttribute('data-total', '1');
    await page.getByTestId('fleet-table').locator('.ant-table-row').first().click();
    await expect(page.getByTestId('vehicle-spk')).toContainText('SPK berjalan');
    await expect(page.getByTestId('vehicle-spk')).toContainText('Milestone berikutnya');
    await page.getByTestId('vehicle-spk').scrollIntoViewIfNeeded();
    await screenshot(page, 'vehicle-drawer-spk-id-phone');
  });

  test('S-013 leaving the dashboard through the sidebar shows the next page (the map unmounts cleanly)', async ({
    page,
  }) => {
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await signInToShell(page, 'admin');
    await countsLoaded(page);
    await page.getByTestId('sidebar').locator('a[href="/vehicle-summary"]').click();
    await expect(page).toHaveURL(/\/vehicle-summary$/);
    await expect(page.getByTestId('vehicle-summary-page')).toBeVisible();
    await page.getByTestId('sidebar').locator('.ant-menu a[href="/"]').click();
    await expect(page.getByTestId('dashboard-page')).toBeVisible();
    expect(errors).toEqual([]);
  });

  test('S-049 S-065 in Indonesian on a 1440 px screen with the dark sidebar, and on a phone', async ({
    page,
  }) => {
    await page.addInitScript(() => {
      localStorage.setItem('language', 'id');
      const settings = JSON.parse(localStorage.getItem('settings') ?? '{}') as Record<string, unknown>;
      localStorage.setItem('settings', JSON.stringify({ ...settings, darkSidebar: true }));
    });
    await page.setViewportSize({ width: 1440, height: 900 });
    await signInToShell(page, 'admin');
    await countsLoaded(page);
    await expect(page.getByTestId('status-card-ignitionOff')).toContainText('Mesin mati');
    await expect(page.getByTestId('fleet-table').locator('thead')).toContainText('Nomor polisi');
    await expect(page.getByTestId('fleet-table').locator('thead')).toContainText('Garasi/Pangkalan');
    await expect(page.getByTestId('fleet-table').locator('thead')).toContainText('Khusus pelanggan');
    await chooseStatus(page, 'Mesin hidup');
    await expect(page).toHaveURL(/status=ignitionOn/);
    await screenshot(page, 'dashboard-id-1440');
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto('/?status=all');
    await countsLoaded(page);
    await screenshot(page, 'dashboard-id-phone');
  });
});

test.describe('live updates', () => {
  test('S-047 S-039 live summary and notification messages update the cards, the table, the bell and the list', async ({
    page,
  }) => {
    // Pass the real socket through, but let the test speak for the server: the simulator's own summaries
    // are held back so the injected one stays.
    let client: WebSocketRoute | undefined;
    await page.routeWebSocket(/\/api\/live(\?|$)/, (ws) => {
      client = ws;
      const server = ws.connectToServer();
      server.onMessage((message) => {
        if (!String(message).includes('"type":"summary"')) ws.send(message);
      });
      ws.onMessage((message) => server.send(message));
    });
    await signInToShell(page, 'admin');
    await countsLoaded(page);
    await expect.poll(() => client !== undefined).toBe(true);
    // The dashboard refetches the summary when the socket opens: let that land first.
    await page.waitForLoadState('networkidle');

    const summary = await (await page.request.get('/api/dashboard/summary')).json();
    const id = summary.allStates.results[0] as number;
    client!.send(
      JSON.stringify({ type: 'summary', data: { ...summary, orderAbnormal: { count: 1, results: [id] } } }),
    );
    await expect(page.getByTestId('status-card-orderAbnormal')).toHaveAttribute('data-count', '1');
    await page.getByTestId('status-card-orderAbnormal').click();
    await expect(page).toHaveURL(/status=abnormalOrder/);
    await expect(page.getByTestId('fleet-table')).toHaveAttribute('data-total', '1');

    await page.goto('/notifications');
    await expect(page.getByTestId('notifications-table').locator('.ant-table-row').first()).toBeVisible();
    await expect.poll(() => client !== undefined).toBe(true);
    const notification = {
      logId: 2_000_000_000,
      event: 'overstop',
      vehicle: 'B 1234 TST',
      timestamp: new Date().toISOString(),
    };
    client!.send(JSON.stringify({ type: 'notification', data: notification }));
    const first = page.getByTestId('notifications-table').locator('.ant-table-row').first();
    await expect(first).toContainText('B 1234 TST');
    await expect(first.locator('.event-icon')).toHaveAttribute('data-event', 'overstop');
    await page.getByTestId('header-bell').click();
    await expect(page.getByTestId('notification-item').first()).toContainText('Over stop By B 1234 TST');
  });
});

test.describe('notifications', () => {
  test('S-039 the notifications page filters by kind, with the icon of each kind', async ({ page }) => {
    await openAs(page, 'admin', '/notifications');
    const table = page.getByTestId('notifications-table');
    await expect(table.locator('.ant-table-row').first()).toBeVisible();
    expect(await table.locator('.ant-table-row').count()).toBeLessThanOrEqual(10);
    const kind = page.getByTestId('notification-kind-filter');
    for (const [event, label] of [
      ['overspeed', 'Over speed'],
      ['overstop', 'Over stop'],
      ['other', 'Other'],
    ] as const) {
      await kind.getByText(new RegExp(`^${label} \\(\\d+\\)$`)).click();
      await expect(page).toHaveURL(new RegExp(`event=${event}`));
      const n = Number(
        (await kind.getByText(new RegExp(`^${label} \\(`)).textContent())?.match(/\((\d+)\)/)?.[1],
      );
      const rows = table.locator('.ant-table-row');
      if (n === 0) {
        await expect(rows).toHaveCount(0);
        continue;
      }
      await expect(rows.first()).toBeVisible();
      // Every row is of that kind, with that kind's icon (once the previous kind's rows have gone).
      await expect
        .poll(async () => new Set(await rows.locator('td:first-child').allTextContents()))
        .toEqual(new Set([label]));
      await expect
        .poll(
          async () =>
            new Set(
              await rows
                .locator('.event-icon')
                .evaluateAll((els) => els.map((e) => e.getAttribute('data-event'))),
            ),
        )
        .toEqual(new Set([event]));
    }
    // A vehicle search narrows further; the filter survives a reload.
    await kind.getByText(/^All \(\d+\)$/).click();
    const plate = (await table.locator('.ant-table-row td:nth-child(2)').first().textContent()) ?? '';
    await page.getByTestId('notification-vehicle-filter').fill(plate);
    await expect(page).toHaveURL(/vehicle=/);
    await page.reload();
    await expect(page.getByTestId('notification-vehicle-filter')).toHaveValue(plate);
    // The reloaded page lists its rows once its answer comes.
    await expect
      .poll(async () => new Set(await table.locator('.ant-table-row td:nth-child(2)').allTextContents()))
      .toEqual(new Set([plate]));
    await screenshot(page, 'notifications-filtered');
  });
});
