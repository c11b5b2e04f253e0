// The Report group's pages, one lazy chunk for the four of them.
export {
  GeofenceReportPage,
  OverRouteReportPage,
  OverSpeedReportPage,
  OverStopReportPage,
} from '../../features/reports/pages/report-pages';
