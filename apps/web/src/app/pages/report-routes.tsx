// The Report group's pages, one lazy chunk for the five of them.
export {
  DetailActivityReportPage,
  GeofenceReportPage,
  OverRouteReportPage,
  OverSpeedReportPage,
  OverStopReportPage,
} from '../../features/reports/pages/report-pages';
