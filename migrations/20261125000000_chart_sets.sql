-- Chart sets an umpire publishes for other umpires of the same game on this server: the rules'
-- charts as entered (rows, columns, cells), by chart code.
create table chart_sets (
    id uuid primary key,
    game text not null,
    name text not null check (char_length(name) between 1 and 80),
    published_by uuid not null references users (id) on delete cascade,
    charts jsonb not null,
    created_at timestamptz not null default now(),
    unique (game, name)
);
create index chart_sets_game on chart_sets (game, created_at desc);
