-- motti-dice/v1 storage: one seed per epoch, the entropy sets used, and every roll.
create table dice_epochs (
    campaign_id uuid not null references campaigns(id) on delete cascade,
    epoch integer not null,
    -- the secret seed; never sent to a client while revealed_at is null.
    seed bytea not null,
    commitment text not null,
    opened_at timestamptz not null default now(),
    revealed_at timestamptz,
    primary key (campaign_id, epoch)
);

create table entropy_sets (
    campaign_id uuid not null references campaigns(id) on delete cascade,
    entropy bytea not null,
    lines jsonb not null,
    primary key (campaign_id, entropy)
);

create table rolls (
    campaign_id uuid not null references campaigns(id) on delete cascade,
    k bigint not null,
    epoch integer not null,
    entropy bytea not null,
    draws jsonb not null,
    chain bytea not null,
    expression text not null,
    purpose text not null,
    visibility text not null check (visibility in ('public', 'side', 'umpire')),
    roller_role text not null check (roller_role in ('soviet', 'finnish', 'umpire')),
    roller_id uuid references users(id) on delete set null,
    procedure text,
    result jsonb not null,
    -- the procedure's sentence for players, when the roll ran a named procedure.
    summary text,
    total bigint,
    created_at timestamptz not null default now(),
    primary key (campaign_id, k),
    foreign key (campaign_id, epoch) references dice_epochs(campaign_id, epoch)
);

-- counts of d6 faces per audience, kept with every roll so the dice tray's histogram
-- never reads the whole roll history. scope: public, soviet, finnish (side rolls) or umpire.
create table dice_faces (
    campaign_id uuid not null references campaigns(id) on delete cascade,
    scope text not null check (scope in ('public', 'soviet', 'finnish', 'umpire')),
    face integer not null check (face between 1 and 6),
    count bigint not null default 0,
    primary key (campaign_id, scope, face)
);
