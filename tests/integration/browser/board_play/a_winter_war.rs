//! A Winter War played on its board by three browsers.

use super::*;

/// A Winter War on the made-up Isthmus pack: set up from the pack, the Finns' division put on
/// the line and two Soviet units brought up to it by tapping, then selected together and the
/// combat resolved on the group's CRT from its form, opened filled in. The base rules' result
/// codes are not in our text, so each side applies the result to its own units: the Finns retreat
/// by tapping their counter and a hex on the phone, the Soviets, untouched by a DR, apply it with
/// nothing named; then nothing is owed.
#[tokio::test]
async fn a_winter_war_is_played_on_its_board_by_three_browsers() {
    let Some(driver) = driver().await else { return };
    let (t, umpire) = set_up(&driver, "a_winter_war", "a-winter-war-example").await;
    keep(&umpire, "a-winter-war-umpire-start").await;
    // A CRT of the shape a Europa CRT has (odds 1:3 to 5:1, rolls 1 to 6), every cell "DR".
    let columns = ["1:3", "1:2", "1:1", "2:1", "3:1", "4:1", "5:1"];
    let crt = std::iter::once(format!("roll,{}", columns.join(",")))
        .chain((1..=6).map(|r| format!("{r},{}", vec!["DR"; columns.len()].join(","))))
        .collect::<Vec<_>>()
        .join("\n");
    t.chart("crt", &crt).await;
    let soviets = fighters(&t.table(&t.soviet).await, "attack");
    let (first, second) = (soviets[0].clone(), soviets[1].clone());

    // Set-up: the Finns hold the line, the Soviets gather at their depot.
    let finn = player(&driver, &t, "finn", 390).await;
    let defender = on_top(&finn, &fighters(&t.table(&t.finn).await, "attack")).await;
    // The pack sets the division up on the line (two hexes) by name; the Finns put it on one.
    let line = "99:0405";
    move_by_tapping(&finn, &defender, line).await;
    assert_eq!(location(&t, &defender).await, line);
    keep(&finn, "a-winter-war-finn-setup-phone").await;
    let soviet = player(&driver, &t, "soviet", 1280).await;
    move_by_tapping(&soviet, &first, "99:0907").await;
    move_by_tapping(&soviet, &second, "99:0906").await;

    // The Soviet movement phase: both come up to the line.
    advance_to(&t, 1, "Soviet movement phase").await;
    open_table(&soviet, &t).await;
    let room = empty_neighbours(&soviet, line).await;
    assert!(room.len() >= 2, "room next to the line: {room:?}");
    move_by_tapping(&soviet, &first, &room[0]).await;
    move_by_tapping(&soviet, &second, &room[1]).await;
    keep(&soviet, "a-winter-war-soviet-moved").await;

    // The combat: both selected, then the line's hex.
    advance_to(&t, 1, "Soviet combat phase").await;
    open_table(&soviet, &t).await;
    tap(&soviet, &counter(&first)).await;
    choose_on_card(&soviet, "Choose more attackers").await;
    tap(&soviet, &counter(&second)).await;
    tap(&soviet, &format!("#board .stack[data-hex='{line}']")).await;
    keep(&soviet, "a-winter-war-soviet-attack-chosen").await;
    choose_on_card(&soviet, "Resolve a combat against the roster").await;
    soviet
        .wait()
        .for_element(Locator::Id("run"))
        .await
        .expect("the combat's form");
    let mut ticked: Vec<String> =
        serde_json::from_value(form_values(&soviet, "attackers").await).expect("ticks");
    ticked.sort();
    let mut both = vec![first.clone(), second.clone()];
    both.sort();
    assert_eq!(ticked, both, "both attackers ticked");
    assert_eq!(form_values(&soviet, "hex").await, json!([line]));
    keep(&soviet, "a-winter-war-soviet-combat-form").await;
    click(&soviet, "run").await;
    answered(&soviet, "The combat").await;
    let said = soviet
        .find(Locator::Id("steps"))
        .await
        .expect("steps")
        .text()
        .await
        .expect("text");
    assert!(said.contains("DR"), "the CRT's cell is read: {said}");
    keep(&soviet, "a-winter-war-soviet-combat-result").await;
    let owed_now = owed(&t).await;
    assert_eq!(
        owed_now.len(),
        2,
        "each side applies its part: {owed_now:?}"
    );
    assert!(owed_now[1].contains("the result DR"), "{owed_now:?}");

    open_table(&finn, &t).await;
    let away = empty_neighbours(&finn, line)
        .await
        .into_iter()
        .next()
        .expect("a hex to retreat to");
    tap(&finn, &counter(&defender)).await;
    keep(&finn, "a-winter-war-finn-owes-phone").await;
    choose_on_card(&finn, "It retreats: tap the hex").await;
    tap(&finn, &hex_css(&away)).await;
    choose_on_card(
        &finn,
        "Apply your side's combat result: units eliminated and retreats",
    )
    .await;
    finn.wait()
        .for_element(Locator::Id("run"))
        .await
        .expect("the result's form");
    click(&finn, "run").await;
    answered(&finn, "The Finnish part of the result").await;
    assert_eq!(
        location(&t, &defender).await,
        away,
        "the division retreated"
    );
    soviet
        .goto(&format!(
            "{}/campaigns/{}/table/action/apply-result",
            t.app.url, t.id
        ))
        .await
        .expect("opens the result's form");
    click(&soviet, "run").await;
    answered(&soviet, "The Soviet part of the result").await;
    assert!(owed(&t).await.is_empty(), "both parts applied");
    open_table(&finn, &t).await;
    keep(&finn, "a-winter-war-finn-after-phone").await;
    open_table(&umpire, &t).await;
    keep(&umpire, "a-winter-war-umpire-after").await;
    for b in [umpire, soviet, finn] {
        b.close().await.ok();
    }
}
