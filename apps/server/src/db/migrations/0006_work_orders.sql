CREATE TABLE "work_order_kinds" (
	"unit_id" integer NOT NULL,
	"kind" text NOT NULL,
	"label" text NOT NULL,
	"description" text,
	CONSTRAINT "work_order_kinds_pkey" PRIMARY KEY("unit_id","kind")
);
--> statement-breakpoint
CREATE TABLE "work_order_milestones" (
	"work_order_id" integer NOT NULL,
	"milestone" text NOT NULL,
	"detected_at" timestamp with time zone,
	"geofence_id" integer,
	"corrected" boolean DEFAULT false NOT NULL,
	"manual_at" timestamp with time zone,
	"corrected_by" integer,
	"corrected_at" timestamp with time zone,
	CONSTRAINT "work_order_milestones_pkey" PRIMARY KEY("work_order_id","milestone")
);
--> statement-breakpoint
CREATE TABLE "work_orders" (
	"work_order_id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "work_orders_work_order_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"unit_id" integer NOT NULL,
	"kind" text NOT NULL,
	"spk_number" text NOT NULL,
	"dt_number" text,
	"vehicle_id" integer NOT NULL,
	"driver_id" integer,
	"co_driver_id" integer,
	"route_id" integer,
	"run_at" timestamp with time zone NOT NULL,
	"planned_end" timestamp with time zone NOT NULL,
	"origin_geofence_id" integer,
	"destination_geofence_id" integer,
	"customer" text,
	"load_count" integer,
	"load_description" text,
	"kosongan" boolean DEFAULT false NOT NULL,
	"notes" text,
	"status" text DEFAULT 'waiting' NOT NULL,
	"status_changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"status_changed_by" integer,
	"cancel_reason" text,
	"standard_lead_minutes" integer,
	"standard_circle_minutes" integer,
	"out_pool_at" timestamp with time zone,
	"arrive_loading_at" timestamp with time zone,
	"exit_loading_at" timestamp with time zone,
	"enter_unloading_at" timestamp with time zone,
	"exit_unloading_at" timestamp with time zone,
	"enter_pool_at" timestamp with time zone,
	"actual_lead_minutes" integer,
	"actual_circle_minutes" integer,
	"over_lead_minutes" integer,
	"over_circle_minutes" integer,
	"anomalies" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"anomaly_count" integer DEFAULT 0 NOT NULL,
	"matched_at" timestamp with time zone,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "work_orders_unit_spk_number_unique" UNIQUE("unit_id","spk_number")
);
--> statement-breakpoint
ALTER TABLE "work_order_kinds" ADD CONSTRAINT "work_order_kinds_unit_id_units_unit_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."units"("unit_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_order_milestones" ADD CONSTRAINT "work_order_milestones_work_order_id_work_orders_work_order_id_fk" FOREIGN KEY ("work_order_id") REFERENCES "public"."work_orders"("work_order_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_order_milestones" ADD CONSTRAINT "work_order_milestones_geofence_id_geofences_geofence_id_fk" FOREIGN KEY ("geofence_id") REFERENCES "public"."geofences"("geofence_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_order_milestones" ADD CONSTRAINT "work_order_milestones_corrected_by_users_user_id_fk" FOREIGN KEY ("corrected_by") REFERENCES "public"."users"("user_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_orders" ADD CONSTRAINT "work_orders_unit_id_units_unit_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."units"("unit_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_orders" ADD CONSTRAINT "work_orders_vehicle_id_vehicles_vehicle_id_fk" FOREIGN KEY ("vehicle_id") REFERENCES "public"."vehicles"("vehicle_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_orders" ADD CONSTRAINT "work_orders_driver_id_drivers_driver_id_fk" FOREIGN KEY ("driver_id") REFERENCES "public"."drivers"("driver_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_orders" ADD CONSTRAINT "work_orders_co_driver_id_drivers_driver_id_fk" FOREIGN KEY ("co_driver_id") REFERENCES "public"."drivers"("driver_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_orders" ADD CONSTRAINT "work_orders_route_id_routes_route_id_fk" FOREIGN KEY ("route_id") REFERENCES "public"."routes"("route_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_orders" ADD CONSTRAINT "work_orders_origin_geofence_id_geofences_geofence_id_fk" FOREIGN KEY ("origin_geofence_id") REFERENCES "public"."geofences"("geofence_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_orders" ADD CONSTRAINT "work_orders_destination_geofence_id_geofences_geofence_id_fk" FOREIGN KEY ("destination_geofence_id") REFERENCES "public"."geofences"("geofence_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_orders" ADD CONSTRAINT "work_orders_status_changed_by_users_user_id_fk" FOREIGN KEY ("status_changed_by") REFERENCES "public"."users"("user_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_orders" ADD CONSTRAINT "work_orders_created_by_users_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("user_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "work_orders_unit_kind_run_idx" ON "work_orders" USING btree ("unit_id","kind","run_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "work_orders_vehicle_run_idx" ON "work_orders" USING btree ("vehicle_id","run_at");--> statement-breakpoint
CREATE INDEX "work_orders_active_idx" ON "work_orders" USING btree ("vehicle_id") WHERE "work_orders"."status" IN ('waiting', 'on_progress', 'abnormal');