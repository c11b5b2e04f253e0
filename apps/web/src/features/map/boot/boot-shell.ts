import type { LayoutSettings } from '../../../lib/layout-settings';
import '../pages/map-page.css';
import './boot-shell.css';

/** What the boot shell is drawn from: the layout settings and whether the screen is a phone's. */
export type BootShellLayout = Pick<
  LayoutSettings,
  'boxed' | 'collapsed' | 'darkSidebar' | 'direction' | 'weakColor'
> & { mobile: boolean };

/**
 * Whether the shell's layout is plain enough for the boot shell to match it to the pixel: a desktop
 * screen, not boxed, no weak colours. (A screen too short for the map page is told by the boot shell
 * itself once drawn: its workspace scrolls.)
 */
export function bootShellFits(layout: BootShellLayout): boolean {
  return !layout.mobile && !layout.boxed && !layout.weakColor;
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
 * brand and its items sketched, the top bar and the page title. Its geometry is the shell's own: the
 * shell's CSS variables (app/styles.css) and the map page's classes (map-page.css), so its map stage is
 * where the page's will be. Answers the stage and whether the boot shell is `visible`: where it cannot
 * match the shell (see bootShellFits, or a screen too short for the map page) it stays hidden, and the
 * map in its stage with it, until the page takes the map. The app removes it in its first commit
 * (`removeBootShell`), the one in which the page takes the map.
 */
export function showBootShell(
  layout: BootShellLayout,
  text: { appName: string; title: string },
): { stage: HTMLElement; visible: boolean } {
  removeBootShell();
  const sider = div(
    `boot-shell-sider${layout.darkSidebar ? ' is-dark sidebar-dark' : ''}${layout.collapsed ? ' is-collapsed' : ''}`,
    div('sidebar-brand', brandMark(), ...(layout.collapsed ? [] : [text.appName])),
    div('boot-shell-menu', ...Array.from({ length: MENU_SKETCH }, () => div('boot-shell-item'))),
  );
  const stage = div('map-stage boot-shell-stage');
  const page = div('map-page', div('map-toolbar', div('boot-shell-title', text.title)), stage);
  const workspace = div('app-workspace boot-shell-workspace', div('app-workspace-inner', page));
  const root = div('boot-shell', sider, div('boot-shell-main', div('boot-shell-header'), workspace));
  root.dir = layout.direction;
  root.dataset.testid = 'boot-shell';
  if (layout.mobile) root.dataset.mobile = 'true';
  root.setAttribute('aria-busy', 'true');
  root.style.visibility = 'hidden';
  document.body.appendChild(root);
  shown = root;
  const visible = bootShellFits(layout) && workspace.scrollHeight <= workspace.clientHeight;
  if (visible) root.style.visibility = '';
  return { stage, visible };
}

/** Takes the boot shell away (the app's first commit): a map still in it goes with it. */
export function removeBootShell(): void {
  shown?.remove();
  shown = undefined;
}
