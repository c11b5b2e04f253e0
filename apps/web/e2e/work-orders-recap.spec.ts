import { expect, test, type Page } from '@playwright/test';
import { openAs, screenshot, signInToShell } from './fixtures';

const DAY_MS = 86_400_000;
const ROUTE = 'KIIC-IPCC';

/** A per-run stamp: SPK numbers, vehicles and run dates no other run of this test uses. */
const STAMP = Date.now() % 100_000_000;

const two = (n: number) => String(n).padStart(2, '0');

/** A WIB wall-clock time `daysAhead` days from now at `hour`: as typed in a file, and its month. */
function runDate(daysAhead: number, hour: number) {
  const wib = new Date(Date.now() + daysAhead * DAY_MS + 7 * 3_600_000);
  const [y, m, d] = [wib.getUTCFullYear(), wib.getUTCMonth() + 1, wib.getUTCDate()];
  return { typed: `${two(d)}/${two(m)}/${y} ${two(hour)}:00`, month: `${y}-${two(m)}` };
}

/** Two active demo vehicles whose papers are valid beyond the next 30 days, different on each run. */
async function demoPlates(page: Page): Promise<[string, string]> {
  const answer = await page.request.get('/api/kendaraan?aktif=true&documentStatus=valid&Take=100');
  expect(answer.ok()).toBe(true);
  const { results } = (await answer.json()) as { results: { nomorPolisi: string }[] };
  expect(results.length).toBeGreaterThan(2);
  const at = (k: number) => results[(STAMP + k) % results.length]!.nomorPolisi;
  return [at(0), at(Math.floor(results.length / 2))];
}

test.describe('SPK import and recap', () => {
  test('S-057 an SPK file with a bad row is refused in the preview, the fixed file imports, and the recap counts it', async ({
    page,
  }) => {
    // Two checked imports, then the recap opened again from its URL (a second load of the app).
    test.setTimeout(120_000);
    await page.setViewportSize({ width: 1440, height: 900 });
    await signInToShell(page, 'admin');
    const [plateA, plateB] = await demoPlates(page);
    // Within the next 30 days (valid papers), a day and hour of this run's own.
    const when = runDate(5 + (STAMP % 20), STAMP % 12);
    const later = runDate(5 + (STAMP % 20), (STAMP % 12) + 12);
    const spk = (n: number) => `E2E-R-${STAMP}-${n}`;
    const csv = (secondPlate: string) =>
      [
        'Kind,SPK number,Plate number,Route,Run date,Customer',
        `CCR,${spk(1)},${plateA},${ROUTE},${when.typed},PT Astra`,
        `CCR,${spk(2)},${secondPlate},${ROUTE},${later.typed},PT Astra`,
      ].join('\n');

    await page.goto('/spk/ccr');
    await expect(page.getByTestId('spk-list')).toHaveAttribute('data-loading', 'false');
    await page.getByTestId('spk-import').click();
    const dialog = page.getByTestId('import-dialog');
    const input = dialog.locator('input[type=file]');
    await input.setInputFiles({
      name: 'spk.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(csv('B 0000 ZZZ')),
    });
    const preview = page.getByTestId('import-preview');
    await expect(preview).toHaveAttribute('data-faulty', '1');
    await expect(page.getByTestId('import-row-3').getByTestId('import-row-errors')).toContainText(
      'Plate number',
    );
    await expect(page.getByTestId('import-row-2').getByTestId('import-row-errors')).toHaveCount(0);
    await expect(page.getByTestId('import-commit')).toBeDisabled();
    await screenshot(page, 'spk-import-preview');
    await page.keyboard.press('Escape');

    await page.getByTestId('spk-import').click();
    await input.setInputFiles({ name: 'spk.csv', mimeType: 'text/csv', buffer: Buffer.from(csv(plateB)) });
    await expect(preview).toHaveAttribute('data-faulty', '0');
    await page.getByTestId('import-commit').click();
    await expect(dialog).toBeHidden();
    const stored = await page.request.get(`/api/spk?search=E2E-R-${STAMP}&Take=10`);
    const list = (await stored.json()) as { count: number; results: { nomorPolisi: string }[] };
    expect(list.count).toBe(2);
    expect(list.results.map((r) => r.nomorPolisi).sort()).toEqual([plateA, plateB].sort());

    // The recap of the month the SPKs run in, opened from the toolbar and kept in the URL.
    await page.getByTestId('spk-recap').click();
    await expect(page.getByTestId('spk-recap-drawer')).toBeVisible();
    await expect(page).toHaveURL(/recap=monthly/);
    const before = await page.request.get(
      `/api/recap/monthly?kind=ccr&from=${encodeURIComponent(`${when.month}-01T00:00:00+07:00`)}&to=${encodeURIComponent(`${nextMonth(when.month)}-01T00:00:00+07:00`)}`,
    );
    const expected = ((await before.json()) as { totals: { total: number } }).totals.total;
    expect(expected).toBeGreaterThanOrEqual(2);
    await page.goto(`/spk/ccr?recap=monthly&recapFrom=${when.month}&recapTo=${when.month}`);
    const monthly = page.getByTestId('spk-recap-monthly');
    await expect(monthly).toBeVisible();
    await expect(page.getByTestId('spk-recap-total')).toContainText(String(expected));
    await screenshot(page, 'spk-recap-monthly');

    await page.getByRole('tab', { name: 'Trips and unbilled use' }).click();
    await expect(page).toHaveURL(/recap=matching/);
    const matching = page.getByTestId('spk-recap-matching');
    // Ten SPKs a page by run date: the month's earlier ones (the demo's, when it is this month) first.
    const onSomePage = async (text: string) =>
      expect(async () => {
        if (!((await matching.textContent()) ?? '').includes(text))
          await matching.locator('.ant-pagination').first().locator('.ant-pagination-next').click();
        await expect(matching).toContainText(text, { timeout: 1_000 });
      }).toPass({ timeout: 20_000 });
    await onSomePage(spk(1));
    await onSomePage(spk(2));
    await screenshot(page, 'spk-recap-matching');

    await page.getByRole('tab', { name: 'Per driver' }).click();
    await expect(page.getByTestId('spk-recap-drivers')).toBeVisible();
  });

  test('S-065 the recap in Indonesian on a 375 px phone', async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem('language', 'id'));
    await page.setViewportSize({ width: 375, height: 800 });
    await openAs(page, 'admin', '/spk/ccr?recap=monthly');
    const drawer = page.getByTestId('spk-recap-drawer');
    await expect(drawer).toContainText('Rekap SPK');
    await expect(page.getByTestId('spk-recap-monthly')).toContainText('Per trayek');
    await screenshot(page, 'spk-recap-phone-id');
  });
});

function nextMonth(month: string): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return m === 12 ? `${y + 1}-01` : `${y}-${two(m + 1)}`;
}
