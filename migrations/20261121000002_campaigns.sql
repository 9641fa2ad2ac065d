-- campaigns, who takes part in them, and the invite links that let people join.
create table campaigns (
    id uuid primary key,
    name text not null,
    game text not null check (game in ('wons', 'talvisota', 'red_winter', 'winter_war', 'a_winter_war')),
    status text not null default 'open' check (status in ('open', 'finished')),
    created_by uuid not null references users(id),
    created_at timestamptz not null default now(),
    finished_at timestamptz,
    -- bumped by every committed command; pages and clients use it to detect stale views.
    version bigint not null default 0,
    -- the dice state: the next roll number and the chain hash of the latest roll.
    next_roll bigint not null default 0,
    chain_head bytea not null,
    dice_epoch integer not null default 0
);

create table participants (
    campaign_id uuid not null references campaigns(id) on delete cascade,
    user_id uuid not null references users(id) on delete cascade,
    role text not null check (role in ('soviet', 'finnish', 'umpire')),
    joined_at timestamptz not null default now(),
    client_seed text,
    primary key (campaign_id, user_id)
);
create index participants_user on participants(user_id);

create table invites (
    code text primary key,
    campaign_id uuid not null references campaigns(id) on delete cascade,
    role text not null check (role in ('soviet', 'finnish', 'umpire')),
    created_by uuid not null references users(id),
    created_at timestamptz not null default now()
);
create index invites_campaign on invites(campaign_id);
