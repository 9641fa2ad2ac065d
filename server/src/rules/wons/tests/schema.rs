//! The OpenAPI schemas of the views and commands can be generated.

use utoipa::PartialSchema;

#[test]
fn views_and_orders_have_openapi_schemas() {
    let order = serde_json::to_string(&crate::rules::wons::Order::schema()).unwrap();
    assert!(
        order.contains("attack") && order.contains("in_building"),
        "{order}"
    );
    let text = |schema| serde_json::to_string(&schema).unwrap();
    assert!(text(crate::views::wons::SovietView::schema()).contains("SideView"));
    assert!(text(crate::views::wons::FinnishView::schema()).contains("SideView"));
    let side = text(crate::views::wons::SideView::schema());
    assert!(
        side.contains("enemy_platoons") && side.contains("SeenPlatoonView"),
        "{side}"
    );
    assert!(text(crate::views::wons::UmpireView::schema()).contains("WonsState"));
    let event = serde_json::to_string(&crate::rules::wons::Event::schema()).unwrap();
    assert!(event.contains("visibility"));
}
