//! Gating profiles: named sets of Stage 2/4 settings, chosen per run by rules.
//!
//! The TOML file (`--config`) may hold `[profiles.NAME]` tables and `[[profile_rules]]`:
//!
//! ```toml
//! [profiles.payments]
//! base = "high_stakes"          # a preset or `default` (the global settings); default: `default`
//! emit_threshold = 0.95
//! escalate_after = 1
//!
//! [[profile_rules]]
//! profile = "payments"
//! agent = "refund-agent"        # every key given must match; the first matching rule wins
//!
//! [[profile_rules]]
//! profile = "creative"
//! attribute = { key = "groundcheck.task_type", value = "brainstorm" }
//! ```
//!
//! Match keys: `agent`, `service`, `model`, `tenant`, `attribute` (one of the span attributes
//! the normalizer keeps: [`groundcheck_detectors::span::SELECTOR_KEYS`] and every
//! `groundcheck.*` key). A run no rule matches gets `default`.
//!
//! What a profile scores: `claim_types` (`assertion`, `action_report`), `item_kinds` (the
//! items Stage 2 checks within a claim: `identifier`, `number`, `time`, `date`, `entity`,
//! `action`, `state`, `clause`; an item of another kind is not checked and never lowers its
//! claim) and `probe_kinds` (the Stage-3 probe kinds: `identifier`, `date`, `time`, `number`,
//! `entity`, `action`, within the global `probe_kinds`). Absent: as the `base` (every preset
//! scores all); empty: all. A name that is not one of these refuses the file, naming the
//! valid values.
//!
//! Presets (usable without a table, or as `base`): `default` (the global `emit_threshold`,
//! `revise_threshold`, `block_threshold`, `aggregation`, `unknown_tool`; every claim type,
//! item kind and probe kind), `high_stakes` (emit 0.92, revise 0.75, block 0.55, `min`,
//! unknown tools flagged, escalation after 1 revise; every claim type, item kind and probe
//! kind), `creative` (groundedness off: Stage 1 only, so no claim, item or probe is scored).
//! Every profile escalates a revise to block after `escalate_after` (default 2) consecutive
//! revise verdicts of its conversation (0: off).
//!
//! The profiles are re-read when the file changes ([`spawn_watcher`]); a file that does not
//! parse or validate leaves the last good set in place, logged and counted.

use crate::config::{AggregationArg, Settings, UnknownToolArg};
use crate::metrics::Metrics;
use groundcheck_detectors::report::ClaimType;
use groundcheck_detectors::run::AgentRun;
use groundcheck_detectors::stage1::UnknownToolPolicy;
use groundcheck_detectors::stage2::{Aggregation, ItemKind};
use groundcheck_detectors::stage3::slot::SlotKind;
use groundcheck_detectors::stage4::{Gating, Thresholds};
use serde::Deserialize;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::atomic::Ordering::Relaxed;
use std::sync::{Arc, RwLock, Weak};
use std::time::Duration;

/// Consecutive revise verdicts of a conversation after which the next revise is a block.
pub const DEFAULT_ESCALATE_AFTER: u32 = 2;

/// One profile, resolved.
#[derive(Debug, Clone, PartialEq)]
pub struct Profile {
    pub gating: Arc<Gating>,
    /// Consecutive revise verdicts after which a revise is escalated to block (0: never).
    pub escalate_after: u32,
}

/// `[profiles.NAME]`: every key optional, on top of `base`.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ProfileFile {
    pub base: Option<String>,
    pub emit_threshold: Option<f64>,
    pub revise_threshold: Option<f64>,
    pub block_threshold: Option<f64>,
    pub aggregation: Option<AggregationArg>,
    pub unknown_tool: Option<UnknownToolArg>,
    pub groundedness: Option<bool>,
    /// Claim types gated: `assertion`, `action_report` (empty: all that Stage 2 scores).
    pub claim_types: Option<Vec<ClaimType>>,
    /// Item kinds Stage 2 checks within a claim (empty: all).
    pub item_kinds: Option<Vec<ItemKind>>,
    /// Stage-3 probe kinds, within the global `probe_kinds` (empty: all of those).
    pub probe_kinds: Option<Vec<SlotKind>>,
    pub escalate_after: Option<u32>,
}

/// `attribute = { key = "…", value = "…" }` of a rule.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AttributeMatch {
    pub key: String,
    pub value: String,
}

