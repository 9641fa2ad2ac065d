-- A solo campaign: one person plays against the server. Its creator holds the side they play
-- (the Soviets in Talvisota, the server plays the Finns) with the umpire's powers, and its
-- invites do not offer the side the server plays.
alter table campaigns add column solo boolean not null default false;

-- Solo Talvisota campaigns made before: their creator stays umpire; the flag keeps the server's
-- side out of their invites and lets their Soviet player run the game as the umpire would.
update campaigns c set solo = true
from game_states g
where g.campaign_id = c.id and c.game = 'talvisota'
  and (g.state::jsonb -> 'options' ->> 'solo') = 'true';
