export * from './units.js';
export * from './users.js';
export * from './vehicles.js';
export * from './events.js';
export * from './telemetry.js';
export * from './management.js';
export * from './geography.js';
export * from './activity.js';
