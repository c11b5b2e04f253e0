import type { RouteRow } from '@pantau/contracts';
import { beforeEach, describe, expect, it } from 'vitest';
import { routesShown, useRouteEditing } from './route-editing-store';

const line: GeoJSON.LineString = {
  type: 'LineString',
  coordinates: [
    [106.9, -6.14],
    [107.3, -6.31],
  ],
};
const route = { trayekId: 4, code: 'R-4' } as RouteRow;

describe('the route editing state (the spec’s edit route: edit, key, data)', () => {
  beforeEach(() => useRouteEditing.getState().closeAll());

  it('returns from a new route to the list, and from editing a route to its details', () => {
    const s = useRouteEditing.getState;
    s().openList();
    s().startNew();
    expect(s()).toMatchObject({ edit: true, key: null, listOpen: false });
    s().closeForm();
    expect(s()).toMatchObject({ edit: false, listOpen: true, selectedId: null });

    s().select(4);
    s().startEdit(route, line);
    expect(s()).toMatchObject({ edit: true, key: 4, path: line });
    s().closeForm();
    expect(s()).toMatchObject({ edit: false, key: null, listOpen: false, selectedId: 4 });
    expect(routesShown(s())).toBe(true);
  });

  it('starts the drawing tool again when a trip replaces the path, not when the tool reports it', () => {
    const s = useRouteEditing.getState;
    s().startNew();
    const version = s().pathVersion;
    s().setDrawn(line);
    expect(s().pathVersion).toBe(version);
    s().replacePath(line);
    expect(s().pathVersion).toBe(version + 1);
  });
});
