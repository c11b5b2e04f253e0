import { expect, test, type Browser, type Cookie, type Page } from '@playwright/test';
import { signInToShell } from './fixtures';

/**
 * What a browser downloads for a page on a first visit (empty cache): the JS and CSS as sent over the
 * wire (the server's brotli or gzip copies), and as they are once decompressed.
 */
interface Weight {
  files: string[];
  compressed: number;
  uncompressed: number;
}

function weigh(page: Page): () => Promise<Weight> {
  const pending: Promise<{ url: string; compressed: number; uncompressed: number } | null>[] = [];
  page.on('requestfinished', (request) => {
    const url = new URL(request.url());
    if (url.origin !== new URL(page.url() || request.url()).origin || !/\.(?:m?js|css)$/.test(url.pathname))
      return;
    pending.push(
      (async () => {
        const response = await request.response();
        if (!response) return null;
        const sizes = await request.sizes();
        const body = await response.body();
        return { url: url.pathname, compressed: sizes.responseBodySize, uncompressed: body.length };
      })(),
    );
  });
  return async () => {
    const all = (await Promise.all(pending)).filter((f) => f !== null);
    return {
      files: all.map((f) => f.url),
      compressed: all.reduce((sum, f) => sum + f.compressed, 0),
      uncompressed: all.reduce((sum, f) => sum + f.uncompressed, 0),
    };
  };
}

const kB = (bytes: number) => `${Math.round(bytes / 1000)} kB`;

async function freshPage(browser: Browser, cookies: Cookie[] = []) {
  const context = await browser.newContext();
  await context.addCookies(cookies);
  return { context, page: await context.newPage() };
}

test('the sign-in page downloads at most 250 kB of compressed JS and CSS, and none of the map or the app', async ({
  browser,
}) => {
  const { context, page } = await freshPage(browser);
  const weight = weigh(page);
  await page.goto('/signin');
  await expect(page.getByTestId('signin-submit')).toBeVisible();
  await page.waitForLoadState('networkidle');
  const w = await weight();
  test.info().annotations.push({
    type: 'sign-in page',
    description: `${w.files.length} files, ${kB(w.compressed)} compressed, ${kB(w.uncompressed)} uncompressed`,
  });
  // Sent compressed: well under the files' own size.
  expect(w.compressed).toBeLessThan(w.uncompressed / 2);
  expect(w.compressed).toBeLessThanOrEqual(250_000);
  // None of the map (maplibre and its worker), antd's whole stylesheet or the app's chunks.
  for (const file of w.files) expect(file).not.toMatch(/maplibre|\/assets\/(?:vendor|antd|app-root|react)-/);
  await context.close();
});

test('the first load of /map downloads a bounded amount of compressed JS and CSS', async ({ browser }) => {
  // Signed in (and the role stored) in one context; the first visit in another, with its cache empty.
  const first = await freshPage(browser);
  await signInToShell(first.page, 'admin');
  const cookies = await first.context.cookies();
  await first.context.close();
  const { context, page } = await freshPage(browser, cookies);
  const weight = weigh(page);
  await page.goto('/map');
  await expect(page.getByTestId('map-view')).toHaveAttribute('data-vehicles-drawn', /^[1-9]\d*$/, {
    timeout: 20_000,
  });
  await page.waitForLoadState('networkidle');
  const w = await weight();
  test.info().annotations.push({
    type: '/map first load',
    description: `${w.files.length} files, ${kB(w.compressed)} compressed, ${kB(w.uncompressed)} uncompressed`,
  });
  expect(w.files.some((f) => /maplibre-gl-worker/.test(f))).toBe(true);
  expect(w.compressed).toBeLessThan(w.uncompressed / 3);
  // The budget (docs/performance.md, "Page weight").
  expect(w.compressed).toBeLessThanOrEqual(600_000);
  await context.close();
});
