-- Where a user's notifications go: an e-mail address or a webhook, for every campaign or one.
create table notify_targets (
    id uuid primary key,
    user_id uuid not null references users(id) on delete cascade,
    campaign_id uuid references campaigns(id) on delete cascade,
    kind text not null check (kind in ('email', 'webhook')),
    address text not null check (char_length(address) between 3 and 500),
    format text not null default 'plain' check (format in ('plain', 'discord', 'slack')),
    digest boolean not null default false,
    active boolean not null default true,
    last_error text,
    last_error_at timestamptz,
    last_sent_at timestamptz,
    created_at timestamptz not null default now()
);
create index notify_targets_user on notify_targets(user_id);

-- The durable outbox: a row is written in the same transaction as the change it tells of, and
-- sent by whichever process claims it (for update skip locked); a claim is a lease, so a process
-- that dies mid-send leaves the row to be sent again after the lease, never lost.
create table notify_outbox (
    id uuid primary key,
    target_id uuid not null references notify_targets(id) on delete cascade,
    campaign_id uuid references campaigns(id) on delete cascade,
    subject text not null,
    body text not null,
    link text not null default '',
    created_at timestamptz not null default now(),
    attempts integer not null default 0,
    next_attempt_at timestamptz not null default now(),
    sent_at timestamptz,
    failed_at timestamptz
);
create index notify_outbox_due on notify_outbox(next_attempt_at) where sent_at is null and failed_at is null;

-- When the current deadline was set, and whether the players it waits for were warned at 80 %.
alter table campaigns
    add column deadline_set_at timestamptz,
    add column deadline_warned boolean not null default false;

-- Secrets the server keeps for itself (the key that signs unsubscribe links), shared by every process.
create table server_secrets (
    name text primary key,
    value bytea not null
);
