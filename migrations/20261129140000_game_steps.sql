-- The story of a campaign: its game's state as each step began (a new Hour, turn or phase, and
-- the start), with how far each reader's log had come then, so that any earlier point can be
-- shown again as each side saw it (replay). Written by the command that moved the game on, in
-- its transaction; never changed afterwards.
create table game_steps (
    campaign_id uuid not null references campaigns(id) on delete cascade,
    -- the step's number in its campaign, from 0 (the start).
    n integer not null,
    -- where the game stood, as players name it ("Hour 3 (Day)", "Turn 2") and its phase.
    turn text not null,
    phase text,
    -- the log each reader had read by then: events numbered below these, in the umpire's
    -- numbering and each side's own.
    events_upto bigint not null,
    soviet_upto bigint not null,
    finnish_upto bigint not null,
    state json not null,
    created_at timestamptz not null default now(),
    primary key (campaign_id, n)
);

do $$
begin
    alter table game_steps alter column state set compression lz4;
exception when feature_not_supported then
    raise notice 'this PostgreSQL has no lz4: steps keep the default compression';
end
$$;
