-- decisions 15: the venue and competition lists start from the defaults in app/config/club.ts
-- (club.venues, club.competitions; a test keeps the two equal). From here on the admin
-- manages them (/admin/venues, /admin/competitions).
INSERT INTO "venues" ("name", "address", "map_url", "display_order") VALUES
	('TU Blanch', 'TU Dublin Blanchardstown Campus, Blanchardstown Road North, Dublin 15', 'https://www.openstreetmap.org/search?query=TU%20Dublin%20Blanchardstown', 1),
	('Sport Ireland National Indoor Arena', 'Sport Ireland Campus, Snugborough Road, Blanchardstown, Dublin 15', 'https://www.openstreetmap.org/search?query=National%20Indoor%20Arena%20Dublin', 2),
	('UL Arena', 'University of Limerick, Plassey Park Road, Limerick, V94 T9PX', 'https://www.openstreetmap.org/?mlat=52.6747&mlon=-8.5733#map=17/52.6747/-8.5733', 3),
	('Gormanston Park', 'Gormanston, Co. Meath', 'https://www.openstreetmap.org/search?query=Gormanston%20Park', 4),
	('Newforge Sports Complex', 'Newforge Lane, Belfast, BT9 5NW', 'https://www.openstreetmap.org/search?query=Newforge%20Sports%20Complex', 5),
	('Newry Leisure Centre', 'Patrick Street, Newry, BT35 8DS', 'https://www.openstreetmap.org/search?query=Newry%20Leisure%20Centre', 6)
ON CONFLICT ("name") DO NOTHING;
--> statement-breakpoint
INSERT INTO "competitions" ("name", "kind", "display_order") VALUES
	('AIPF League', 'league', 1),
	('AIPF Cup & Shield', 'cup', 2),
	('Shannonside Memorial Cup', 'cup', 3),
	('The Remembrance Cup', 'cup', 4),
	('Friendly', 'friendly', 5),
	('Training', 'other', 6)
ON CONFLICT ("name") DO NOTHING;
--> statement-breakpoint
-- Seasons are data (decisions 24): a competition's name carries no season, so fixtures
-- stored as 'AIPF League 25/26' become 'AIPF League' ('Friendly', 'Training', 'Other' and
-- one-off texts without a season stay as they are).
UPDATE "fixtures"
SET "type" = regexp_replace("type", '\s+[0-9]{2}([0-9]{2})?/[0-9]{2}([0-9]{2})?$', '')
WHERE "type" ~ '\S\s+[0-9]{2}([0-9]{2})?/[0-9]{2}([0-9]{2})?$';
