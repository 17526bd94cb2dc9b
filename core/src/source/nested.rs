//! Archives in archives: a zip member that is a zip or a gzip, a gzip whose body is a zip, opened in
//! turn so that the hands inside are read, named `outer.zip:inner.zip:file.txt`.
//!
//! A nested archive is inflated (under the bound of the member it is: [`limit`]) into a temporary file
//! that lives as long as a member of it does, then listed as any file is. Nesting stops at
//! [`MAX_DEPTH`] archives, and all the nested archives of one file together are spooled to at most
//! [`MAX_MEMBER`] bytes, so neither deep nesting nor many inner archives can fill the disk.

use std::fs::File;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;

use super::{
    inflated_past, limit, listed, stopped_by, Body, Member, Problem, BLOCK, MAX_DEPTH, MAX_MEMBER,
};

/// A temporary file holding a nested archive, removed when the last member of it is dropped.
#[derive(Debug)]
pub struct Spooled(PathBuf);

impl Drop for Spooled {
    fn drop(&mut self) {
        std::fs::remove_file(&self.0).ok();
    }
}

/// What `path` holds at `depth` archives deep, each member that is an archive opened in turn; the bytes
/// spooled for the file so far are `spent`.
pub(super) fn members_at(
    path: &Path,
    label: &str,
    depth: usize,
    spool: Option<Arc<Spooled>>,
    spent: &mut u64,
) -> Result<Vec<Member>, Problem> {
    let mut out = Vec::new();
    for member in listed(path, label, spool.as_ref())? {
        if member.problem.is_some() || matches!(member.body, Body::Plain) || !is_archive(&member) {
            out.push(member);
        } else if depth >= MAX_DEPTH {
            let reason = format!(
                "an archive inside {MAX_DEPTH} archives; not read (archives are opened at most \
                 {MAX_DEPTH} deep)"
            );
            out.push(with_problem(member, Problem::unreadable(reason)));
        } else {
            out.extend(open_nested(member, depth, spent));
        }
    }
    Ok(out)
}

/// Whether a member's first bytes are a zip's or a gzip's.
fn is_archive(member: &Member) -> bool {
    let Ok(mut step) = member.open() else {
        return false;
    };
    let mut first = Vec::new();
    while first.len() < 4 {
        match step.read1(4 - first.len()) {
            Ok(more) if !more.is_empty() => first.extend_from_slice(&more),
            _ => break,
        }
    }
    first == b"PK\x03\x04" || first.starts_with(b"\x1f\x8b")
}

/// A member that must not be read, and why.
fn with_problem(mut member: Member, problem: Problem) -> Member {
    member.compressed = None;
    member.problem = Some(problem.reason);
    member.problem_kind = problem.kind;
    member
}

/// The members of a nested archive, and a member naming what stopped its spooling, if anything did.
fn open_nested(member: Member, depth: usize, spent: &mut u64) -> Vec<Member> {
    let (spooled, stopped) = match spool(&member, spent) {
        Ok(found) => found,
        Err(problem) => return vec![with_problem(member, problem)],
    };
    let path = spooled.0.clone();
    let mut found = match members_at(
        &path,
        &member.name,
        depth + 1,
        Some(Arc::new(spooled)),
        spent,
    ) {
        Ok(found) => found,
        Err(problem) => vec![with_problem(member.clone(), problem)],
    };
    found.extend(stopped.map(|problem| with_problem(member, problem)));
    found
}

/// A fresh temporary file's path.
fn temp_path() -> PathBuf {
    static COUNT: AtomicU64 = AtomicU64::new(0);
    let n = COUNT.fetch_add(1, Ordering::Relaxed);
    std::env::temp_dir().join(format!("soko-nested-{}-{n}", std::process::id()))
}

/// The member's bytes in a temporary file (as many as its bound and the file's budget allow), and what
/// stopped them before the end, if anything did.
fn spool(member: &Member, spent: &mut u64) -> Result<(Spooled, Option<Problem>), Problem> {
    let cannot = |err: std::io::Error| {
        Problem::unreadable(format!("a nested archive cannot be unpacked: {err}"))
    };
    let path = temp_path();
    let mut file = File::create_new(&path).map_err(cannot)?;
    let spooled = Spooled(path);
    let bound = limit(member.compressed).unwrap_or(MAX_MEMBER);
    let mut step = member.open().map_err(|err| stopped_by(&err, 0))?;
    let mut written = 0u64;
    loop {
        let data = match step.read1(BLOCK) {
            Ok(data) if data.is_empty() => return Ok((spooled, None)),
            Ok(data) => data,
            Err(err) => return Ok((spooled, Some(stopped_by(&err, written)))),
        };
        written += data.len() as u64;
        *spent += data.len() as u64;
        if written > bound || *spent > MAX_MEMBER {
            let past = if written > bound { bound } else { MAX_MEMBER };
            let problem = inflated_past(past, member.compressed.unwrap_or(0));
            return Ok((spooled, Some(problem)));
        }
        file.write_all(&data).map_err(cannot)?;
    }
}
