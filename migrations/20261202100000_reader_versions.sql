-- Each reader's version is the one truth about whether what they see changed. A game command
-- moves the versions of the readers it changed as it commits (see core::command); these tables
-- are written outside any command of the campaign (someone joins by an invite before they take
-- part, the umpire removes a participant, sends an invite or a map picture), so the database
-- moves the versions itself on every write, whatever makes it.

-- Who takes part (names, roles, client seeds) and the map picture are on every reader's pages.
create function campaign_seen_by_all() returns trigger language plpgsql as $$
declare
    campaign uuid;
begin
    if tg_op = 'DELETE' then campaign := old.campaign_id; else campaign := new.campaign_id; end if;
    update campaigns
       set version = version + 1, public_version = public_version + 1
     where id = campaign;
    return null;
end
$$;

-- The invite links are on the umpire's campaign page only.
create function campaign_seen_by_umpire() returns trigger language plpgsql as $$
declare
    campaign uuid;
begin
    if tg_op = 'DELETE' then campaign := old.campaign_id; else campaign := new.campaign_id; end if;
    update campaigns set version = version + 1 where id = campaign;
    return null;
end
$$;

create trigger participants_seen after insert or update or delete on participants
    for each row execute function campaign_seen_by_all();
create trigger map_pictures_seen after insert or update or delete on map_pictures
    for each row execute function campaign_seen_by_all();
create trigger invites_seen after insert or update or delete on invites
    for each row execute function campaign_seen_by_umpire();
