-- Every write of a game's state document gives it a new revision, drawn from one sequence, so
-- that a server process can keep the state it decoded (or wrote) under its revision and ask for
-- the document only when the stored revision differs. The trigger draws a new revision on any
-- update of the row, whatever makes it, so a kept state is never mistaken for a newer one.
create sequence game_state_revisions;
alter table game_states add column revision bigint not null default nextval('game_state_revisions');

create function game_state_revised() returns trigger language plpgsql as $$
begin
    new.revision := nextval('game_state_revisions');
    return new;
end
$$;

create trigger game_state_revised before update on game_states
    for each row execute function game_state_revised();
