//! The deterministic scorer ([`DeterministicScorer`]): the per-claim scoring loop — bounds,
//! claim types, item checks, direction words, action reports, content coverage,
//! localization and citations. Only items of the kinds a run scores are checked (a gating
//! profile's `item_kinds`; see `item_kind`); direction words go with `number`, action
//! reports with `action`; content coverage is no item kind and always applies.

use super::bounds;
use super::claim_type::{classify, requested_item};
use super::coverage::{absence_claim, mentioned_in_one_line, merge_close, uncovered_words};
use super::direction::{
    change_sign_conflict, direction_conflict, named_rank_conflict, superlative_conflict,
};
use super::evidence::Evidence;
use super::flags::{boolean_conflict, boolean_words, polar_conflict};
use super::items::{extract, month_day, re, Extracted, Item, ItemKind};
use super::numbers::{AnswerFacts, ClaimNumber};
use super::paraphrase::Reversal;
use super::{actions, records, Scorer, Stage2Config};
use crate::bm25::Bm25;
use crate::report::{Claim, ClaimStatus, ClaimType, EvidenceSpan, FlagKind, FlaggedSpan};
use crate::run::AgentRun;
use crate::text::{char_offset, segment};

/// The deterministic scorer.
pub struct DeterministicScorer {
    pub(super) cfg: Stage2Config,
}

impl DeterministicScorer {
    pub fn new(cfg: Stage2Config) -> Self {
        DeterministicScorer { cfg }
    }
}

impl Scorer for DeterministicScorer {
    fn name(&self) -> &'static str {
        "deterministic"
    }

    fn score(&self, run: &AgentRun, answer: &str) -> Vec<Claim> {
        self.score_bounded(run, answer, &[]).claims
    }

    fn score_bounded(&self, run: &AgentRun, answer: &str, kinds: &[ItemKind]) -> bounds::Scored {
        // A structured (JSON) answer is scored as labeled lines and tables; every offset of the
        // report is still the answer's.
        if let Some(rendered) = super::structured::render(answer) {
            let mut scored = self.score_bounded(run, &rendered.text, kinds);
            super::rewrite::remap(
                &mut scored.claims,
                &rendered,
                answer,
                super::rewrite::ClaimTexts::Rewritten,
            );
            return scored;
        }
        // Layout marks (a line's status symbol, a block quote's mark, no-break spaces) are
        // scored as the spaces they stand for; the report's texts are the answer's own.
        if let Some(normalized) = crate::text::layout_normalize(answer) {
            let mut scored = self.score_marked(run, &normalized, kinds);
            super::layout::remap(&mut scored.claims, &normalized, answer);
            return scored;
        }
        self.score_marked(run, answer, kinds)
    }
}

impl DeterministicScorer {
    /// [`Scorer::score_bounded`] of an answer without layout marks.
    fn score_marked(&self, run: &AgentRun, answer: &str, kinds: &[ItemKind]) -> bounds::Scored {
        // An answer written to be read aloud is scored in its written forms; every offset
        // and text of the report is the answer's own.
        // The time budget counts from here; the evidence is gathered once, for both (before
        // `score_text` bounds it).
        let started = std::time::Instant::now();
        let docs = run.evidence();
        let spoken = super::spoken::may_have_spoken_forms(answer)
            .then(|| {
                let evidence_lower = docs
                    .iter()
                    .map(|d| d.text.to_ascii_lowercase())
                    .collect::<Vec<_>>()
                    .join("\n");
                super::spoken::normalize(answer, &evidence_lower)
            })
            .flatten();
        match spoken {
            None => self.score_text(run, docs, answer, kinds, started),
            Some(spoken) => {
                let mut scored = self.score_text(run, docs, &spoken.text, kinds, started);
                super::rewrite::remap(
                    &mut scored.claims,
                    &spoken,
                    answer,
                    super::rewrite::ClaimTexts::Answers,
                );
                scored
            }
        }
    }
}

