//! Our readings where the Winter War text is ambiguous or garbled, one sentence each.

/// Our readings, shown on the rules page.
pub const READINGS: &[&str] = &[
    "The game lasts 11 game turns, since both reinforcement schedules end at GT 11 and the air recycling rule speaks of a second-to-last turn (WW-A8).",
    "Which random events sit on which side's table is settled by the tables the players enter; we only keep each event's definition by name (WW-A1).",
    "The Soviet compensation for an Allied intervention is one unit of the player's choice, a 6-4-2 division or a 2-1-3 tank brigade (17.2, WW-A2).",
    "On an exchange in a fortification the defender loses units worth at least half its defence factors, while the attacker still loses attack factors at least equal to the defender's full original defence (14.2, WW-A3).",
    "When Accelerated Mobilization follows Germany Looks North, the delay is cancelled and Soviet reinforcements come on schedule while the Finns are still accelerated (17.3, WW-A4).",
    "Captured Equipment counts a blocked retreat after AW only when the Soviets were the attackers; after DP or DW it counts whoever attacked (24.4, WW-A5).",
    "Garbled cross-references are read as the rules they plainly mean, such as 12.2.2 for interdiction and 24.1 for laagers (WW-A6).",
    "The armored train attacks and defends alongside Finnish units, not Soviet ones as the text misprints (19.1, WW-A7).",
    "A combat percentage of exactly 49 uses the lowest column (14.0, WW-A9).",
    "Column shifts move from the column the percentage reads, already held within the table, as Example 2 shows (14.0, WW-A10).",
    "Finnish and volunteer air units recycled by an AR return two game turns later, as Soviet ones do (12.3, WW-A11).",
    "In the Historical scenario Timoshenko takes effect at the start of GT 5, before the Soviet Reinforcement Phase, so that turn's parenthesized units arrive (22.0, WW-A12).",
    "Infantry and shock corps count 3 divisional equivalents; divisions, tank and cavalry corps and the 8-3-2 artillery count 1; every brigade or regiment counts a third (15.3, WW-A13).",
    "The markers the Finnish Combat Phase removes from towns and cities are the interdiction markers, not unit suppression (12.2.2, WW-A14).",
    "Supply and suppression are kept apart: an unsupplied unit is suppressed, but an air attack can suppress a unit in supply (16.0, WW-A15).",
    "An attack on several hexes sums their defence factors and uses the single terrain shift most favourable to the defender (13.0, WW-A16).",
    "A suppressed unit with movement 1 moves 0 but may still make the one-hex minimum move (16.1, WW-A17).",
    "A unit \"supported\" for an amphibious or Arctic landing is in supply for that game turn (20.2, WW-A18).",
    "Red Fleet Sorties has no effect only when the Soviets already hold both the naval gunfire and the amphibious marker (17.3, WW-A19).",
    "An Allied intervention roll above the units left brings only those left (17.2, WW-A20).",
    "If Severe Climate finds fewer than three suppressed Soviet brigades or regiments, the Finns eliminate those there are and may break larger suppressed units into regiments to make up the count (17.3, WW-A21).",
    "Severe Climate sends both sides' available air units to the turn track (17.3, WW-A22).",
    "The \"patrols\" allowed north of the A Line are the 0-0-3 ski detachments, also called ski companies (18.1, 25.1.2, WW-A23, WW-A24).",
    "Leningrad holds six units of any type with no free detachment or static slot on top (18.2, WW-A25).",
    "Units made by breaking down a revealed or face-down unit keep its revealed or face-down state (24.2, WW-A26).",
    "Morale Check takes effect if the Soviets hold all six Mannerheim Line hexes or any Finnish city, either one being enough (17.3, WW-A27).",
    "Freeze rolled when the freeze is already in effect, or on GT 8 or later, has no effect (17.3, WW-A28).",
    "An air unit recycled on GT 10 or 11 is removed for good (12.3, WW-A29).",
    "The Soviet player cannot end the Soviet Combat Phase while a Finnish unit in supply and not suppressed, next to a Soviet unit that may attack, is unattacked; the umpire may, where terrain the server does not know stops the zone of control (9.1, 13.2, WW-A31).",
    "Each unit attacks once and each stack is attacked once in a Combat Phase; the Second Wave is a phase of its own, so its attacks come in addition (13.0, 13.3).",
    "In the Second Wave only shock corps (by type, or 24-15 factors) and the Soviet units in their hex attack, and a hex the campaign's map places north of the A Line is refused; while the group has not entered the A Line's hexes the players keep it (13.3).",
    "The Soviet advance into a hex vacated by a Finnish withdrawal is optional (19.1, WW-A32).",
    "Which hexes are Finland and which the Soviet Union is entered from the map, by the umpire or by both players entering the same list; whether a unit inside its enemy's country may be examined never depends on a marker its owner sets (24.2).",
    "Radio Intelligence is used in the Event Segment whose roll gave it, once for each time it came up in that roll, each time examining one to five hexes, and only under the fog of war (17.2, 24.2).",
    "Each side's random events are rolled on the server once in their own segment, so Radio Intelligence cannot be had without its roll (17.1).",
    "A declared combat is fought: no other combat may be declared and its phase may not end until it is resolved, so a declaration cannot be made only to look under the fog (14.0, 24.2).",
    "Only the phasing player declares combats, in its own Combat Phase or the Second Wave, and every attacking unit stands next to the defending hex; as the rules print no map, a hex one row away in its own column or within one row in a neighbouring column counts as next to it (13.0, 14.0).",
    "At the end of a Logistics Phase the phasing side's units on the map that are out of supply are Suppressed and those in supply lose their Suppressed marker; the other side's markers stay as they are (6.0, 15.0, 16.2).",
    "Who may attack is checked in the combat action itself: a unit with attack factor 0, in laager or static never attacks, and the units of one attack share one force, read from their flag (a Swedish flag counts as Finnish; no flag, the unit's side) (13.0, 13.2, 19.1).",
    "On EX against defenders in their own fortification the defender chooses which of its units to lose, worth at least half its defence factors rounded up, and the attacker still owes the full original defence (14.2).",
    "A static unit in a city ignores retreats, but a city is not a fortification: the parenthesized result and EX's half loss need the defender's own fortification (14.2, 14.3).",
    "A unit that owes part of an exchange may break down first, into the components 11.1 lists by its printed factors, and the losses are then chosen among them; the server keeps no counter mix, so the players leave out components the mix lacks (11.0, 11.3, 14.2).",
    "The players' random events come from roll-events; only the umpire records an event by hand, and only the Soviet player records a shock corps formed (17.1, 22.0).",
    "Volunteers start with four units to come, the three 2-2-2 brigades and the volunteer air unit, so the event takes effect until all four have come (17.2).",
    "A Morale Check reads how many Mannerheim Line hexes and whether a city in Finland the Soviets control as the rolling player enters them with the roll, which both sides read in the log (17.2).",
    "Red Fleet Sorties brings one naval marker each time it takes effect; after the second the Soviets hold both and the event has no effect (17.3).",
    "In the freeze a terrain shift entered under a name with river, lake or marsh in it no longer counts, Lake Ladoga's excepted; other terrain keeps its shift (21.1).",
    "Shock corps may be recorded as formed only once Timoshenko is in command, or in the same entry as his event (22.0 item 2).",
    "A freeze rolled before GT 8 removes the naval markers at once, as the GT 8 freeze does (21.1 item 4, 20.3).",
    "Units always in supply are known from the roster by type (HQ, ski detachment or battalion, armored train, air, naval) and the NKVD marker; at home means inside the countries entered for 24.2 (15.2, 15.4).",
    "On a campaign's map a suppressed unit ends its Movement Phase no further from where it began it than its halved movement reaches along roads at two hexes a point, or one hex; a longer move, in one go or in steps, is taken for the rail movement it may not use (10.0, 10.1, 16.1).",
    "The Finnish player states the combat result and the Soviet attack factors its blocked retreats eliminated when bringing in Captured Equipment, as the server does not know the zones of control; the unit must then have the factors 24.4 names (24.4).",
    "Units always in supply because of their hex (fortification, city, town, Soviet supply city) are left to the players, who do not mark them out of supply, since the roster knows no terrain (15.2, 15.4).",
    "Air missions are actions that roll and apply their result: DS and D1 suppress every enemy ground unit in the hex, D1 then owes one unit of the owner's choice (it may break down first), AA removes the air unit and AR puts it on the track (12.1.1, 12.3).",
    "A (DS) suppresses only in a clear or ice hex, as the player says when flying (the board fills it in from the map's terrain); in the freeze lake hexes other than Lake Ladoga, the Baltic ice and marsh count too (12.1.1, 21.1).",
    "A communication attack may strike any hex outside the Soviet Union the players call a Finnish town or city, since the map lists few of them; Interdiction keeps Finnish reinforcements out of the hex until the end of the Finnish Combat Phase, and rail movement is left to the players (12.2.2).",
    "The naval markers are not counted by kind: the Soviets may fire naval gunfire once in each Soviet Air & Naval Attack Phase and make one amphibious move in each Soviet Movement Phase, never in the freeze nor from GT 8 (20.1, 20.2, 20.3).",
    "Under the fog of war naval gunfire may be placed on a hex whose fortification unit the Soviets cannot see; the roll is made and only says whether a fortification unit there was eliminated (20.1, 24.2).",
    "A unit that made an amphibious move or a paratroop drop, landed or not, moves no more in that phase; the sea area and the coast are left to the players, the ten or six hexes are counted on the map (19.2, 20.2).",
    "The Allied intervention is rolled with its own action in the Finnish Event Segment whose roll gave it; the units come from the Finnish Allied-flag units off the map, in the order the player names, wait on the track and enter the Finnish reinforcements next game turn (17.2).",
    "Allied units that came through Sweden or Norway and are not in Finland's entered hexes when the Finnish Movement Phase ends are eliminated; without entered hexes the players do it (17.2).",
    "Every location that is not a hex of the map, a display, a box or the Turn Record Track, is off the map and hidden from the enemy (7.3).",
    "The Scandinavian arrival turns are rolled by the server in public as play begins, from the scenario's arrivals, since 24.7 rolls them at the beginning of the game; there is no roll to make later (24.7).",
];

#[cfg(test)]
mod tests {
    use super::READINGS;

    #[test]
    fn each_reading_is_one_sentence() {
        assert!(READINGS.len() >= 25);
        for reading in READINGS {
            assert!(reading.ends_with('.'), "{reading}");
            assert!(!reading.contains('\n'), "{reading}");
            assert!(reading.len() < 300, "{reading}");
        }
    }
}
