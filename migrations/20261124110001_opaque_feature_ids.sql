-- WoNS features made in play were numbered in order (feature-1, feature-2, …), so a side that
-- saw feature-1 and feature-3 knew of a hidden feature-2. Give every such feature an opaque id
-- (16 random hex digits from gen_random_uuid, PostgreSQL's strong random source) and drop the
-- counter. Ids of the scenario pack's own features are left as the pack named them. No event
-- names a feature by its id, so the states are all there is to rewrite; running this again
-- changes nothing.
update game_states g
set state = jsonb_set(
    g.state - 'next_feature',
    '{features}',
    (
        select coalesce(jsonb_object_agg(n.id, jsonb_set(f.value, '{id}', to_jsonb(n.id))), '{}'::jsonb)
        from jsonb_each(g.state -> 'features') f
        cross join lateral (
            select case
                when f.key ~ '^feature-[0-9]+$'
                    then 'feature-' || substr(replace(gen_random_uuid()::text, '-', ''), 1, 16)
                else f.key
            end as id
        ) n
    )
)
from campaigns c
where c.id = g.campaign_id
  and c.game = 'wons'
  and jsonb_typeof(g.state -> 'features') = 'object';