impl DeterministicScorer {
    /// Score `answer` against `docs`, the run's evidence ([`AgentRun::evidence`]), within the
    /// time budget counted from `started`.
    fn score_text(
        &self,
        run: &AgentRun,
        mut docs: Vec<crate::run::EvidenceDoc>,
        answer: &str,
        kinds: &[ItemKind],
        started: std::time::Instant,
    ) -> bounds::Scored {
        let b = self.cfg.bounds;
        let mut reached: Vec<bounds::BoundReached> = Vec::new();
        // Evidence beyond max_evidence_bytes (in run order) is not indexed.
        let mut budget = b.max_evidence_bytes;
        let total: usize = docs.iter().map(|d| d.text.len()).sum();
        if total > budget {
            for d in docs.iter_mut() {
                let keep = crate::text::floor_char_boundary(&d.text, budget);
                d.text.truncate(keep);
                budget -= keep;
            }
            docs.retain(|d| !d.text.is_empty());
            reached.push(bounds::BoundReached {
                bound: bounds::Bound::EvidenceBytes,
                note: format!(
                    "not checked: evidence beyond {} of {} bytes was not indexed (max_evidence_bytes); claims resting on it may be flagged as unsupported",
                    b.max_evidence_bytes, total
                ),
            });
        }
        let ev = Evidence::new(run, &docs, b.max_derived_values);
        let r = re();
        let mut claims = Vec::new();
        let units = segment(answer);
        // A letter's signature ("Warm regards,\nMember Services, …") states nothing.
        let signature = super::claim_type::signature_start(answer).unwrap_or(usize::MAX);
        let mut scored_units = 0usize;
        // Built on first use: claims whose items carry no evidence position.
        let mut index: Option<Bm25> = None;
        // Built on first use: the tool results' clauses ([`super::paraphrase`]).
        let mut paraphrases: Option<super::paraphrase::Index> = None;
        let facts = AnswerFacts::new(answer, &ev);
        // The JSON booleans a yes/no is judged by: not one whose word another result holds as
        // a value (`"yanked": false` on the versions listed before the agent's own yank, whose
        // result says `"status": "yanked"`) — the run's evidence then says both.
        let booleans: Vec<(String, bool)> = ev
            .booleans
            .iter()
            .filter(|(k, _)| !super::flags::word_held_as_value(&ev, k))
            .cloned()
            .collect();
        // Numbered citations beyond every source the run read ("[6]" of three search hits).
        let bad_citations = super::citations::out_of_range(answer, &ev);
        // Words of the answer looked up in the evidence as spelled (candidate names), once each.
        let spelled: std::cell::RefCell<std::collections::HashMap<String, bool>> =
            Default::default();
        for (unit, &(cs, ce)) in units.iter().enumerate() {
            if scored_units >= b.max_claims || started.elapsed() > b.time_budget {
                let (bound, why) = if scored_units >= b.max_claims {
                    (
                        bounds::Bound::Claims,
                        format!("max_claims = {}", b.max_claims),
                    )
                } else {
                    (
                        bounds::Bound::TimeBudget,
                        format!("time budget of {} ms per run", b.time_budget.as_millis()),
                    )
                };
                let from = char_offset(answer, cs);
                reached.push(bounds::BoundReached {
                    bound,
                    note: format!(
                        "not checked: {} of {} units of the answer, from character {from} on ({why})",
                        units.len() - unit,
                        units.len()
                    ),
                });
                break;
            }
            // An instruction after a colon ("These are safe cleanup candidates: remove the
            // checks first, then archive the flags.") is no claim: the unit ends at the colon.
            let ce = super::claim_type::before_instruction(&answer[cs..ce]).map_or(ce, |k| cs + k);
            let text = &answer[cs..ce];
            // A conversational opener ("Got it —", "Unfortunately,", "Great news,") before a
            // clause that states a number or a code is no talk: the clause is classified.
            let talk = r.non_factual.is_match(text) && !text.contains(|c: char| c.is_ascii_digit());
            let claim_type = if cs >= signature
                || talk
                || r.looked.is_match(text.trim())
                || !text.chars().any(char::is_alphanumeric)
            {
                ClaimType::Social
            } else {
                requested_item(answer, cs, ce).unwrap_or_else(|| classify(text))
            };
            if !claim_type.is_scored() {
                // A greeting, an instruction or an offer is no claim, but the name it addresses
                // and the references it points to are checked.
                if let Some(claim) = self.unscored_claim(answer, cs, ce, &ev, claim_type) {
                    claims.push(claim);
                }
                continue;
            }
            scored_units += 1;
            // The claim's checkable items.
            let Extracted {
                items,
                numbers,
                taken,
            } = extract(answer, cs, ce, &ev);

            // The records this claim names (its identifiers and names equal to a record's key),
            // and those each clause names: a value binds to the records of its own clause
            // ("#1613 … with 23 comments, followed by #1585 with 9"), else of the claim.
            let keys_index = ev
                .record_keys
                .get_or_init(|| records::key_index(&ev.records));
            // Dates name records too ("Your April 14–16 request was approved").
            let item_keys: Vec<(usize, usize, String)> = items
                .iter()
                .filter_map(|i| match i.kind {
                    ItemKind::Identifier | ItemKind::Entity => {
                        Some((i.start, i.end, records::key_of(&i.text)))
                    }
                    ItemKind::Date => month_day(&i.text)
                        .map(|(m, d)| (i.start, i.end, records::month_day_key(m, d))),
                    _ => None,
                })
                .filter(|k| !k.2.is_empty())
                .collect();
            let names_in = |from: usize, to: usize| {
                let mut keys: Vec<String> = item_keys
                    .iter()
                    .filter(|k| k.0 >= from && k.1 <= to)
                    .map(|k| k.2.clone())
                    .collect();
                keys.extend(records::candidate_keys(&answer[from..to], |w| {
                    *spelled.borrow_mut().entry(w.to_owned()).or_insert_with(|| {
                        docs.iter()
                            .any(|d| crate::stage1::contains_bounded(&d.text, w))
                    })
                }));
                records::named(&ev.records, keys_index, &keys)
            };
            let names = names_in(cs, ce);
            // Each clause's names, computed once for all the items in it.
            let mut clauses: Vec<((usize, usize), records::Named)> = Vec::new();
            let mut clause_names = |pos: usize| {
                let bounds = clause_bounds(answer, cs, ce, pos);
                if let Some((_, n)) = clauses.iter().find(|c| c.0 == bounds) {
                    return n.clone();
                }
                let local = names_in(bounds.0, bounds.1);
                let mut n = if local.named.is_empty() {
                    names.clone()
                } else {
                    local
                };
                // A clause that states two quantities compares them ("lower than Sushi
                // Kato's ($1.99 vs $3.99)"): the claim's other records may hold one of them.
                if facts.compares_in(bounds.0, bounds.1) {
                    for &r in &names.named {
                        if !n.named.contains(&r) {
                            n.named.push(r);
                        }
                    }
                }
                records::add_mentions(keys_index, &answer[bounds.0..bounds.1], &mut n);
                clauses.push((bounds, n.clone()));
                n
            };
            // Score.
            let mut score: f64 = 1.0;
            let mut contradicted = false;
            let mut flagged: Vec<FlaggedSpan> = Vec::new();
            let mut citations: Vec<EvidenceSpan> = Vec::new();
            let mut reasons: Vec<String> = Vec::new();
            let mut critical = false;
            let mut supported_items = 0usize;
            let mut supported_numbers = 0usize;
            let mut item_scores: Vec<f64> = Vec::new();
            // A claim-level finding over `answer[s..e]`: contradicted, at the given item score
            // (the unsupported score unless named), with its reason and flagged span.
            let unsupported_score = self.cfg.unsupported_score;
            macro_rules! conflict {
                ($s:expr, $e:expr, $why:expr, $kind:expr) => {
                    conflict!($s, $e, $why, $kind, unsupported_score)
                };
                ($s:expr, $e:expr, $why:expr, $kind:expr, $score:expr) => {{
                    let (s, e, why, item_score) = ($s, $e, $why, $score);
                    contradicted = true;
                    score = score.min(item_score);
                    item_scores.push(item_score);
                    reasons.push(format!("{why}: {:?}", &answer[s..e]));
                    flagged.push(span_flag(answer, s, e, why, $kind));
                }};
            }
            let all: Vec<(Item, Option<ClaimNumber>)> = items
                .into_iter()
                .map(|i| (i, None))
                .chain(numbers.into_iter().map(|(i, n)| (i, Some(n))))
                .collect();
            let mut out_of_time = false;
            for (item, num) in &all {
                // The time budget holds inside a claim too (one claim may hold thousands of
                // numbers): its remaining items are not checked.
                if started.elapsed() > b.time_budget {
                    out_of_time = true;
                    break;
                }
                critical |= matches!(
                    item.kind,
                    ItemKind::Identifier
                        | ItemKind::Number
                        | ItemKind::Time
                        | ItemKind::Date
                        | ItemKind::Entity
                        | ItemKind::Action
                );
                // A kind the run does not score: extracted (criticality, spans), not checked.
                if !item.kind.is_in(kinds) {
                    continue;
                }
                let item_names = clause_names(item.start);
                // An action verb is judged against the run's tool calls (their names,
                // descriptions and results; see [`actions`]), everything else against the
                // evidence.
                let o = if item.kind == ItemKind::Action {
                    super::check::Outcome {
                        supported: actions::listed_action_supported(
                            &item.text,
                            &answer[item.end..ce],
                            run,
                        ),
                        contradicted: false,
                        citation: None,
                    }
                } else {
                    self.check(&ev, answer, item, num.as_ref(), &facts, &item_names)
                };
                if o.supported {
                    supported_items += 1;
                    supported_numbers += usize::from(item.kind == ItemKind::Number);
                    if let Some((d, s, e)) = o.citation {
                        if citations.len() < self.cfg.max_citations {
                            let t = &docs[d].text;
                            let (s, e) = (s.min(t.len()), e.min(t.len()));
                            if t.is_char_boundary(s) && t.is_char_boundary(e) {
                                citations.push(EvidenceSpan {
                                    tool_call_id: docs[d].source.clone(),
                                    start: char_offset(t, s) as u32,
                                    end: char_offset(t, e) as u32,
                                    text: t[s..e].to_owned(),
                                });
                            }
                        }
                    }
                    continue;
                }
                let (item_score, why, kind) = match item.kind {
                    ItemKind::Identifier => (
                        self.cfg.fabricated_score,
                        "fabricated reference: not found in any tool result",
                        FlagKind::FabricatedReference,
                    ),
                    ItemKind::Number if o.contradicted => (
                        self.cfg.unsupported_score,
                        "number not supported by the evidence (conflicting values present)",
                        FlagKind::NumberConflict,
                    ),
                    ItemKind::Number => (
                        self.cfg.unsupported_score,
                        "number not found in the evidence nor derived from it",
                        FlagKind::NumberNotInEvidence,
                    ),
                    ItemKind::Time => (
                        self.cfg.unsupported_score,
                        "time not supported by the evidence",
                        FlagKind::TimeNotInEvidence,
                    ),
                    ItemKind::Date => (
                        self.cfg.unsupported_score,
                        "date not supported by the evidence",
                        FlagKind::DateNotInEvidence,
                    ),
                    ItemKind::Entity => (
                        self.cfg.unsupported_score,
                        "named entity not in evidence",
                        FlagKind::EntityNotInEvidence,
                    ),
                    ItemKind::Action => (
                        self.cfg.unsupported_score,
                        "claims an action no tool call performed",
                        FlagKind::UnperformedAction,
                    ),
                    ItemKind::State => (
                        self.cfg.unsupported_score,
                        "value contradicts the evidence",
                        FlagKind::StateConflict,
                    ),
                    ItemKind::Clause => (
                        self.cfg.unsupported_score,
                        "explanation not supported by the evidence",
                        FlagKind::UnsupportedExplanation,
                    ),
                };
                contradicted |= o.contradicted;
                score = score.min(item_score);
                item_scores.push(item_score);
                reasons.push(format!("{why}: {:?}", item.text));
                flagged.push(FlaggedSpan {
                    start: char_offset(answer, item.start) as u32,
                    end: char_offset(answer, item.end) as u32,
                    text: item.text.clone(),
                    reason: why.to_owned(),
                    kind,
                });
            }
            // Direction words against the answer's own numbers: "A is colder than B: 6°C versus
            // -2°C", "the least discussed … 39 comments, followed by … 30", "up from 893,311".
            let direction = ItemKind::Number
                .is_in(kinds)
                .then(|| {
                    direction_conflict(answer, cs, ce, &all)
                        .or_else(|| {
                            // The values of a field, or a ratio of two (cost per lead).
                            let fields = ev.fields.iter().chain(ev.ratio_columns());
                            superlative_conflict(answer, cs, ce, &all, fields, &facts.numbers)
                        })
                        .or_else(|| change_sign_conflict(answer, cs, &all, &ev.records))
                        .or_else(|| super::antecedent::antecedent_conflict(answer, cs, ce))
                })
                .flatten()
                .or_else(|| {
                    // A comparison of a value the answer states under a label elsewhere.
                    super::paraphrase::labeled_comparison_conflict(answer, text).map(|(s, e)| {
                        (
                            cs + s,
                            cs + e,
                            "comparison contradicts the value the answer states",
                        )
                    })
                })
                .or_else(|| {
                    // Without numbers, the records the claim names carry the values.
                    all.iter()
                        .all(|(_, n)| n.is_none())
                        .then(|| named_rank_conflict(answer, cs, ce, &names, &ev.records))
                        .flatten()
                });
            if let Some((s, e, why)) = direction {
                conflict!(s, e, why, FlagKind::DirectionConflict);
            }
            // A time said to be within or outside the window its sentence states, or placed the
            // wrong way round by the duration after it ("18:00, 15 min after you'd collect").
            if let Some((s, e, why)) = ItemKind::Time
                .is_in(kinds)
                .then(|| {
                    let times: Vec<&Item> = all.iter().map(|(i, _)| i).collect();
                    super::windows::window_conflict(answer, cs, ce, &times)
                        .or_else(|| super::check::placed_the_other_way(answer, cs, ce))
                })
                .flatten()
            {
                conflict!(s, e, why, FlagKind::DirectionConflict);
            }
            // A count of days said to be within or outside a period named by its length, and
            // two events set apart by days against the working written beside them.
            if let Some((s, e, why)) =
                super::windows::period_conflict(answer, cs, ce).or_else(|| {
                    ItemKind::Date
                        .is_in(kinds)
                        .then(|| super::dates::event_order_conflict(&ev, answer, cs, ce))
                        .flatten()
                })
            {
                conflict!(s, e, why, FlagKind::DirectionConflict);
            }
            // Date and time arithmetic the answer writes out ("March 27 + 9 days = April 2").
            if let Some((s, e, why)) = (ItemKind::Date.is_in(kinds) || ItemKind::Time.is_in(kinds))
                .then(|| {
                    let year = ev.run_day.map(|d| super::items::civil_from_days(d).0);
                    super::dates::working_conflict(answer, cs, ce, year)
                })
                .flatten()
            {
                let kind = if why.starts_with("time") {
                    FlagKind::TimeNotInEvidence
                } else {
                    FlagKind::DateNotInEvidence
                };
                conflict!(s, e, why, kind);
            }
            // A total equal to one of the parts the answer lists before it ("$79.99 plus
            // $15.00 and $6.00, so $79.99 in total").
            if let Some((s, e, why)) = ItemKind::Number
                .is_in(kinds)
                .then(|| super::totals::total_conflict(answer, cs, ce))
                .flatten()
            {
                conflict!(s, e, why, FlagKind::NumberConflict);
            }
            // A table's own arithmetic: a total row against its column, a change column
            // against the two values before it.
            if let Some((s, e, why)) = ItemKind::Number
                .is_in(kinds)
                .then(|| super::table_math::table_conflict(answer, cs, ce))
                .flatten()
            {
                conflict!(s, e, why, FlagKind::NumberConflict);
            }
            // A yes/no against the JSON boolean the claim names ("Autopay is off").
            if let Some((s, e)) = boolean_conflict(text, &booleans, &ev.keyed)
                .or_else(|| polar_conflict(text, &ev.polar))
            {
                let (s, e) = (cs + s, cs + e);
                let why = "yes/no contradicts the evidence";
                conflict!(s, e, why, FlagKind::StateConflict);
            }
            // A table row's cell against the record the row names ("| 100-hour inspection |
            // … | open |" of a task that is `complete`).
            if let Some((s, e)) = ItemKind::State
                .is_in(kinds)
                .then(|| {
                    super::cells::cell_conflict(answer, cs, ce, &ev.records).or_else(|| {
                        // A clause of a list item or sentence split off after its subject
                        // ("JetLink Rides — $80 per trip; on a waitlist only"): the records
                        // its line names before it.
                        let line_start = answer[..cs].rfind('\n').map_or(0, |i| i + 1);
                        let inherited;
                        let named = if names.anchored.is_empty() && line_start < cs {
                            inherited = names_in(line_start, cs);
                            &inherited
                        } else {
                            &names
                        };
                        super::cells::record_value_conflict(answer, cs, ce, &ev.records, named)
                    })
                })
                .flatten()
            {
                let why = "a value of another record of the list given to the one the claim names";
                conflict!(s, e, why, FlagKind::StateConflict);
            }
            // An expiry said to last until a date to come ("lapsed until 2027-06-28").
            if let Some((s, e)) = ItemKind::State
                .is_in(kinds)
                .then(|| super::dates::expired_until(answer, cs, ce, ev.run_day))
                .flatten()
            {
                let why = "an expiry stated up to a date to come (valid until then)";
                conflict!(s, e, why, FlagKind::StateConflict);
            }
            // A refusal stated as success beside its reason code ("was available
            // (`ALREADY_BOOKED`)").
            if let Some((s, e)) = ItemKind::State
                .is_in(kinds)
                .then(|| {
                    super::refusals::refusal_reported_as_success(answer, cs, ce, &ev.refusal_codes)
                })
                .flatten()
            {
                let why = "a refusal reported as its opposite beside its reason code";
                conflict!(s, e, why, FlagKind::StateConflict);
            }
            // A status stated right before its own code that names another ("pledge status
            // shipped (`charged`)").
            if let Some((s, e)) = super::code_gloss::status_code_conflict(&ev, answer, cs, ce) {
                let why = "a status stated beside a code that names another";
                conflict!(s, e, why, FlagKind::StateConflict);
            }
            // A negation or relation word reversed against the tool-result line the claim
            // paraphrases ("… is recommended" of "… is not recommended").
            if flagged.is_empty() && claim_type == ClaimType::Assertion {
                let idx = paraphrases
                    .get_or_insert_with(|| super::paraphrase::Index::new(&docs, &ev.value_texts));
                let found = idx
                    .conflict(text)
                    .filter(|&(s, e, _)| {
                        super::paraphrase::labeled_comparison(answer, text, s, e) != Some(true)
                    })
                    .or_else(|| idx.reversed_consequence(text))
                    .filter(|(_, _, k)| match k {
                        Reversal::Relation => ItemKind::Number.is_in(kinds),
                        Reversal::Negation => ItemKind::State.is_in(kinds),
                    });
                if let Some((s, e, k)) = found {
                    let (s, e) = (cs + s, cs + e);
                    let (why, kind) = match k {
                        Reversal::Relation => (
                            "relation reversed against the tool-result line the claim paraphrases",
                            FlagKind::DirectionConflict,
                        ),
                        Reversal::Negation => (
                            "negation reversed against the tool-result line the claim paraphrases",
                            FlagKind::StateConflict,
                        ),
                    };
                    conflict!(s, e, why, kind);
                }
            }
            // An action report whose verb no tool call of the run performed ("I've asked the
            // carrier …" with only lookups made). Reports the action regex already checked are
            // not checked twice.
            if claim_type == ClaimType::ActionReport
                && ItemKind::Action.is_in(kinds)
                && !all.iter().any(|(i, _)| i.kind == ItemKind::Action)
            {
                if let Some((vs, ve)) = actions::action_verb(text) {
                    let verb = &text[vs..ve];
                    if !actions::action_supported(verb, run)
                        && !actions::object_names_a_write(verb, &text[ve..], run)
                        && !actions::object_names_an_option(&text[ve..], run)
                        && !actions::booked_by_a_write(verb, &text[ve..], run)
                    {
                        let (s, e) = (cs + vs, cs + ve);
                        let why = "claims an action no tool call performed";
                        score = score.min(self.cfg.unsupported_score);
                        item_scores.push(self.cfg.unsupported_score);
                        reasons.push(format!("{why}: {verb:?}"));
                        flagged.push(span_flag(answer, s, e, why, FlagKind::UnperformedAction));
                    }
                }
            }
            for &(s, e) in bad_citations.iter().filter(|(s, e)| cs <= *s && *e <= ce) {
                let why =
                    "fabricated reference: cites a source number beyond every source the run read";
                conflict!(
                    s,
                    e,
                    why,
                    FlagKind::FabricatedReference,
                    self.cfg.fabricated_score
                );
            }
            // Content coverage: a claim whose items all check out (or that has none) but whose
            // content words are largely absent from the evidence is an unsupported addition.
            // Action reports are checked against the tool calls, not for wording.
            // A claim whose several quantities all check out is a computation over the
            // evidence ("would cost about $16.50, versus $10.80 off-peak — a saving of $5.70"):
            // its other words are the arithmetic's, not content the evidence must hold.
            // On structured evidence (JSON, whose answers verbalize field names) only a claim
            // that checks nothing against it — no value, name or date — is judged, and only by
            // a clear majority of absent words (an inserted generalization: "Trains on this
            // line are usually busiest on Friday afternoons").
            // Not a negative claim ("No payment has been issued yet": what the data lacks is
            // said in words it cannot hold) nor a condition ("If the ring is worth more, …").
            let structured_judged = !ev.prose
                && all.is_empty()
                && !negates(text)
                && !modal(text)
                && !text.split_whitespace().next().is_some_and(|w| {
                    matches!(
                        w.to_ascii_lowercase().as_str(),
                        "if" | "unless" | "once" | "when" | "whenever"
                    )
                });
            if flagged.is_empty()
                && (ev.prose && !modal(text) || structured_judged)
                && self.cfg.coverage_min_words > 0
                && claim_type == ClaimType::Assertion
                && supported_numbers < 2
            {
                // What a claim says the evidence lacks is not content it must hold; when the
                // evidence does say it, the claim is contradicted.
                let mut taken = taken.clone();
                // A condition put to the user ("…, if you want the full tariff text") states
                // nothing about the evidence.
                if let Some(at) = text.to_ascii_lowercase().find("if you") {
                    let end = text[at..]
                        .find(['.', ';', '!', '?'])
                        .map_or(text.len(), |e| at + e);
                    taken.push((cs + at, cs + end));
                }
                // A table's header row names its columns in the answer's own words ("| Bay |
                // Downtime (min) | Availability |" above "|---|---|---|").
                if text.trim_start().starts_with('|') && table_rule_follows(answer, ce) {
                    taken.push((cs, ce));
                }
                // A leading label ("**How often:** …", "### Paying after the deadline") names
                // what follows in the answer's own words.
                if let Some((ls, le)) = super::claim_type::label_span(text) {
                    taken.push((cs + ls, cs + le));
                }
                // A lead-in to a list ("A couple of practical points:", "If it's paid
                // late:") and a summary of what was said ("So in short: …") restate or
                // announce claims judged on their own; their items are still checked.
                let lower_trim = text.trim().to_ascii_lowercase().replace('’', "'");
                // A letter's subject line ("Re: Data processing agreement — …", "Subject: …")
                // names the topic; its items are still checked.
                let subject_line = ["re:", "subject:"].iter().any(|m| {
                    lower_trim
                        .trim_start_matches(['*', '#', ' '])
                        .starts_with(m)
                });
                if subject_line
                    || lower_trim.ends_with(':')
                    || SUMMARY_MARKERS.iter().any(|m| {
                        lower_trim.starts_with(m)
                            && lower_trim[m.len()..].starts_with([':', ',', ' '])
                    })
                {
                    taken.push((cs, ce));
                }
                // A concessive lead ("Whichever you choose, …", "Whatever you decide, …")
                // puts the user's choice aside; the rest of the sentence is the claim.
                let first = lower_trim.split_whitespace().next().unwrap_or("");
                if matches!(first, "whichever" | "whatever" | "whenever" | "wherever") {
                    if let Some(comma) = text.find(',') {
                        taken.push((cs, cs + comma));
                    }
                }
                // What the user and the agent did earlier in the conversation ("the
                // appointment we looked up a moment ago", "the plan you picked"): the
                // conversation's own history, not content the tool results hold.
                for m in re().own_past.find_iter(text) {
                    taken.push((cs + m.start(), cs + m.end()));
                }
                // The agent's own recommendation ("…, but worth topping up", "so it's best not
                // to wait") is advice, not a fact the evidence holds.
                for m in re().advice.find_iter(text) {
                    taken.push((cs + m.start(), cs + m.end()));
                }
                // The agent's account of its own working ("That's calculated from the word
                // counts in each match band") is about the answer; its items are still checked.
                for m in re().own_working.find_iter(text) {
                    taken.push((cs + m.start(), cs + m.end()));
                }
                // A note naming the evidence field a figure comes from ("ROAS uses the
                // attributed `revenue` field", "Visits are the `visits` field"): the clause is
                // about the answer's method; the field's name is still checked as an identifier.
                for (s, e) in field_notes(text, &ev) {
                    taken.push((cs + s, cs + e));
                }
                // Conjunctions and prepositions of several words carry no content ("as long
                // as they're added at the counter").
                let lower = text.to_ascii_lowercase();
                for phrase in FUNCTION_PHRASES {
                    for (at, _) in lower.match_indices(phrase) {
                        taken.push((cs + at, cs + at + phrase.len()));
                    }
                }
                if let Some((at, verb_end, object_end)) = absence_claim(text) {
                    if mentioned_in_one_line(&ev, &text[verb_end..object_end]) {
                        let why = "the evidence does state what the claim says it lacks";
                        contradicted = true;
                        score = score.min(self.cfg.unsupported_score);
                        item_scores.push(self.cfg.unsupported_score);
                        reasons.push(why.into());
                        flagged.push(span_flag(answer, cs + at, ce, why, FlagKind::StateConflict));
                    }
                    taken.push((cs + at, ce));
                }
                taken.extend(
                    boolean_words(text, &ev.booleans)
                        .into_iter()
                        .map(|(s, e)| (cs + s, cs + e)),
                );
                let mut missing = uncovered_words(&ev, answer, cs, ce, &taken);
                // Code spans name things (`mart.subscription_month`, `hens_current`): they are
                // checked as identifiers; their words count as content but are never missing.
                let mut code: Vec<(usize, usize)> = Vec::new();
                let mut tick = text.match_indices('`').map(|(i, _)| cs + i);
                while let (Some(a), Some(b)) = (tick.next(), tick.next()) {
                    code.push((a, b));
                }
                missing
                    .missing
                    .retain(|&(s, e)| !code.iter().any(|&(a, b)| a < s && e <= b));
                // Absent words needed: a share of the claim's content words, at least one and
                // at most `coverage_min_words` (long claims paraphrase more; a short factoid
                // answer with one unsupported word is unsupported).
                let need = if ev.prose && ev.records_present && supported_items > 0 {
                    // A claim anchored on values the run's records hold restates them: the words
                    // around those values are the answer's own framing ("past the free period",
                    // "was fine", "shorter than the pet window"), so the absent words must make
                    // up this share of its content, the supported items counted as content.
                    ((missing.content + supported_items) as f64 * self.cfg.coverage_anchored_share)
                        .ceil() as usize
                } else if ev.prose {
                    ((missing.content as f64 * self.cfg.coverage_min_share).ceil() as usize)
                        .clamp(1, self.cfg.coverage_min_words)
                } else if missing.content >= 5 {
                    (missing.content * 3).div_ceil(5).max(3)
                } else {
                    usize::MAX
                };
                if missing.content > 0 && missing.missing.len() >= need {
                    let why = "not supported by the evidence: content words absent from every tool result";
                    score = score.min(self.cfg.unsupported_score);
                    item_scores.push(self.cfg.unsupported_score);
                    let words: Vec<&str> = missing
                        .missing
                        .iter()
                        .map(|&(s, e)| &answer[s..e])
                        .collect();
                    reasons.push(format!("{why}: {}", words.join(", ")));
                    for (s, e) in merge_close(answer, &missing.missing) {
                        flagged.push(span_flag(answer, s, e, why, FlagKind::ContentNotCovered));
                    }
                }
            }
            // An action no tool performed makes the whole commitment the hallucination.
            let unperformed_action = flagged
                .iter()
                .any(|f| f.kind == FlagKind::UnperformedAction);
            let status = if score >= 1.0 {
                ClaimStatus::Supported
            } else if contradicted {
                ClaimStatus::Contradicted
            } else {
                ClaimStatus::Unsupported
            };
            // Localization: a claim in which nothing is supported and nothing contradicts the
            // evidence (or is a number nothing places), or that claims an unperformed action, is
            // unsupported as a whole (an
            // inserted sentence, a commitment); otherwise the claim narrows to the offending substrings —
            // all of them when they sit together, else the most severe one.
            // A number nothing places, where the evidence has numbers, is as located as a
            // contradicted one (evidence without any number leaves the claim whole: an inserted
            // sentence).
            let located = contradicted
                || !ev.numbers.is_empty()
                    && flagged
                        .iter()
                        .any(|f| f.kind == FlagKind::NumberNotInEvidence);
            let (start, end) =
                if flagged.is_empty() || (supported_items == 0 && !located) || unperformed_action {
                    (
                        char_offset(answer, cs) as u32,
                        char_offset(answer, ce) as u32,
                    )
                } else {
                    let lo = flagged.iter().map(|f| f.start).min().unwrap_or(0);
                    let hi = flagged.iter().map(|f| f.end).max().unwrap_or(0);
                    let covered: u32 = flagged.iter().map(|f| f.end - f.start).sum();
                    if hi - lo <= 2 * covered {
                        (lo, hi)
                    } else {
                        let worst = item_scores
                            .iter()
                            .enumerate()
                            .min_by(|a, b| a.1.total_cmp(b.1))
                            .map_or(0, |(i, _)| i);
                        (flagged[worst].start, flagged[worst].end)
                    }
                };
            if citations.is_empty()
                && status == ClaimStatus::Supported
                && self.cfg.max_citations > 0
            {
                let idx = index.get_or_insert_with(|| {
                    Bm25::new(&docs.iter().map(|d| d.text.as_str()).collect::<Vec<_>>())
                });
                if let Some((c, _)) = idx.best(text) {
                    let t = &docs[c.doc].text;
                    citations.push(EvidenceSpan {
                        tool_call_id: docs[c.doc].source.clone(),
                        start: char_offset(t, c.start) as u32,
                        end: char_offset(t, c.end) as u32,
                        text: t[c.start..c.end].to_owned(),
                    });
                }
            }
            claims.push(Claim {
                text: text.to_owned(),
                evidence_spans: citations,
                score,
                critical,
                status,
                start,
                end,
                reason: reasons.join("; "),
                flagged_spans: flagged,
                claim_type,
            });
            if out_of_time {
                reached.push(bounds::BoundReached {
                    bound: bounds::Bound::TimeBudget,
                    note: format!(
                        "not checked: items of the claim at character {} on, and {} later units of the answer (time budget of {} ms per run)",
                        char_offset(answer, cs),
                        units.len() - unit - 1,
                        b.time_budget.as_millis()
                    ),
                });
                break;
            }
        }
        bounds::Scored {
            claims,
            bounds: reached,
        }
    }
}

