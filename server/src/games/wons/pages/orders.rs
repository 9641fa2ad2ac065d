//! The WoNS order forms of the pages: a platoon's order or extra action, marking the orders
//! ready, and the Soviet stacks' reorganization. Each form is read into the API's command.

use crate::core::error::AppError;
use crate::games::GameAccess;
use crate::games::wons::Wons;
use crate::games::wons::api;
use crate::games::wons::pages::{Refusal, after, refused};
use crate::games::wons::rules::platoon::Stack;
use crate::games::wons::rules::{Order, PlatoonOrder};
use crate::games::wons::views::WonsView;
use crate::state::AppState;
use axum::extract::{Form, Path, State};
use axum::response::Response;
use serde::Deserialize;
use serde_json::json;

/// What the side's order form says of one platoon.
#[derive(Clone, Debug, Default)]
pub struct OrderForm {
    pub(super) action: String,
    pub(super) table: String,
    pub(super) scenario: String,
    pub(super) build: bool,
    pub(super) in_building: bool,
    pub(super) buildings: String,
}

impl OrderForm {
    /// The order it describes; `None` while the action is still "Choose…".
    fn order(&self) -> Result<Option<Order>, AppError> {
        if self.action.is_empty() {
            return Ok(None);
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
            order["build"] = json!(self.build);
        }
        if self.action == "rest" {
            order["in_building"] = json!(self.in_building);
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
        serde_json::from_value(order).map(Some).map_err(|_| {
            AppError::invalid(
                "illegal_order",
                format!(
                    "'{}' is not an order this page knows; choose one from the list.",
                    self.action
                ),
            )
        })
    }

    /// The form's fields as the stored order would fill them.
    pub(super) fn of(order: &Order) -> OrderForm {
        let value = serde_json::to_value(order).unwrap_or_default();
        let text = |key: &str| value[key].as_str().unwrap_or_default().to_owned();
        OrderForm {
            action: text("action"),
            table: text("table"),
            scenario: text("scenario"),
            build: value["build"].as_bool().unwrap_or(true),
            in_building: value["in_building"].as_bool().unwrap_or(false),
            buildings: value["buildings"]
                .as_array()
                .map(|names| {
                    names
                        .iter()
                        .filter_map(|n| n.as_str())
                        .collect::<Vec<_>>()
                        .join(", ")
                })
                .unwrap_or_default(),
        }
    }
}

/// The side's one order form: every platoon's fields, each named `<field>.<platoon id>`, in the
/// order the page lists the platoons.
#[derive(Clone, Debug, Default)]
pub struct SideOrdersForm {
    pub(super) platoons: Vec<(String, OrderForm)>,
}

impl SideOrdersForm {
    fn read(fields: Vec<(String, String)>) -> SideOrdersForm {
        let mut form = SideOrdersForm::default();
        for (name, value) in fields {
            let Some((field, platoon)) = name.split_once('.') else {
                continue;
            };
            let at = match form.platoons.iter().position(|(id, _)| id == platoon) {
                Some(at) => at,
                None => {
                    form.platoons
                        .push((platoon.to_owned(), OrderForm::default()));
                    form.platoons.len() - 1
                }
            };
            let entry = &mut form.platoons[at].1;
            match field {
                "action" => entry.action = value,
                "table" => entry.table = value,
                "scenario" => entry.scenario = value,
                "build" => entry.build = true,
                "in_building" => entry.in_building = true,
                "buildings" => entry.buildings = value,
                _ => {}
            }
        }
        form
    }

    /// One platoon's part of the form (empty if the form has none).
    pub(super) fn of(&self, platoon: &str) -> OrderForm {
        self.platoons
            .iter()
            .find(|(id, _)| id == platoon)
            .map(|(_, f)| f.clone())
            .unwrap_or_default()
    }

