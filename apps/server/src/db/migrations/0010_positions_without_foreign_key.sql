-- Checking the foreign key cost each inserted position as much as the insert itself (docs/decisions.md).
ALTER TABLE "positions" DROP CONSTRAINT "positions_vehicle_id_vehicles_vehicle_id_fk";
--> statement-breakpoint
-- What the foreign key's ON DELETE CASCADE did, for a vehicle row deleted by hand (the product only
-- deactivates vehicles): its positions go with it.
CREATE FUNCTION "positions_of_deleted_vehicle"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	DELETE FROM "positions" WHERE "vehicle_id" = OLD."vehicle_id";
	RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "vehicles_delete_positions" AFTER DELETE ON "vehicles"
	FOR EACH ROW EXECUTE FUNCTION "positions_of_deleted_vehicle"();
