//! Notifications as stored: each user's targets (e-mail addresses and webhooks), the durable
//! outbox, and the claims, retries and deliveries of its rows.

use crate::core::domain::Role;
use sqlx::{FromRow, PgPool, Postgres, Transaction};
use time::OffsetDateTime;
use uuid::Uuid;

/// The channel on which a write that makes something due for the sender says so, inside its
/// transaction (triggers of `notify_outbox` and `campaigns`; see the migration `outbox_news`).
pub const OUTBOX_CHANNEL: &str = "motti_outbox";

/// A place notifications go.
#[derive(Clone, Debug, FromRow)]
pub struct TargetRow {
    /// Its id.
    pub id: Uuid,
    /// The campaign it is for; `None`: every campaign.
    pub campaign_id: Option<Uuid>,
    /// The campaign's name, when it is for one.
    pub campaign_name: Option<String>,
    /// `email` or `webhook`.
    pub kind: String,
    /// The e-mail address or the URL.
    pub address: String,
    /// `plain`, `discord` or `slack` (webhooks).
    pub format: String,
    /// Gather messages into a daily digest (`Some(true)`), send each as it happens
    /// (`Some(false)`), or the default (`None`): a digest of what one hears as an umpire.
    pub digest: Option<bool>,
    /// When its owner confirmed it (webhooks: when added); nothing but the confirmation link goes
    /// to it before.
    pub confirmed_at: Option<OffsetDateTime>,
    /// Whether it still receives (an unsubscribe turns it off).
    pub active: bool,
    /// The last delivery's error, if it failed.
    pub last_error: Option<String>,
    /// When that error happened.
    pub last_error_at: Option<OffsetDateTime>,
    /// When a message last went out.
    pub last_sent_at: Option<OffsetDateTime>,
    /// When it was paused for failing again and again; `None`: it receives.
    pub paused_at: Option<OffsetDateTime>,
}

const TARGET_COLUMNS: &str = "t.id, t.campaign_id, c.name as campaign_name, t.kind, t.address, t.format, t.digest, \
     t.confirmed_at, t.active, t.last_error, t.last_error_at, t.last_sent_at, t.paused_at";

/// A new target.
pub struct NewTarget<'a> {
    /// Whose.
    pub user: Uuid,
    /// For one campaign, or every one.
    pub campaign: Option<Uuid>,
    /// `email` or `webhook`.
    pub kind: &'a str,
    /// Address or URL.
    pub address: &'a str,
    /// Body format.
    pub format: &'a str,
    /// Daily digest, each message, or the default (`None`).
    pub digest: Option<bool>,
    /// Confirmed already (a webhook); an e-mail address waits for its link.
    pub confirmed: bool,
}

/// Adds a target; answers its id.
pub async fn add_target(db: &PgPool, t: &NewTarget<'_>) -> sqlx::Result<Uuid> {
    let id = Uuid::new_v4();
    sqlx::query!(
        "insert into notify_targets (id, user_id, campaign_id, kind, address, format, digest, \
         confirmed_at) values ($1, $2, $3, $4, $5, $6, $7, case when $8 then now() end)",
        id,
        t.user,
        t.campaign,
        t.kind,
        t.address,
        t.format,
        t.digest,
        t.confirmed,
    )
    .execute(db)
    .await?;
    Ok(id)
}

/// The targets of `user`, oldest first.
pub async fn targets(db: &PgPool, user: Uuid) -> sqlx::Result<Vec<TargetRow>> {
    // The column list is shared with `target`; a query macro takes one literal statement.
    sqlx::query_as(&format!(
        "select {TARGET_COLUMNS} from notify_targets t left join campaigns c on c.id = t.campaign_id \
         where t.user_id = $1 order by t.created_at"
    ))
    .bind(user)
    .fetch_all(db)
    .await
}

/// One target of `user`, if it is theirs.
pub async fn target(db: &PgPool, user: Uuid, id: Uuid) -> sqlx::Result<Option<TargetRow>> {
    // The column list is shared with `targets`; a query macro takes one literal statement.
    sqlx::query_as(&format!(
        "select {TARGET_COLUMNS} from notify_targets t left join campaigns c on c.id = t.campaign_id \
         where t.user_id = $1 and t.id = $2"
    ))
    .bind(user)
    .bind(id)
    .fetch_optional(db)
    .await
}