/// The flag of `answer[s..e]` (byte offsets; the report's are in characters).
pub(super) fn span_flag(
    answer: &str,
    s: usize,
    e: usize,
    why: &str,
    kind: FlagKind,
) -> FlaggedSpan {
    FlaggedSpan {
        start: char_offset(answer, s) as u32,
        end: char_offset(answer, e) as u32,
        text: answer[s..e].to_owned(),
        reason: why.to_owned(),
        kind,
    }
}

/// Whether the line after byte `end` of `answer` is a Markdown table rule (`|---|:--:|`).
fn table_rule_follows(answer: &str, end: usize) -> bool {
    let rest = &answer[crate::text::floor_char_boundary(answer, end)..];
    let line = rest
        .split_once('\n')
        .map_or("", |(_, after)| after)
        .lines()
        .next()
        .unwrap_or("");
    crate::text::is_table_rule(line)
}

/// The clause of the unit `cs..ce` around byte `pos`: between the nearest `,` `;` `—` `·` `|`
/// or line break on either side (parentheses and quotes stay inside their clause).
fn clause_bounds(answer: &str, cs: usize, ce: usize, pos: usize) -> (usize, usize) {
    let pos = pos.clamp(cs, ce);
    let is_break = |c: char| matches!(c, ',' | ';' | '—' | '·' | '|' | '\n');
    let from = answer[cs..pos]
        .char_indices()
        .rev()
        .find(|&(_, c)| is_break(c))
        .map_or(cs, |(i, c)| cs + i + c.len_utf8());
    let to = answer[pos..ce]
        .char_indices()
        .find(|&(_, c)| is_break(c))
        .map_or(ce, |(i, _)| pos + i);
    (from, to)
}

