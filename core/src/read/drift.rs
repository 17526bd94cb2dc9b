//! What a quarantine record tells of a format's drift: the client version the log names, and the
//! *shape* of the line not understood, with what changes from hand to hand masked, so that the
//! records of one new line group into one count (`soko quarantine --by reason`).
//!
//! The shape is the line the record names (the hand's first line where it names none), with the
//! names the hand's seats give masked as `<name>`, quoted text (a table's name, a chat line) as
//! `<text>`, cards as `<card>`, money (an amount with a currency symbol or code, a decimal or a
//! thousands separator) as `<amount>` and every other number as `N`:
//! `Seat 3: Pläyer (1,234.56 in chips)` → `Seat N: <name> (<amount> in chips)`. A record with no
//! text (a file that could not be read) takes the shape of its reason.

use super::values::SYMBOLS;

/// Where a log names its client's version, by format: the text before it and the text after it
/// (or the end of its line).
const VERSIONS: [(&str, &str, &str); 2] = [
    // iPoker's session header: `<client_version>21.9.2.9</client_version>`.
    ("ipoker", "<client_version>", "</client_version>"),
    // Bovada's (Bodog's) second line: `Table Info: Version: 1, Type: MVS, ...`.
    ("bovada", "Table Info: Version: ", ","),
];

/// The longest shape kept, in characters.
pub const SHAPE_CHARS: usize = 240;

/// The drift fields of one quarantine record.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Drift {
    pub client_version: Option<String>,
    pub shape: String,
}

/// The drift fields of a record of `format` (None: no format was found) with text `raw`, whose
/// reason names the line `offset` lines after the first (0: the first, or no other).
pub fn drift(format: Option<&str>, raw: &str, offset: usize, reason: &str) -> Drift {
    let client_version = format.and_then(|f| client_version(f, raw));
    let line = raw.lines().nth(offset).map(str::trim).unwrap_or("");
    let shape = if line.is_empty() {
        shape(without_line(reason), &[])
    } else {
        shape(line, &seat_names(raw))
    };
    Drift {
        client_version,
        shape,
    }
}

/// A reason without the `line N: ` the store puts before it when it names another line.
fn without_line(reason: &str) -> &str {
    let Some(rest) = reason.strip_prefix("line ") else {
        return reason;
    };
    let digits = rest.bytes().take_while(u8::is_ascii_digit).count();
    match rest[digits..].strip_prefix(": ") {
        Some(after) if digits > 0 => after,
        _ => reason,
    }
}

/// The client version a log of `format` names in `raw`, if it names one.
pub fn client_version(format: &str, raw: &str) -> Option<String> {
    let (_, before, after) = VERSIONS.iter().find(|(f, _, _)| *f == format)?;
    let start = raw.find(before)? + before.len();
    let rest = &raw[start..];
    let end = [rest.find(after), rest.find('\n')]
        .into_iter()
        .flatten()
        .min()
        .unwrap_or(rest.len());
    let version = rest[..end].trim();
    (!version.is_empty()).then(|| version.to_string())
}

/// The players a hand's text seats: `Seat N: NAME (...)` (and a Bovada `NAME [ME]` without its
/// mark), an XML `name="NAME"` or `player="NAME"`, iPoker's `<nickname>NAME</nickname>`; longest
/// first, so that a name is masked before a shorter one inside it.
pub fn seat_names(raw: &str) -> Vec<&str> {
    let mut names: Vec<&str> = Vec::new();
    for line in raw.lines() {
        let line = line.trim();
        if let Some(name) = seated(line) {
            names.push(name);
            if let Some(bare) = name.strip_suffix(" [ME]") {
                names.push(bare.trim_end());
            }
        }
        for mark in ["name=\"", "player=\""] {
            names.extend(values_after(line, mark, "\""));
        }
        names.extend(values_after(line, "<nickname>", "</nickname>"));
    }
    names.retain(|n| !n.trim().is_empty());
    names.sort_by_key(|n| std::cmp::Reverse(n.len()));
    names.dedup();
    names
}

/// The name of a `Seat N: NAME (` line.
fn seated(line: &str) -> Option<&str> {
    let rest = line.strip_prefix("Seat ")?;
    let digits = rest.bytes().take_while(u8::is_ascii_digit).count();
    let rest = rest[digits..].strip_prefix(": ").filter(|_| digits > 0)?;
    let end = rest.find(" (")?;
    Some(rest[..end].trim())
}

