-- Scenario packs for the assisted games that users import: the pack's TOML text as sent, kept
-- by its owner, and offered to everyone once published.
create table scenario_packs (
    id uuid primary key,
    game text not null,
    title text not null check (char_length(title) between 1 and 200),
    text text not null check (octet_length(text) <= 524288),
    owner uuid not null references users (id) on delete cascade,
    published boolean not null default false,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
);
create index scenario_packs_owner on scenario_packs (owner, created_at desc);
create index scenario_packs_published on scenario_packs (game, created_at desc) where published;
