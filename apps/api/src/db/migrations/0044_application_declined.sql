-- Decision 0252: an application the operator declined is told apart from a suspended shop. Shops suspended before
-- this change are taken as suspended (false): which of them were never approved is not known.
ALTER TABLE "sellers" ADD COLUMN "application_declined" boolean DEFAULT false NOT NULL;