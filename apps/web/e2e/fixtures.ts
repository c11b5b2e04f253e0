import { expect, test, type BrowserContext, type Locator, type Page } from '@playwright/test';
import type { VehicleRow } from '@pantau/contracts';

export const DEMO_PASSWORD = 'demo1234';

/** Signs in through the real sign-in form and waits for the page the server sends the user to. */
export async function signIn(page: Page, username: string, password = DEMO_PASSWORD): Promise<void> {
  await page.goto('/signin');
  await page.getByTestId('signin-username').fill(username);
  await page.getByTestId('signin-password').fill(password);
  await page.getByTestId('signin-submit').click();
  await page.waitForURL((url) => url.pathname !== '/signin');
}

/** Signs in through the form and waits for the shell (users with exactly one role land in it directly). */
export async function signInThroughForm(page: Page, username: string): Promise<void> {
  await signIn(page, username);
  // The app's first load: the sign-in page carries none of it (only a prefetch of its files).
  await expect(page.getByTestId('app-layout')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('shell-loading')).toHaveAttribute('aria-busy', 'false');
}

/** Signs a single-role demo user in and opens the dashboard, waiting for the shell. */
export async function signInToShell(page: Page, username: string): Promise<void> {
  await openAs(page, username, '/');
}

/**
 * Signs a single-role demo user in without the sign-in form and without opening a page: the API signs
 * in (the token cookie) and the role cookies are those the app saves for a user's only role. The next
 * `page.goto` boots the app straight into the shell, and `page.request` calls carry the session. For
 * tests of a page; the sign-in flow itself is tested through the form (`signIn`).
 */
export async function signInAs(page: Page, username: string): Promise<void> {
  const login = await page.request.post('/api/auth/login', { data: { username, password: DEMO_PASSWORD } });
  expect(login.status(), `sign-in of ${username}`).toBe(200);
  const me = (await (await page.request.get('/api/auth/me')).json()) as {
    displayName: string;
    groups: { unitId: number; unitName: string; role: string }[];
  };
  expect(me.groups, `${username} holds one role`).toHaveLength(1);
  const [group] = me.groups;
  const origin = new URL(String(test.info().project.use.baseURL)).origin;
  await page.context().addCookies(
    [
      ['role_user', group!.role],
      ['role_unit', String(group!.unitId)],
      ['role_fleet', group!.unitName],
      ['display_name', me.displayName],
    ].map(([name, value]) => ({ name: name!, value: encodeURIComponent(value!), url: origin })),
  );
}

/** Opens `path` signed in as a single-role demo user (`signInAs`) and waits for the shell. */
export async function openAs(page: Page, username: string, path: string): Promise<void> {
  await signInAs(page, username);
  await page.goto(path);
  await expect(page.getByTestId('app-layout')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('shell-loading')).toHaveAttribute('aria-busy', 'false');
}

export async function cookieMap(context: BrowserContext): Promise<Record<string, string>> {
  return Object.fromEntries((await context.cookies()).map((c) => [c.name, decodeURIComponent(c.value)]));
}

/**
 * The texts inside the element drawn out of their reading order: a text whose first character is drawn
 * right of its last on one line. Both languages read left to right, so in the RTL layout a sentence
 * that starts with a number or ends with a full stop must still be drawn in order ("24 of 24", not
 * "of 24 24"). Texts that wrap onto another line are left out.
 */
export async function drawnOutOfOrder(locator: Locator): Promise<string[]> {
  return locator.evaluate((root) => {
    const out: string[] = [];
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    const box = (text: Node, at: number) => {
      const range = document.createRange();
      range.setStart(text, at);
      range.setEnd(text, at + 1);
      return range.getBoundingClientRect();
    };
    for (let text = walker.nextNode(); text; text = walker.nextNode()) {
      const words = text.textContent ?? '';
      const first = words.search(/\S/);
      const last = words.trimEnd().length - 1;
      if (first < 0 || last <= first) continue;
      const a = box(text, first);
      const b = box(text, last);
      if (a.width === 0 || b.width === 0 || Math.abs(a.top - b.top) > 3) continue;
      if (a.left > b.left + 1) out.push(words.trim());
    }
    return out;
  });
}

/**
 * Whether `screenshot` saves its pictures: always, but under CI only when PANTAU_E2E_SCREENS=1 (a
 * picture is for a person to look at, and the quiet network it waits for costs about a second).
 */
