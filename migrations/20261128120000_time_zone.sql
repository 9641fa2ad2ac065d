-- The time zone an account reads and types times in (an IANA name such as Europe/Helsinki);
-- NULL until its owner chooses one: UTC.
alter table users add column time_zone text;
