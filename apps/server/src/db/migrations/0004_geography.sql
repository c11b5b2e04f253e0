CREATE TABLE "geofence_visits" (
	"visit_id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "geofence_visits_visit_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"unit_id" integer NOT NULL,
	"vehicle_id" integer NOT NULL,
	"geofence_id" integer NOT NULL,
	"enter_time" timestamp with time zone NOT NULL,
	"exit_time" timestamp with time zone,
	"duration_s" integer DEFAULT 0 NOT NULL,
	"open" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "geofences" (
	"geofence_id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "geofences_geofence_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"unit_id" integer NOT NULL,
	"poly_index" integer DEFAULT 0 NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"external_id" text,
	"notes" text,
	"shape" text NOT NULL,
	"category" text NOT NULL,
	"icon" text,
	"color" text,
	"center_lon" double precision NOT NULL,
	"center_lat" double precision NOT NULL,
	"radius_m" double precision,
	"width_m" double precision,
	"geometry" jsonb NOT NULL,
	"min_lon" double precision NOT NULL,
	"min_lat" double precision NOT NULL,
	"max_lon" double precision NOT NULL,
	"max_lat" double precision NOT NULL,
	"notify_enter" boolean DEFAULT false NOT NULL,
	"notify_exit" boolean DEFAULT false NOT NULL,
	"aktif" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "geofences_unit_code_unique" UNIQUE("unit_id","code")
);
--> statement-breakpoint
CREATE TABLE "pois" (
	"poi_id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "pois_poi_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"unit_id" integer NOT NULL,
	"name" text NOT NULL,
	"icon" text NOT NULL,
	"lon" double precision NOT NULL,
	"lat" double precision NOT NULL,
	"notes" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "route_points" (
	"route_id" integer NOT NULL,
	"seq" integer NOT NULL,
	"name" text,
	"lon" double precision NOT NULL,
	"lat" double precision NOT NULL,
	"geofence_id" integer,
	CONSTRAINT "route_points_pkey" PRIMARY KEY("route_id","seq")
);
--> statement-breakpoint
CREATE TABLE "routes" (
	"route_id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "routes_route_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"unit_id" integer NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"origin_geofence_id" integer,
	"destination_geofence_id" integer,
	"path" jsonb NOT NULL,
	"corridor_width_m" double precision DEFAULT 1000 NOT NULL,
	"distance_km" double precision NOT NULL,
	"lead_time_minutes" integer,
	"circle_time_minutes" integer,
	"custom" boolean DEFAULT false NOT NULL,
	"notes" text,
	"aktif" boolean DEFAULT true NOT NULL,
	"min_lon" double precision NOT NULL,
	"min_lat" double precision NOT NULL,
	"max_lon" double precision NOT NULL,
	"max_lat" double precision NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "routes_unit_code_unique" UNIQUE("unit_id","code")
);
--> statement-breakpoint
CREATE TABLE "vehicle_routes" (
	"vehicle_id" integer PRIMARY KEY NOT NULL,
	"route_id" integer NOT NULL,
	"assigned_by" integer,
	"assigned_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "geofence_visits" ADD CONSTRAINT "geofence_visits_unit_id_units_unit_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."units"("unit_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "geofence_visits" ADD CONSTRAINT "geofence_visits_vehicle_id_vehicles_vehicle_id_fk" FOREIGN KEY ("vehicle_id") REFERENCES "public"."vehicles"("vehicle_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "geofence_visits" ADD CONSTRAINT "geofence_visits_geofence_id_geofences_geofence_id_fk" FOREIGN KEY ("geofence_id") REFERENCES "public"."geofences"("geofence_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "geofences" ADD CONSTRAINT "geofences_unit_id_units_unit_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."units"("unit_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pois" ADD CONSTRAINT "pois_unit_id_units_unit_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."units"("unit_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "route_points" ADD CONSTRAINT "route_points_route_id_routes_route_id_fk" FOREIGN KEY ("route_id") REFERENCES "public"."routes"("route_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "route_points" ADD CONSTRAINT "route_points_geofence_id_geofences_geofence_id_fk" FOREIGN KEY ("geofence_id") REFERENCES "public"."geofences"("geofence_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "routes" ADD CONSTRAINT "routes_unit_id_units_unit_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."units"("unit_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "routes" ADD CONSTRAINT "routes_origin_geofence_id_geofences_geofence_id_fk" FOREIGN KEY ("origin_geofence_id") REFERENCES "public"."geofences"("geofence_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "routes" ADD CONSTRAINT "routes_destination_geofence_id_geofences_geofence_id_fk" FOREIGN KEY ("destination_geofence_id") REFERENCES "public"."geofences"("geofence_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicle_routes" ADD CONSTRAINT "vehicle_routes_vehicle_id_vehicles_vehicle_id_fk" FOREIGN KEY ("vehicle_id") REFERENCES "public"."vehicles"("vehicle_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicle_routes" ADD CONSTRAINT "vehicle_routes_route_id_routes_route_id_fk" FOREIGN KEY ("route_id") REFERENCES "public"."routes"("route_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicle_routes" ADD CONSTRAINT "vehicle_routes_assigned_by_users_user_id_fk" FOREIGN KEY ("assigned_by") REFERENCES "public"."users"("user_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "geofence_visits_vehicle_enter_idx" ON "geofence_visits" USING btree ("vehicle_id","enter_time" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "geofence_visits_geofence_enter_idx" ON "geofence_visits" USING btree ("geofence_id","enter_time" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "geofence_visits_unit_enter_idx" ON "geofence_visits" USING btree ("unit_id","enter_time" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "geofence_visits_open_unique" ON "geofence_visits" USING btree ("vehicle_id","geofence_id") WHERE "geofence_visits"."open";--> statement-breakpoint
CREATE INDEX "geofences_unit_order_idx" ON "geofences" USING btree ("unit_id","poly_index");--> statement-breakpoint
CREATE INDEX "pois_unit_idx" ON "pois" USING btree ("unit_id");--> statement-breakpoint
CREATE INDEX "vehicle_routes_route_idx" ON "vehicle_routes" USING btree ("route_id");