/// Every text between `before` and the next `after` in a line.
fn values_after<'a>(line: &'a str, before: &str, after: &str) -> Vec<&'a str> {
    let mut found = Vec::new();
    let mut rest = line;
    while let Some(at) = rest.find(before) {
        let from = &rest[at + before.len()..];
        let Some(end) = from.find(after) else { break };
        // `player="` also ends `<action ... player="`; a `name="` inside a longer attribute
        // (`tablename="`) names no player
        let boundary = rest[..at]
            .chars()
            .next_back()
            .is_none_or(|c| !c.is_alphanumeric() && c != '_');
        if boundary {
            found.push(&from[..end]);
        }
        rest = &from[end + after.len()..];
    }
    found
}

/// The shape of one line: `names` masked, then quoted text, cards, money and numbers (see the
/// module text); at most [`SHAPE_CHARS`] characters.
pub fn shape(line: &str, names: &[&str]) -> String {
    let masked = mask_names(line, names);
    let chars: Vec<char> = masked.chars().collect();
    let xml = line.trim_start().starts_with('<');
    let mut out = String::with_capacity(masked.len());
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        let before = i.checked_sub(1).map(|j| chars[j]);
        if !xml && (c == '"' || (c == '\'' && !before.is_some_and(char::is_alphanumeric))) {
            if let Some(end) = closing_quote(&chars, i) {
                out.push(c);
                out.push_str("<text>");
                out.push(c);
                i = end + 1;
                continue;
            }
        }
        if is_card(&chars, i) {
            out.push_str("<card>");
            i += 2;
            continue;
        }
        if let Some((end, money)) = number(&chars, i) {
            out.push_str(if money { "<amount>" } else { "N" });
            i = end;
            continue;
        }
        out.push(c);
        i += 1;
    }
    let out = out.trim_end();
    match out.char_indices().nth(SHAPE_CHARS) {
        Some((cut, _)) => format!("{}…", &out[..cut]),
        None => out.to_string(),
    }
}

fn word_char(c: Option<&char>) -> bool {
    c.is_some_and(|c| c.is_alphanumeric() || *c == '_')
}

/// The line with every whole occurrence of a name (not part of a longer word) as `<name>`.
fn mask_names(line: &str, names: &[&str]) -> String {
    let mut text = line.to_string();
    for name in names {
        let mut out = String::with_capacity(text.len());
        let mut rest = text.as_str();
        while let Some(at) = rest.find(name) {
            let end = at + name.len();
            let whole = !word_char(rest[..at].chars().next_back().as_ref())
                && !word_char(rest[end..].chars().next().as_ref());
            out.push_str(&rest[..at]);
            out.push_str(if whole { "<name>" } else { name });
            rest = &rest[end..];
        }
        out.push_str(rest);
        text = out;
    }
    text
}

/// Where the quote opened at `open` closes: the next same quote not followed by a letter.
fn closing_quote(chars: &[char], open: usize) -> Option<usize> {
    let quote = chars[open];
    (open + 1..chars.len())
        .find(|&j| chars[j] == quote && !word_char(chars.get(j + 1)))
        .filter(|&j| j > open + 1)
}

/// A card (`Ah`, `Td`) standing alone at `i`.
fn is_card(chars: &[char], i: usize) -> bool {
    let rank = chars[i];
    let suit = chars.get(i + 1).copied();
    "23456789TJQKA".contains(rank)
        && suit.is_some_and(|s| "shdc".contains(s))
        && !word_char(i.checked_sub(1).map(|j| &chars[j]))
        && !word_char(chars.get(i + 2))
}

