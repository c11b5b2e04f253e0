-- positions becomes a table partitioned by month of fix_time, in UTC: one partition per calendar month,
-- named positions_YYYY_MM, holding fix times from the month's first instant (00:00 UTC) up to the next
-- month's. drizzle's schema (schema/telemetry.ts) can only say the column shape, key and foreign key,
-- which stay as they were; the partitioning is this migration's. The server creates the months from
-- then on (db/partitions.ts): the current one and the next two, daily, and an older one on demand
-- before a fix of it is written. No DEFAULT partition (docs/decisions.md).
--
-- An existing install's rows are carried over: the old table is renamed, the partitioned one created
-- with the same columns, key and foreign key, every month the old rows span created, the rows copied
-- (the one long step: docs/architecture.md says how long per million rows) and the old table dropped,
-- all in the migrations' transaction.
ALTER TABLE "positions" RENAME TO "positions_unpartitioned";--> statement-breakpoint
ALTER INDEX "positions_pkey" RENAME TO "positions_unpartitioned_pkey";--> statement-breakpoint
CREATE TABLE "positions" (
	"vehicle_id" integer NOT NULL,
	"fix_time" timestamp with time zone NOT NULL,
	"server_time" timestamp with time zone NOT NULL,
	"lat" double precision NOT NULL,
	"lon" double precision NOT NULL,
	"speed" real NOT NULL,
	"course" real,
	"altitude" real,
	"satellites" smallint,
	"accuracy" real,
	"ignition" boolean,
	"valid" boolean NOT NULL,
	"odometer_km" double precision,
	"attributes" jsonb,
	CONSTRAINT "positions_pkey" PRIMARY KEY("vehicle_id","fix_time")
) PARTITION BY RANGE ("fix_time");--> statement-breakpoint
ALTER TABLE "positions_unpartitioned" DROP CONSTRAINT "positions_vehicle_id_vehicles_vehicle_id_fk";--> statement-breakpoint
ALTER TABLE "positions" ADD CONSTRAINT "positions_vehicle_id_vehicles_vehicle_id_fk" FOREIGN KEY ("vehicle_id") REFERENCES "public"."vehicles"("vehicle_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
DO $$
DECLARE
	m timestamptz;
BEGIN
	-- The months the old rows are in, and the current month with the next two.
	FOR m IN
		SELECT DISTINCT date_trunc('month', "fix_time", 'UTC') FROM "positions_unpartitioned"
		UNION
		SELECT (date_trunc('month', now(), 'UTC') AT TIME ZONE 'UTC' + n * interval '1 month') AT TIME ZONE 'UTC'
		FROM generate_series(0, 2) AS n
	LOOP
		EXECUTE format(
			'CREATE TABLE %I PARTITION OF "positions" FOR VALUES FROM (%L) TO (%L)',
			to_char(m AT TIME ZONE 'UTC', '"positions_"YYYY_MM'),
			m,
			(m AT TIME ZONE 'UTC' + interval '1 month') AT TIME ZONE 'UTC'
		);
	END LOOP;
END $$;--> statement-breakpoint
INSERT INTO "positions" ("vehicle_id", "fix_time", "server_time", "lat", "lon", "speed", "course", "altitude",
	"satellites", "accuracy", "ignition", "valid", "odometer_km", "attributes")
SELECT "vehicle_id", "fix_time", "server_time", "lat", "lon", "speed", "course", "altitude", "satellites",
	"accuracy", "ignition", "valid", "odometer_km", "attributes"
FROM "positions_unpartitioned";--> statement-breakpoint
DROP TABLE "positions_unpartitioned";
