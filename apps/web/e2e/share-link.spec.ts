import { expect, test, type Page } from '@playwright/test';
import { openAs, screenshot } from './fixtures';

/** The map has drawn at least one vehicle. */
async function vehiclesDrawn(page: Page) {
  const map = page.getByTestId('map-view');
  await expect(map).toHaveAttribute('data-vehicles-rendered', /^[1-9]\d*$/, { timeout: 20_000 });
}

test.describe('shared live location', () => {
  test('S-001 S-003 an Administrator shares a vehicle; a browser without sign-in follows it until the link is revoked', async ({
    page,
    browser,
  }) => {
    await openAs(page, 'admin', '/map');
    await vehiclesDrawn(page);
    await page.getByTestId('vehicle-search').fill('B');
    const option = page.getByTestId('vehicle-search-option').first();
    await expect(option).toBeVisible();
    const plate = (await option.locator('strong').textContent())!;
    await option.click();
    const drawer = page.locator('.vehicle-drawer');
    await expect(drawer.getByTestId('vehicle-info-plate')).toHaveText(plate);

    await drawer.getByTestId('share-open').click();
    const dialog = page.getByTestId('share-dialog');
    await expect(dialog).toContainText(plate);
    await expect(dialog.getByTestId('share-expiry')).toContainText('24 hours');
    await dialog.getByTestId('share-expiry').click();
    await page.getByTitle('8 hours').click();
    const note = `E2E dealer ${Date.now().toString(36)}`;
    await dialog.getByTestId('share-note').fill(note);
    await dialog.getByTestId('share-create').click();
    const shown = dialog.getByTestId('share-url');
    await expect(shown).toContainText('/preview-vehicle?token=');
    const url = (await shown.textContent())!.trim();
    expect(new URL(url).searchParams.get('token')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const row = dialog.getByTestId('share-link-row').filter({ hasText: note });
    await expect(row.getByTestId('share-link-status')).toHaveText('Active');
    await screenshot(page, 'share-dialog-en');

    // Someone without an account opens the link in a fresh browser.
    const visitor = await browser.newContext({ viewport: { width: 375, height: 760 } });
    try {
      const guest = await visitor.newPage();
      await guest.goto(url);
      await expect(guest).toHaveURL(/\/preview-vehicle\?token=/);
      await expect(guest.getByTestId('preview-plate')).toHaveText(plate);
      await expect(guest.getByTestId('preview-valid-until')).toContainText('Link valid until');
      await expect(guest.getByTestId('preview-speed')).toContainText('km/h');
      // The preview's map shows the one vehicle (drawn as the selected one, centred).
      const map = guest.getByTestId('preview-map').getByTestId('map-view');
      await expect(map.locator('canvas.maplibregl-canvas')).toBeVisible();
      await expect(map).toHaveAttribute('data-vehicle-count', '1', { timeout: 20_000 });
      await expect(guest.getByTestId('app-layout')).toHaveCount(0);
      await screenshot(guest, 'preview-vehicle-en-phone');
      await guest.getByTestId('language-switch').getByText('ID', { exact: true }).click();
      await expect(guest.getByTestId('preview-valid-until')).toContainText('Tautan berlaku sampai');
      await screenshot(guest, 'preview-vehicle-id-phone');

      // The Administrator revokes it; the visitor's next look is refused.
      await row.getByTestId('share-revoke').click();
      await page.getByRole('button', { name: 'Revoke' }).last().click();
      await expect(row.getByTestId('share-link-status')).toHaveText('Revoked');
      await guest.reload();
      await expect(guest.getByTestId('preview-revoked')).toContainText('Tautan ini sudah dicabut');
      await expect(guest.getByTestId('preview-plate')).toHaveCount(0);
      await screenshot(guest, 'preview-vehicle-revoked-id-phone');
      await guest.getByTestId('language-switch').getByText('EN', { exact: true }).click();
      await expect(guest.getByTestId('preview-revoked')).toContainText('This link was revoked');
      await guest.goto('/preview-vehicle?token=not-a-real-token');
      await expect(guest.getByTestId('preview-notFound')).toContainText('Link not found');
    } finally {
      await visitor.close();
    }

    // The dialog's history shows the create and the revoke.
    await dialog.getByTestId('share-history').click();
    const history = page.getByTestId('audit-drawer');
    await expect(history.getByTestId('audit-entry').first()).toContainText('Revoked');
    await expect(history).toContainText(plate);
    await screenshot(page, 'share-history-en');
  });

  test('User and Guest see no share button in the vehicle drawer', async ({ page }) => {
    await openAs(page, 'operator', '/map');
    await vehiclesDrawn(page);
    await page.getByTestId('vehicle-search').fill('B');
    await page.getByTestId('vehicle-search-option').first().click();
    const drawer = page.locator('.vehicle-drawer');
    await expect(drawer.getByTestId('vehicle-info-plate')).toBeVisible();
    await expect(drawer.getByTestId('share-open')).toHaveCount(0);
  });
});
