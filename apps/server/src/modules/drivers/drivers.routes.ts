import { driverInput, driverList, driverRow, driverSearchQuery } from '@pantau/contracts';
import { resourceRoutes } from '../kit/resource.routes.js';
import type { DriversService } from './drivers.service.js';

/** Drivers (pengemudi): driver management is the Administrator's, reads included. */
export function driversRoutes({ driversService }: { driversService: DriversService }) {
  return resourceRoutes(
    {
      path: '/pengemudi',
      exportPath: '/reports/pengemudi',
      idName: 'pengemudiId',
      tag: 'pengemudi',
      read: 'admin',
      query: driverSearchQuery,
      list: driverList,
      row: driverRow,
      input: driverInput,
      summaries: {
        list: 'Drivers of the chosen unit: search, filters, sort (default by name), Take/Skip',
        export: 'Every driver of the list with its filters and sort, for the .xlsx export',
        get: "One driver of the chosen unit (another unit's driver is 404)",
        create: 'Add a driver (409 naming employeeNumber when the unit already has it)',
        import:
          'Import drivers from file rows: dryRun checks only; otherwise all rows are stored or none (400, errors at rows.<index>.<field>)',
        update: 'Replace every field of a driver (aktif=false also takes them off their vehicles)',
        deactivate: 'Deactivate a driver and take them off their vehicles; past events keep them',
      },
    },
    driversService,
  );
}
