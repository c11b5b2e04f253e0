import { beforeAll, describe, expect, it } from 'vitest';

const memory = new Map<string, string>();

beforeAll(() => {
  // The unit project runs in Node: give the store a localStorage to persist into.
  Object.defineProperty(globalThis, 'localStorage', {
    configurable: true,
    value: {
      getItem: (k: string) => memory.get(k) ?? null,
      setItem: (k: string, v: string) => void memory.set(k, v),
      removeItem: (k: string) => void memory.delete(k),
    },
  });
});

describe('layout store', () => {
  it('S-021 key `settings` holds exactly the eight settings; mobile, optionDrawer, mobileDrawer are not stored', async () => {
    const { useLayoutStore } = await import('./layout-store');
    const store = useLayoutStore.getState();
    store.setMobile(true);
    store.setOptionDrawer(true);
    store.setMobileDrawer(true);
    store.toggle('boxed');
    const saved = JSON.parse(memory.get('settings') ?? '{}') as Record<string, unknown>;
    expect(Object.keys(saved).sort()).toEqual(
      [
        'boxed',
        'collapsed',
        'darkSidebar',
        'direction',
        'notificationSound',
        'sidebarIcons',
        'sidebarPopup',
        'weakColor',
      ].sort(),
    );
    expect(saved.boxed).toBe(true);
    expect(useLayoutStore.getState()).toMatchObject({ mobile: true, optionDrawer: true, mobileDrawer: true });
  });

  it('S-031 the store applies the rules: collapsing forces icons on', async () => {
    const { useLayoutStore } = await import('./layout-store');
    useLayoutStore.setState({ collapsed: false, sidebarIcons: false });
    useLayoutStore.getState().toggle('collapsed');
    expect(useLayoutStore.getState()).toMatchObject({ collapsed: true, sidebarIcons: true });
  });
});
