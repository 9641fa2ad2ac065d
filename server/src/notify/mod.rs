//! Notifications: what is said when (`notices`, pure; every time in a message goes through
//! `notices::mail_time`), who hears of a change (`tell`), the durable outbox's sender that any
//! process may run (`dispatch`), the e-mail and webhook deliveries (`send`), and the signed
//! unsubscribe and address-confirmation links (`unsubscribe`). Rows are queued by
//! `db::notify::enqueue` inside the transaction of the change they tell of.

pub mod dispatch;
pub mod notices;
pub mod send;
pub mod tell;
pub mod unsubscribe;
