CREATE TABLE "audit_log" (
	"audit_id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "audit_log_audit_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"unit_id" integer,
	"actor_user_id" integer,
	"actor_name" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"action" text NOT NULL,
	"entity" text NOT NULL,
	"entity_id" text,
	"label" text,
	"changes" jsonb
);
--> statement-breakpoint
CREATE TABLE "share_links" (
	"share_link_id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "share_links_share_link_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"unit_id" integer NOT NULL,
	"vehicle_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"note" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "share_links_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "units" ADD COLUMN "address" text;--> statement-breakpoint
ALTER TABLE "units" ADD COLUMN "phone" text;--> statement-breakpoint
ALTER TABLE "units" ADD COLUMN "time_zone" text DEFAULT 'Asia/Jakarta' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "settings" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "drivers" ADD COLUMN "employee_number" text;--> statement-breakpoint
-- Existing drivers (a database from before this migration) get a number from their id.
UPDATE "drivers" SET "employee_number" = 'EMP-' || lpad("driver_id"::text, 5, '0') WHERE "employee_number" IS NULL;--> statement-breakpoint
ALTER TABLE "drivers" ALTER COLUMN "employee_number" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "vehicles" ADD COLUMN "driver_id" integer;--> statement-breakpoint
ALTER TABLE "vehicles" ADD COLUMN "co_driver_id" integer;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_unit_id_units_unit_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."units"("unit_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_actor_user_id_users_user_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("user_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "share_links" ADD CONSTRAINT "share_links_unit_id_units_unit_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."units"("unit_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "share_links" ADD CONSTRAINT "share_links_vehicle_id_vehicles_vehicle_id_fk" FOREIGN KEY ("vehicle_id") REFERENCES "public"."vehicles"("vehicle_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "share_links" ADD CONSTRAINT "share_links_created_by_users_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("user_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_unit_at_idx" ON "audit_log" USING btree ("unit_id","at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "share_links_vehicle_idx" ON "share_links" USING btree ("vehicle_id");--> statement-breakpoint
ALTER TABLE "vehicles" ADD CONSTRAINT "vehicles_driver_id_drivers_driver_id_fk" FOREIGN KEY ("driver_id") REFERENCES "public"."drivers"("driver_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicles" ADD CONSTRAINT "vehicles_co_driver_id_drivers_driver_id_fk" FOREIGN KEY ("co_driver_id") REFERENCES "public"."drivers"("driver_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "drivers" ADD CONSTRAINT "drivers_unit_employee_number_unique" UNIQUE("unit_id","employee_number");--> statement-breakpoint
ALTER TABLE "vehicles" ADD CONSTRAINT "vehicles_plate_unique" UNIQUE("plate_number");