-- The notification sender waits for news instead of asking the outbox several times a second:
-- a write that makes something due says so on the channel `motti_outbox`, inside its own
-- transaction, so the note is heard on commit (never before, never for a rolled-back write).
-- A row gathered for a digest says so too: it becomes due by the clock, at a moment the sender
-- then reckons (`db::notify::next_due`). Rows held for the next message say nothing: they never
-- start one.
create function outbox_news() returns trigger language plpgsql as $$
begin
    perform pg_notify('motti_outbox', '');
    return null;
end
$$;

create function outbox_rows_news() returns trigger language plpgsql as $$
begin
    if exists (select 1 from added where batch <> 'held') then
        perform pg_notify('motti_outbox', '');
    end if;
    return null;
end
$$;

create trigger notify_outbox_news after insert on notify_outbox
    referencing new table as added
    for each statement execute function outbox_rows_news();

-- A new deadline (or one moved by a resumed clock) has a new moment to warn its players at.
create trigger campaigns_deadline_news after update of orders_deadline on campaigns
    for each row
    when (new.orders_deadline is not null and new.orders_deadline is distinct from old.orders_deadline)
    execute function outbox_news();
