import auth from './auth.json';
import placeholder from './placeholder.json';
import vehicles from './vehicles.json';
import dashboard from './dashboard.json';
import vehicleSummary from './vehicleSummary.json';
import management from './management.json';
import drivers from './drivers.json';
import fleets from './fleets.json';
import users from './users.json';
import share from './share.json';
import settings from './settings.json';
import reports from './reports.json';
import workOrders from './workOrders.json';
import violationTraffic from './violationTraffic.json';
import availability from './availability.json';
import carCarrier from './carCarrier.json';
import vehicleHealth from './vehicleHealth.json';

/** The other pages' texts, loaded with the first of them (src/locales/texts.ts). */
export default {
  auth,
  placeholder,
  vehicles,
  dashboard,
  vehicleSummary,
  management,
  drivers,
  fleets,
  users,
  share,
  settings,
  reports,
  workOrders,
  violationTraffic,
  availability,
  carCarrier,
  vehicleHealth,
};