    /// The orders the form gives: every platoon whose action is chosen. A refusal names the
    /// platoon whose fields it concerns.
    fn orders(&self) -> Result<Vec<PlatoonOrder>, (String, AppError)> {
        let mut orders = Vec::new();
        for (platoon, form) in &self.platoons {
            if let Some(order) = form.order().map_err(|e| (platoon.clone(), e))? {
                orders.push(PlatoonOrder {
                    platoon: platoon.clone(),
                    order,
                });
            }
        }
        Ok(orders)
    }
}

/// `POST /campaigns/{id}/wons/orders`: the side's orders for every platoon whose action is
/// chosen, given together; a refusal shows the page again with everything as it was typed.
pub async fn give_orders(
    State(state): State<AppState>,
    access: GameAccess<Wons>,
    Form(fields): Form<Vec<(String, String)>>,
) -> Result<Response, AppError> {
    let form = SideOrdersForm::read(fields);
    let result = match form.orders() {
        Ok(orders) => api::give_orders(&state, &access, orders)
            .await
            .map_err(|e| (None, e)),
        Err((platoon, e)) => Err((Some(platoon), e)),
    };
    match result {
        Ok(_) => after(&state, &access, Ok(()), "#orders-form").await,
        Err((platoon, e)) => refused(&state, &access, e, Refusal::Orders { platoon, form }).await,
    }
}

/// `POST /campaigns/{id}/wons/extra-actions/{platoon}`: the platoon's part of the side's form,
/// taken at once as its extra action.
pub async fn extra_action(
    State(state): State<AppState>,
    access: GameAccess<Wons>,
    Path((_, platoon)): Path<(String, String)>,
    Form(fields): Form<Vec<(String, String)>>,
) -> Result<Response, AppError> {
    let form = SideOrdersForm::read(fields);
    let result = async {
        let order = form.of(&platoon).order()?.ok_or_else(|| {
            AppError::invalid(
                "illegal_order",
                "Choose the extra action first: the list starts at “Choose…”.",
            )
        })?;
        api::extra_action(&state, &access, &platoon, order).await
    }
    .await;
    match result {
        Ok(_) => after(&state, &access, Ok(()), &format!("#platoon-{platoon}")).await,
        Err(e) => {
            let refusal = Refusal::Orders {
                platoon: Some(platoon),
                form,
            };
            refused(&state, &access, e, refusal).await
        }
    }
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
    access: GameAccess<Wons>,
    Form(form): Form<ReadyForm>,
) -> Result<Response, AppError> {
    let result = api::mark_ready(&state, &access, form.confirm_defaults.is_some()).await;
    after(&state, &access, result, "#orders-h").await
}

/// `POST /campaigns/{id}/wons/ready/withdraw`.
pub async fn withdraw_ready(
    State(state): State<AppState>,
    access: GameAccess<Wons>,
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

/// The platoons a stack's line lists, separated by commas, as ids: a platoon is written by its
/// name (which may hold a comma itself, as "1st Platoon, 3rd Company") or its id. What names no
/// platoon is passed on as written, for the rules to refuse by name.
fn platoons_named(list: &str, known: &[(String, String)]) -> Vec<String> {
    let mut ids = Vec::new();
    let mut pending = String::new();
    for part in list.split(',').map(str::trim).filter(|p| !p.is_empty()) {
        if !pending.is_empty() {
            pending.push_str(", ");
        }
        pending.push_str(part);
        let found = known
            .iter()
            .find(|(id, name)| name.eq_ignore_ascii_case(&pending) || *id == pending);
        if let Some((id, _)) = found {
            ids.push(id.clone());
            pending.clear();
        }
    }
    if !pending.is_empty() {
        ids.push(pending);
    }
    ids
}

/// `POST /campaigns/{id}/wons/reorganization`: an empty form withdraws the plan.
pub async fn reorganize(
    State(state): State<AppState>,
    access: GameAccess<Wons>,
    Form(form): Form<ReorganizationForm>,
) -> Result<Response, AppError> {
    let result = async {
        let (_, view) = api::view(&state, &access).await?;
        let known: Vec<(String, String)> = match &view {
            WonsView::Soviet(v) => {
                v.0.platoons
                    .iter()
                    .map(|p| (p.id.clone(), p.name.clone()))
                    .collect()
            }
            WonsView::Finnish(v) => {
                v.0.platoons
                    .iter()
                    .map(|p| (p.id.clone(), p.name.clone()))
                    .collect()
            }
            WonsView::Umpire(_) => Vec::new(),
        };
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
                platoons: platoons_named(platoons, &known),
            });
        }
        api::reorganize(&state, &access, (!plan.is_empty()).then_some(plan)).await
    }
    .await;
    after(&state, &access, result, "#reorganization").await
}
