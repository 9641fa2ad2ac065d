-- An e-mail address is confirmed (its owner opened the link sent to it) before anything else is
-- sent to it; webhooks are confirmed when added. Addresses that already received mail keep it.
alter table notify_targets add column confirmed_at timestamptz;
update notify_targets set confirmed_at = created_at;

-- A target's digest choice: true a daily digest, false each message as it happens, null the
-- default (a daily digest for what one hears as an umpire, as it happens as a player). An unticked
-- box was the only way to say "as it happens", so it becomes the default.
alter table notify_targets alter column digest drop not null, alter column digest drop default;
update notify_targets set digest = null where not digest;

-- How a queued row goes: `now` starts a delivery, `held` waits for the next delivery to its
-- target (what happened while the reader was away), `digest` waits for the daily digest,
-- `confirm` is an address's confirmation link, which alone goes to an unconfirmed address.
alter table notify_outbox add column batch text not null default 'now'
    check (batch in ('now', 'held', 'digest', 'confirm'));
