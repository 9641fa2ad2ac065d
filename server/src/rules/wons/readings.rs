//! Our readings of Winter of No Surrender where the rules text is ambiguous, shown on the rules help page.

/// Each reading, in the words the help page shows.
pub const READINGS: &[&str] = &[
    "Defend in Darkness costs 2 fatigue (1, plus 1 for Darkness); fatigue never drops below 0.",
    "Fatigue above 15 keeps Exhaustion 9; the track still shows the true number.",
    "The Soviets advance up the ladder's letters (A towards N), the Finns down. A move past the end of the ladder is refused; a forced retreat at the end stays put.",
    "A forced retreat after a lost battle costs the fatigue of a Retreat, in the light of the battle's Hour.",
    "The clock moves on when an Hour resolves, even with battles pending, but no new orders are taken until every battle has its result.",
    "An extra action after a battle of fewer than three Turns uses the battle's Hour; it replaces the platoon's order for the next Hour and clears its side's ready mark.",
    "Soviet Advance and Retreat orders move whole stacks. A stack whose move would pass the one ahead is blocked without a roll; split stacks are refused when ordering, and do not move when the umpire forces resolution.",
    "A platoon is affected by a reorganization when its stack's members or order change; affected platoons must Reorganize or Advance. A stack may only join platoons on one step.",
    "A Soviet attack is the initial attack on a step when no Soviet battle was fought there before; it is fought on the Red table in its own Hour, later ones on Red, Yellow or Purple.",
    "Every step offers the Red table (checked when a pack loads).",
    "Contact is per enemy platoon: once seen, it is seen again from an adjacent step. Sightings keep the Hour they were first and last made, which the four-Hour artillery rule uses.",
    "A side learns of an enemy work or fire by having a platoon on its step after movement.",
    "Roadblocks and bonfires are recorded and shown; the rules give them no further effect here yet.",
    "Victory levels are checked in order: a level holds if the Soviets first reached its step (or beyond) by its Hour; otherwise the pack's fallback result applies.",
    "An umpire correction is announced to both sides with its reason; the old and new values go only to whoever may know the value.",
    "Starting Force Morale never goes below 0.",
    "Starting Force Morale uses the exhaustion of the side's most exhausted platoon in the battle and the force's total sections for its size (three or more: full; two; one or none).",
    "Support points for a battle are assigned by the umpire; an item of List N costs N points. A hero bought for a battle is paid from that battle's points.",
    "Surprise counts from Chain of Command's five command dice; an interrogation result of 6 or more surprises the enemy in the interrogating side's next battle at the level with two blue dice (\"Normal −2\").",
    "A side reports the winner, the Turns and its own part of a battle: its casualties, final Force Morale, support used, equipment abandoned and the prisoners it took. When both sides give the same winner and Turns the parts are joined and applied; the umpire's report is applied at once.",
    "Killed, wounded and missing men all leave the TOE after the battle; a section or team with no men left is gone.",
    "Unused retained support (R1.4) stays with the platoon that bought it; a recon unit sent to a Turn Zero is not retained.",
    "Equipment of the enemy uses foreign ammunition once captured; recaptured own equipment does not. A heavier weapon goes into use at once on a modified 6, with a proficient crew, or when the capturing platoon has a hero who may use any weapon.",
    "When a battle's report lists the prisoners a side took, only they may be interrogated, each once, and the report says who deserted and who is a hero.",
];