/// Function words of several words: no content a coverage check could miss (English
/// grammar, not the vocabulary of any domain).
/// Discourse markers that open a summary of what the answer already said.
const SUMMARY_MARKERS: &[&str] = &[
    "so in short",
    "in short",
    "in summary",
    "to sum up",
    "to summarize",
    "so, in short",
    "bottom line",
    "the bottom line",
    "in a nutshell",
    "short answer",
    "the short answer",
    "quick answer",
    "long story short",
    // A presentational lead-in ("Here's a quick look at the overtime rules", "Here's an
    // overview of …") announces what follows; its items are still checked.
    "here's a",
    "here's an",
    "here is a",
    "here is an",
    "here are",
];

const FUNCTION_PHRASES: &[&str] = &[
    "as long as",
    "as well as",
    "as soon as",
    "as far as",
    "as much as",
    "in addition to",
    "on top of",
    "on top",
    "either way",
    "make sure",
    // Discourse frames: they announce how the rest is meant, not what it says.
    "for the avoidance of doubt",
    "for the record",
    "in other words",
    "as a reminder",
    // Verbs of occurrence: the event and its date are what the claim says.
    "took place",
    "take place",
    "takes place",
    "taken place",
    "taking place",
];

/// Whether a claim is hedged or about the future ("the difference will vary", "it may take
/// longer"): no fact the data could hold.
fn modal(text: &str) -> bool {
    let lower = text.to_lowercase().replace('’', "'");
    // "'d" is "would" in assistant prose ("I'd send the request soon", "you'd need a new
    // permit").
    lower.contains("'ll ")
        || lower.contains("'d ")
        || lower.split(|c: char| !c.is_alphanumeric()).any(|w| {
            matches!(
                w,
                "will" | "would" | "may" | "might" | "could" | "can" | "should" | "depending"
            )
        })
}