const SAVE_SCREENS = process.env.PANTAU_E2E_SCREENS
  ? process.env.PANTAU_E2E_SCREENS === '1'
  : !process.env.CI;

/** Saves a screenshot of the main screens under test-results/screens/, once the page has settled. */
export async function screenshot(page: Page, name: string): Promise<void> {
  const spinner = page.getByTestId('shell-loading');
  if (await spinner.count()) await expect(spinner).toHaveAttribute('aria-busy', 'false');
  await expect(page.locator('.full-page-spin')).toHaveCount(0);
  if (!SAVE_SCREENS) return;
  await page.waitForLoadState('networkidle');
  await page.screenshot({ path: `test-results/screens/${name}.png`, fullPage: false });
}

/**
 * Types into a list page's search and waits for the list's answer to it: the search in the URL and
 * nothing loading. Until then a row that also matched the last search may be the old list's, and a
 * click on it lost when the new list replaces it.
 */
export async function searchList(page: Page, text: string): Promise<void> {
  await page.getByTestId('list-search').fill(text);
  await expect(page).toHaveURL((url) => (url.searchParams.get('search') ?? '') === text.trim());
  await expect(page.locator('.ant-table-wrapper .ant-spin-spinning')).toHaveCount(0);
}

/** Opens every sub-menu of the sidebar and answers the paths its entries link to, in order. */
export async function sidebarPaths(page: Page): Promise<string[]> {
  const sidebar = page.getByTestId('sidebar');
  const titles = sidebar.locator('.ant-menu-submenu-title');
  for (let i = 0; i < (await titles.count()); i++) {
    const sub = sidebar.locator('.ant-menu-submenu').nth(i);
    if (!(await sub.evaluate((el) => el.classList.contains('ant-menu-submenu-open'))))
      await titles.nth(i).click();
  }
  await page.waitForTimeout(300);
  return sidebar
    .locator('.ant-menu a[href]')
    .evaluateAll((as) => as.map((a) => new URL((a as HTMLAnchorElement).href).pathname));
}

/** Opens /map and waits until its vehicles are drawn. */
export async function openMap(page: Page): Promise<void> {
  await page.goto('/map');
  await expect(page.getByTestId('map-view')).toHaveAttribute('data-vehicles-drawn', /^\d+$/, {
    timeout: 30_000,
  });
}

/** Opens the map's geography options (layers, geofences, POIs). */
export async function openGeographyOptions(page: Page): Promise<void> {
  await page.getByTestId('geography-options-button').click();
  await expect(page.getByTestId('geography-options')).toBeVisible();
}

/** Clicks the map at an offset (px) from its centre, slowly enough for the drawing tool to see each click. */
export async function clickMap(page: Page, dx: number, dy: number): Promise<void> {
  const box = (await page.getByTestId('map-view').boundingBox())!;
  const x = box.x + box.width / 2 + dx;
  const y = box.y + box.height / 2 + dy;
  await page.mouse.move(x, y, { steps: 4 });
  await page.mouse.down();
  await page.mouse.up();
  await page.waitForTimeout(150);
}

let registered = 0;
/**
 * Registers a vehicle of the test's own through the API (signed in as an Administrator): the demo
 * simulator drives the vehicles it found at start, so only the test's own fixes move this one. Its
 * tracker id is a 15-digit IMEI, so GT06 and OsmAnd can both report for it.
 */
export async function registerVehicle(page: Page, over: Record<string, unknown> = {}): Promise<VehicleRow> {
  registered += 1;
  const stamp = `${Date.now()}`.slice(-9);
  const letters = (Number(stamp) % 17576)
    .toString(26)
    .padStart(3, '0')
    .replace(/[0-9a-p]/g, (c) => String.fromCharCode(65 + parseInt(c, 26)));
  const created = await page.request.post('/api/kendaraan', {
    data: {
      pantauKendaraanId: `86${stamp}${String(registered).padStart(4, '0')}`,
      nomorPolisi: `B ${1000 + ((Number(stamp) + registered * 7) % 9000)} ${letters}`,
      nomorKendaraan: `E2E-${stamp}-${registered}`,
      vehicleClass: 'CC',
      speedLimit: 80,
      ...over,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  return (await created.json()) as VehicleRow;
}
