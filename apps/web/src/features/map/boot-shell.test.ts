import { describe, expect, it } from 'vitest';
import { defaultSettings } from '../../lib/layout-settings';
import { bootShellFits, type BootShellLayout } from './boot-shell';

const desktop: BootShellLayout = { ...defaultSettings, mobile: false };

describe('bootShellFits', () => {
  it('draws the boot shell on a desktop screen with the plain layout, in either direction and sidebar', () => {
    expect(bootShellFits(desktop, 800)).toBe(true);
    expect(bootShellFits({ ...desktop, direction: 'rtl', darkSidebar: true, collapsed: true }, 800)).toBe(
      true,
    );
  });

  it('leaves the map hidden where the boot shell could not match the shell to the pixel', () => {
    // A phone: the sidebar is a drawer and the toolbar wraps.
    expect(bootShellFits({ ...desktop, mobile: true }, 800)).toBe(false);
    // Boxed view centres the shell; weak colours filter it.
    expect(bootShellFits({ ...desktop, boxed: true }, 800)).toBe(false);
    expect(bootShellFits({ ...desktop, weakColor: true }, 800)).toBe(false);
    // Shorter than the map page's minimum height: the workspace scrolls.
    expect(bootShellFits(desktop, 515)).toBe(false);
    expect(bootShellFits(desktop, 516)).toBe(true);
  });
});
