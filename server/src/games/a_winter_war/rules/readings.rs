//! Our readings of A Winter War's optional rules where the text is ambiguous or garbled.

/// Each reading, in the words the rules page shows.
pub const READINGS: &[&str] = &[
    "The base rules are not in our text, so the sequence of play is a default the umpire may edit, and the Success Table, CRT, Terrain Effects Chart, capabilities and Demolition Summary Table are entered by the players; nothing of them is guessed.",
    "Turns are half months: \"Dec 139\" is Dec I 39 and \"Nov 11 39\" is Nov II 39; rule \"3084\" is 30B4 and \"2983\" is 29B3.",
    "Each game turn is the Soviet player turn and then the Finnish, each of initial, movement, air, combat and exploitation phases; the Western intervention and spring rains rolls close the game turn when due.",
    "The two items numbered 3 in Opt B are Proportions and Cumulative Effects; we cite the neutral restriction as B.4, terrain as B.5 and required losses as B.6, as the text's later numbers run.",
    "Capability ignores terrain (B.5 says so), but a unit in its second or later turn out of supply has no capability and counts as none in every category.",
    "The neutral restriction applies per side and per category; which neutral REs count as none does not change the proportion.",
    "Required losses are counted in the CRT's loss units; half of an odd number rounds up, and half-capable units count as capable.",
    "The base rules' combat results are not in our text, so the server does not read a result's code: after a combat each side applies the result to its own units that fought (those eliminated, those retreating and where to), and the combat phase waits until both have (the umpire may waive a part).",
    "Halved strengths out of supply are kept as exact fractions until the base rules' rounding is known.",
    "The out-of-supply count goes up at each friendly initial phase the unit is judged out of supply and returns to 0 when it is judged in supply.",
    "Supply is judged during the initial phase (the player marks the units out of supply), and the count is taken as that phase ends, so it holds for the rest of that player turn and the enemy's next, as Opt A.1's example has it.",
    "An arrival Opt F or G moves two turns earlier never comes before the game's first turn: Nov II 39 with Opt H, Dec I 39 otherwise.",
    "A drop's distance is the longest flown by any transport carrying the unit.",
    "A supply point is scattered on a modified roll of 1 or less, as the disruption roll is the modified roll.",
    "An airborne plan is secret until it is carried out or cancelled, and the Finns may then read its history.",
    "A plan cancelled in the next initial phase may be replaced then; the new plan is carried out one turn later.",
    "When Opt F and DC C are both played, DC C's trigger replaces Opt F's.",
    "The Western intervention trigger is rolled on two dice, once at the end of each game turn from Dec I 39 until it is triggered.",
    "With Opt H the first turn for DC C is still Dec I 39: no intervention roll is made in Nov II 39.",
    "A ski unit's exploitation allowance is half its allowance after the supply rules in use, rounded down.",
    "Opt H's strategic reserve starts in its holding box and may enter from the Soviet Nov II 39 player turn.",
    "Opt H's reserve is exactly 10 REs, at least 6 of them from units of the 8th and 9th Armies; a unit's army is read from what the player enters (8th, 9th Army, eighth…).",
    "The intervention calculation takes the two dice's total (2 to 12); with DC C the modifier is one less for each turn after Dec I 39, so -3 in Jan II 40. Norway and Sweden take one die each, 1 to 6.",
    "The Demolition Summary Table is read by the counted size (engineer units at double their size), as a calculation: no die is rolled.",
    "A parachute unit keeps its drop-turn limits on ownership through the drop player turn and the following enemy player turn.",
    "Opt G brings Opt C.1 and Opt D into play with it.",
    "A unit is a parachute unit when its type names it so or it carries the parachute marker; only such units are planned for air drops, and only with Opt D or Opt G.",
    "Players mark a unit in an enemy ZOC, one that attacked and one that was attacked; as each phase after the initial phase ends, the server cancels the plan of any such unit, and it cancels it too when the plan is to be carried out. The attack markers are cleared as the Soviet initial phase begins, before plans are written.",
    "Opt G's plan at setup is written in the Soviet initial phase of the first turn, when the game starts in Dec I 39, and is carried out in that turn's air phase; with Opt H the ordinary plan of Nov II 39 already falls on Dec I 39.",
    "A dropped parachute unit carries a marker through its drop player turn and the enemy's next; it is taken off as the Soviet initial phase begins. An airbase taken at once (D.2) is recorded with the drop.",
    "Opt H's construction is kept with the table: the fort is finished as the Finnish initial phase of Nov II 39 begins, the rail lines as the Soviet initial phase of Dec I 39 begins, and the log says so.",
    "A combat against the roster takes the attackers' total attack strength to the defenders' total defense strength, multiplied by what the players say their terrain does, as odds rounded in the defender's favour (2.25 to 1 is 2:1, 1 to 1.2 is 1:2); odds beyond the entered CRT are read in its last column on that side. The result is shown to both sides and applied by the players, as the base rules say.",
    "The entered CRT must have what every Europa CRT has: odds columns (a:1 or 1:b) rising one step at a time through 1:1, and whole-number die rows one apart with a row for each face 1 to 6; we check nothing of its cells.",
    "On a campaign without a map the attackers' adjacency to the defending hex cannot be checked and is left to the players; with a map it is checked.",
];

#[cfg(test)]
mod tests {
    use super::READINGS;

    #[test]
    fn readings_are_one_line_sentences() {
        assert!(READINGS.len() >= 19);
        for reading in READINGS {
            assert!(
                reading.ends_with('.') && !reading.contains('\n'),
                "{reading}"
            );
        }
    }
}