/// A number at `i` (with a currency symbol before it, or after it or a currency code, and the
/// separators between its digits): where it ends, and whether it is money.
fn number(chars: &[char], i: usize) -> Option<(usize, bool)> {
    let symbol = |c: Option<&char>| c.is_some_and(|c| SYMBOLS.iter().any(|(s, _)| s == c));
    let mut j = i;
    let mut money = false;
    if symbol(chars.get(j)) {
        j += 1;
        if chars.get(j) == Some(&' ') {
            j += 1;
        }
        money = true;
    }
    if !chars.get(j).is_some_and(char::is_ascii_digit) {
        return None;
    }
    while j < chars.len() {
        let separated = matches!(
            chars[j],
            '.' | ',' | '\'' | '\u{a0}' | '\u{202f}' | '\u{2009}'
        ) && chars.get(j + 1).is_some_and(char::is_ascii_digit);
        if separated {
            money = true;
        } else if !chars[j].is_ascii_digit() {
            break;
        }
        j += 1;
    }
    let space = usize::from(chars.get(j) == Some(&' '));
    if symbol(chars.get(j + space)) {
        return Some((j + space + 1, true));
    }
    let code: String = chars.iter().skip(j + space).take(3).collect();
    if SYMBOLS.iter().any(|(_, c)| *c == code) && !word_char(chars.get(j + space + 3)) {
        return Some((j + space + 3, true));
    }
    Some((j, money))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_seat_line_keeps_its_words_and_masks_the_rest() {
        let raw = "PokerStars Hand #1: Hold'em\nSeat 3: Pläyer (1,234.56 in chips)\n";
        let d = drift(Some("pokerstars"), raw, 1, "unknown line");
        assert_eq!(d.shape, "Seat N: <name> (<amount> in chips)");
        assert_eq!(d.client_version, None);
    }

    #[test]
    fn two_hands_of_one_new_line_have_one_shape() {
        let a = "Seat 1: Bob ($5 in chips)\nBob: uses time bank (30 s)";
        let b = "Seat 4: Zoë 99 ($12.50 in chips)\nZoë 99: uses time bank (5 s)";
        assert_eq!(drift(None, a, 1, "").shape, "<name>: uses time bank (N s)");
        assert_eq!(drift(None, a, 1, "").shape, drift(None, b, 1, "").shape);
    }

    #[test]
    fn money_cards_quotes_and_codes() {
        let names = ["Player0"];
        assert_eq!(
            shape("Player0 posts big blind [$20 USD].", &names),
            "<name> posts big blind [<amount>]."
        );
        assert_eq!(
            shape("Seat 2: Player0 ( 15\u{a0}788,50 $ )", &names),
            "Seat N: <name> ( <amount> )"
        );
        assert_eq!(
            shape("Table 'Alfeld 12' 6-max Seat #6 is the button", &[]),
            "Table '<text>' N-max Seat #N is the button"
        );
        assert_eq!(
            shape("Dealt to Player0 [Ah Td]", &names),
            "Dealt to <name> [<card> <card>]"
        );
        assert_eq!(
            shape("Player0 said, \"gl all\"", &names),
            "<name> said, \"<text>\""
        );
        assert_eq!(shape("Hero's 1500 chips", &[]), "Hero's N chips");
    }

    #[test]
    fn a_name_inside_a_longer_word_is_not_masked() {
        assert_eq!(shape("Al calls Alpha", &["Al"]), "<name> calls Alpha");
    }

    #[test]
    fn xml_names_and_the_client_version() {
        let raw = "<game gamecode=\"7\">\n<player seat=\"3\" name=\"P 3\" chips=\"$0.88\"/>\n\
                   <action no=\"1\" player=\"P 3\" type=\"99\" sum=\"$0.01\"/>\n</game>\n\
                   <session sessioncode=\"1\">\n<general>\n<client_version>21.9.2.9</client_version>";
        let d = drift(Some("ipoker"), raw, 2, "line 9: unknown action type 99");
        assert_eq!(
            d.shape,
            "<action no=\"N\" player=\"<name>\" type=\"N\" sum=\"<amount>\"/>"
        );
        assert_eq!(d.client_version.as_deref(), Some("21.9.2.9"));
        let bovada = "Bovada Hand #4 TBL#2 HOLDEM No Limit - 2021-03-11 22:58:57 UTC\n\
                      Table Info: Version: 1, Type: MVS, Stakes: $1-$2";
        assert_eq!(client_version("bovada", bovada).as_deref(), Some("1"));
        assert_eq!(client_version("pokerstars", bovada), None);
    }

    #[test]
    fn a_record_without_text_takes_the_shape_of_its_reason() {
        let d = drift(None, "", 0, "line 12: cannot read 3 members");
        assert_eq!(d.shape, "cannot read N members");
    }
}
