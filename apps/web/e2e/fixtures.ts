import { expect, type BrowserContext, type Page } from '@playwright/test';

export const DEMO_PASSWORD = 'demo1234';

/** Signs in through the real sign-in form and waits for the page the server sends the user to. */
export async function signIn(page: Page, username: string, password = DEMO_PASSWORD): Promise<void> {
  await page.goto('/signin');
  await page.getByTestId('signin-username').fill(username);
  await page.getByTestId('signin-password').fill(password);
  await page.getByTestId('signin-submit').click();
  await page.waitForURL((url) => url.pathname !== '/signin');
}

/** Signs in and waits for the shell (users with exactly one role land in it directly). */
export async function signInToShell(page: Page, username: string): Promise<void> {
  await signIn(page, username);
  await expect(page.getByTestId('app-layout')).toBeVisible();
  await expect(page.getByTestId('shell-loading')).toHaveAttribute('aria-busy', 'false');
}

export async function cookieMap(context: BrowserContext): Promise<Record<string, string>> {
  return Object.fromEntries((await context.cookies()).map((c) => [c.name, decodeURIComponent(c.value)]));
}

/** Saves a screenshot of the main screens as a CI artifact under test-results/screens/. */
export async function screenshot(page: Page, name: string): Promise<void> {
  await page.waitForLoadState('networkidle');
  const spinner = page.getByTestId('shell-loading');
  if (await spinner.count()) await expect(spinner).toHaveAttribute('aria-busy', 'false');
  await expect(page.locator('.full-page-spin')).toHaveCount(0);
  await page.screenshot({ path: `test-results/screens/${name}.png`, fullPage: false });
}
