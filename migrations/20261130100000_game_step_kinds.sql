-- A step of the story is either a new Hour, turn or phase ('turn', as every step was before), or
-- the state just after a battle's result was recorded ('battle'), so that replay can step from
-- battle to battle. `label` names a battle step in words every reader of the step list may read
-- ("After battle 2 at C Kelja"); a turn step has none.
alter table game_steps
    add column kind text not null default 'turn' check (kind in ('turn', 'battle')),
    add column label text;

-- Replay's previous and next battle, and its list of battles, read only the battle steps.
create index game_steps_battles on game_steps (campaign_id, n) where kind = 'battle';