/// Removes a target of `user`; answers whether there was one.
pub async fn remove_target(db: &PgPool, user: Uuid, id: Uuid) -> sqlx::Result<bool> {
    let done = sqlx::query!(
        "delete from notify_targets where user_id = $1 and id = $2",
        user,
        id
    )
    .execute(db)
    .await?;
    Ok(done.rows_affected() == 1)
}

/// Turns a target off (an unsubscribe link); answers whether it existed.
pub async fn deactivate(db: &PgPool, id: Uuid) -> sqlx::Result<bool> {
    let done = sqlx::query!("update notify_targets set active = false where id = $1", id)
        .execute(db)
        .await?;
    Ok(done.rows_affected() == 1)
}

/// One message to queue: who in the campaign receives it, and what it says.
pub struct Notice<'a> {
    /// The roles whose participants receive it.
    pub roles: &'a [Role],
    /// Someone left out (the author of a message).
    pub except: Option<Uuid>,
    /// Only this participant (a private line), if set.
    pub only: Option<Uuid>,
    /// The subject line.
    pub subject: &'a str,
    /// The text.
    pub body: &'a str,
    /// The path of the page it is about, under the server's public URL.
    pub link: &'a str,
    /// News that waits for the reader's next message (or digest) rather than starting one.
    pub held: bool,
}

