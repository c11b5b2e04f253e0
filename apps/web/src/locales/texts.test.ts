import { describe, expect, it } from 'vitest';
import { en, id } from './resources';
import { coreNamespaces, loadTexts, otherNamespaces } from './texts';

describe('texts by part', () => {
  it('the first view’s namespaces and the others hold every namespace once', () => {
    expect([...coreNamespaces, ...otherNamespaces].sort()).toEqual(Object.keys(en).sort());
  });

  it('each part holds its namespaces’ texts, in both languages', async () => {
    for (const [language, resources] of [
      ['en', en],
      ['id', id],
    ] as const) {
      const core = await loadTexts(language, 'map');
      const other = await loadTexts(language, 'workOrders');
      expect(Object.keys(core).sort()).toEqual([...coreNamespaces].sort());
      expect(Object.keys(other).sort()).toEqual([...otherNamespaces].sort());
      expect({ ...core, ...other }).toEqual(resources);
    }
  });
});
