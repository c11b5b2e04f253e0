CREATE TABLE "availability_history" (
	"history_id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "availability_history_history_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"unit_id" integer NOT NULL,
	"vehicle_id" integer NOT NULL,
	"category" text NOT NULL,
	"reason" text NOT NULL,
	"since" timestamp with time zone NOT NULL,
	"until" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "incidents" (
	"incident_id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "incidents_incident_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"unit_id" integer NOT NULL,
	"vehicle_id" integer NOT NULL,
	"kind" text NOT NULL,
	"opened_at" timestamp with time zone NOT NULL,
	"closed_at" timestamp with time zone,
	"notes" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "maintenance_orders" (
	"maintenance_id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "maintenance_orders_maintenance_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"unit_id" integer NOT NULL,
	"vehicle_id" integer NOT NULL,
	"kind" text NOT NULL,
	"opened_at" timestamp with time zone NOT NULL,
	"closed_at" timestamp with time zone,
	"notes" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pretrip_checks" (
	"check_id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "pretrip_checks_check_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"unit_id" integer NOT NULL,
	"vehicle_id" integer NOT NULL,
	"driver_id" integer,
	"started_at" timestamp with time zone NOT NULL,
	"passed_at" timestamp with time zone,
	"defects" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"notes" text,
	"created_by" integer
);
--> statement-breakpoint
ALTER TABLE "availability_history" ADD CONSTRAINT "availability_history_unit_id_units_unit_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."units"("unit_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "availability_history" ADD CONSTRAINT "availability_history_vehicle_id_vehicles_vehicle_id_fk" FOREIGN KEY ("vehicle_id") REFERENCES "public"."vehicles"("vehicle_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "incidents" ADD CONSTRAINT "incidents_unit_id_units_unit_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."units"("unit_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "incidents" ADD CONSTRAINT "incidents_vehicle_id_vehicles_vehicle_id_fk" FOREIGN KEY ("vehicle_id") REFERENCES "public"."vehicles"("vehicle_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "incidents" ADD CONSTRAINT "incidents_created_by_users_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("user_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "maintenance_orders" ADD CONSTRAINT "maintenance_orders_unit_id_units_unit_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."units"("unit_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "maintenance_orders" ADD CONSTRAINT "maintenance_orders_vehicle_id_vehicles_vehicle_id_fk" FOREIGN KEY ("vehicle_id") REFERENCES "public"."vehicles"("vehicle_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "maintenance_orders" ADD CONSTRAINT "maintenance_orders_created_by_users_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("user_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pretrip_checks" ADD CONSTRAINT "pretrip_checks_unit_id_units_unit_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."units"("unit_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pretrip_checks" ADD CONSTRAINT "pretrip_checks_vehicle_id_vehicles_vehicle_id_fk" FOREIGN KEY ("vehicle_id") REFERENCES "public"."vehicles"("vehicle_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pretrip_checks" ADD CONSTRAINT "pretrip_checks_driver_id_drivers_driver_id_fk" FOREIGN KEY ("driver_id") REFERENCES "public"."drivers"("driver_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pretrip_checks" ADD CONSTRAINT "pretrip_checks_created_by_users_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("user_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "availability_history_vehicle_idx" ON "availability_history" USING btree ("vehicle_id","since");--> statement-breakpoint
CREATE INDEX "availability_history_unit_idx" ON "availability_history" USING btree ("unit_id","since");--> statement-breakpoint
CREATE UNIQUE INDEX "availability_history_open_unique" ON "availability_history" USING btree ("vehicle_id") WHERE "availability_history"."until" IS NULL;--> statement-breakpoint
CREATE INDEX "incidents_vehicle_idx" ON "incidents" USING btree ("vehicle_id","opened_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "maintenance_orders_vehicle_idx" ON "maintenance_orders" USING btree ("vehicle_id","opened_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "pretrip_checks_vehicle_idx" ON "pretrip_checks" USING btree ("vehicle_id","started_at" DESC NULLS LAST);