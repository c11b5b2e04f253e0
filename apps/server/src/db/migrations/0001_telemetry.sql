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
);
--> statement-breakpoint
CREATE TABLE "unknown_trackers" (
	"tracker_id" text PRIMARY KEY NOT NULL,
	"protocol" text NOT NULL,
	"remote_address" text,
	"first_seen" timestamp with time zone NOT NULL,
	"last_seen" timestamp with time zone NOT NULL,
	"messages" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vehicle_state" (
	"vehicle_id" integer PRIMARY KEY NOT NULL,
	"fix_time" timestamp with time zone NOT NULL,
	"server_time" timestamp with time zone NOT NULL,
	"lat" double precision NOT NULL,
	"lon" double precision NOT NULL,
	"speed" real NOT NULL,
	"course" real,
	"ignition" boolean,
	"valid" boolean NOT NULL,
	"odometer_km" double precision,
	"motion" text NOT NULL,
	"gps_status" text NOT NULL,
	"day" date NOT NULL,
	"today_distance_km" double precision DEFAULT 0 NOT NULL,
	"today_engine_s" integer DEFAULT 0 NOT NULL,
	"rule_state" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "event_key" text;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "open" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "attributes" jsonb;--> statement-breakpoint
ALTER TABLE "positions" ADD CONSTRAINT "positions_vehicle_id_vehicles_vehicle_id_fk" FOREIGN KEY ("vehicle_id") REFERENCES "public"."vehicles"("vehicle_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicle_state" ADD CONSTRAINT "vehicle_state_vehicle_id_vehicles_vehicle_id_fk" FOREIGN KEY ("vehicle_id") REFERENCES "public"."vehicles"("vehicle_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "unknown_trackers_last_seen_idx" ON "unknown_trackers" USING btree ("last_seen" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "events_open_idx" ON "events" USING btree ("vehicle_id","event_key") WHERE "events"."open";