/// Queues `notices` inside `tx` in one statement, one row for each active, confirmed target of
/// each receiving participant of each notice: for the daily digest when the target asks for it
/// (by default, what an umpire hears), else held for the next message when it is news, else to be
/// sent now.
pub async fn enqueue(
    tx: &mut Transaction<'_, Postgres>,
    campaign: Uuid,
    notices: &[Notice<'_>],
) -> sqlx::Result<u64> {
    if notices.is_empty() {
        return Ok(0);
    }
    let column =
        |f: for<'n> fn(&'n Notice<'_>) -> &'n str| notices.iter().map(f).collect::<Vec<&str>>();
    let roles: Vec<String> = notices
        .iter()
        .map(|n| {
            n.roles
                .iter()
                .map(|r| r.code())
                .collect::<Vec<_>>()
                .join(",")
        })
        .collect();
    let done = sqlx::query!(
        "insert into notify_outbox (id, target_id, campaign_id, subject, body, link, batch) \
         select gen_random_uuid(), t.id, $1, n.subject, n.body, n.link, \
           case when coalesce(t.digest, p.role = 'umpire') then 'digest' \
                when n.held then 'held' else 'now' end \
         from unnest($2::text[], $3::text[], $4::text[], $5::text[], $6::uuid[], $7::uuid[], \
             $8::bool[]) as n(subject, body, link, roles, except_user, only_user, held) \
         join participants p on p.campaign_id = $1 and p.removed_at is null \
           and p.role = any(string_to_array(n.roles, ',')) \
           and (n.except_user is null or p.user_id <> n.except_user) \
           and (n.only_user is null or p.user_id = n.only_user) \
         join notify_targets t on t.user_id = p.user_id and t.active and t.paused_at is null \
           and t.confirmed_at is not null and (t.campaign_id is null or t.campaign_id = $1)",
        campaign,
        column(|n| n.subject) as Vec<&str>,
        column(|n| n.body) as Vec<&str>,
        column(|n| n.link) as Vec<&str>,
        &roles[..],
        notices.iter().map(|n| n.except).collect::<Vec<_>>() as Vec<Option<Uuid>>,
        notices.iter().map(|n| n.only).collect::<Vec<_>>() as Vec<Option<Uuid>>,
        &notices.iter().map(|n| n.held).collect::<Vec<_>>()[..],
    )
    .execute(&mut **tx)
    .await?;
    Ok(done.rows_affected())
}

/// Queues a message to every active target of `user` that is for every campaign (one not in a
/// campaign yet has no other).
pub async fn enqueue_personal(
    db: &PgPool,
    user: Uuid,
    subject: &str,
    body: &str,
    link: &str,
) -> sqlx::Result<u64> {
    let done = sqlx::query!(
        "insert into notify_outbox (id, target_id, subject, body, link, batch) \
         select gen_random_uuid(), t.id, $2, $3, $4, \
           case when coalesce(t.digest, false) then 'digest' else 'now' end \
         from notify_targets t where t.user_id = $1 and t.active and t.paused_at is null \
           and t.confirmed_at is not null and t.campaign_id is null",
        user,
        subject,
        body,
        link,
    )
    .execute(db)
    .await?;
    Ok(done.rows_affected())
}

/// Queues a test message to one confirmed target (for its digest if it gathers one); answers the
/// row's id, or `None` when the target is not confirmed (nothing is queued).
pub async fn enqueue_test(
    db: &PgPool,
    target: Uuid,
    subject: &str,
    body: &str,
) -> sqlx::Result<Option<Uuid>> {
    sqlx::query_scalar!(
        "insert into notify_outbox (id, target_id, subject, body, link, batch) \
         select gen_random_uuid(), t.id, $2, $3, '/account/notifications', \
           case when coalesce(t.digest, false) then 'digest' else 'now' end \
         from notify_targets t where t.id = $1 and t.confirmed_at is not null returning id",
        target,
        subject,
        body,
    )
    .fetch_optional(db)
    .await
}

/// Queues the confirmation link of an unconfirmed target, the only row that goes to it before it
/// is confirmed; answers whether one was queued.
pub async fn enqueue_confirmation(
    db: &PgPool,
    target: Uuid,
    subject: &str,
    body: &str,
    link: &str,
) -> sqlx::Result<bool> {
    let done = sqlx::query!(
        "insert into notify_outbox (id, target_id, subject, body, link, batch) \
         select gen_random_uuid(), t.id, $2, $3, $4, 'confirm' from notify_targets t \
         where t.id = $1 and t.confirmed_at is null and t.active",
        target,
        subject,
        body,
        link,
    )
    .execute(db)
    .await?;
    Ok(done.rows_affected() == 1)
}

/// Confirms a target; answers its owner and campaign when this confirmed it (`None` when it was
/// confirmed already or is gone).
/// A link not yet sent is dropped: it has been opened already.
pub async fn confirm(db: &PgPool, target: Uuid) -> sqlx::Result<Option<(Uuid, Option<Uuid>)>> {
    let done = sqlx::query!(
        "update notify_targets set confirmed_at = now() where id = $1 and confirmed_at is null \
         returning user_id, campaign_id",
        target,
    )
    .map(|r| (r.user_id, r.campaign_id))
    .fetch_optional(db)
    .await?;
    sqlx::query!(
        "delete from notify_outbox where target_id = $1 and batch = 'confirm' and sent_at is null",
        target,
    )
    .execute(db)
    .await?;
    Ok(done)
}

/// Queues a message about `campaign` to one confirmed target of its (for its digest if it gathers
/// one, by default where the owner umpires).
pub async fn enqueue_to_target(
    db: &PgPool,
    target: Uuid,
    campaign: Uuid,
    words: (&str, &str, &str),
) -> sqlx::Result<()> {
    sqlx::query!(
        "insert into notify_outbox (id, target_id, campaign_id, subject, body, link, batch) \
         select gen_random_uuid(), t.id, $2, $3, $4, $5, \
           case when coalesce(t.digest, p.role = 'umpire') then 'digest' else 'now' end \
         from notify_targets t join participants p on p.user_id = t.user_id \
           and p.campaign_id = $2 and p.removed_at is null \
         where t.id = $1 and t.confirmed_at is not null and t.active",
        target,
        campaign,
        words.0,
        words.1,
        words.2,
    )
    .execute(db)
    .await
    .map(drop)
}

/// How a queued row has gone so far.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// Not tried yet.
    Waiting,
    /// Delivered.
    Sent,
    /// Tried and failed, for this reason (it may be tried again).
    Failed(String),
}

