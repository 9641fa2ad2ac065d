//! Red Winter played on its board by three browsers.

use super::*;

/// Red Winter on the made-up Crossroads pack: set up from the pack, both sides place their
/// counters by tapping, the Soviets move two companies up and attack the village with both,
/// selected on the board; each side then pays the step it owes by tapping its counter.
#[tokio::test]
async fn red_winter_is_played_on_its_board_by_three_browsers() {
    let Some(driver) = driver().await else { return };
    let (t, umpire) = set_up(&driver, "red_winter", "red-winter-example").await;
    keep(&umpire, "red-winter-umpire-start").await;
    // The group enters its CRT: every result costs each side one step (8.4's form, X/Y).
    let crt = std::iter::once("roll,1:4,1:3,1:2,1:1,2:1,3:1,4:1,5:1,6:1".to_string())
        .chain((2..=12).map(|r| format!("{r},1/1,1/1,1/1,1/1,1/1,1/1,1/1,1/1,1/1")))
        .collect::<Vec<_>>()
        .join("\n");
    t.chart("crt", &crt).await;

    let soviet_view = t.table(&t.soviet).await;
    let first = id_of(&soviet_view, "1/999 (made up)");
    let second = id_of(&soviet_view, "2/999 (made up)");
    let finn_view = t.table(&t.finn).await;
    let village = id_of(&finn_view, "1/JR99 (made up)");

    // Set-up: each side puts its counters down by tapping.
    let finn = player(&driver, &t, "finn", 390).await;
    move_by_tapping(&finn, &village, "D4").await;
    keep(&finn, "red-winter-finn-setup-phone").await;
    let soviet = player(&driver, &t, "soviet", 1280).await;
    move_by_tapping(&soviet, &first, "H4").await;
    move_by_tapping(&soviet, &second, "H5").await;

    // The Soviets play first: in their Action Phase, up to the village.
    advance_to(&t, 1, "First Player Action Phase").await;
    open_table(&soviet, &t).await;
    move_by_tapping(&soviet, &first, "E4").await;
    move_by_tapping(&soviet, &second, "E5").await;
    keep(&soviet, "red-winter-soviet-moved").await;
    advance_to(&t, 1, "First Player Combat Phase").await;

    // The attack: both companies selected on the board, then the village.
    open_table(&soviet, &t).await;
    tap(&soviet, &counter(&first)).await;
    choose_on_card(&soviet, "Choose more attackers").await;
    tap(&soviet, &counter(&second)).await;
    let said = card(&soviet).await;
    assert!(
        said.contains("1/999") && said.contains("2/999"),
        "both attackers on the card: {said}"
    );
    tap(&soviet, &counter(&village)).await;
    keep(&soviet, "red-winter-soviet-attack-chosen").await;
    choose_on_card(&soviet, "Resolve a Combat or Assault against the roster").await;
    soviet
        .wait()
        .for_element(Locator::Css("input[name='hex']"))
        .await
        .expect("the combat form");
    let mut attackers: Vec<String> = Vec::new();
    for i in 0..2 {
        let ticked = form_values(&soviet, &format!("attackers[{i}].units")).await;
        attackers.extend(
            ticked
                .as_array()
                .into_iter()
                .flatten()
                .filter_map(|v| v.as_str().map(str::to_owned)),
        );
    }
    attackers.sort();
    let mut both = vec![first.clone(), second.clone()];
    both.sort();
    assert_eq!(attackers, both, "both attackers ticked, each in its stack");
    assert_eq!(form_values(&soviet, "hex").await, json!(["D4"]));
    assert_eq!(form_values(&soviet, "defenders").await, json!([village]));
    keep(&soviet, "red-winter-soviet-combat-form").await;
    for choice in [
        "#f-fight option[value=combat]",
        "#f-shifts-fight option[value=combat]",
        "#f-shifts-attacker option[value=soviet]",
    ] {
        if let Ok(option) = soviet.find(Locator::Css(choice)).await {
            option.click().await.expect("chooses");
        }
    }
    click(&soviet, "run").await;
    soviet
        .wait()
        .for_element(Locator::Id("steps"))
        .await
        .expect("the combat's steps");
    keep(&soviet, "red-winter-soviet-combat-result").await;
    let owed_now = owed(&t).await;
    assert_eq!(owed_now.len(), 2, "each side owes a step: {owed_now:?}");

    // The Finns pay their step by tapping their company on the phone.
    open_table(&finn, &t).await;
    let chit = finn
        .find(Locator::Css(&format!(
            "#board .piece:has(.counter[data-unit='{village}']) .chit.alert"
        )))
        .await;
    assert!(chit.is_ok(), "the company that owes is marked on the board");
    tap(&finn, &counter(&village)).await;
    keep(&finn, "red-winter-finn-owes-phone").await;
    choose_on_card(&finn, "It takes a loss").await;
    choose_on_card(&finn, "Take your side's losses").await;
    finn.wait()
        .for_element(Locator::Id("run"))
        .await
        .expect("the losses form");
    assert_eq!(form_values(&finn, "steps[0]").await, json!([village]));
    keep(&finn, "red-winter-finn-losses-form-phone").await;
    click(&finn, "run").await;
    finn.wait()
        .for_element(Locator::Id("steps"))
        .await
        .expect("the losses taken");
    let owed_now = owed(&t).await;
    assert_eq!(owed_now.len(), 1, "the Finns paid: {owed_now:?}");
    assert!(owed_now[0].contains("Soviet"), "{owed_now:?}");

    // The Soviets pay theirs with the first company.
    open_table(&soviet, &t).await;
    tap(&soviet, &counter(&first)).await;
    choose_on_card(&soviet, "It takes a loss").await;
    choose_on_card(&soviet, "Take your side's losses").await;
    soviet
        .wait()
        .for_element(Locator::Id("run"))
        .await
        .expect("the losses form");
    click(&soviet, "run").await;
    soviet
        .wait()
        .for_element(Locator::Id("steps"))
        .await
        .expect("the losses taken");
    assert!(owed(&t).await.is_empty(), "nothing owed any more");
    let view = t.table(&t.umpire).await;
    let reduced = view["units"]
        .as_array()
        .expect("units")
        .iter()
        .filter(|u| {
            u["markers"]
                .as_array()
                .is_some_and(|m| m.contains(&json!("reduced")))
        })
        .count();
    assert!(reduced >= 2, "a company of each side is reduced: {view}");
    open_table(&umpire, &t).await;
    keep(&umpire, "red-winter-umpire-after").await;
    for b in [umpire, soviet, finn] {
        b.close().await.ok();
    }
}
