-- Records a game's state no longer needs (WoNS: old battles, settled and decided), kept so that
-- every side can still read them a page at a time: the state, rewritten by every command, then
-- does not grow with every battle fought.
create table game_archive (
    campaign_id uuid not null references campaigns(id) on delete cascade,
    -- the record's number in its game (a WoNS battle's number).
    number integer not null,
    record jsonb not null,
    archived_at timestamptz not null default now(),
    primary key (campaign_id, number)
);

do $$
begin
    alter table game_archive alter column record set compression lz4;
exception when feature_not_supported then
    raise notice 'this PostgreSQL has no lz4: archived records keep the default compression';
end
$$;
