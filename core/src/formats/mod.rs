//! Every format the project reads, registered once: its name (the `--format` choice, the store's
//! `format` column), the site as messages name it, its files' extensions, how its start is recognised
//! ([`detect`]) and who reads it (a [`Dialect`] of the core). Python's
//! `parsers.FORMATS`, `--format`'s choices and the import's formats read by the core all come from here.

mod detect;
pub mod tail;

use crate::read::{
    Dialect, BOVADA, GGPOKER, IPOKER, PACIFIC, PARTY, PHH, POKERSTARS, SOKO, WINAMAX, WINNING,
};
use detect::Head;
use tail::Marks;

/// Sites that hide their players' names: a report groups their seat labels as one anonymous player.
pub struct Anonymous {
    /// The sites that write the format, as a report names their anonymous seats.
    pub sites: &'static str,
    /// A seat label stored under its hand (`UTG+2 #4328077653`), as a regular expression that Python's `re`
    /// and DuckDB's `regexp_matches` read alike.
    pub seat: &'static str,
}

/// One format.
pub struct Format {
    pub name: &'static str,
    /// The site (or format) as a message names it: `PokerStars`, `Sökö text`.
    pub site: &'static str,
    pub extensions: &'static [&'static str],
    /// Its score (0 to 1) for the start of a text.
    pub detect: fn(&Head) -> f64,
    /// The core's reader of the format (every format has one; PHH's reads a file whole).
    pub dialect: Option<&'static Dialect>,
    pub anonymous: Option<Anonymous>,
    /// What starts and ends its hands in a file still being written; None for a format read whole
    /// once the file is quiet (an iPoker game sits inside its session; a PHH file may be one hand).
    pub marks: Option<Marks>,
}

fn family_header(line: &str) -> bool {
    detect::family_header(line).is_some()
}

/// The PokerStars family's marks: its header line, and the blank line after the summary.
const FAMILY: Option<Marks> = Some(Marks {
    header: family_header,
    opening: None,
    end: Some(tail::summary_ended),
});

/// A site's own header line over the family's summary.
const fn summary_under(header: fn(&str) -> bool) -> Option<Marks> {
    Some(Marks {
        header,
        opening: None,
        end: Some(tail::summary_ended),
    })
}

const TEXT: &[&str] = &[".txt"];

/// The formats in the order detection tries them (the first of the best scores wins).
pub static FORMATS: [Format; 10] = [
    Format {
        name: "pokerstars",
        site: "PokerStars",
        extensions: TEXT,
        detect: detect::pokerstars,
        dialect: Some(&POKERSTARS),
        anonymous: None,
        marks: FAMILY,
    },
    Format {
        name: "ggpoker",
        site: "GGPoker",
        extensions: TEXT,
        detect: detect::ggpoker,
        dialect: Some(&GGPOKER),
        anonymous: None,
        marks: summary_under(detect::ggpoker_header),
    },
    Format {
        name: "bovada",
        site: "Bovada",
        extensions: TEXT,
        detect: detect::bovada,
        dialect: Some(&BOVADA),
        anonymous: Some(Anonymous {
            sites: "Bovada, Ignition, Bodog",
            seat: r"^(?:Dealer|Small Blind|Big Blind|UTG(?:\+[0-9]+)?|Seat\+[0-9]+) #[0-9]+$",
        }),
        marks: summary_under(detect::bovada_header),
    },
    Format {
        name: "888poker",
        site: "888poker",
        extensions: TEXT,
        detect: detect::pacific,
        dialect: Some(&PACIFIC),
        anonymous: None,
        marks: Some(Marks {
            header: detect::pacific_header,
            opening: None,
            end: Some(tail::pacific_ended),
        }),
    },
    Format {
        name: "winamax",
        site: "Winamax",
        extensions: TEXT,
        detect: detect::winamax,
        dialect: Some(&WINAMAX),
        anonymous: None,
        marks: summary_under(detect::winamax_header),
    },
    Format {
        name: "winning",
        site: "Winning",
        extensions: TEXT,
        detect: detect::winning,
        dialect: Some(&WINNING),
        anonymous: None,
        marks: Some(Marks {
            header: detect::winning_header,
            opening: None,
            end: Some(tail::winning_ended),
        }),
    },
    Format {
        name: "partypoker",
        site: "partypoker",
        extensions: TEXT,
        detect: detect::party,
        dialect: Some(&PARTY),
        anonymous: None,
        marks: Some(Marks {
            header: detect::party_header,
            opening: Some(detect::party_game_no),
            end: None,
        }),
    },
    Format {
        name: "ipoker",
        site: "iPoker",
        extensions: &[".xml", ".txt"],
        detect: detect::ipoker,
        dialect: Some(&IPOKER),
        anonymous: None,
        marks: None,
    },
    Format {
        name: "soko",
        site: "Sökö text",
        extensions: &[".txt", ".soko"],
        detect: detect::soko,
        dialect: Some(&SOKO),
        anonymous: None,
        marks: FAMILY,
    },
    Format {
        name: "phh",
        site: "PHH",
        extensions: &[".phh", ".phhs"],
        detect: detect::phh,
        dialect: Some(&PHH),
        anonymous: None,
        marks: None,
    },
];

