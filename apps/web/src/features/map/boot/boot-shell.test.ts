import { describe, expect, it } from 'vitest';
import { defaultSettings } from '../../../lib/layout-settings';
import { bootShellFits, type BootShellLayout } from './boot-shell';

const desktop: BootShellLayout = { ...defaultSettings, mobile: false };

describe('bootShellFits', () => {
  it('draws the boot shell on a desktop screen with the plain layout, in either direction and sidebar', () => {
    expect(bootShellFits(desktop)).toBe(true);
    expect(bootShellFits({ ...desktop, direction: 'rtl', darkSidebar: true, collapsed: true })).toBe(true);
  });

  it('leaves the map hidden where the boot shell could not match the shell to the pixel', () => {
    // A phone: the sidebar is a drawer and the toolbar wraps.
    expect(bootShellFits({ ...desktop, mobile: true })).toBe(false);
    // Boxed view centres the shell; weak colours filter it.
    expect(bootShellFits({ ...desktop, boxed: true })).toBe(false);
    expect(bootShellFits({ ...desktop, weakColor: true })).toBe(false);
  });
});
