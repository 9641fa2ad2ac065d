-- the umpire's deadline for the current orders; when it passes, missing orders default and the turn resolves.
alter table campaigns add column orders_deadline timestamptz;
create index campaigns_deadline on campaigns(orders_deadline) where orders_deadline is not null;