/// The core's dialect of a format name (`pokerstars`, `soko`).
pub fn dialect(name: &str) -> Option<&'static Dialect> {
    format(name).and_then(|f| f.dialect)
}

/// The format of a name (`pokerstars`, `888poker`).
pub fn format(name: &str) -> Option<&'static Format> {
    FORMATS.iter().find(|f| f.name == name)
}

/// Every format's score for the start of a text, in the order of [`FORMATS`].
pub fn scores(text: &str) -> Vec<f64> {
    let head = Head::new(text);
    FORMATS.iter().map(|f| (f.detect)(&head)).collect()
}

/// The format of the start of a text: the first of the best scores (none passes 1, so the first to reach
/// it is the best); None when no format scores above 0.
pub fn detect(text: &str) -> Option<&'static Format> {
    let head = Head::new(text);
    let mut best: Option<(&Format, f64)> = None;
    for format in &FORMATS {
        let score = (format.detect)(&head);
        if score > best.map_or(0.0, |(_, top)| top) {
            best = Some((format, score));
            if score >= 1.0 {
                break;
            }
        }
    }
    best.map(|(format, _)| format)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_site_is_told_by_its_first_line() {
        let cases = [
            (
                "PokerStars Hand #1: Hold'em No Limit ($0.01/$0.02)",
                "pokerstars",
            ),
            (
                "Poker Hand #HD123: Hold'em No Limit ($0.01/$0.02)",
                "ggpoker",
            ),
            (
                "Bovada Hand #123 TBL#45 HOLDEM No Limit - 2020-01-01 00:00:00",
                "bovada",
            ),
            (
                "#Game No : 1\n***** 888poker Hand History for Game 1 *****",
                "888poker",
            ),
            (
                "Winamax Poker - CashGame - HandId: #1-2-3 - Holdem no limit (1€/2€)",
                "winamax",
            ),
            ("Game started at: 2016/8/8 16:26:41\nGame ID: 1", "winning"),
            ("Game #1 starts.\n\n#Game No : 1", "partypoker"),
            ("<session sessioncode=\"1\"><game gamecode=\"2\">", "ipoker"),
            ("Sökö Hand #1: Sökö Limit (€1/€2)", "soko"),
            ("variant = 'NT'\nactions = [\n", "phh"),
        ];
        for (text, name) in cases {
            assert_eq!(detect(text).map(|f| f.name), Some(name), "{text}");
        }
        assert!(detect("nothing here").is_none());
    }

    #[test]
    fn a_clone_scores_below_pokerstars_and_a_rules_line_is_soko() {
        let clone = scores("Full Tilt Poker Hand #1: Hold'em ($1/$2)");
        assert!((clone[0] - 0.8).abs() < 1e-9);
        let ruled = "PokerStars Hand #1: Hold'em ($1/$2)\nRules: soko-finnish\n";
        assert_eq!(detect(ruled).map(|f| f.name), Some("soko"));
    }
}
