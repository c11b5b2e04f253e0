import { expect, test, type Page } from '@playwright/test';
import { drawnOutOfOrder, openAs, registerVehicle, screenshot, signInAs, signInToShell } from './fixtures';

/** Waits until the live map has drawn vehicles and answers how many are on screen. */
async function vehiclesDrawn(page: Page): Promise<number> {
  const map = page.getByTestId('map-view');
  await expect(page.locator('canvas.maplibregl-canvas')).toHaveCount(1);
  await expect(map).toHaveAttribute('data-vehicles-rendered', /^[1-9]\d*$/, { timeout: 20_000 });
  return Number(await map.getAttribute('data-vehicles-rendered'));
}

/** Types in the search box and picks the first match; answers its plate. */
async function searchAndSelect(page: Page, text: string) {
  await page.getByTestId('vehicle-search').fill(text);
  const option = page.getByTestId('vehicle-search-option').first();
  await expect(option).toBeVisible();
  const plate = (await option.locator('strong').textContent())!;
  await option.click();
  return plate;
}

test.describe('live map', () => {
  test('draws every vehicle of the unit on the offline base map', async ({ page }) => {
    await signInToShell(page, 'admin');
    const tracking = page.waitForResponse((r) => r.url().includes('/api/tracking'));
    await page.goto('/map');
    const body = (await (await tracking).json()) as { count: number; results: { lat: number | null }[] };
    const withFix = body.results.filter((v) => v.lat !== null).length;
    expect(withFix).toBeGreaterThan(0);
    const map = page.getByTestId('map-view');
    // No network here: the remote style cannot load, so the built-in map is used.
    await expect(map).toHaveAttribute('data-base-map', 'offline');
    await expect(map).toHaveAttribute('data-vehicle-count', String(withFix));
    // The map fits the fleet at first, so every vehicle with a fix is drawn (in clusters or alone).
    await expect.poll(() => vehiclesDrawn(page), { timeout: 20_000 }).toBe(withFix);
    await expect(page.getByTestId('motion-legend')).toBeVisible();
    await expect(page.getByTestId('live-connection')).toHaveAttribute('data-state', 'open');
    await screenshot(page, 'map-desktop');
  });

  test('the map refreshes as live positions arrive', async ({ page }) => {
    await openAs(page, 'admin', '/map');
    await vehiclesDrawn(page);
    const map = page.getByTestId('map-view');
    const before = Number(await map.getAttribute('data-vehicle-updates'));
    // Besides the simulator's fleet, a phone reports for a vehicle registered now, so an update comes.
    const parked = await registerVehicle(page);
    const osmandPort = Number(process.env.OSMAND_PORT ?? 5155);
    const at = Math.floor(Date.now() / 1000);
    const sent = await page.request.get(
      `http://127.0.0.1:${osmandPort}/?id=${parked.pantauKendaraanId}&lat=-6.2&lon=106.9&timestamp=${at}&speed=10`,
    );
    expect(sent.status()).toBe(200);
    await expect
      .poll(async () => Number(await map.getAttribute('data-vehicle-updates')), { timeout: 15_000 })
      .toBeGreaterThan(before);

    // A socket gets a vehicle whole once, then only what changed: the drawer follows both.
    await page.goto(`/map?vehicle=${parked.kendaraanId}`);
    const speed = page.locator('.vehicle-drawer').getByTestId('vehicle-info-speed');
    // OsmAnd's speed is in knots: 10 kn is 19 km/h, 37 kn 69 km/h, 20 kn 37 km/h.
    await expect(speed).toContainText('19');
    for (const [k, knots, kmh] of [
      [1, 37, '69'],
      [2, 20, '37'],
    ] as const) {
      const next = await page.request.get(
        `http://127.0.0.1:${osmandPort}/?id=${parked.pantauKendaraanId}&lat=-6.20${k}&lon=106.90${k}&timestamp=${at + 5 * k}&speed=${knots}`,
      );
      expect(next.status()).toBe(200);
      await expect(speed).toContainText(kmh, { timeout: 15_000 });
    }
  });

  test('search by plate selects the vehicle, opens its drawer and puts it in the URL', async ({ page }) => {
    await openAs(page, 'admin', '/map');
    await vehiclesDrawn(page);
    const plate = await searchAndSelect(page, 'B');
    await expect(page).toHaveURL(/[?&]vehicle=\d+/);
    const drawer = page.locator('.vehicle-drawer');
    await expect(drawer.getByTestId('vehicle-info-plate')).toHaveText(plate);
    await expect(drawer.getByTestId('vehicle-info-speed')).toHaveText(/km\/h/);
    await expect(drawer.getByTestId('vehicle-track')).toBeVisible();
    await screenshot(page, 'map-drawer');
    // A reload keeps the selection (the URL is shareable).
    await page.reload();
    await vehiclesDrawn(page);
    await expect(page.getByTestId('map-track-toggle')).toBeEnabled();
  });

  test('what is typed in the search box before its list has loaded is kept, with the focus', async ({
    page,
  }) => {
    // The list of matches loads when the box is first reached; here it takes a while to come.
    await page.route(/vehicle-search-box-[^/]*\.js$/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 800));
      await route.continue();
    });
    await openAs(page, 'admin', '/map');
    await vehiclesDrawn(page);
    const box = page.getByTestId('vehicle-search');
    // The plain box is the search combobox from the start, for assistive technology as for a user.
    await expect(page.getByRole('combobox', { name: 'Search plate or hull number' })).toBeVisible();
    await box.focus();
    await page.keyboard.type('B', { delay: 50 });
    await expect(page.getByTestId('vehicle-search-option').first()).toBeVisible();
    await page.keyboard.type(' 9');
    await expect(box).toHaveValue('B 9');
    await expect(box).toBeFocused();
  });

  test('clicking a vehicle on the map opens the drawer with its plate', async ({ page }) => {
    await openAs(page, 'admin', '/map');
    await vehiclesDrawn(page);
    const plate = await searchAndSelect(page, 'B');
    const drawer = page.locator('.vehicle-drawer');
    await expect(drawer.getByTestId('vehicle-info-plate')).toHaveText(plate);
    await drawer.locator('.ant-drawer-close').click();
    await expect(drawer.getByTestId('vehicle-info-plate')).toBeHidden();
    // The map flew to the selected vehicle: it sits (highlighted) in the middle of the map.
    await page.waitForTimeout(1500);
    const box = (await page.getByTestId('map-view').boundingBox())!;
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    await expect(drawer.getByTestId('vehicle-info-plate')).toBeVisible();
  });

  test('vehicles parked at one spot open as a list; picking one opens its drawer', async ({ page }) => {
    test.slow();
    await signInAs(page, 'admin');
    // Three vehicles registered now report from one yard, a few metres apart, far from the rest of the fleet.
    const parked = [await registerVehicle(page), await registerVehicle(page), await registerVehicle(page)];
    const osmandPort = Number(process.env.OSMAND_PORT ?? 5155);
    const at = Math.floor(Date.now() / 1000);
    for (const [k, v] of parked.entries()) {
      const sent = await page.request.get(
        `http://127.0.0.1:${osmandPort}/?id=${v.pantauKendaraanId}&lat=${-7.0 + k * 0.0001}&lon=111.0&timestamp=${at}&speed=0`,
      );
      expect(sent.status()).toBe(200);
    }
    await page.goto('/map');
    await vehiclesDrawn(page);
    // Choosing one flies the map to the yard (zoom 13).
    await searchAndSelect(page, parked[0]!.nomorPolisi);
    const drawer = page.locator('.vehicle-drawer');
    await expect(drawer.getByTestId('vehicle-info-plate')).toHaveText(parked[0]!.nomorPolisi);
    await drawer.locator('.ant-drawer-close').click();
    await expect(drawer.getByTestId('vehicle-info-plate')).toBeHidden();
    await page.waitForTimeout(1500);
    // Zoomed out they are one cluster, and zooming in would not take it apart: it opens as a list.
    await page.locator('.maplibregl-ctrl-zoom-out').click();
    await page.waitForTimeout(600);
    await page.locator('.maplibregl-ctrl-zoom-out').click();
    await page.waitForTimeout(1500);
    const box = (await page.getByTestId('map-view').boundingBox())!;
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    const spot = page.getByTestId('cluster-list');
    await expect(spot).toBeVisible();
    await expect(spot.getByTestId('cluster-list-item')).toHaveCount(parked.length);
    await screenshot(page, 'map-spot-list');
    // Picking one selects it: its drawer opens and the URL names it.
    const last = parked.at(-1)!;
    await spot.getByTestId('cluster-list-item').filter({ hasText: last.nomorPolisi }).click();
    await expect(spot).toBeHidden();
    await expect(drawer.getByTestId('vehicle-info-plate')).toHaveText(last.nomorPolisi);
    await expect(page).toHaveURL(new RegExp(`[?&]vehicle=${last.kendaraanId}`));
    // Its place reads as words, never a bare "Unknown".
    await expect(drawer.getByTestId('vehicle-place')).toHaveText(/^(at|near) .+|KM ~\d+/);
  });

  test('S-051 the distance button measures a path', async ({ page }) => {
    await openAs(page, 'admin', '/map');
    await vehiclesDrawn(page);
    await page.getByTestId('ruler-button').click();
    await expect(page.getByTestId('ruler-panel')).toBeVisible();
    const box = (await page.getByTestId('map-view').boundingBox())!;
    await page.mouse.click(box.x + box.width * 0.3, box.y + box.height * 0.6);
    await page.mouse.click(box.x + box.width * 0.7, box.y + box.height * 0.6);
    await expect(page.getByTestId('ruler-total')).toHaveText(/^\d[\d.,]* km$/);
    await screenshot(page, 'map-ruler');
    await page.getByTestId('ruler-clear').click();
    await expect(page.getByTestId('ruler-total')).toHaveCount(0);
  });

  test('phone, Indonesian, RTL and dark sidebar', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 760 });
    await page.addInitScript(() => localStorage.setItem('language', 'id'));
    await openAs(page, 'admin', '/map');
    await vehiclesDrawn(page);
    await expect(page.getByText('Ukur jarak').or(page.getByTestId('ruler-button'))).toBeVisible();
    await screenshot(page, 'map-phone-id');
    await page.setViewportSize({ width: 1280, height: 800 });
    // The layout store saves `settings` when the mobile flag flips: let that happen before writing it.
    await expect(page.getByTestId('app-layout')).toHaveAttribute('data-mobile', 'false');
    await page.evaluate(() => {
      const raw = localStorage.getItem('settings');
      const settings = raw ? (JSON.parse(raw) as Record<string, unknown>) : {};
      localStorage.setItem('settings', JSON.stringify({ ...settings, direction: 'rtl', darkSidebar: true }));
    });
    await page.reload();
    await vehiclesDrawn(page);
    await expect(page.getByTestId('app-layout')).toHaveAttribute('data-direction', 'rtl');
    // A sentence that starts with a number keeps its order in the RTL layout: "24 dari 24 kendaraan di
    // peta", not "dari 24 kendaraan di peta 24" (its first word is drawn left of its second).
    const count = page.locator('.map-count');
    await expect(count).toContainText(' dari ');
    expect(await drawnOutOfOrder(count)).toEqual([]);
    await screenshot(page, 'map-rtl-dark');
  });
});

