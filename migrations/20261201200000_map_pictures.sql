-- The picture of a campaign's map (a scan or photo of the printed map), re-encoded by the
-- server, and where two of the grid's hexes lie on it. One per campaign; never part of a pack.
create table map_pictures (
    campaign_id uuid primary key references campaigns (id) on delete cascade,
    bytes bytea not null,
    content_type text not null,
    etag text not null,
    width integer not null check (width > 0),
    height integer not null check (height > 0),
    -- Two reference hexes and their places on the picture, once fitted.
    fit jsonb,
    uploaded_by uuid references users (id) on delete set null,
    uploaded_at timestamptz not null default now()
);
