//! The forms of partypoker's lines that are not one event: its seat lines, amounts in parentheses,
//! and the lines its Mac client glues together.

/// `Seat 9: name ( $3.57 USD )`, `seat1: name ( $664.25 USD )`: (seat, the rest).
pub(super) fn seat_line(line: &str) -> Option<(u64, &str)> {
    let rest = line
        .strip_prefix("Seat")
        .or_else(|| line.strip_prefix("seat"))?
        .trim_start();
    let (seat, rest) = rest.split_once(':')?;
    let seat = seat.trim().parse().ok()?;
    // a converted log's player statistics: `( $2.75 USD ) - VPIP: 21, ...`
    let rest = match rest.rfind(')') {
        Some(close) => &rest[..=close],
        None => rest,
    };
    rest.contains('(').then_some((seat, rest.trim()))
}

/// The inside of the first parentheses of `text`: `calls (0.02)` → `0.02`.
pub(super) fn parenthesized(text: &str) -> Option<&str> {
    let open = text.find('(')?;
    let close = text[open..].find(')')? + open;
    Some(text[open + 1..close].trim())
}

/// The Mac client glues some lines together: `Player3 is sitting outPlayer4 posts big blind`,
/// `... Queens.Player4 wins $27,36 USD ...`. The parts, each starting with its player.
pub(super) fn glued<'l>(line: &'l str, names: &[String]) -> Vec<&'l str> {
    let mut cuts = vec![0];
    for name in names {
        for (at, _) in line.match_indices(name.as_str()) {
            // what a glued line ends with: a full stop, a bracket, `is sitting out` (not the start of
            // a longer name: `xPlayer4 wins` is xPlayer4's)
            let before = &line[..at];
            let ended = before.ends_with(['.', ']', ')']) || before.ends_with(" is sitting out");
            let after = &line[at + name.len()..];
            let verb = [" wins ", " posts ", " does not show", " shows "]
                .iter()
                .any(|v| after.starts_with(v));
            if verb && ended {
                cuts.push(at);
            }
        }
    }
    cuts.sort_unstable();
    cuts.dedup();
    cuts.push(line.len());
    cuts.windows(2).map(|w| &line[w[0]..w[1]]).collect()
}