test('opening /map: the snapshot asked for before the app ran, the map started at boot, one map after going elsewhere and back', async ({
  page,
}) => {
  await signInToShell(page, 'admin');
  const snapshots: string[] = [];
  const requests: string[] = [];
  page.on('request', (r) => {
    const path = new URL(r.url()).pathname;
    requests.push(path);
    if (path === '/api/tracking') snapshots.push(r.url());
  });
  // A first visit: routing turns the browser's cache off, and the app's first chunk comes a little late
  // (as its ~3 MB do on a real network), so public/prefetch-snapshot.js (async) runs first. With the
  // app's code cached the app may run first; it then asks itself (one request either way).
  await page.route(/\/assets\/index-[^/]*\.js$/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 300));
    await route.continue();
  });
  // The boot shell (features/map/boot-shell.ts): where it put the map's stage, and whether the map was
  // shown in it (drawn there before the app rendered, as it is when the app's render comes late enough).
  await page.addInitScript(() => {
    const seen: { stage?: DOMRect; drawnInShell?: boolean } = {};
    (window as unknown as { __bootShell: typeof seen }).__bootShell = seen;
    new MutationObserver(() => {
      const stage = document.querySelector('[data-testid="boot-shell"] .boot-shell-stage');
      if (stage && !seen.stage) seen.stage = stage.getBoundingClientRect();
      if (stage?.querySelector('[data-vehicles-drawn]')) seen.drawnInShell = true;
    }).observe(document, { subtree: true, childList: true, attributes: true });
  });
  await page.goto('/map');
  const map = page.getByTestId('map-view');
  // Made before the page was rendered (early-map.ts), in the boot shell, and taken by the page; its
  // frames, held until then, are the page's again: the vehicles are drawn.
  await expect(map).toHaveAttribute('data-started-early', 'true');
  expect(await vehiclesDrawn(page)).toBeGreaterThan(0);
  await expect(page.locator('.maplibregl-map')).toHaveCount(1);
  // The boot shell is gone, and it had the map where the page has it, to the pixel.
  await expect(page.getByTestId('boot-shell')).toHaveCount(0);
  const boot = await page.evaluate(
    () => (window as unknown as { __bootShell: { stage?: DOMRect; drawnInShell?: boolean } }).__bootShell,
  );
  const box = (await map.boundingBox())!;
  expect(boot.stage).toMatchObject({ x: box.x, y: box.y, width: box.width, height: box.height });
  test.info().annotations.push({ type: 'drawn in the boot shell', description: String(!!boot.drawnInShell) });
  // The snapshot was asked for by public/prefetch-snapshot.js before the app's code ran, and the app took
  // that answer instead of asking again.
  expect(await page.evaluate(() => '__pantauSnapshot' in window)).toBe(true);
  expect(snapshots).toHaveLength(1);
  // The page's answer had the browser preload it (its `Link` header) before the app's files.
  const firstAsset = requests.findIndex((path) => path.startsWith('/assets/'));
  expect(requests.indexOf('/api/tracking')).toBeGreaterThan(-1);
  expect(requests.indexOf('/api/tracking')).toBeLessThan(firstAsset);
  await page.unrouteAll();
  // It follows its container: collapsing the sidebar widens the canvas to the new width.
  const canvasWidth = () => page.locator('canvas.maplibregl-canvas').evaluate((c) => c.clientWidth);
  const before = await canvasWidth();
  await page.getByTestId('sidebar-toggle').click();
  await expect.poll(canvasWidth).toBeGreaterThan(before);
  expect(await canvasWidth()).toBe(await map.evaluate((el) => el.clientWidth));
  await page.getByTestId('sidebar-toggle').click();
  await expect.poll(canvasWidth).toBe(before);
  await page.getByTestId('sidebar').getByText('Dashboard', { exact: true }).click();
  await expect(page.getByTestId('dashboard-map').getByTestId('map-view')).toBeVisible();
  await expect(page.locator('.maplibregl-map')).toHaveCount(1);
  await page.getByTestId('sidebar').getByText('Map', { exact: true }).click();
  await expect(page.getByTestId('live-map').getByTestId('map-view')).not.toHaveAttribute(
    'data-started-early',
  );
  expect(await vehiclesDrawn(page)).toBeGreaterThan(0);
  await expect(page.locator('.maplibregl-map')).toHaveCount(1);
  // A second visit (the app's code cached, whichever script runs first): one snapshot request still.
  snapshots.length = 0;
  await page.reload();
  await expect(map).toHaveAttribute('data-started-early', 'true');
  expect(await vehiclesDrawn(page)).toBeGreaterThan(0);
  expect(snapshots).toHaveLength(1);
});

test('a shared /map?vehicle= link opens that vehicle in the drawer', async ({ page }) => {
  await signInAs(page, 'admin');
  const list = await (await page.request.get('/api/kendaraan?Take=1')).json();
  const { kendaraanId, nomorPolisi } = list.results[0];
  await page.goto(`/map?vehicle=${kendaraanId}`);
  await expect(page.locator('.vehicle-drawer').getByTestId('vehicle-info-plate')).toHaveText(nomorPolisi);
});
