import { describe, expect, it } from 'vitest';
import i18n, { changeLanguage, loadAllTexts, textsReady } from './i18n';

describe('texts load by part', () => {
  it('the first view’s texts first, then every page’s, then the other language’s on a switch', async () => {
    await textsReady;
    expect(i18n.t('shell:menu.map')).toBe('Map');
    expect(i18n.hasLoadedNamespace('dashboard')).toBe(false);

    await loadAllTexts();
    expect(i18n.t('dashboard:columns.plate')).toBe('Plate number');

    globalThis.localStorage = { setItem: () => undefined } as unknown as Storage;
    await changeLanguage('id');
    expect(i18n.t('shell:menu.map')).toBe('Peta');
    expect(i18n.t('dashboard:columns.plate')).toBe('Nomor polisi');
  });
});