/// One `[[profile_rules]]` entry: every key given must match.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Rule {
    pub profile: String,
    pub agent: Option<String>,
    pub service: Option<String>,
    pub model: Option<String>,
    pub tenant: Option<String>,
    pub attribute: Option<AttributeMatch>,
}

impl Rule {
    fn matches(&self, run: &AgentRun) -> bool {
        let eq = |want: &Option<String>, have: &Option<String>| match want {
            Some(w) => have.as_deref() == Some(w.as_str()),
            None => true,
        };
        eq(&self.agent, &run.agent_name)
            && eq(&self.service, &run.service_name)
            && eq(&self.model, &run.model)
            && eq(&self.tenant, &run.tenant)
            && self
                .attribute
                .as_ref()
                .is_none_or(|a| run.attributes.get(&a.key) == Some(&a.value))
    }
}

/// The profile part of the TOML file (other keys are the settings', read elsewhere).
#[derive(Debug, Default, Deserialize)]
struct ProfilesDoc {
    #[serde(default)]
    profiles: BTreeMap<String, ProfileFile>,
    #[serde(default)]
    profile_rules: Vec<Rule>,
}

/// The global settings a profile starts from (`default`).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Base {
    pub thresholds: Thresholds,
    pub aggregation: Aggregation,
    pub unknown_tool: UnknownToolPolicy,
}

impl Base {
    pub fn of(s: &Settings) -> Base {
        Base {
            thresholds: s.thresholds(),
            aggregation: s.aggregation(),
            unknown_tool: s.unknown_tool(),
        }
    }
}

/// Profiles and the rules choosing among them.
#[derive(Debug, Clone, PartialEq)]
pub struct ProfileSet {
    pub profiles: BTreeMap<String, Profile>,
    pub rules: Vec<Rule>,
}

fn gating(name: &str, base: &Base) -> Gating {
    Gating {
        profile: name.to_owned(),
        thresholds: base.thresholds,
        aggregation: base.aggregation,
        unknown_tool: base.unknown_tool,
        groundedness: true,
        claim_types: Vec::new(),
        item_kinds: Vec::new(),
        probe_kinds: Vec::new(),
    }
}

/// The built-in presets: `default`, `high_stakes`, `creative`.
pub fn presets(base: &Base) -> BTreeMap<String, Profile> {
    let default = gating("default", base);
    let high_stakes = Gating {
        thresholds: Thresholds {
            emit: 0.92,
            revise: 0.75,
            block: 0.55,
        },
        aggregation: Aggregation::Min,
        unknown_tool: UnknownToolPolicy::Flagged,
        ..gating("high_stakes", base)
    };
    let creative = Gating {
        groundedness: false,
        ..gating("creative", base)
    };
    [
        (default, DEFAULT_ESCALATE_AFTER),
        (high_stakes, 1),
        (creative, DEFAULT_ESCALATE_AFTER),
    ]
    .into_iter()
    .map(|(g, escalate_after)| {
        (
            g.profile.clone(),
            Profile {
                gating: Arc::new(g),
                escalate_after,
            },
        )
    })
    .collect()
}

impl Default for ProfileSet {
    fn default() -> Self {
        ProfileSet::presets_only(&Base::fallback())
    }
}

impl ProfileSet {
    /// The presets and no rules (every run gets `default`).
    pub fn presets_only(base: &Base) -> ProfileSet {
        ProfileSet {
            profiles: presets(base),
            rules: Vec::new(),
        }
    }

