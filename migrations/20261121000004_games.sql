-- a game module's current state (one document per campaign) and its append-only event log.
create table game_states (
    campaign_id uuid primary key references campaigns(id) on delete cascade,
    state jsonb not null,
    updated_at timestamptz not null default now()
);

alter table campaigns add column next_event bigint not null default 0;

create table game_events (
    campaign_id uuid not null references campaigns(id) on delete cascade,
    seq bigint not null,
    -- who may read it: everyone in the campaign, one side, or the umpire.
    audience text not null check (audience in ('public', 'soviet', 'finnish', 'umpire')),
    kind text not null,
    -- when in game time it happened, e.g. "Hour 14" or "December II 1939".
    moment text not null,
    sentence text not null,
    payload jsonb not null default '{}',
    created_at timestamptz not null default now(),
    primary key (campaign_id, seq)
);