/// Whether a claim negates anywhere ("No payment has been issued yet, so …").
fn negates(text: &str) -> bool {
    let lower = text.to_lowercase().replace('’', "'");
    lower.contains("n't")
        || lower.split(|c: char| !c.is_alphanumeric()).any(|w| {
            matches!(
                w,
                "no" | "not" | "never" | "none" | "nothing" | "neither" | "nor" | "without"
            )
        })
}

/// The clauses of `text` that name a field of the evidence in a code span followed by "field",
/// "column" or "key" ("ROAS uses the attributed `revenue` field"): byte ranges from the
/// clause's start (after `(`, `,`, `;`, `:` or the unit's start) to its end (before `,`, `;`,
/// `)`, `.` or the unit's end). The field must be a JSON key of the evidence.
fn field_notes(text: &str, ev: &Evidence) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    let mut from = 0;
    while let Some(open) = text[from..].find('`').map(|p| from + p) {
        let Some(close) = text[open + 1..].find('`').map(|p| open + 1 + p) else {
            break;
        };
        from = close + 1;
        let name = &text[open + 1..close];
        let noun = text[close + 1..]
            .split_whitespace()
            .next()
            .unwrap_or("")
            .trim_end_matches(|ch: char| !ch.is_alphanumeric())
            .to_ascii_lowercase();
        let key = !name.is_empty()
            && name.len() <= 64
            && !name.contains(char::is_whitespace)
            && ev
                .find_text(&format!("\"{}\":", name.to_ascii_lowercase()))
                .is_some();
        if !matches!(noun.as_str(), "field" | "column" | "key") || !key {
            continue;
        }
        let start = text[..open]
            .rfind(['(', ',', ';', ':'])
            .map_or(0, |p| p + 1);
        let end = text[close..]
            .find([',', ';', ')', '.'])
            .map_or(text.len(), |p| close + p);
        out.push((start, end));
        if out.len() >= 8 {
            break;
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use crate::report::{Claim, ClaimStatus, FlagKind};
    use crate::stage2::test_support::{run, score, RESULT};
    use crate::stage2::{DeterministicScorer, ItemKind, Scorer, Stage2Config};

    #[test]
    fn wrong_number_is_flagged_with_offsets() {
        let answer = "Order ORD-1001 shipped. The total was $229.50.";
        let c = score(RESULT, answer);
        let bad = c
            .iter()
            .find(|c| c.status != ClaimStatus::Supported)
            .expect("flagged");
        assert_eq!(bad.status, ClaimStatus::Contradicted);
        let s: String = answer
            .chars()
            .skip(bad.start as usize)
            .take((bad.end - bad.start) as usize)
            .collect();
        assert_eq!(s, "$229.50");
        assert!(bad.score < 0.6 && bad.score >= 0.4);
    }

    #[test]
    fn greetings_and_questions_are_not_claims() {
        assert!(score(RESULT, "Happy to help! Anything else I can do?").is_empty());
        assert!(score(RESULT, "Happy to dig further if needed.").is_empty());
        assert!(score(RESULT, "Took a look at that for you.").is_empty());
        // Function phrases carry no content; hedged statements state no fact of the document.
        let terms = "RENTAL AGREEMENT\n\n2. Drivers. 2.1 Additional drivers are allowed when they are added at the counter with a valid licence. 3. Fuel. 3.1 Return the car full; a refuelling charge applies otherwise.";
        let ok = |a: &str| {
            score(terms, a)
                .iter()
                .all(|c| c.status == ClaimStatus::Supported)
        };
        assert!(ok(
            "Yes, as long as they're added at the counter (clause 2.1)."
        ));
        assert!(ok("Taxes would apply on top."));
        // Obligation verbs and phrasal particles carry no content; the agent's own advice
        // states no fact of the document.
        assert!(ok("It needs to come back full (clause 3.1)."));
        assert!(ok(
            "Additional drivers are allowed (clause 2.1), but worth adding them at the counter before you leave the lot."
        ));
        assert!(ok(
            "A refuelling charge applies otherwise (clause 3.1), so it's best not to return it empty."
        ));
        assert!(!ok(
            "A refuelling charge applies otherwise (clause 3.1), plus a cleaning surcharge for sand."
        ));
        // The agent's account of its own working is about the answer, not the data.
        assert!(ok(
            "That's calculated from the daily mileage allowance in each booking band."
        ));
        assert!(!ok(
            "The daily mileage allowance applies in each booking band."
        ));
        assert!(!ok("Pets are welcome in every vehicle (clause 2.1)."));
        // Talk followed by a fact is scored.
        assert!(!score(RESULT, "I had a look and ORD-1001 shipped with FedEx.").is_empty());
        assert!(score(
            RESULT,
            "You're always welcome to reach out here for assistance with your orders!"
        )
        .is_empty());
        assert!(score(RESULT, "Just let me know if there's anything else.").is_empty());
    }

    #[test]
    fn an_addition_on_structured_evidence_that_checks_nothing() {
        let flagged = |a: &str| {
            score(RESULT, a)
                .iter()
                .any(|c| c.status != ClaimStatus::Supported)
        };
        // A generalization none of the result's words or values support.
        assert!(flagged(
            "Order ORD-1001 has shipped. Carriers usually prioritise weekday afternoon pickups in busy regions."
        ));
        // A claim that checks a value, a negative claim, a condition, a short aside: not
        // judged by words on JSON.
        assert!(!flagged(
            "Order ORD-1001 has shipped with UPS, which usually delivers quickly."
        ));
        assert!(!flagged(
            "No refund has been issued yet, so nothing is outstanding."
        ));
        assert!(!flagged(
            "If the parcel arrives damaged, photograph everything before opening returns."
        ));
        assert!(!flagged("It's cold out, so dress warmly."));
        assert!(!flagged(
            "Depending on the chosen option, the final difference will vary."
        ));
    }

    fn scored(result: &str, answer: &str, kinds: &[ItemKind]) -> Vec<Claim> {
        DeterministicScorer::new(Stage2Config::default())
            .score_bounded(&run(result), answer, kinds)
            .claims
    }

    #[test]
    fn only_the_item_kinds_scored_are_checked() {
        use ItemKind::*;
        let answer = "Order ORD-1001 shipped. The total was $229.50 via FedEx.";
        let all = scored(RESULT, answer, &[]);
        assert_eq!(all, score(RESULT, answer), "empty: every kind");
        assert_eq!(all[1].status, ClaimStatus::Contradicted, "{all:?}");
        let kinds: Vec<_> = all[1].flagged_spans.iter().map(|f| f.kind).collect();
        assert_eq!(
            kinds,
            [FlagKind::EntityNotInEvidence, FlagKind::NumberConflict]
        );
        // Numbers off: the wrong total no longer lowers the claim; the entity still does.
        let no_numbers = scored(RESULT, answer, &[Identifier, Entity, State]);
        let c = &no_numbers[1];
        assert_eq!(c.status, ClaimStatus::Unsupported, "{c:?}");
        assert_eq!(c.flagged_spans.len(), 1);
        assert_eq!(c.flagged_spans[0].kind, FlagKind::EntityNotInEvidence);
        assert!(c.critical, "criticality comes from what the claim contains");
        // Neither: the claim is supported.
        let c = &scored(RESULT, answer, &[Identifier])[1];
        assert_eq!((c.status, c.score), (ClaimStatus::Supported, 1.0), "{c:?}");
        // A fabricated identifier blocks only while identifiers are scored, and is never
        // re-read as a number when they are not.
        let fabricated = "Your order ORD-9999 has shipped.";
        assert_eq!(score(RESULT, fabricated)[0].score, 0.2);
        let c = &scored(RESULT, fabricated, &[Number, State])[0];
        assert_eq!((c.status, c.score), (ClaimStatus::Supported, 1.0), "{c:?}");
    }

    #[test]
    fn direction_words_go_with_numbers_and_action_reports_with_actions() {
        use ItemKind::*;
        let weather = r#"{"edinburgh":{"temp_c":6},"krakow":{"temp_c":-2}}"#;
        let colder = "Edinburgh is colder than Krakow at the moment: 6°C versus -2°C.";
        assert_eq!(score(weather, colder)[0].status, ClaimStatus::Contradicted);
        let c = &scored(weather, colder, &[Entity, Identifier])[0];
        assert_eq!(c.status, ClaimStatus::Supported, "{c:?}");
        // An action report whose verb no tool call performed (a lookup only).
        let report = "I've escalated your case to the shipping team.";
        let c = &score(RESULT, report)[0];
        assert_eq!(
            c.flagged_spans[0].kind,
            FlagKind::UnperformedAction,
            "{c:?}"
        );
        let c = &scored(RESULT, report, &[Number, Identifier])[0];
        assert_eq!(c.status, ClaimStatus::Supported, "{c:?}");
    }

    #[test]
    fn advice_lead_ins_and_the_conversation_are_not_content() {
        let code = "14.08.050 Expiration. A permit expires if the work is suspended for 180 days. The building official may grant one extension of 180 days on written request.";
        let supported = |answer: &str| {
            let claims = score(code, answer);
            let ok = claims.iter().all(|c| c.status == ClaimStatus::Supported);
            if !ok {
                eprintln!("{claims:?}");
            }
            ok
        };
        assert!(supported(
            "Since it takes a written request, I'd send the extension request soon."
        ));
        assert!(supported("Otherwise you'd need a brand new permit."));
        assert!(supported("Short answer: very little."));
        assert!(supported(
            "Here's an overview of the expiration rules for your permit."
        ));
        assert!(supported(
            "Whichever you choose, the building official may grant one extension of 180 days."
        ));
        assert!(supported(
            "That's the permit we looked up a moment ago: it expires if work is suspended for 180 days."
        ));
        assert!(supported("(Source: permit expiration."));
        // An inserted fact stays unsupported.
        let bad = score(
            code,
            "Extensions are usually approved within two business weeks by the mayor.",
        );
        assert_eq!(bad[0].status, ClaimStatus::Unsupported, "{bad:?}");
    }
}
