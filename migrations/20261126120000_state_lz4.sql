-- A game's state document is rewritten by every command and read by every view that is not
-- kept: compress it with lz4, which costs far less CPU than the default pglz for the same
-- kind of document (a 40-platoon WoNS state is 29 KB of JSON, 5-6 KB stored either way).
-- Values already stored keep their compression until the next command rewrites them. A
-- PostgreSQL built without lz4 keeps pglz.
do $$
begin
    alter table game_states alter column state set compression lz4;
exception when feature_not_supported then
    raise notice 'this PostgreSQL has no lz4: game states keep the default compression';
end
$$;
