"""The Babel extraction method for the core's Rust sources (``say!`` templates: the finding messages)."""

from __future__ import annotations

import io
import re

import pytest
from babel.messages.extract import extract

from soko_analytics.i18n import catalogues
from soko_analytics.i18n.rust_extract import extract_rust, rust_templates, unescape
from soko_analytics.replay.findings import Arg, Code, Finding, Severity, fill

SOURCE = r'''
// say!("not a call: a comment")
/* say!("nor in a block /* nested */ comment") */
fn f(player: &str) -> Said {
    let s = "say!(\"not a call: a string\")";
    let c = '"';
    let q: &'static str = "x";
    // TRANSLATORS: the player is a name
    say!("{player} calls.", player)
}
fn g() {
    crate::say!(
        "{player} raises to {to}, all the others can put in; the full raise would be to \
         {low} (a raise\tstated \"so\").",
        player, to, low
    );
    say!(r#"raw "{x}" \n"#, x);
    resay!("not say");
}
'''


def test_unescape_reads_literals_as_rustc_does():
    assert unescape(r"a\nb\t\\\"\'\0") == "a\nb\t\\\"'\0"
    assert unescape("to \\\n     {low}") == "to {low}"
    assert unescape(r"\x41\u{e4}\u{1_F600}") == "A\u00e4\U0001F600"


def test_the_extractor_finds_the_calls_and_only_them():
    found = list(rust_templates(SOURCE, ("TRANSLATORS:",)))
    raise_ = ('{player} raises to {to}, all the others can put in; the full raise would be to {low} (a raise\tstated '
              '"so").')
    assert found == [(9, "{player} calls.", ["the player is a name"]), (12, raise_, []), (17, r'raw "{x}" \n', [])]


def test_it_is_a_babel_extraction_method():
    got = list(extract(extract_rust, io.BytesIO(SOURCE.encode()), keywords={"say": None},
                       comment_tags=("TRANSLATORS:",), strip_comment_tags=True))
    assert [(line, message) for line, message, _comments, _context in got][0] == (9, "{player} calls.")
    assert got[0][2] == ["the player is a name"]
    assert len(got) == 3


def test_the_core_templates_are_well_formed():
    """Every ``say!`` template of the core: braces balanced, each placeholder a name."""
    templates = catalogues.finding_templates()
    if not templates:
        pytest.skip("the core's sources are not beside the package")
    messages = [t for _file, _line, t, _comments in templates]
    assert len(set(messages)) > 60
    for template in messages:
        rest = re.sub(r"\{\{|\}\}|\{[a-z_][a-z0-9_]*\}", "", template)
        assert "{" not in rest and "}" not in rest, template


def test_the_catalogue_template_takes_the_findings_and_their_terms():
    without, with_findings = catalogues.template(include_findings=False), catalogues.template()
    assert not [m for m in without if m.context == "finding"]
    finding = {m.id for m in with_findings if m.context == "finding"}
    assert finding == {t for _file, _line, t, _comments in catalogues.finding_templates()}
    held = {(m.context, m.id) for m in with_findings}
    terms = {(context, word) for _file, _line, context, word in catalogues.core_terms()}
    assert ("holder", "the board") in terms and ("pot_error", "negative contribution") in terms
    assert terms <= held


def test_the_new_fields_stay_out_of_to_dict():
    f = Finding(Code.BET_SIZE, Severity.ERROR, "Aino calls 1.00.", template="{player} calls {amount}.",
                args=(Arg("player", "text", "Aino"), Arg("amount", "money", "1.00", (100, 2, ""))))
    assert set(f.to_dict()) == {"code", "severity", "message", "street", "action_index", "player", "expected",
                                "actual", "line"}
    assert f == Finding(Code.BET_SIZE, Severity.ERROR, "Aino calls 1.00.")
    assert f.said()["template"] == "{player} calls {amount}."
    assert fill(f.template or "", {a.name: a.english for a in f.args}) == "Aino calls 1.00."
    assert fill("{{x}} {a}", {"a": "1"}) == "{x} 1"
    assert Arg.from_core(["h", "hand", "a pair of Kings", ["a pair of {0}", [["ranks", "Kings"]]]]).data == (
        "a pair of {0}", (("ranks", "Kings"),))
