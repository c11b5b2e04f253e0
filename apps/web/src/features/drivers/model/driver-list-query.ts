import { documentStatuses, driverSearchQuery, SIM_CLASSES } from '@pantau/contracts';
import { listQuery } from '../../../components/management/list-query';

/** The driver list's filters and sort in the URL, as `GET pengemudi` and `GET reports/pengemudi` take them. */
export const driverListQuery = listQuery({
  filters: { aktif: ['true', 'false'], simClass: SIM_CLASSES, documentStatus: documentStatuses },
  sortable: driverSearchQuery.shape.sortBy.unwrap().options,
});
export type DriverListState = ReturnType<typeof driverListQuery.parse>;
export type DriverSortBy = DriverListState['sortBy'] & string;
