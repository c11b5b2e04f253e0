import type { PlaceholderPage } from '../features/placeholder/pages/coming-soon-page';
import type { MenuLabel } from './shell/menu';

/** Shell pages (besides the dashboard, vehicle summary, availability, violation traffic, notifications, profile and vehicle management) whose content is not built yet: path, menu label (also the page title), description. */
export const comingSoonPages: { path: string; label: MenuLabel; page: PlaceholderPage }[] = [];
