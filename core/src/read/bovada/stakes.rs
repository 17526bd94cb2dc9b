//! A Bovada hand's stakes, which its header mostly does not give: the blinds posted (cash), the
//! level (tournaments), or, for stud, two and four bring-ins.

use super::scan::Scan;
use super::words::Units;
use super::Head;
use crate::model::Stakes;
use crate::read::errors::ReadError;
use crate::read::pystr::repr;
use crate::read::values::{symbol_code, MAX_AMOUNT};
use crate::say;

/// The forced bets of a hand: its (small, big) blinds (stud's: the small bet and the bring-in's
/// double) and the ante (stud's: the largest posted), from the header and the one pass over the
/// hand's lines.
pub fn forced_bets(
    head: &Head,
    scan: &Scan,
    units: &Units,
    stud: bool,
) -> Result<((i64, i64), Option<i64>), ReadError> {
    // every Bovada stud level brings in for two and a half antes: a hand whose bring-in is not
    // posted (all in, or sat out) has its antes
    let stud_ante = stud.then_some(scan.ante).flatten();
    let stud_bring_in = stud.then(|| scan.bring_in.flatten()).flatten();
    let stud_bring_in = stud_bring_in.or(stud_ante.map(|ante| ante * 5 / 2));
    let (small, big) = match head.level {
        // stud: bets of two and four bring-ins, an ante of the largest posted
        _ if stud => (None, 2 * stud_bring_in.unwrap_or(0)),
        Some((_, blinds)) => {
            let (small, big) = blinds.split_once('/').unwrap_or(("", blinds));
            (units.amount(small).ok(), units.amount(big)?)
        }
        None => posted_blinds(scan)?,
    };
    Ok(((small.unwrap_or(big / 2), big), stud_ante))
}

/// The hand's stakes (its blinds, or a fixed limit's bets: the big blind and twice it; stud's ante;
/// dollars in a cash game, chips in a tournament) and its (small, big) blinds.
pub fn stakes(
    head: &Head,
    scan: &Scan,
    units: &Units,
    stud: bool,
) -> Result<(Stakes, (i64, i64)), ReadError> {
    let ((small, big), ante) = forced_bets(head, scan, units, stud)?;
    let stake = |value: i64| {
        if value <= MAX_AMOUNT {
            return Ok(Some(value));
        }
        let text = units.money(value);
        Err(ReadError::malformed(say!(
            "{text} in the stakes is not an amount",
            text = repr(&text)
        ))
        .actual(text))
    };
    let cash = units.decimals > 0;
    let mut stakes = Stakes {
        decimals: units.decimals,
        currency: cash.then(|| symbol_code('$')).flatten().map(str::to_string),
        symbol: if cash { "$".to_string() } else { String::new() },
        ante,
        ..Stakes::default()
    };
    if head.structure == "Fixed Limit" {
        (stakes.small_bet, stakes.big_bet) = (stake(big)?, stake(2 * big)?);
    } else {
        (stakes.small_blind, stakes.big_blind) = (stake(small)?, stake(big)?);
    }
    Ok((stakes, (small, big)))
}

/// The small and big blinds a cash hand's players post (its header has no stakes).
fn posted_blinds(scan: &Scan) -> Result<(Option<i64>, i64), ReadError> {
    let (small, big) = scan.blinds.clone()?;
    // a big blind posted all in may be short: twice the small blind
    match big.or(small.map(|s| 2 * s)) {
        Some(big) => Ok((small, big)),
        None => Err(ReadError::malformed(say!(
            "no blind posted, and a Bovada cash header names no stakes"
        ))
        .expected("'Big Blind : Big blind $X'")),
    }
}
