-- the server-wide hero roster of winter of no surrender (r1.4.2), loaded at start-up from
-- scenarios/wons-heroes.toml, and each hero's one service in the whole war.
create table heroes (
    id text primary key,
    side text not null check (side in ('soviet', 'finnish')),
    name text not null,
    rank text not null,
    grade text not null check (grade in ('ranker', 'junior_leader', 'senior_leader')),
    leader boolean not null,
    abilities text not null,
    flags text[] not null default '{}',
    cost integer not null check (cost >= 0),
    historical boolean not null
);

-- a hero is obtained once in the whole war: the primary key refuses a second campaign, even
-- when two commit at the same moment (the second insert waits for the first and then fails).
create table hero_service (
    hero_id text primary key references heroes(id),
    campaign_id uuid not null references campaigns(id) on delete cascade,
    side text not null check (side in ('soviet', 'finnish')),
    platoon_id text not null,
    element text not null,
    replaced_role text not null,
    obtained_hour integer not null,
    status text not null default 'serving' check (status in ('serving', 'captured', 'killed')),
    obtained_at timestamptz not null default now()
);

create index hero_service_campaign on hero_service (campaign_id);

-- the service record: obtained, wounded, killed, captured, escapes; with the roll that decided.
create table hero_record (
    hero_id text not null references hero_service(hero_id) on delete cascade,
    seq integer not null,
    hour integer not null,
    battle integer,
    kind text not null check (kind in ('obtained', 'wounded', 'killed', 'captured',
        'evaded_capture', 'escaped', 'escape_failed')),
    die integer,
    roll_k bigint,
    sentence text not null,
    created_at timestamptz not null default now(),
    primary key (hero_id, seq)
);
