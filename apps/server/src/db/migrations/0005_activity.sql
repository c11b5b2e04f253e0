CREATE TABLE "activity_days" (
	"vehicle_id" integer NOT NULL,
	"day" date NOT NULL,
	"unit_id" integer NOT NULL,
	"distance_m" double precision NOT NULL,
	"driving_s" integer NOT NULL,
	"idle_s" integer NOT NULL,
	"engine_s" integer NOT NULL,
	"first_move_at" timestamp with time zone,
	"last_move_at" timestamp with time zone,
	"max_speed" real NOT NULL,
	"closed" boolean DEFAULT false NOT NULL,
	CONSTRAINT "activity_days_pkey" PRIMARY KEY("vehicle_id","day")
);
--> statement-breakpoint
CREATE TABLE "stops" (
	"stop_id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "stops_stop_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"unit_id" integer NOT NULL,
	"vehicle_id" integer NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone NOT NULL,
	"open" boolean NOT NULL,
	"lat" double precision NOT NULL,
	"lon" double precision NOT NULL,
	"idle_s" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "trips" (
	"trip_id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "trips_trip_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"unit_id" integer NOT NULL,
	"vehicle_id" integer NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone NOT NULL,
	"open" boolean NOT NULL,
	"start_lat" double precision NOT NULL,
	"start_lon" double precision NOT NULL,
	"end_lat" double precision NOT NULL,
	"end_lon" double precision NOT NULL,
	"distance_m" double precision NOT NULL,
	"driving_s" integer NOT NULL,
	"idle_s" integer NOT NULL,
	"max_speed" real NOT NULL,
	"halts" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "activity_days" ADD CONSTRAINT "activity_days_vehicle_id_vehicles_vehicle_id_fk" FOREIGN KEY ("vehicle_id") REFERENCES "public"."vehicles"("vehicle_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_days" ADD CONSTRAINT "activity_days_unit_id_units_unit_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."units"("unit_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stops" ADD CONSTRAINT "stops_unit_id_units_unit_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."units"("unit_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stops" ADD CONSTRAINT "stops_vehicle_id_vehicles_vehicle_id_fk" FOREIGN KEY ("vehicle_id") REFERENCES "public"."vehicles"("vehicle_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trips" ADD CONSTRAINT "trips_unit_id_units_unit_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."units"("unit_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trips" ADD CONSTRAINT "trips_vehicle_id_vehicles_vehicle_id_fk" FOREIGN KEY ("vehicle_id") REFERENCES "public"."vehicles"("vehicle_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "activity_days_unit_day_idx" ON "activity_days" USING btree ("unit_id","day");--> statement-breakpoint
CREATE UNIQUE INDEX "stops_vehicle_started_idx" ON "stops" USING btree ("vehicle_id","started_at");--> statement-breakpoint
CREATE INDEX "stops_unit_started_idx" ON "stops" USING btree ("unit_id","started_at");--> statement-breakpoint
CREATE UNIQUE INDEX "trips_vehicle_started_idx" ON "trips" USING btree ("vehicle_id","started_at");--> statement-breakpoint
CREATE INDEX "trips_unit_started_idx" ON "trips" USING btree ("unit_id","started_at");