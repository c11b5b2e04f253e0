export * from './auth.js';
export * from './common.js';
export * from './notifications.js';
export * from './roles.js';
export * from './vehicles.js';
export * from './units.js';
export * from './users.js';
