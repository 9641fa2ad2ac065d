//! Our readings of Red Winter where the rules text is ambiguous or garbled, shown on the rules page.

/// Each reading, one sentence in the words the rules page shows.
pub const READINGS: &[&str] = &[
    "An Overrun costs 4 MP per Assault on a secondary road or trail, or 6 for armored cars, as 12.1.2 states, even though 12.1.3's road costs suggest 3 and 4; a campaign may change these figures.",
    "The night rules' references to 14.6 and to 8.3 case 2 mean 14.5 (digging in at night) and 8.2 case 2 (armor halved at night).",
    "Odds beyond 6:1 or below 1:4 follow 8.3.1: every column shift is applied to the true odds before the result is clamped to the table.",
    "Suppression results are netted first and the net is then capped at 3 columns either way, so 4R and 1L give 3R.",
    "Odds continue in whole steps beyond the table, n:1 above 6:1 and 1:n below 1:4, and the final odds are clamped to the table only at the end.",
    "The Ranged Attack modifier for what is in the target hex (three infantry companies give +3 in the rules' example, a lone MG nothing) is entered by the players with the RAT's other modifiers.",
    "An AT gun firing against an Assault adds 2, not 3: the adjacent and Assault modifiers do not add up.",
    "An AT gun in the defender's hex may fire once against each Assault that includes armor, besides its one AT Fire in the Combat Phase.",
    "When the Artillery Park halves the Soviet 76mm ammo, the amount lost is rounded down, so 7 ammo loses 3 and keeps 4.",
    "A Night Raid's ratio uses every strength rule of 8.2 (boxed doubling, halving on a frozen lake or across a bridge, armor at night, retreated units), but none of 8.3's column shifts: only the FNRT's shift applies.",
    "Raiders under Skull markers roll the Sub-Zero Loss Table one by one, as units under a Night Raid marker do; other Skull stacks roll once per stack.",
    "Armor at night is halved per stack, rounding down, before the halving of attackers on a frozen lake or across a bridge, which rounds up.",
    "The Finnish submachine gun bonus is one column, and its \"town\" is a village hex.",
    "When everyone in a combat is on a frozen lake, the one column in the Finns' favour is a right shift when they attack and a left shift when they defend.",
    "If a defending hex ever counts no strength at all, the attack reads the CRT's highest column.",
    "The 354th Regiment's return turn counts from the current game turn, even when it fired in defence during the other player's turn.",
    "Who plays first may change from turn to turn (a scenario or a change of stance); the umpire sets it for the turn, and the next turn goes back to the scenario's first player.",
    "Which turns are night turns, each turn's line of sight, ammo, replacement points, morale side and armor cost come from the Turn Track the players enter.",
    "The garbled copy of the sequence of play card at the end of our text is ignored; the sequence is the one rule 3.0 gives.",
    "The turn from which the Soviets decide on committing armor (turn 6 in the campaign) is a setting, as scenarios may number turns differently.",
    "Finnish units earn a Skull only by taking part in a Combat, an Assault or a Night Raid; support fire, being attacked and moving do not.",
    "Replacement points spent to reconstitute a company for a later turn are paid in this turn's Reset Phase.",
    "The Victory Check Phase is ended by the first player (or the umpire) once the scenario's conditions have been checked.",
    "In a Combat a side made only of armor may leave its losses untaken, and as attacker it need not take a first step; in a mixed stack the other units must take the losses, steps put on armor count, and armor retreats only if its owner names it.",
    "The Hotel's ignored first loss covers engineers too, since 12.6 treats the engineer platoon as infantry in every respect.",
    "A unit that has lost a step is marked reduced and uses the reduced CS, MA and RAS entered for it; a unit with no reduced values entered keeps its printed ones.",
    "MGs, infantry and other direct-fire units do not flip to a Fired side: they are marked for the Combat Phase in which they fired, so each may fire once in its own phase and once more as defensive support in the enemy's.",
    "Pajari named among Night Raid raiders is not one of the three companies; he adds 2 to the FNRT, owes no loss of the raid and does not roll for the cold.",
    "A Ranged Attack total of 17 or more costs at least one step; how many more the higher bands cost is read on the RAT the players enter.",
    "Whether a company taking a replacement point is in supply, and how far a raid's target lies from the Finns, are the players' checks on the map; the server applies the rest.",
    "Off-map artillery carries its calibre: 76mm units spend ammo, the larger calibres are the 354th Regiment the Artillery Park's event (a) removes, and the other 76mm battalions wait on the Turn Track box five turns ahead.",
    "The CRT's columns are 1:4, 1:3, 1:2, 1:1, 2:1, 3:1, 4:1, 5:1 and 6:1 unless the CRT the players enter says otherwise; the 5:1 column is our inference.",
    "A stack's roll for the cold costs steps to the units in its hex that had to roll, Soviets not under a Bonfire and Finns under a Skull; units under the Bonfire, off-map artillery and Pajari share none of them.",
    "Rolling the FNRT for a raid resolved on the players' own map spends the night's one Night Raid, as a raid resolved against the roster does.",
    "Day two, from which the Provisional Company may come, begins with the turn after the first night turn; a Soviet unit counts as having reached column I when the roster shows it there at any time, and the company is the Finnish infantry company marked as a Variable Reinforcement.",
    "Whether Pajari and the Provisional Company are in supply and clear of enemy ZOCs is the Finnish player's check; on a campaign without a map, so is Pajari's distance from Lutikkamökki.",
    "The Hotel is the hex of the place called hotel on the campaign's map, wherever the map puts it; a map without that place has no Hotel, and a campaign without a map uses the rule book's M16.",
    "A reinforcement held back, by choice or because an enemy unit holds its entry hex, waits in the Turn Track box of its new turn, and its owner brings it on then as a normal reinforcement; where on the map edge a delayed unit enters is the players' check.",
    "A reconstituted company comes back from the dead pool without the markers it fell with; only infantry that was eliminated, not removed from the game, comes back, and whether it was in supply when it fell, and whether its new hex puts it in supply, are the players' checks.",
    "The Victory Point bid (17.0.2) is made from the sides the players already hold: each seals, while the sides set up, what it would give to keep its side; the higher bid keeps it, the other side gets that many points, and equal bids go again.",
    "The 718th Regiment's units arrive on X1 by their scenario entry, and the turn 4 infantry's -2 MP is printed on the counters: the server counts no movement points and keeps no other unit off X1, so the players keep both (13.1.1).",
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_reading_is_one_sentence_in_our_words() {
        assert!(READINGS.len() >= 22);
        for reading in READINGS {
            assert!(reading.ends_with('.'), "{reading}");
            assert!(!reading.contains('\n'), "{reading}");
            assert!(reading.chars().count() < 300, "{reading}");
        }
    }
}
