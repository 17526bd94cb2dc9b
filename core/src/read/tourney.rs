//! A tournament's lines in a hand, in the PokerStars family's wording (the site readers that
//! translate their logs write theirs this way, so one code path reads them all):
//!
//! - `X finished the tournament in 3rd place and received $12.34.`, `X finished the tournament in
//!   5th place` (no prize);
//! - `X wins the tournament and receives $45.00 - congratulations!` (first place);
//! - `X wins the $0.27 bounty for eliminating Y`, `X wins $18.75 for eliminating Y and their own
//!   bounty increases by ...`, `X wins $4.60 for splitting the elimination of Y and ...` (progressive
//!   knockouts: the part paid at once).
//!
//! The wording is data ([`FINISHES`], [`BOUNTIES`]); amounts stay as printed ([`crate::prizes`]
//! turns them into money).

use crate::model::Finish;

/// What follows a finish phrase.
#[derive(Clone, Copy)]
enum Says {
    /// `3rd place[ and received PRIZE.]`
    Place,
    /// `PRIZE - congratulations!`: the winner's.
    Won,
}

/// The phrases of a finish line after the player's name.
const FINISHES: [(&str, Says); 2] = [
    (" finished the tournament in ", Says::Place),
    (" wins the tournament and receives ", Says::Won),
];
/// `... place and received PRIZE.`
const RECEIVED: &str = " and received ";
/// `... PRIZE - congratulations!`
const CONGRATULATIONS: &str = " - congratulations";

/// The phrases after a bounty's amount (`X wins [the ]AMOUNT[ bounty]` before them).
const BOUNTIES: [&str; 2] = [" for eliminating ", " for splitting the elimination of "];
const WINS: &str = " wins ";

/// Whether a line may be a tournament line (a cheap test before [`read`]).
pub fn maybe(line: &str) -> bool {
    line.contains(" the tournament")
        || line.contains(" for eliminating ")
        || line.contains(" the elimination of ")
}

/// The finish or bounty a line tells, if it is one.
pub fn read(line: &str) -> Option<Finish> {
    let line = line.trim_end();
    for (phrase, says) in FINISHES {
        let Some(at) = line.find(phrase) else {
            continue;
        };
        let player = &line[..at];
        let rest = &line[at + phrase.len()..];
        if player.is_empty() {
            return None;
        }
        let (place, prize) = match says {
            Says::Place => {
                let digits = rest.bytes().take_while(u8::is_ascii_digit).count();
                let place = rest[..digits].parse().ok()?;
                let prize = rest.find(RECEIVED).map(|r| &rest[r + RECEIVED.len()..]);
                (place, prize)
            }
            Says::Won => {
                let end = rest.find(CONGRATULATIONS).unwrap_or(rest.len());
                (1, Some(&rest[..end]))
            }
        };
        let prize = prize
            .map(|p| p.trim().trim_end_matches('.').trim())
            .filter(|p| !p.is_empty());
        return Some(Finish {
            player: player.to_string(),
            place: Some(place),
            prize: prize.map(str::to_string),
            bounty: None,
        });
    }
    for phrase in BOUNTIES {
        let Some(at) = line.find(phrase) else {
            continue;
        };
        let head = &line[..at];
        let wins = head.rfind(WINS)?;
        let player = &head[..wins];
        let amount = head[wins + WINS.len()..].trim();
        let amount = amount.strip_prefix("the ").unwrap_or(amount);
        let amount = amount.strip_suffix(" bounty").unwrap_or(amount).trim();
        if player.is_empty() || amount.is_empty() {
            return None;
        }
        return Some(Finish {
            player: player.to_string(),
            place: None,
            prize: None,
            bounty: Some(amount.to_string()),
        });
    }
    None
}

/// `1st`, `2nd`, `3rd`, `4th`, `11th`, `22nd`: a place as the family writes it.
pub fn ordinal(place: u32) -> String {
    let suffix = match (place % 10, place % 100) {
        (_, 11..=13) => "th",
        (1, _) => "st",
        (2, _) => "nd",
        (3, _) => "rd",
        _ => "th",
    };
    format!("{place}{suffix}")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn finish(
        player: &str,
        place: Option<u32>,
        prize: Option<&str>,
        bounty: Option<&str>,
    ) -> Finish {
        Finish {
            player: player.into(),
            place,
            prize: prize.map(Into::into),
            bounty: bounty.map(Into::into),
        }
    }

    #[test]
    fn finishes_as_pokerstars_prints_them() {
        assert_eq!(
            read("Hero finished the tournament in 3rd place and received $1.94."),
            Some(finish("Hero", Some(3), Some("$1.94"), None))
        );
        assert_eq!(
            read("Lord Minge finished the tournament in 9th place"),
            Some(finish("Lord Minge", Some(9), None, None))
        );
        assert_eq!(
            read("craaaap finished the tournament in 3rd place and received ₹1520 .35."),
            Some(finish("craaaap", Some(3), Some("₹1520 .35"), None))
        );
        assert_eq!(
            read("Player0 wins the tournament and receives $2.80 - congratulations!"),
            Some(finish("Player0", Some(1), Some("$2.80"), None))
        );
    }

    #[test]
    fn bounties_plain_and_progressive() {
        assert_eq!(
            read("APTEM-89 wins the $0.27 bounty for eliminating Lord Minge"),
            Some(finish("APTEM-89", None, None, Some("$0.27")))
        );
        assert_eq!(
            read("Player3 wins $18.75 for eliminating Player4 and their own bounty increases by $18.75 to $56.25"),
            Some(finish("Player3", None, None, Some("$18.75")))
        );
        assert_eq!(
            read("Hero wins $4.60 for splitting the elimination of Frimble11 and their own bounty increases by $4.59 to $41.32"),
            Some(finish("Hero", None, None, Some("$4.60")))
        );
        assert_eq!(read("Hero: bets 20"), None);
        assert_eq!(read("Hero collected 200 from pot"), None);
    }

    #[test]
    fn ordinals() {
        let got: Vec<String> = [1, 2, 3, 4, 11, 12, 13, 21, 22, 101, 112]
            .map(ordinal)
            .to_vec();
        assert_eq!(
            got,
            [
                "1st", "2nd", "3rd", "4th", "11th", "12th", "13th", "21st", "22nd", "101st",
                "112th"
            ]
        );
    }
}
