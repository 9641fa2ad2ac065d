-- Each side numbers the events it may read on its own, so gaps in its numbers never count the
-- events hidden from it. `seq` stays the campaign-wide order the umpire reads.
alter table game_events
    add column soviet_seq bigint,
    add column finnish_seq bigint;

alter table campaigns
    add column next_soviet_event bigint not null default 0,
    add column next_finnish_event bigint not null default 0;

update game_events e set soviet_seq = n.number
from (select campaign_id, seq, row_number() over (partition by campaign_id order by seq) - 1 as number
      from game_events where audience in ('public', 'soviet')) n
where e.campaign_id = n.campaign_id and e.seq = n.seq;

update game_events e set finnish_seq = n.number
from (select campaign_id, seq, row_number() over (partition by campaign_id order by seq) - 1 as number
      from game_events where audience in ('public', 'finnish')) n
where e.campaign_id = n.campaign_id and e.seq = n.seq;

update campaigns c set
    next_soviet_event = coalesce((select max(soviet_seq) + 1 from game_events where campaign_id = c.id), 0),
    next_finnish_event = coalesce((select max(finnish_seq) + 1 from game_events where campaign_id = c.id), 0);

create unique index game_events_soviet_seq on game_events (campaign_id, soviet_seq) where soviet_seq is not null;
create unique index game_events_finnish_seq on game_events (campaign_id, finnish_seq) where finnish_seq is not null;
