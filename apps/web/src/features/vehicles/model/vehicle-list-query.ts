import { documentStatuses, vehicleClasses, vehicleSearchQuery } from '@pantau/contracts';
import { listQuery } from '../../../components/management/list-query';

/** The vehicle list's filters and sort in the URL, as `GET kendaraan` and `GET reports/kendaraan` take them. */
export const vehicleListQuery = listQuery({
  filters: {
    fleetId: 'id',
    vehicleClass: vehicleClasses,
    aktif: ['true', 'false'],
    documentStatus: documentStatuses,
  },
  sortable: vehicleSearchQuery.shape.sortBy.unwrap().options,
});
export type VehicleListState = ReturnType<typeof vehicleListQuery.parse>;
export type VehicleSortBy = VehicleListState['sortBy'] & string;