/// How row `id` has gone so far (`None` once it is gone).
pub async fn outcome(db: &PgPool, id: Uuid) -> sqlx::Result<Option<Outcome>> {
    let row = sqlx::query!(
        "select o.sent_at, o.attempts, t.last_error from notify_outbox o \
         join notify_targets t on t.id = o.target_id where o.id = $1",
        id,
    )
    .map(|r| (r.sent_at, r.attempts, r.last_error))
    .fetch_optional(db)
    .await?;
    Ok(row.map(|(sent, attempts, error)| match (sent, error) {
        (Some(_), _) => Outcome::Sent,
        (None, Some(error)) if attempts > 0 => Outcome::Failed(error),
        _ => Outcome::Waiting,
    }))
}

/// A claimed row of the outbox with where it goes.
#[derive(Clone, Debug, FromRow)]
pub struct Claimed {
    /// The row.
    pub id: Uuid,
    /// The target.
    pub target_id: Uuid,
    /// `email` or `webhook`.
    pub kind: String,
    /// Address or URL.
    pub address: String,
    /// Body format.
    pub format: String,
    /// Subject line.
    pub subject: String,
    /// Text.
    pub body: String,
    /// Path of the page it is about.
    pub link: String,
    /// How many times it has been claimed, this time included.
    pub attempts: i32,
    /// `now`, `held`, `digest` or `confirm` (see `enqueue`).
    pub batch: String,
    /// The time zone of the target's owner (none: UTC), which times in the message are shown in.
    pub time_zone: Option<String>,
}

/// Claims up to `limit` targets with something due, each for `lease_secs` seconds, and answers
/// each with how many deliveries to it have failed in a row. A target is claimed only when no
/// delivery to it is in flight, its backoff has passed and it is not paused; a user has at most
/// `per_user` targets in flight at once (across every process), and each user's first target comes
/// before anyone's second, so that one account's many slow targets hold up only that account.
/// A target is due when a row is to go now (or its confirmation link), or when its oldest row for
/// the digest has waited `gather_secs`; rows held for the next message never start one.
pub async fn claim_targets(
    db: &PgPool,
    limit: i64,
    per_user: i64,
    gather_secs: i64,
    lease_secs: i64,
) -> sqlx::Result<Vec<(Uuid, i32)>> {
    sqlx::query!(
        "with busy as ( \
             select user_id, count(*) as n from notify_targets where busy_until > now() \
             group by user_id), \
         ready as ( \
             select t.id, t.next_attempt_at, coalesce(b.n, 0) as busy, \
                 row_number() over (partition by t.user_id order by t.next_attempt_at, t.id) as rank \
             from notify_targets t left join busy b on b.user_id = t.user_id \
             where t.active and t.paused_at is null and t.next_attempt_at <= now() \
               and (t.busy_until is null or t.busy_until <= now()) \
               and exists (select 1 from notify_outbox o where o.target_id = t.id \
                   and o.sent_at is null and o.failed_at is null and o.next_attempt_at <= now() \
                   and (t.confirmed_at is not null or o.batch = 'confirm') \
                   and (o.batch in ('now', 'confirm') \
                     or (o.batch = 'digest' and o.created_at <= now() - make_interval(secs => $3))))), \
         chosen as ( \
             select id from ready where busy + rank <= $2 order by rank, next_attempt_at limit $1) \
         update notify_targets t set busy_until = now() + make_interval(secs => $4) \
         from chosen where t.id = chosen.id and (t.busy_until is null or t.busy_until <= now()) \
         returning t.id, t.failures",
        limit,
        per_user,
        gather_secs as f64,
        lease_secs as f64,
    )
    .map(|r| (r.id, r.failures))
    .fetch_all(db)
    .await
}