    /// Parse and validate the profile tables and rules of a TOML document.
    pub fn parse(text: &str, base: &Base) -> Result<ProfileSet, String> {
        let doc: ProfilesDoc = toml::from_str(text).map_err(|e| e.to_string())?;
        let mut profiles = presets(base);
        let preset_names: Vec<String> = profiles.keys().cloned().collect();
        for (name, f) in &doc.profiles {
            let base_name = f.base.as_deref().unwrap_or(if preset_names.contains(name) {
                name.as_str()
            } else {
                "default"
            });
            let b = presets(base).remove(base_name).ok_or_else(|| {
                format!(
                    "profiles.{name}: unknown base {base_name:?} (default, high_stakes, creative)"
                )
            })?;
            let mut g = (*b.gating).clone();
            g.profile = name.clone();
            let t = &mut g.thresholds;
            t.emit = f.emit_threshold.unwrap_or(t.emit);
            t.revise = f.revise_threshold.unwrap_or(t.revise);
            t.block = f.block_threshold.unwrap_or(t.block);
            t.validate().map_err(|e| format!("profiles.{name}: {e}"))?;
            if let Some(a) = f.aggregation {
                g.aggregation = match a {
                    AggregationArg::Min => Aggregation::Min,
                    AggregationArg::WeightedMean => Aggregation::WeightedMean,
                };
            }
            if let Some(u) = f.unknown_tool {
                g.unknown_tool = match u {
                    UnknownToolArg::Allowed => UnknownToolPolicy::Allowed,
                    UnknownToolArg::Flagged => UnknownToolPolicy::Flagged,
                };
            }
            if let Some(on) = f.groundedness {
                g.groundedness = on;
            }
            if let Some(types) = &f.claim_types {
                if let Some(t) = types.iter().find(|t| !t.is_scored()) {
                    return Err(format!(
                        "profiles.{name}: claim_types: {} is never scored (assertion, action_report)",
                        t.as_str()
                    ));
                }
                g.claim_types = types.clone();
            }
            if let Some(kinds) = &f.item_kinds {
                g.item_kinds = kinds.clone();
            }
            if let Some(kinds) = &f.probe_kinds {
                g.probe_kinds = kinds.clone();
            }
            profiles.insert(
                name.clone(),
                Profile {
                    gating: Arc::new(g),
                    escalate_after: f.escalate_after.unwrap_or(b.escalate_after),
                },
            );
        }
        for (i, r) in doc.profile_rules.iter().enumerate() {
            if !profiles.contains_key(&r.profile) {
                return Err(format!(
                    "profile_rules[{i}]: unknown profile {:?}",
                    r.profile
                ));
            }
            if r.agent.is_none()
                && r.service.is_none()
                && r.model.is_none()
                && r.tenant.is_none()
                && r.attribute.is_none()
            {
                return Err(format!(
                    "profile_rules[{i}]: no match key (agent, service, model, tenant, attribute); runs no rule matches get `default`"
                ));
            }
        }
        Ok(ProfileSet {
            profiles,
            rules: doc.profile_rules,
        })
    }

    /// Read and parse the profiles of a TOML file.
    pub fn load(path: &Path, base: &Base) -> Result<ProfileSet, String> {
        let text = std::fs::read_to_string(path)
            .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
        ProfileSet::parse(&text, base).map_err(|e| format!("{}: {e}", path.display()))
    }

    /// The profile of a run: the first matching rule's, else `default`.
    pub fn select(&self, run: &AgentRun) -> Profile {
        let name = self
            .rules
            .iter()
            .find(|r| r.matches(run))
            .map_or("default", |r| r.profile.as_str());
        self.profiles
            .get(name)
            .or_else(|| self.profiles.get("default"))
            .cloned()
            .unwrap_or_else(|| presets(&Base::fallback()).remove("default").unwrap())
    }
}

impl Base {
    pub fn fallback() -> Base {
        Base {
            thresholds: Thresholds::default(),
            aggregation: Aggregation::Min,
            unknown_tool: UnknownToolPolicy::Allowed,
        }
    }
}

/// The current profile set, replaced as a whole on reload (last good kept on error).
pub struct Profiles {
    current: RwLock<Arc<ProfileSet>>,
    path: Option<PathBuf>,
    base: Base,
    fingerprint: std::sync::Mutex<crate::registry::FileStamp>,
    metrics: Arc<Metrics>,
}

/// What the pipeline needs to hold and reload the profiles (resolved by [`crate::wiring`]).
#[derive(Debug, Clone)]
pub struct ProfilesConfig {
    /// The set read with the settings (validated at start: a bad one refuses to start).
    pub initial: Arc<ProfileSet>,
    /// The TOML file re-read on change (none: fixed).
    pub path: Option<PathBuf>,
    pub base: Base,
    /// Poll interval of the file (zero: no reload).
    pub reload: Duration,
}

impl ProfilesConfig {
    /// The presets only, no file (tests).
    pub fn presets_only() -> ProfilesConfig {
        ProfilesConfig {
            initial: Arc::new(ProfileSet::presets_only(&Base::fallback())),
            path: None,
            base: Base::fallback(),
            reload: Duration::ZERO,
        }
    }
}

