-- managing accounts: named, expiring, revocable api tokens; signed-in browsers; invites with
-- uses and expiry that can be withdrawn; participants the umpire removed.

-- tokens get an id to name them by, a name, an optional expiry and the time of last use
-- (updated at most once a minute). existing tokens keep working, named "API token".
alter table api_tokens
    add column id uuid not null default gen_random_uuid() unique,
    add column name text not null default 'API token',
    add column expires_at timestamptz,
    add column last_used_at timestamptz;

-- one row per browser sign-in. the session cookie's data holds this id; deleting the row signs
-- that browser out at its next request.
create table user_sessions (
    id uuid primary key,
    user_id uuid not null references users(id) on delete cascade,
    created_at timestamptz not null default now(),
    last_seen_at timestamptz not null default now(),
    user_agent text
);
create index user_sessions_user on user_sessions(user_id);

-- invites: uses_left null means unlimited and expires_at null means never. existing invites
-- are migrated as unlimited and never expiring, so links already sent keep working; new invites
-- get their defaults (one use, seven days) from the server.
alter table invites
    add column uses_left integer check (uses_left is null or uses_left >= 0),
    add column expires_at timestamptz,
    add column withdrawn_at timestamptz;

-- a removed participant keeps its row (its orders and client seed stay in the record) but is a
-- stranger to the campaign.
alter table participants
    add column removed_at timestamptz;
