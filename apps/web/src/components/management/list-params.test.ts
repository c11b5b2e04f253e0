import { describe, expect, it } from 'vitest';
import { nextListParams, pageOf } from './list-params';

describe('list URL query', () => {
  it('a filter or search change goes back to page 1; paging keeps the filters', () => {
    const current = new URLSearchParams('page=3&search=B 1&aktif=true');
    expect(nextListParams(current, { aktif: 'false' }).toString()).toBe('search=B+1&aktif=false');
    expect(nextListParams(current, { search: '' }).toString()).toBe('aktif=true');
    expect(nextListParams(current, { page: '4' }).toString()).toBe('page=4&search=B+1&aktif=true');
    expect(nextListParams(current, { page: '1' }).toString()).toBe('search=B+1&aktif=true');
  });

  it('reads the page, 1 when missing or wrong', () => {
    expect(pageOf(new URLSearchParams('page=2'))).toBe(2);
    expect(pageOf(new URLSearchParams('page=-1'))).toBe(1);
    expect(pageOf(new URLSearchParams('page=x'))).toBe(1);
    expect(pageOf(new URLSearchParams(''))).toBe(1);
  });
});
