import type { ExportName } from '@pantau/contracts';
import type { z } from 'zod';

export type Language = 'en' | 'id';

/** What a cell is, for its format: text, a number, an instant (shown in the file's time zone), seconds. */
export type CellType = 'text' | 'number' | 'instant' | 'seconds';

export interface CellContext {
  language: Language;
  timeZone: string;
}

export interface ExportColumn<Row> {
  header: Record<Language, string>;
  type: CellType;
  /** The cell: an ISO instant for `instant`, seconds for `seconds`. */
  value(row: Row, ctx: CellContext): string | number | null;
  /** Characters wide in the spreadsheet. */
  width?: number;
  /** The totals row: the sum or the highest value of the column over every row; none when absent. */
  total?: 'sum' | 'max';
}

/**
 * A report that can be exported: its query (validated as the list validates it; paging is ignored), how
 * to read its rows a slice at a time, and its columns. Modules register theirs with the export module
 * (`app.exportRegistry.add`).
 */
export interface ExportDefinition<Query = unknown, Row = unknown> {
  report: ExportName;
  /** Whether a role may export it; by default the roles whose Report group has the report (`reportsOf`). */
  readableBy?(role: string): boolean;
  /** The file's name, before the period and extension: `over-speed`. */
  fileName: string;
  title: Record<Language, string>;
  query: z.ZodType<Query>;
  /** Throws a 400 or 404 for a query that cannot be answered (a vehicle of another unit). */
  check?(unitId: number, query: Query): Promise<void>;
  rows(unitId: number, query: Query, page: { take: number; skip: number }): Promise<Row[]>;
  columns: readonly ExportColumn<Row>[];
}

export interface ExportRegistry {
  add<Query, Row>(definition: ExportDefinition<Query, Row>): void;
  get(report: ExportName): ExportDefinition | undefined;
}

export function createExportRegistry(): ExportRegistry {
  const byName = new Map<ExportName, ExportDefinition>();
  return {
    add(definition) {
      if (byName.has(definition.report)) throw new Error(`export ${definition.report} is registered twice`);
      byName.set(definition.report, definition as unknown as ExportDefinition);
    },
    get: (report) => byName.get(report),
  };
}
