import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { prefixesByComponent, splitStylesheet } from './antd-stylesheet-split';

const sheet = createRequire(import.meta.url).resolve('antd/dist/antd.css');
const owned = prefixesByComponent(join(dirname(dirname(sheet)), 'es'));

describe("antd's stylesheet split by component", () => {
  it('finds the class prefixes of the installed antd components: each the one it is named after or asks for first', () => {
    expect(owned.get('button')).toContain('btn');
    expect(owned.get('date-picker')).toEqual(['picker']);
    expect(owned.get('calendar')).toEqual(['picker']);
    expect(owned.get('float-button')).toContain('float-btn');
    expect(owned.get('layout')).toEqual(expect.arrayContaining(['layout', 'layout-sider']));
    // Pagination renders a Select, whose own style module brings the select rules.
    expect(owned.get('pagination')).toEqual(['pagination']);
    expect(owned.get('select')).toEqual(['select']);
  });

  it('puts each rule with the component its first class belongs to, the longest prefix first, and the rest in base', () => {
    const css = [
      '.css-var-x.ant-btn{--ant-btn-font-weight:400;}',
      '.ant-btn{color:red;}',
      '.ant-input-number .ant-input{width:1px;}',
      '.ant-input{width:2px;}',
      '@media (max-width:575px){.ant-btn-group{display:block;}}',
      '@keyframes antZoomIn{0%{opacity:0;}}',
      '.ant-zoom-enter{opacity:0;}',
      '.anticon{display:inline-flex;}',
      '.ant-select[title="a}b"]{color:blue;}',
    ].join('');
    const parts = splitStylesheet(css, ['btn', 'btn-group', 'input', 'input-number', 'select']);
    expect(parts.get('btn')).toBe('.css-var-x.ant-btn{--ant-btn-font-weight:400;}.ant-btn{color:red;}');
    expect(parts.get('btn-group')).toBe('@media (max-width:575px){.ant-btn-group{display:block;}}');
    expect(parts.get('input-number')).toBe('.ant-input-number .ant-input{width:1px;}');
    expect(parts.get('input')).toBe('.ant-input{width:2px;}');
    expect(parts.get('select')).toBe('.ant-select[title="a}b"]{color:blue;}');
    expect(parts.get('base')).toBe(
      '@keyframes antZoomIn{0%{opacity:0;}}.ant-zoom-enter{opacity:0;}.anticon{display:inline-flex;}',
    );
  });

  it("loses nothing of antd's own sheet", () => {
    const css = readFileSync(sheet, 'utf8');
    const parts = splitStylesheet(css, [...owned.values()].flat());
    expect([...parts.values()].reduce((sum, part) => sum + part.length, 0)).toBe(css.length);
    expect(parts.get('base')!.length).toBeLessThan(css.length / 10);
  });
});
