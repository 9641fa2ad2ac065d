//! The WoNS order forms of the pages: a platoon's order or extra action, marking the orders
//! ready, and the Soviet stacks' reorganization. Each form is read into the API's command.

use crate::core::error::AppError;
use crate::games::wons::api;
use crate::games::wons::pages::after;
use crate::games::wons::rules::Order;
use crate::games::wons::rules::platoon::Stack;
use crate::state::AppState;
use crate::web::CampaignAccess;
use axum::extract::{Form, Path, State};
use axum::response::Response;
use serde::Deserialize;
use serde_json::json;

/// The order form of one platoon.
#[derive(Debug, Default, Deserialize)]
#[serde(default)]
pub struct OrderForm {
    action: String,
    table: String,
    scenario: String,
    build: Option<String>,
    in_building: Option<String>,
    buildings: String,
}

impl OrderForm {
    fn order(&self) -> Result<Order, AppError> {
        if self.action.is_empty() {
            return Err(AppError::invalid(
                "illegal_order",
                "Choose an action first: the list starts at “Choose…”.",
            ));
        }
        if self.action == "attack" && self.table.is_empty() {
            return Err(AppError::invalid(
                "illegal_order",
                "An attack needs a table, and this step offers none the attack may use.",
            ));
        }
        let mut order = json!({ "action": self.action });
        if !self.table.is_empty() {
            order["table"] = json!(self.table);
        }
        if !self.scenario.is_empty() {
            order["scenario"] = json!(self.scenario);
        }
        if self.action == "adjust_roadblock" {
            order["build"] = json!(self.build.is_some());
        }
        if self.action == "rest" {
            order["in_building"] = json!(self.in_building.is_some());
        }
        if self.action == "burn_buildings" {
            let names: Vec<&str> = self
                .buildings
                .split(',')
                .map(str::trim)
                .filter(|s| !s.is_empty())
                .collect();
            order["buildings"] = json!(names);
        }
        serde_json::from_value(order).map_err(|_| {
            AppError::invalid(
                "illegal_order",
                format!(
                    "'{}' is not an order this page knows; choose one from the list.",
                    self.action
                ),
            )
        })
    }
}

/// `POST /campaigns/{id}/wons/orders/{platoon}`.
pub async fn give_order(
    State(state): State<AppState>,
    access: CampaignAccess,
    Path((_, platoon)): Path<(String, String)>,
    Form(form): Form<OrderForm>,
) -> Result<Response, AppError> {
    let result = async { api::give_order(&state, &access, &platoon, form.order()?).await }.await;
    after(&state, &access, result, &format!("#platoon-{platoon}")).await
}

/// `POST /campaigns/{id}/wons/extra-actions/{platoon}`: the same form, taken as the extra action.
pub async fn extra_action(
    State(state): State<AppState>,
    access: CampaignAccess,
    Path((_, platoon)): Path<(String, String)>,
    Form(form): Form<OrderForm>,
) -> Result<Response, AppError> {
    let result = async { api::extra_action(&state, &access, &platoon, form.order()?).await }.await;
    after(&state, &access, result, &format!("#platoon-{platoon}")).await
}

/// The ready form: a box to tick when platoons without orders are to Defend.
#[derive(Debug, Default, Deserialize)]
#[serde(default)]
pub struct ReadyForm {
    confirm_defaults: Option<String>,
}

/// `POST /campaigns/{id}/wons/ready`.
pub async fn ready(
    State(state): State<AppState>,
    access: CampaignAccess,
    Form(form): Form<ReadyForm>,
) -> Result<Response, AppError> {
    let result = api::mark_ready(&state, &access, form.confirm_defaults.is_some()).await;
    after(&state, &access, result, "#orders-h").await
}

/// `POST /campaigns/{id}/wons/ready/withdraw`.
pub async fn withdraw_ready(
    State(state): State<AppState>,
    access: CampaignAccess,
) -> Result<Response, AppError> {
    let result = api::withdraw_ready(&state, &access).await;
    after(&state, &access, result, "#orders-h").await
}

/// The reorganization form: one stack a line, `id: platoon, platoon`, leading stack first.
#[derive(Debug, Default, Deserialize)]
#[serde(default)]
pub struct ReorganizationForm {
    stacks: String,
}

/// `POST /campaigns/{id}/wons/reorganization`: an empty form withdraws the plan.
pub async fn reorganize(
    State(state): State<AppState>,
    access: CampaignAccess,
    Form(form): Form<ReorganizationForm>,
) -> Result<Response, AppError> {
    let result = async {
        let mut plan = Vec::new();
        for line in form.stacks.lines().map(str::trim).filter(|l| !l.is_empty()) {
            let (id, platoons) = line.split_once(':').ok_or_else(|| {
                AppError::invalid(
                    "invalid_reorganization",
                    format!("Write each stack as 'name: platoon, platoon'; '{line}' has no colon."),
                )
            })?;
            plan.push(Stack {
                id: id.trim().to_owned(),
                platoons: platoons
                    .split(',')
                    .map(str::trim)
                    .filter(|p| !p.is_empty())
                    .map(str::to_owned)
                    .collect(),
            });
        }
        api::reorganize(&state, &access, (!plan.is_empty()).then_some(plan)).await
    }
    .await;
    after(&state, &access, result, "#reorganization").await
}
