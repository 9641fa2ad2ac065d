-- accounts: users and their api tokens. browser sessions live in tower_sessions.session.
create table users (
    id uuid primary key,
    username text not null unique,
    password_hash text not null,
    created_at timestamptz not null default now()
);

create table api_tokens (
    token_hash bytea primary key,
    user_id uuid not null references users(id) on delete cascade,
    created_at timestamptz not null default now()
);
create index api_tokens_user on api_tokens(user_id);
