import common from './common.json';
import errors from './errors.json';
import shell from './shell.json';
import notifications from './notifications.json';
import map from './map.json';
import geography from './geography.json';
import routes from './routes.json';
import playback from './playback.json';

/** The texts every signed-in page's first view draws (src/locales/texts.ts). */
export default { common, errors, shell, notifications, map, geography, routes, playback };
