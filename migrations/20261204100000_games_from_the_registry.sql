-- The games a campaign may be played under are those the server's registry lists
-- (`games::registry`), not a list in the schema: a stored code the server does not play fails
-- the read of its campaign, naming the row.
alter table campaigns drop constraint if exists campaigns_game_check;
