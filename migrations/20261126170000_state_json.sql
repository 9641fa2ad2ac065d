-- A game's state document is written whole by every command and read whole by the server; no
-- statement looks inside it. Store it as the JSON text the server wrote (json) rather than as
-- jsonb, so that PostgreSQL checks the text on a write instead of building, sorting and printing
-- a jsonb tree on every write and read (about a fifth of PostgreSQL's time in an Hour of
-- orders). A new type drops the column's compression, so the column keeps the one it had.
do $$
declare
    compression "char" := (select attcompression from pg_attribute
                           where attrelid = 'game_states'::regclass and attname = 'state');
begin
    alter table game_states alter column state type json using state::json;
    if compression = 'l' then
        alter table game_states alter column state set compression lz4;
    end if;
end
$$;