/// When the sender next has something to do by the clock alone, whatever no write will announce:
/// a row whose backoff, lease or digest gathering (`gather_secs`) ends, or a deadline whose
/// players are to be warned (see `claim_targets` and `deadlines_to_warn`); `None`: nothing.
pub async fn next_due(db: &PgPool, gather_secs: i64) -> sqlx::Result<Option<OffsetDateTime>> {
    sqlx::query_scalar!(
        "select least( \
           (select min(greatest(t.next_attempt_at, o.next_attempt_at, \
                coalesce(t.busy_until, '-infinity'::timestamptz), \
                case when o.batch = 'digest' then o.created_at + make_interval(secs => $1) \
                     else '-infinity'::timestamptz end)) \
            from notify_outbox o join notify_targets t on t.id = o.target_id \
            where o.sent_at is null and o.failed_at is null and o.batch <> 'held' \
              and t.active and t.paused_at is null \
              and (t.confirmed_at is not null or o.batch = 'confirm')), \
           (select min(deadline_set_at + (orders_deadline - deadline_set_at) * 0.8) \
            from campaigns where orders_deadline is not null and not deadline_warned \
              and deadline_set_at is not null and paused_at is null and status = 'open'))",
        gather_secs as f64,
    )
    .fetch_one(db)
    .await
}

/// The rows to send to a claimed target as one message, oldest first: its confirmation link
/// alone, else every pending row (what is to go now, with what was held for it and gathered for
/// the digest); each counts one more attempt.
pub async fn due_rows(db: &PgPool, target: Uuid) -> sqlx::Result<Vec<Claimed>> {
    sqlx::query_as!(
        Claimed,
        r#"with pending as (
             select o.id, o.batch, o.created_at from notify_outbox o
             join notify_targets t on t.id = o.target_id
             where o.target_id = $1 and o.sent_at is null and o.failed_at is null
               and o.next_attempt_at <= now()
               and (t.confirmed_at is not null or o.batch = 'confirm')),
         due as (
             (select id from pending where batch = 'confirm' order by created_at limit 1)
             union all
             (select id from pending where batch <> 'confirm'
                and not exists (select 1 from pending where batch = 'confirm')
              order by created_at limit 500)),
         claimed as (
             update notify_outbox o set attempts = o.attempts + 1
             from due where o.id = due.id returning o.*)
         select c.id as "id!", c.target_id as "target_id!", t.kind, t.address, t.format,
           c.subject as "subject!", c.body as "body!", c.link as "link!",
           c.attempts as "attempts!", c.batch as "batch!", u.time_zone
         from claimed c join notify_targets t on t.id = c.target_id
         join users u on u.id = t.user_id order by c.created_at"#,
        target,
    )
    .fetch_all(db)
    .await
}

/// Marks rows delivered and frees their target, its failures forgotten.
pub async fn delivered(db: &PgPool, target: Uuid, ids: &[Uuid]) -> sqlx::Result<()> {
    sqlx::query!(
        "update notify_outbox set sent_at = now() where id = any($1)",
        ids
    )
    .execute(db)
    .await?;
    sqlx::query!(
        "update notify_targets set last_sent_at = now(), last_error = null, failures = 0, \
         busy_until = null where id = $1",
        target,
    )
    .execute(db)
    .await?;
    Ok(())
}

/// Frees a target without a delivery (nothing was due after all).
pub async fn release(db: &PgPool, target: Uuid) -> sqlx::Result<()> {
    sqlx::query!(
        "update notify_targets set busy_until = null where id = $1",
        target
    )
    .execute(db)
    .await
    .map(drop)
}

/// What a failed delivery did to its target.
#[derive(Debug, FromRow)]
pub struct Failure {
    /// The target's owner.
    pub user_id: Uuid,
    /// Whether this failure paused it.
    pub paused: bool,
}

/// Records a failed delivery: rows tried `give_up_at` times are given up; the target waits
/// `retry_secs` before its next delivery, shows `error`, and is paused when `pause`.
pub async fn failed(
    db: &PgPool,
    target: Uuid,
    ids: &[Uuid],
    error: &str,
    give_up_at: i32,
    retry_secs: i64,
    pause: bool,
) -> sqlx::Result<Failure> {
    sqlx::query!(
        "update notify_outbox set failed_at = now() where id = any($1) and attempts >= $2",
        ids,
        give_up_at,
    )
    .execute(db)
    .await?;
    sqlx::query_as!(
        Failure,
        r#"update notify_targets set last_error = $2, last_error_at = now(), busy_until = null,
             failures = failures + 1, next_attempt_at = now() + make_interval(secs => $3),
             paused_at = case when $4::bool then now() else paused_at end
         where id = $1 returning user_id, $4::bool as "paused!""#,
        target,
        error,
        retry_secs as f64,
        pause,
    )
    .fetch_one(db)
    .await
}

