-- How many rolls each epoch holds per audience, kept with every roll so the dice tray's epoch
-- lines never count the whole roll history.
create table roll_counts (
    campaign_id uuid not null references campaigns(id) on delete cascade,
    epoch integer not null,
    audience text not null check (audience in ('public', 'soviet', 'finnish', 'umpire')),
    count bigint not null,
    primary key (campaign_id, epoch, audience),
    foreign key (campaign_id, epoch) references dice_epochs(campaign_id, epoch) on delete cascade
);

insert into roll_counts (campaign_id, epoch, audience, count)
select campaign_id, epoch, audience, count(*) from rolls group by campaign_id, epoch, audience;
