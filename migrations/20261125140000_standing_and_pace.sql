-- Where each campaign's game stands, written by every command in its own transaction so that
-- lists never read a game's state: the turn or Hour, the phase, and whom the game waits for.
alter table campaigns add column standing jsonb;
-- The pace the umpire keeps: how long each turn or Hour may take (none: no automatic deadline),
-- how long after a deadline the server waits before it acts, and when the campaign was paused.
alter table campaigns
    add column pace_minutes integer check (pace_minutes > 0),
    add column grace_minutes integer not null default 0 check (grace_minutes >= 0),
    add column paused_at timestamptz;
