-- Table talk: a public channel, one per side (its players and the umpire), and a private line
-- between each player and the umpire. Each channel numbers its own messages, so a reader's
-- numbers never count messages of a channel it cannot read.
create table talk_messages (
    id uuid primary key,
    campaign_id uuid not null references campaigns(id) on delete cascade,
    channel text not null check (channel ~ '^(public|soviet|finnish|private-[0-9a-f-]{36})$'),
    seq bigint not null check (seq > 0),
    author_id uuid not null references users(id),
    author_role text not null,
    body text not null check (char_length(body) between 1 and 2000),
    -- The log entry it is about, as the author saw it ("Hour 3: the barrage lands late").
    about text,
    created_at timestamptz not null default now(),
    unique (campaign_id, channel, seq)
);

-- How far each reader has read each channel.
create table talk_reads (
    campaign_id uuid not null references campaigns(id) on delete cascade,
    user_id uuid not null references users(id) on delete cascade,
    channel text not null,
    seq bigint not null,
    primary key (campaign_id, user_id, channel)
);
