//! Attribute access over OTLP `KeyValue` lists.
//!
//! Attribute values are converted lazily into `serde_json::Value` only where a structured
//! value (arrays, kvlists) is needed; plain strings are borrowed.

use groundcheck_proto::otlp::common::{any_value::Value as AV, AnyValue, KeyValue};
use std::collections::HashMap;

/// FNV-1a: attribute keys are short and trusted-size; SipHash's DoS resistance is not
/// needed for a per-span index that lives for microseconds, and it showed in profiles.
#[derive(Default, Clone, Copy)]
pub struct Fnv(u64);

impl std::hash::Hasher for Fnv {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        self.0 = crate::text::fnv1a(
            if self.0 == 0 {
                crate::text::FNV_OFFSET
            } else {
                self.0
            },
            bytes.iter().copied(),
        );
    }
}

type FnvBuild = std::hash::BuildHasherDefault<Fnv>;

/// A borrowed view of a span's attributes, indexed by key.
pub struct Attrs<'a> {
    map: HashMap<&'a str, &'a AnyValue, FnvBuild>,
}

impl<'a> Attrs<'a> {
    pub fn new(kvs: &'a [KeyValue]) -> Self {
        let mut map = HashMap::with_capacity_and_hasher(kvs.len(), FnvBuild::default());
        for kv in kvs {
            if let Some(v) = &kv.value {
                map.insert(kv.key.as_str(), v);
            }
        }
        Attrs { map }
    }

    pub fn contains(&self, key: &str) -> bool {
        self.map.contains_key(key)
    }

    pub fn get(&self, key: &str) -> Option<&'a AnyValue> {
        self.map.get(key).copied()
    }

    /// The attribute as text: strings as-is, scalars formatted, structures as JSON.
    pub fn str(&self, key: &str) -> Option<String> {
        self.get(key).map(any_to_text)
    }

    /// Borrowed string value (only for `stringValue`).
    pub fn str_ref(&self, key: &str) -> Option<&'a str> {
        match self.get(key)?.value.as_ref()? {
            AV::StringValue(s) => Some(s.as_str()),
            _ => None,
        }
    }

    /// The attribute as JSON: strings that hold JSON are parsed, structured values converted.
    pub fn json(&self, key: &str) -> Option<serde_json::Value> {
        let v = self.get(key)?;
        Some(match v.value.as_ref()? {
            AV::StringValue(s) => {
                serde_json::from_str(s).unwrap_or_else(|_| serde_json::Value::String(s.clone()))
            }
            _ => any_to_json(v),
        })
    }

    /// Keys starting with `prefix`, for indexed flattened attributes (`llm.tools.N.…`).
    pub fn keys_with_prefix<'s>(&'s self, prefix: &'s str) -> impl Iterator<Item = &'a str> + 's {
        self.map
            .keys()
            .copied()
            .filter(move |k| k.starts_with(prefix))
    }

    /// Sorted distinct indices N of keys shaped `{prefix}N.…`.
    pub fn indices(&self, prefix: &str) -> Vec<usize> {
        let mut v: Vec<usize> = self
            .keys_with_prefix(prefix)
            .filter_map(|k| k[prefix.len()..].split('.').next()?.parse().ok())
            .collect();
        v.sort_unstable();
        v.dedup();
        v
    }
}

/// Text form of an `AnyValue`.
pub fn any_to_text(v: &AnyValue) -> String {
    match &v.value {
        Some(AV::StringValue(s)) => s.clone(),
        Some(AV::BoolValue(b)) => b.to_string(),
        Some(AV::IntValue(i)) => i.to_string(),
        Some(AV::DoubleValue(d)) => d.to_string(),
        None => String::new(),
        _ => any_to_json(v).to_string(),
    }
}

/// JSON form of an `AnyValue` (kvlists become objects, bytes become base64-free hex).
pub fn any_to_json(v: &AnyValue) -> serde_json::Value {
    use serde_json::Value as J;
    match &v.value {
        None => J::Null,
        Some(AV::StringValue(s)) => J::String(s.clone()),
        Some(AV::BoolValue(b)) => J::Bool(*b),
        Some(AV::IntValue(i)) => J::from(*i),
        Some(AV::DoubleValue(d)) => serde_json::Number::from_f64(*d)
            .map(J::Number)
            .unwrap_or(J::Null),
        Some(AV::BytesValue(b)) => J::String(b.iter().map(|x| format!("{x:02x}")).collect()),
        Some(AV::ArrayValue(a)) => J::Array(a.values.iter().map(any_to_json).collect()),
        Some(AV::StringValueStrindex(i)) => J::from(*i),
        Some(AV::KvlistValue(kv)) => J::Object(
            kv.values
                .iter()
                .map(|kv| {
                    (
                        kv.key.clone(),
                        kv.value.as_ref().map(any_to_json).unwrap_or(J::Null),
                    )
                })
                .collect(),
        ),
    }
}

/// Text of a JSON value: strings unquoted, everything else serialized.
pub fn json_to_text(v: &serde_json::Value) -> String {
    match v {
        serde_json::Value::String(s) => s.clone(),
        serde_json::Value::Null => String::new(),
        other => other.to_string(),
    }
}