impl Profiles {
    pub fn new(cfg: &ProfilesConfig, metrics: Arc<Metrics>) -> Arc<Profiles> {
        Arc::new(Profiles {
            fingerprint: std::sync::Mutex::new(
                cfg.path.as_deref().and_then(crate::registry::file_stamp),
            ),
            current: RwLock::new(cfg.initial.clone()),
            path: cfg.path.clone(),
            base: cfg.base,
            metrics,
        })
    }

    pub fn current(&self) -> Arc<ProfileSet> {
        match self.current.read() {
            Ok(g) => g.clone(),
            Err(p) => p.into_inner().clone(),
        }
    }

    pub fn select(&self, run: &AgentRun) -> Profile {
        self.current().select(run)
    }

    /// Re-read the file when its size or mtime changed. `Some(Ok)` on a new set, `Some(Err)`
    /// when the file is bad (the last good set stays), `None` when nothing changed.
    pub fn reload_if_changed(&self) -> Option<Result<(), String>> {
        let path = self.path.as_deref()?;
        let fp = crate::registry::file_stamp(path);
        {
            let mut last = self.fingerprint.lock().unwrap_or_else(|p| p.into_inner());
            if *last == fp {
                return None;
            }
            *last = fp;
        }
        match ProfileSet::load(path, &self.base) {
            Ok(set) => {
                let names: Vec<String> = set.profiles.keys().cloned().collect();
                let rules = set.rules.len();
                match self.current.write() {
                    Ok(mut g) => *g = Arc::new(set),
                    Err(p) => *p.into_inner() = Arc::new(set),
                }
                self.metrics.profile_reloads_total.fetch_add(1, Relaxed);
                tracing::info!(profiles = ?names, rules, "gating profiles reloaded");
                Some(Ok(()))
            }
            Err(e) => {
                self.metrics
                    .profile_reload_errors_total
                    .fetch_add(1, Relaxed);
                tracing::error!(error = %e, "gating profiles not reloaded: keeping the last good set");
                Some(Err(e))
            }
        }
    }
}