/// Lifts a target's pause and backoff (its owner asked for a test message).
pub async fn resume(db: &PgPool, target: Uuid) -> sqlx::Result<()> {
    sqlx::query!(
        "update notify_targets set paused_at = null, failures = 0, next_attempt_at = now() \
         where id = $1",
        target,
    )
    .execute(db)
    .await
    .map(drop)
}

/// The server's secret called `name`, made from `fresh` the first time any process asks.
pub async fn secret(db: &PgPool, name: &str, fresh: &[u8]) -> sqlx::Result<Vec<u8>> {
    sqlx::query!(
        "insert into server_secrets (name, value) values ($1, $2) on conflict (name) do nothing",
        name,
        fresh,
    )
    .execute(db)
    .await?;
    sqlx::query_scalar!("select value from server_secrets where name = $1", name)
        .fetch_one(db)
        .await
}

/// A campaign whose players are to be warned of its deadline: id, name, standing, deadline.
pub type DeadlineToWarn = (
    Uuid,
    String,
    Option<sqlx::types::Json<crate::db::standing::Standing>>,
    OffsetDateTime,
);

/// Open campaigns whose deadline is 80 % gone and whose players were not yet warned: each is
/// marked warned as it is returned (one process takes each), with its standing.
pub async fn deadlines_to_warn(
    tx: &mut Transaction<'_, Postgres>,
) -> sqlx::Result<Vec<DeadlineToWarn>> {
    sqlx::query!(
        r#"update campaigns c set deadline_warned = true from (
             select id from campaigns where orders_deadline is not null and not deadline_warned
               and deadline_set_at is not null and paused_at is null and status = 'open'
               and now() >= deadline_set_at + (orders_deadline - deadline_set_at) * 0.8
             for update skip locked) due
         where c.id = due.id returning c.id, c.name,
           c.standing as "standing: sqlx::types::Json<crate::db::standing::Standing>",
           c.orders_deadline as "orders_deadline!""#,
    )
    .map(|r| (r.id, r.name, r.standing, r.orders_deadline))
    .fetch_all(&mut **tx)
    .await
}

/// Forgets rows delivered more than a week ago, rows given up more than a month ago, and news
/// held for a month for a reader who was never awaited again.
pub async fn prune(db: &PgPool) -> sqlx::Result<u64> {
    let done = sqlx::query!(
        "delete from notify_outbox where sent_at < now() - interval '7 days' \
         or failed_at < now() - interval '30 days' \
         or (sent_at is null and batch = 'held' and created_at < now() - interval '30 days')",
    )
    .execute(db)
    .await?;
    Ok(done.rows_affected())
}

/// An open campaign of a user's, with where it stands: id, name, standing, deadline, the user's
/// role.
pub type Standings = (
    Uuid,
    String,
    Option<sqlx::types::Json<crate::db::standing::Standing>>,
    Option<OffsetDateTime>,
    Role,
);

/// The open campaigns `user` takes part in (only `campaign`, if given), with where each stands.
pub async fn standings_of(
    db: impl sqlx::PgExecutor<'_>,
    user: Uuid,
    campaign: Option<Uuid>,
) -> sqlx::Result<Vec<Standings>> {
    sqlx::query!(
        r#"select c.id, c.name,
           c.standing as "standing: sqlx::types::Json<crate::db::standing::Standing>",
           c.orders_deadline, p.role as "role: Role" from participants p
         join campaigns c on c.id = p.campaign_id
         where p.user_id = $1 and p.removed_at is null and c.status = 'open'
           and ($2::uuid is null or c.id = $2) order by c.created_at"#,
        user,
        campaign,
    )
    .map(|r| (r.id, r.name, r.standing, r.orders_deadline, r.role))
    .fetch_all(db)
    .await
}

/// The address or URL of target `id`, if it exists.
pub async fn address(db: &PgPool, id: Uuid) -> sqlx::Result<Option<String>> {
    sqlx::query_scalar!("select address from notify_targets where id = $1", id)
        .fetch_optional(db)
        .await
}
