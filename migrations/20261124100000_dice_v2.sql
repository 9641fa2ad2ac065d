-- motti-dice/v2: four seeds per epoch (one per audience), a keyed digest per roll, and d6 face
-- counts kept per epoch and audience so a revealed seed can open exactly its own counts.
-- Existing epochs stay motti-dice/v1 with their one seed; new epochs are v2.
alter table dice_epochs add column scheme text not null default 'v1'
    check (scheme in ('v1', 'v2'));
alter table dice_epochs alter column scheme set default 'v2';
alter table dice_epochs alter column seed drop not null;
alter table dice_epochs alter column commitment drop not null;
alter table dice_epochs add constraint dice_epochs_v1_has_its_seed
    check (scheme <> 'v1' or (seed is not null and commitment is not null));

create table dice_seeds (
    campaign_id uuid not null,
    epoch integer not null,
    audience text not null check (audience in ('public', 'soviet', 'finnish', 'umpire')),
    -- the secret seed; never sent to a client while revealed_at is null.
    seed bytea not null,
    commitment text not null,
    revealed_at timestamptz,
    primary key (campaign_id, epoch, audience),
    foreign key (campaign_id, epoch) references dice_epochs(campaign_id, epoch) on delete cascade
);

-- every roll's audience (v1 rolls too: it decides who may see them); the digest is v2's alone.
alter table rolls add column audience text
    check (audience in ('public', 'soviet', 'finnish', 'umpire'));
update rolls set audience = case
    when visibility = 'public' then 'public'
    when visibility = 'umpire' or roller_role = 'umpire' then 'umpire'
    else roller_role end;
alter table rolls alter column audience set not null;
alter table rolls add column digest bytea;

alter table dice_faces drop constraint dice_faces_pkey;
alter table dice_faces add column epoch integer not null default 0;
delete from dice_faces;
insert into dice_faces (campaign_id, epoch, scope, face, count)
select r.campaign_id, r.epoch, r.audience, (d ->> 1)::integer, count(*)
from rolls r cross join lateral jsonb_array_elements(r.draws) d
where (d ->> 0)::integer = 6
group by r.campaign_id, r.epoch, r.audience, (d ->> 1)::integer;
alter table dice_faces alter column epoch drop default;
alter table dice_faces add primary key (campaign_id, epoch, scope, face);
