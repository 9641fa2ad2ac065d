-- A version per audience: `version` counts every change (the umpire's reader version), and
-- `public_version`, `soviet_version` and `finnish_version` count the changes each audience may
-- see. A side reads public_version + its own, so its version moves only on what it may see.
alter table campaigns
    add column public_version bigint not null default 0,
    add column soviet_version bigint not null default 0,
    add column finnish_version bigint not null default 0;
-- Existing campaigns keep their sides' versions where they were.
update campaigns set public_version = version;
