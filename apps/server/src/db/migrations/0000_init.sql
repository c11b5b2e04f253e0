CREATE TABLE "fleets" (
	"fleet_id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "fleets_fleet_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"unit_id" integer NOT NULL,
	"fleet_name" text NOT NULL,
	CONSTRAINT "fleets_unit_name_unique" UNIQUE("unit_id","fleet_name")
);
--> statement-breakpoint
CREATE TABLE "units" (
	"unit_id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "units_unit_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"unit_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "units_unit_name_unique" UNIQUE("unit_name")
);
--> statement-breakpoint
CREATE TABLE "password_resets" (
	"password_reset_id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "password_resets_password_reset_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "password_resets_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "user_groups" (
	"user_group_id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "user_groups_user_group_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"unit_id" integer NOT NULL,
	"role" text NOT NULL,
	CONSTRAINT "user_groups_user_unit_unique" UNIQUE("user_id","unit_id")
);
--> statement-breakpoint
CREATE TABLE "users" (
	"user_id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "users_user_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"username" text NOT NULL,
	"email" text NOT NULL,
	"display_name" text NOT NULL,
	"password_hash" text NOT NULL,
	"disabled" boolean DEFAULT false NOT NULL,
	"last_login" timestamp with time zone,
	"token_version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "brands" (
	"brand_id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "brands_brand_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	CONSTRAINT "brands_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "drivers" (
	"driver_id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "drivers_driver_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"unit_id" integer NOT NULL,
	"name" text NOT NULL,
	"licence_class" text NOT NULL,
	"licence_expiry" date,
	"phone" text,
	"aktif" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vehicle_fleets" (
	"vehicle_id" integer NOT NULL,
	"fleet_id" integer NOT NULL,
	CONSTRAINT "vehicle_fleets_vehicle_id_fleet_id_pk" PRIMARY KEY("vehicle_id","fleet_id")
);
--> statement-breakpoint
CREATE TABLE "vehicle_types" (
	"vehicle_type_id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "vehicle_types_vehicle_type_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"brand_id" integer NOT NULL,
	"name" text NOT NULL,
	CONSTRAINT "vehicle_types_brand_name_unique" UNIQUE("brand_id","name")
);
--> statement-breakpoint
CREATE TABLE "vehicles" (
	"vehicle_id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "vehicles_vehicle_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"unit_id" integer NOT NULL,
	"tracker_id" text NOT NULL,
	"registration_number" text,
	"plate_number" text NOT NULL,
	"hull_number" text NOT NULL,
	"brand_id" integer,
	"vehicle_type_id" integer,
	"vehicle_class" text NOT NULL,
	"capacity" integer,
	"dedicated_customer" text,
	"pool" text,
	"erp_odometer" double precision,
	"gps_odometer" double precision,
	"year" integer,
	"notes" text,
	"icon" text,
	"engine_hour" double precision,
	"odometer" double precision,
	"gsm_number" text,
	"sms_alert" boolean DEFAULT false NOT NULL,
	"speed_limit" double precision,
	"stnk_due" date,
	"kir_due" date,
	"aktif" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vehicles_tracker_id_unique" UNIQUE("tracker_id"),
	CONSTRAINT "vehicles_unit_hull_unique" UNIQUE("unit_id","hull_number")
);
--> statement-breakpoint
CREATE TABLE "events" (
	"event_id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "events_event_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"unit_id" integer NOT NULL,
	"vehicle_id" integer NOT NULL,
	"driver_id" integer,
	"kind" text NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone,
	"duration_s" integer,
	"max_value" double precision,
	"limit_value" double precision,
	"lat" double precision,
	"lon" double precision,
	"location" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "fleets" ADD CONSTRAINT "fleets_unit_id_units_unit_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."units"("unit_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "password_resets" ADD CONSTRAINT "password_resets_user_id_users_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_groups" ADD CONSTRAINT "user_groups_user_id_users_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_groups" ADD CONSTRAINT "user_groups_unit_id_units_unit_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."units"("unit_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "drivers" ADD CONSTRAINT "drivers_unit_id_units_unit_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."units"("unit_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicle_fleets" ADD CONSTRAINT "vehicle_fleets_vehicle_id_vehicles_vehicle_id_fk" FOREIGN KEY ("vehicle_id") REFERENCES "public"."vehicles"("vehicle_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicle_fleets" ADD CONSTRAINT "vehicle_fleets_fleet_id_fleets_fleet_id_fk" FOREIGN KEY ("fleet_id") REFERENCES "public"."fleets"("fleet_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicle_types" ADD CONSTRAINT "vehicle_types_brand_id_brands_brand_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("brand_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicles" ADD CONSTRAINT "vehicles_unit_id_units_unit_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."units"("unit_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicles" ADD CONSTRAINT "vehicles_brand_id_brands_brand_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("brand_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicles" ADD CONSTRAINT "vehicles_vehicle_type_id_vehicle_types_vehicle_type_id_fk" FOREIGN KEY ("vehicle_type_id") REFERENCES "public"."vehicle_types"("vehicle_type_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_unit_id_units_unit_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."units"("unit_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_vehicle_id_vehicles_vehicle_id_fk" FOREIGN KEY ("vehicle_id") REFERENCES "public"."vehicles"("vehicle_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_driver_id_drivers_driver_id_fk" FOREIGN KEY ("driver_id") REFERENCES "public"."drivers"("driver_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "user_groups_unit_idx" ON "user_groups" USING btree ("unit_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_username_unique" ON "users" USING btree (lower("username"));--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_unique" ON "users" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "events_unit_started_idx" ON "events" USING btree ("unit_id","started_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "events_vehicle_started_idx" ON "events" USING btree ("vehicle_id","started_at" DESC NULLS LAST);