/// Poll the config file every `every` on a background thread; ends once `p` is dropped.
pub fn spawn_watcher(
    p: &Arc<Profiles>,
    every: Duration,
) -> std::io::Result<Option<std::thread::JoinHandle<()>>> {
    if p.path.is_none() || every.is_zero() {
        return Ok(None);
    }
    let weak: Weak<Profiles> = Arc::downgrade(p);
    std::thread::Builder::new()
        .name("gc-profile-reload".into())
        .spawn(move || loop {
            std::thread::sleep(every);
            match weak.upgrade() {
                Some(p) => {
                    p.reload_if_changed();
                }
                None => return,
            }
        })
        .map(Some)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(agent: &str) -> AgentRun {
        AgentRun {
            agent_name: Some(agent.into()),
            ..Default::default()
        }
    }

    #[test]
    fn presets_rules_and_first_match() {
        let base = Base::fallback();
        let set = ProfileSet::parse(
            r#"
grace_ms = 100
[profiles.strict]
base = "high_stakes"
emit_threshold = 0.97
[profiles.brainstorm]
base = "creative"

[[profile_rules]]
profile = "strict"
agent = "pay"
[[profile_rules]]
profile = "brainstorm"
attribute = { key = "groundcheck.task_type", value = "brainstorm" }
[[profile_rules]]
profile = "high_stakes"
agent = "pay"
"#,
            &base,
        )
        .unwrap();
        let p = set.select(&run("pay"));
        assert_eq!(p.gating.profile, "strict");
        assert_eq!(p.gating.thresholds.emit, 0.97);
        assert_eq!(p.gating.thresholds.revise, 0.75, "from high_stakes");
        assert_eq!(p.escalate_after, 1);
        assert_eq!(set.select(&run("other")).gating.profile, "default");
        let mut r = run("other");
        r.attributes
            .insert("groundcheck.task_type".into(), "brainstorm".into());
        let p = set.select(&r);
        assert_eq!(p.gating.profile, "brainstorm");
        assert!(!p.gating.groundedness);
        assert_eq!(p.escalate_after, DEFAULT_ESCALATE_AFTER);
    }

    #[test]
    fn bad_profiles_are_refused_with_the_reason() {
        let base = Base::fallback();
        for (text, want) in [
            ("[profiles.x]\nemit_threshold = 0.1\n", "thresholds"),
            ("[profiles.x]\nbase = \"nope\"\n", "unknown base"),
            ("[profiles.x]\nbogus = 1\n", "bogus"),
            (
                "[[profile_rules]]\nprofile = \"missing\"\nagent = \"a\"\n",
                "unknown profile",
            ),
            (
                "[[profile_rules]]\nprofile = \"creative\"\n",
                "no match key",
            ),
            ("[profiles.x]\nclaim_types = [\"social\"]\n", "never scored"),
        ] {
            let e = ProfileSet::parse(text, &base).unwrap_err();
            assert!(e.contains(want), "{text}: {e}");
        }
    }

    #[test]
    fn item_and_probe_kinds_per_profile() {
        let base = Base::fallback();
        let set = ProfileSet::parse(
            r#"
[profiles.ids_only]
item_kinds = ["identifier", "action"]
probe_kinds = ["identifier"]
[profiles.all_again]
item_kinds = []
[profiles.high_stakes]
probe_kinds = ["number", "date"]
"#,
            &base,
        )
        .unwrap();
        let g = |name: &str| set.profiles[name].gating.clone();
        assert_eq!(
            g("ids_only").item_kinds,
            [ItemKind::Identifier, ItemKind::Action]
        );
        assert_eq!(g("ids_only").probe_kinds, [SlotKind::Identifier]);
        assert!(g("all_again").item_kinds.is_empty(), "empty: all");
        assert!(
            g("all_again").probe_kinds.is_empty(),
            "absent: the base's (all)"
        );
        assert_eq!(
            g("high_stakes").probe_kinds,
            [SlotKind::Number, SlotKind::Date]
        );
        assert!(g("high_stakes").item_kinds.is_empty());
        assert_eq!(g("high_stakes").thresholds.emit, 0.92, "still the preset");
        for preset in ["default", "creative"] {
            assert!(g(preset).item_kinds.is_empty() && g(preset).probe_kinds.is_empty());
        }
        // A name that is not a kind refuses the file, naming the valid ones.
        for (text, bad, valid) in [
            (
                "[profiles.x]\nitem_kinds = [\"number\", \"status\"]\n",
                "status",
                "`identifier`, `number`, `time`, `date`, `entity`, `action`, `state`, `clause`",
            ),
            (
                "[profiles.x]\nprobe_kinds = [\"state\"]\n",
                "state",
                "`identifier`, `date`, `time`, `number`, `entity`, `action`",
            ),
        ] {
            let e = ProfileSet::parse(text, &base).unwrap_err();
            assert!(e.contains(&format!("unknown variant `{bad}`")), "{e}");
            assert!(e.contains(valid), "{e}");
        }
    }

    #[test]
    fn reload_keeps_the_last_good_set() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("g.toml");
        std::fs::write(
            &path,
            "[[profile_rules]]\nprofile = \"creative\"\nagent = \"a\"\n",
        )
        .unwrap();
        let metrics = Arc::new(Metrics::default());
        let p = Arc::new(Profiles {
            current: RwLock::new(Arc::new(
                ProfileSet::load(&path, &Base::fallback()).unwrap(),
            )),
            path: Some(path.clone()),
            base: Base::fallback(),
            fingerprint: std::sync::Mutex::new(crate::registry::file_stamp(&path)),
            metrics: metrics.clone(),
        });
        assert!(p.reload_if_changed().is_none());
        std::fs::write(
            &path,
            "[[profile_rules]]\nprofile = \"nope-nope\"\nagent = \"a\"\n",
        )
        .unwrap();
        assert!(p.reload_if_changed().unwrap().is_err());
        assert_eq!(
            p.select(&run("a")).gating.profile,
            "creative",
            "last good kept"
        );
        assert_eq!(metrics.profile_reload_errors_total.load(Relaxed), 1);
        std::fs::write(
            &path,
            "[[profile_rules]]\nprofile = \"high_stakes\"\nagent = \"a\"\n",
        )
        .unwrap();
        assert!(p.reload_if_changed().unwrap().is_ok());
        assert_eq!(p.select(&run("a")).gating.profile, "high_stakes");
        // A bad item kind is refused like any other bad value.
        std::fs::write(
            &path,
            "[profiles.high_stakes]\nitem_kinds = [\"numbers\"]\n[[profile_rules]]\nprofile = \"default\"\nagent = \"a\"\n",
        )
        .unwrap();
        let e = p.reload_if_changed().unwrap().unwrap_err();
        assert!(e.contains("numbers"), "{e}");
        assert_eq!(p.select(&run("a")).gating.profile, "high_stakes");
        assert_eq!(metrics.profile_reload_errors_total.load(Relaxed), 2);
    }
}
