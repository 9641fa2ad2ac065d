//! The OpenAPI schemas of the views and commands can be generated.

use utoipa::PartialSchema;

#[test]
fn views_and_orders_have_openapi_schemas() {
    let order = serde_json::to_string(&crate::games::wons::rules::Order::schema()).unwrap();
    assert!(
        order.contains("attack") && order.contains("in_building"),
        "{order}"
    );
    let text = |schema| serde_json::to_string(&schema).unwrap();
    assert!(text(crate::games::wons::views::SovietView::schema()).contains("SideView"));
    assert!(text(crate::games::wons::views::FinnishView::schema()).contains("SideView"));
    let side = text(crate::games::wons::views::SideView::schema());
    assert!(
        side.contains("enemy_platoons") && side.contains("SeenPlatoonView"),
        "{side}"
    );
    assert!(text(crate::games::wons::views::UmpireView::schema()).contains("WonsState"));
    let event = serde_json::to_string(&crate::games::wons::rules::Event::schema()).unwrap();
    assert!(event.contains("visibility"));
}
