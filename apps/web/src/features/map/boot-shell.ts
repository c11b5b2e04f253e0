import type { LayoutSettings } from '../../lib/layout-settings';
import './boot-shell.css';

/** What the boot shell is drawn from: the layout settings and whether the screen is a phone's. */
export type BootShellLayout = Pick<
  LayoutSettings,
  'boxed' | 'collapsed' | 'darkSidebar' | 'direction' | 'weakColor'
> & { mobile: boolean };

/** Below this height the map page scrolls (min-height 420 px + top bar + padding + toolbar). */
const MIN_HEIGHT = 420 + 56 + 40;

/**
 * Whether /map's map may be shown in the boot shell before the app is rendered: only where the shell's
 * layout is plain enough for the boot shell to match it to the pixel (a desktop screen, not boxed, no
 * weak colours, tall enough not to scroll). Elsewhere the map waits, hidden, for its page.
 */
export function bootShellFits(layout: BootShellLayout, viewportHeight: number): boolean {
  return !layout.mobile && !layout.boxed && !layout.weakColor && viewportHeight >= MIN_HEIGHT;
}

const SVG = 'http://www.w3.org/2000/svg';

/** The brand mark (components/brand-mark.tsx) as plain DOM. */
function brandMark(): SVGSVGElement {
  const svg = document.createElementNS(SVG, 'svg');
  svg.setAttribute('width', '28');
  svg.setAttribute('height', '28');
  svg.setAttribute('viewBox', '0 0 32 32');
  svg.setAttribute('aria-hidden', 'true');
  const rect = document.createElementNS(SVG, 'rect');
  for (const [k, v] of Object.entries({ width: '32', height: '32', rx: '8', fill: '#1d4ed8' }))
    rect.setAttribute(k, v);
  const pin = document.createElementNS(SVG, 'path');
  pin.setAttribute(
    'd',
    'M16 6c-4 0-7 3-7 6.8C9 18 16 26 16 26s7-8 7-13.2C23 9 20 6 16 6zm0 9.4a2.8 2.8 0 1 1 0-5.6 2.8 2.8 0 0 1 0 5.6z',
  );
  pin.setAttribute('fill', '#fff');
  svg.append(rect, pin);
  return svg;
}

function div(className: string, ...children: (Node | string)[]): HTMLDivElement {
  const el = document.createElement('div');
  el.className = className;
  el.append(...children);
  return el;
}

/** Menu items the boot shell sketches in the sidebar (the shell's first-level items). */
const MENU_SKETCH = 8;

let shown: HTMLElement | undefined;

/**
 * Draws the shell's frame before the app is rendered, for /map on a first visit: the sidebar with the
 * brand and its items sketched, the top bar and the page title, each where the shell puts them
 * (boot-shell.css mirrors app/styles.css and map-page.css). Answers the map's stage: the early map is
 * shown there as soon as its vehicles can be drawn, while React renders the real shell (~0.3–0.5 s on
 * the bench machine) — the fleet, which is what the page is for, does not wait for the menu and the
 * header (bench/map-bench.mjs, docs/performance.md). The app removes it in its first commit
 * (`removeBootShell`), the one in which the page takes the map.
 */
export function showBootShell(
  layout: BootShellLayout,
  text: { appName: string; title: string },
): HTMLElement {
  removeBootShell();
  const sider = div(
    `boot-shell-sider${layout.darkSidebar ? ' is-dark sidebar-dark' : ''}${layout.collapsed ? ' is-collapsed' : ''}`,
    div('sidebar-brand', brandMark(), ...(layout.collapsed ? [] : [text.appName])),
    div('boot-shell-menu', ...Array.from({ length: MENU_SKETCH }, () => div('boot-shell-item'))),
  );
  const stage = div('boot-shell-stage');
  const page = div('boot-shell-page', div('boot-shell-title', text.title), stage);
  const root = div('boot-shell', sider, div('boot-shell-main', div('boot-shell-header'), page));
  root.dir = layout.direction;
  root.dataset.testid = 'boot-shell';
  root.setAttribute('aria-busy', 'true');
  document.body.appendChild(root);
  shown = root;
  return stage;
}

/** Takes the boot shell away (the app's first commit): a map still in it goes with it. */
export function removeBootShell(): void {
  shown?.remove();
  shown = undefined;
}
