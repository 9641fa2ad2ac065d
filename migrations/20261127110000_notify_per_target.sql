-- Each target is its own queue: one delivery in flight at a time (`busy_until` is its lease), its
-- own backoff after a failure (`next_attempt_at`, `failures` in a row), and a pause once it keeps
-- failing (`paused_at`), which only its owner lifts (a test message resumes it).
alter table notify_targets
    add column busy_until timestamptz,
    add column next_attempt_at timestamptz not null default now(),
    add column failures integer not null default 0,
    add column paused_at timestamptz;
create index notify_outbox_target_due on notify_outbox(target_id, created_at)
    where sent_at is null and failed_at is null;
