//! OTLP/JSON → prost decoder.
//!
//! Follows the OTLP specification's JSON encoding rules
//! (<https://opentelemetry.io/docs/specs/otlp/#json-protobuf-encoding>):
//! - `traceId`, `spanId`, `parentSpanId` are hex strings (case-insensitive), not base64;
//!   an id that is not valid hex decodes to an empty id so the span, not the request,
//!   is rejected downstream;
//! - keys are lowerCamelCase (the snake_case proto names are accepted too);
//! - unknown fields are ignored;
//! - 64-bit integers (`intValue`, `*UnixNano`) may be JSON strings or numbers;
//! - enums (`kind`, `status.code`) may be numbers or their proto names;
//! - `bytesValue` is base64.
//!
//! The decoder is typed (no intermediate `serde_json::Value`) and produces the exact
//! prost messages the protobuf path produces, so everything downstream is encoding-blind.
// `..Default::default()` on the generated OTLP types is kept on purpose: a newer
// opentelemetry-proto with more fields still compiles (and fills them with defaults).
#![allow(clippy::needless_update)]

use crate::otlp::collector::ExportTraceServiceRequest;
use crate::otlp::common::{
    any_value, AnyValue, ArrayValue, InstrumentationScope, KeyValue, KeyValueList,
};
use crate::otlp::resource::Resource;
use crate::otlp::trace::{span, ResourceSpans, ScopeSpans, Span, Status};
use base64::Engine as _;
use serde::de::{self, Deserializer, IgnoredAny, MapAccess, Visitor};
use serde::Deserialize;
use std::fmt;

/// Errors of the OTLP/JSON decoder.
#[derive(Debug, thiserror::Error)]
pub enum JsonDecodeError {
    /// The body is not JSON, or not shaped like an `ExportTraceServiceRequest`.
    #[error("invalid OTLP/JSON at line {line} column {column}: {message}")]
    Syntax {
        line: usize,
        column: usize,
        message: String,
    },
}

/// Decode one `ExportTraceServiceRequest` from OTLP/JSON bytes.
pub fn decode_export_request(bytes: &[u8]) -> Result<ExportTraceServiceRequest, JsonDecodeError> {
    let req: JRequest = serde_json::from_slice(bytes).map_err(|e| JsonDecodeError::Syntax {
        line: e.line(),
        column: e.column(),
        message: e.to_string(),
    })?;
    Ok(req.into())
}

#[derive(Deserialize, Default)]
#[serde(default, rename_all = "camelCase")]
struct JRequest {
    #[serde(alias = "resource_spans")]
    resource_spans: Vec<JResourceSpans>,
}

#[derive(Deserialize, Default)]
#[serde(default, rename_all = "camelCase")]
struct JResourceSpans {
    resource: Option<JResource>,
    #[serde(alias = "scope_spans")]
    scope_spans: Vec<JScopeSpans>,
    #[serde(alias = "schema_url")]
    schema_url: String,
}

#[derive(Deserialize, Default)]
#[serde(default, rename_all = "camelCase")]
struct JResource {
    attributes: Vec<JKeyValue>,
    #[serde(alias = "dropped_attributes_count")]
    dropped_attributes_count: u32,
}

#[derive(Deserialize, Default)]
#[serde(default, rename_all = "camelCase")]
struct JScopeSpans {
    scope: Option<JScope>,
    spans: Vec<JSpan>,
    #[serde(alias = "schema_url")]
    schema_url: String,
}

#[derive(Deserialize, Default)]
#[serde(default, rename_all = "camelCase")]
struct JScope {
    name: String,
    version: String,
    attributes: Vec<JKeyValue>,
    #[serde(alias = "dropped_attributes_count")]
    dropped_attributes_count: u32,
}

#[derive(Deserialize, Default)]
#[serde(default, rename_all = "camelCase")]
struct JSpan {
    #[serde(alias = "trace_id", deserialize_with = "hex_id")]
    trace_id: Vec<u8>,
    #[serde(alias = "span_id", deserialize_with = "hex_id")]
    span_id: Vec<u8>,
    #[serde(alias = "trace_state")]
    trace_state: String,
    #[serde(alias = "parent_span_id", deserialize_with = "hex_id")]
    parent_span_id: Vec<u8>,
    flags: u32,
    name: String,
    #[serde(deserialize_with = "span_kind")]
    kind: i32,
    #[serde(alias = "start_time_unix_nano", deserialize_with = "u64_any")]
    start_time_unix_nano: u64,
    #[serde(alias = "end_time_unix_nano", deserialize_with = "u64_any")]
    end_time_unix_nano: u64,
    attributes: Vec<JKeyValue>,
    #[serde(alias = "dropped_attributes_count")]
    dropped_attributes_count: u32,
    events: Vec<JEvent>,
    #[serde(alias = "dropped_events_count")]
    dropped_events_count: u32,
    links: Vec<JLink>,
    #[serde(alias = "dropped_links_count")]
    dropped_links_count: u32,
    status: Option<JStatus>,
}

#[derive(Deserialize, Default)]
#[serde(default, rename_all = "camelCase")]
struct JEvent {
    #[serde(alias = "time_unix_nano", deserialize_with = "u64_any")]
    time_unix_nano: u64,
    name: String,
    attributes: Vec<JKeyValue>,
    #[serde(alias = "dropped_attributes_count")]
    dropped_attributes_count: u32,
}

#[derive(Deserialize, Default)]
#[serde(default, rename_all = "camelCase")]
struct JLink {
    #[serde(alias = "trace_id", deserialize_with = "hex_id")]
    trace_id: Vec<u8>,
    #[serde(alias = "span_id", deserialize_with = "hex_id")]
    span_id: Vec<u8>,
    #[serde(alias = "trace_state")]
    trace_state: String,
    attributes: Vec<JKeyValue>,
    #[serde(alias = "dropped_attributes_count")]
    dropped_attributes_count: u32,
    flags: u32,
}

#[derive(Deserialize, Default)]
#[serde(default, rename_all = "camelCase")]
struct JStatus {
    message: String,
    #[serde(deserialize_with = "status_code")]
    code: i32,
}

#[derive(Deserialize, Default)]
#[serde(default)]
struct JKeyValue {
    key: String,
    value: Option<JAnyValue>,
}

/// `AnyValue`: an object with at most one of the value keys.
struct JAnyValue(Option<any_value::Value>);

impl<'de> Deserialize<'de> for JAnyValue {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = JAnyValue;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("an OTLP AnyValue object")
            }
            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<JAnyValue, A::Error> {
                let mut out = None;
                while let Some(key) = map.next_key::<std::borrow::Cow<'de, str>>()? {
                    let v = match key.as_ref() {
                        "stringValue" | "string_value" => {
                            any_value::Value::StringValue(map.next_value()?)
                        }
                        "boolValue" | "bool_value" => {
                            any_value::Value::BoolValue(map.next_value()?)
                        }
                        "intValue" | "int_value" => {
                            any_value::Value::IntValue(map.next_value::<I64Any>()?.0)
                        }
                        "doubleValue" | "double_value" => {
                            any_value::Value::DoubleValue(map.next_value::<F64Any>()?.0)
                        }
                        "bytesValue" | "bytes_value" => {
                            let s: String = map.next_value()?;
                            let b = base64::engine::general_purpose::STANDARD
                                .decode(s.as_bytes())
                                .map_err(|e| {
                                    de::Error::custom(format!("bytesValue is not base64: {e}"))
                                })?;
                            any_value::Value::BytesValue(b)
                        }
                        "arrayValue" | "array_value" => {
                            let a: JValues<JAnyValue> = map.next_value()?;
                            any_value::Value::ArrayValue(ArrayValue {
                                values: a
                                    .values
                                    .into_iter()
                                    .map(|v| AnyValue { value: v.0 })
                                    .collect(),
                            })
                        }
                        "kvlistValue" | "kvlist_value" => {
                            let a: JValues<JKeyValue> = map.next_value()?;
                            any_value::Value::KvlistValue(KeyValueList {
                                values: a.values.into_iter().map(Into::into).collect(),
                            })
                        }
                        _ => {
                            map.next_value::<IgnoredAny>()?;
                            continue;
                        }
                    };
                    out = Some(v);
                }
                Ok(JAnyValue(out))
            }
        }
        d.deserialize_map(V)
    }
}

#[derive(Deserialize)]
#[serde(bound = "T: Deserialize<'de>")]
struct JValues<T> {
    #[serde(default = "Vec::new")]
    values: Vec<T>,
}

struct I64Any(i64);
impl<'de> Deserialize<'de> for I64Any {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl Visitor<'_> for V {
            type Value = I64Any;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a 64-bit integer as a number or a string")
            }
            fn visit_i64<E: de::Error>(self, v: i64) -> Result<I64Any, E> {
                Ok(I64Any(v))
            }
            fn visit_u64<E: de::Error>(self, v: u64) -> Result<I64Any, E> {
                i64::try_from(v)
                    .map(I64Any)
                    .map_err(|_| E::custom("intValue out of range"))
            }
            fn visit_f64<E: de::Error>(self, v: f64) -> Result<I64Any, E> {
                if v.fract() == 0.0 && v.abs() < 9.2e18 {
                    Ok(I64Any(v as i64))
                } else {
                    Err(E::custom("intValue is not an integer"))
                }
            }
            fn visit_str<E: de::Error>(self, v: &str) -> Result<I64Any, E> {
                v.trim()
                    .parse()
                    .map(I64Any)
                    .map_err(|_| E::custom(format!("intValue {v:?} is not an integer")))
            }
        }
        d.deserialize_any(V)
    }
}

struct F64Any(f64);
impl<'de> Deserialize<'de> for F64Any {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl Visitor<'_> for V {
            type Value = F64Any;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a double as a number or a string")
            }
            fn visit_i64<E: de::Error>(self, v: i64) -> Result<F64Any, E> {
                Ok(F64Any(v as f64))
            }
            fn visit_u64<E: de::Error>(self, v: u64) -> Result<F64Any, E> {
                Ok(F64Any(v as f64))
            }
            fn visit_f64<E: de::Error>(self, v: f64) -> Result<F64Any, E> {
                Ok(F64Any(v))
            }
            fn visit_str<E: de::Error>(self, v: &str) -> Result<F64Any, E> {
                match v {
                    "NaN" => Ok(F64Any(f64::NAN)),
                    "Infinity" => Ok(F64Any(f64::INFINITY)),
                    "-Infinity" => Ok(F64Any(f64::NEG_INFINITY)),
                    _ => v
                        .trim()
                        .parse()
                        .map(F64Any)
                        .map_err(|_| E::custom(format!("doubleValue {v:?} is not a number"))),
                }
            }
        }
        d.deserialize_any(V)
    }
}

fn u64_any<'de, D: Deserializer<'de>>(d: D) -> Result<u64, D::Error> {
    struct V;
    impl Visitor<'_> for V {
        type Value = u64;
        fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
            f.write_str("an unsigned 64-bit integer as a number or a string")
        }
        fn visit_u64<E: de::Error>(self, v: u64) -> Result<u64, E> {
            Ok(v)
        }
        fn visit_i64<E: de::Error>(self, v: i64) -> Result<u64, E> {
            u64::try_from(v).map_err(|_| E::custom("negative timestamp"))
        }
        fn visit_f64<E: de::Error>(self, v: f64) -> Result<u64, E> {
            if v >= 0.0 && v.fract() == 0.0 {
                Ok(v as u64)
            } else {
                Err(E::custom("timestamp is not an unsigned integer"))
            }
        }
        fn visit_str<E: de::Error>(self, v: &str) -> Result<u64, E> {
            v.trim()
                .parse()
                .map_err(|_| E::custom(format!("{v:?} is not an unsigned integer")))
        }
    }
    d.deserialize_any(V)
}

fn hex_id<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<u8>, D::Error> {
    let s = <std::borrow::Cow<'de, str>>::deserialize(d)?;
    Ok(decode_hex(&s).unwrap_or_default())
}

/// Decode a hex string (either case). `None` when it is not hex of even length.
pub fn decode_hex(s: &str) -> Option<Vec<u8>> {
    let b = s.as_bytes();
    if !b.len().is_multiple_of(2) {
        return None;
    }
    fn nib(c: u8) -> Option<u8> {
        match c {
            b'0'..=b'9' => Some(c - b'0'),
            b'a'..=b'f' => Some(c - b'a' + 10),
            b'A'..=b'F' => Some(c - b'A' + 10),
            _ => None,
        }
    }
    b.chunks_exact(2)
        .map(|p| Some(nib(p[0])? << 4 | nib(p[1])?))
        .collect()
}

fn enum_any<'de, D: Deserializer<'de>>(
    d: D,
    names: &'static [&'static str],
    what: &'static str,
) -> Result<i32, D::Error> {
    struct V(&'static [&'static str], &'static str);
    impl Visitor<'_> for V {
        type Value = i32;
        fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
            write!(f, "{} as a number or a name", self.1)
        }
        fn visit_i64<E: de::Error>(self, v: i64) -> Result<i32, E> {
            i32::try_from(v).map_err(|_| E::custom("enum out of range"))
        }
        fn visit_u64<E: de::Error>(self, v: u64) -> Result<i32, E> {
            i32::try_from(v).map_err(|_| E::custom("enum out of range"))
        }
        fn visit_str<E: de::Error>(self, v: &str) -> Result<i32, E> {
            self.0
                .iter()
                .position(|n| *n == v)
                .map(|p| p as i32)
                .ok_or_else(|| E::custom(format!("unknown {} {v:?}", self.1)))
        }
    }
    d.deserialize_any(V(names, what))
}

fn span_kind<'de, D: Deserializer<'de>>(d: D) -> Result<i32, D::Error> {
    const NAMES: &[&str] = &[
        "SPAN_KIND_UNSPECIFIED",
        "SPAN_KIND_INTERNAL",
        "SPAN_KIND_SERVER",
        "SPAN_KIND_CLIENT",
        "SPAN_KIND_PRODUCER",
        "SPAN_KIND_CONSUMER",
    ];
    enum_any(d, NAMES, "span kind")
}

fn status_code<'de, D: Deserializer<'de>>(d: D) -> Result<i32, D::Error> {
    const NAMES: &[&str] = &["STATUS_CODE_UNSET", "STATUS_CODE_OK", "STATUS_CODE_ERROR"];
    enum_any(d, NAMES, "status code")
}

impl From<JKeyValue> for KeyValue {
    fn from(kv: JKeyValue) -> Self {
        KeyValue {
            key: kv.key,
            value: kv.value.map(|v| AnyValue { value: v.0 }),
            ..Default::default()
        }
    }
}

fn kvs(v: Vec<JKeyValue>) -> Vec<KeyValue> {
    v.into_iter().map(Into::into).collect()
}

impl From<JRequest> for ExportTraceServiceRequest {
    fn from(r: JRequest) -> Self {
        ExportTraceServiceRequest {
            resource_spans: r
                .resource_spans
                .into_iter()
                .map(|rs| ResourceSpans {
                    resource: rs.resource.map(|r| Resource {
                        attributes: kvs(r.attributes),
                        dropped_attributes_count: r.dropped_attributes_count,
                        ..Default::default()
                    }),
                    scope_spans: rs
                        .scope_spans
                        .into_iter()
                        .map(|ss| ScopeSpans {
                            scope: ss.scope.map(|s| InstrumentationScope {
                                name: s.name,
                                version: s.version,
                                attributes: kvs(s.attributes),
                                dropped_attributes_count: s.dropped_attributes_count,
                                ..Default::default()
                            }),
                            spans: ss.spans.into_iter().map(Into::into).collect(),
                            schema_url: ss.schema_url,
                        })
                        .collect(),
                    schema_url: rs.schema_url,
                })
                .collect(),
        }
    }
}

impl From<JSpan> for Span {
    fn from(s: JSpan) -> Self {
        Span {
            trace_id: s.trace_id,
            span_id: s.span_id,
            trace_state: s.trace_state,
            parent_span_id: s.parent_span_id,
            flags: s.flags,
            name: s.name,
            kind: s.kind,
            start_time_unix_nano: s.start_time_unix_nano,
            end_time_unix_nano: s.end_time_unix_nano,
            attributes: kvs(s.attributes),
            dropped_attributes_count: s.dropped_attributes_count,
            events: s
                .events
                .into_iter()
                .map(|e| span::Event {
                    time_unix_nano: e.time_unix_nano,
                    name: e.name,
                    attributes: kvs(e.attributes),
                    dropped_attributes_count: e.dropped_attributes_count,
                    ..Default::default()
                })
                .collect(),
            dropped_events_count: s.dropped_events_count,
            links: s
                .links
                .into_iter()
                .map(|l| span::Link {
                    trace_id: l.trace_id,
                    span_id: l.span_id,
                    trace_state: l.trace_state,
                    attributes: kvs(l.attributes),
                    dropped_attributes_count: l.dropped_attributes_count,
                    flags: l.flags,
                    ..Default::default()
                })
                .collect(),
            dropped_links_count: s.dropped_links_count,
            status: s.status.map(|st| Status {
                message: st.message,
                code: st.code,
            }),
            ..Default::default()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn decodes_the_official_example() {
        let body = std::fs::read(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../../shared/data/otlp-examples/trace.json"
        ));
        let Ok(body) = body else { return };
        let req = decode_export_request(&body).unwrap();
        let span = &req.resource_spans[0].scope_spans[0].spans[0];
        assert_eq!(span.trace_id.len(), 16);
        assert_eq!(span.span_id.len(), 8);
        assert!(span.start_time_unix_nano > 0);
        assert!(!span.attributes.is_empty());
    }

    #[test]
    fn ids_are_hex_ints_are_strings_unknown_fields_ignored() {
        let body = br#"{"resourceSpans":[{"futureField":1,"resource":{"attributes":[{"key":"service.name","value":{"stringValue":"svc"}}]},
          "scopeSpans":[{"scope":{"name":"s"},"spans":[{"traceId":"5B8EFFF798038103D269B633813FC60C","spanId":"EEE19B7EC3C1B174",
          "parentSpanId":"","name":"n","kind":"SPAN_KIND_SERVER","startTimeUnixNano":"1544712660000000000","endTimeUnixNano":1544712661000000000,
          "attributes":[{"key":"i","value":{"intValue":"42"}},{"key":"d","value":{"doubleValue":"NaN"}},{"key":"b","value":{"bytesValue":"AQI="}},
          {"key":"a","value":{"arrayValue":{"values":[{"stringValue":"x"},{"intValue":7}]}}},
          {"key":"m","value":{"kvlistValue":{"values":[{"key":"k","value":{"boolValue":true}}]}}}],
          "status":{"code":"STATUS_CODE_ERROR","message":"boom"}}]}]}]}"#;
        let req = decode_export_request(body).unwrap();
        let s = &req.resource_spans[0].scope_spans[0].spans[0];
        assert_eq!(s.trace_id[0], 0x5b);
        assert_eq!(s.kind, 2);
        assert_eq!(s.end_time_unix_nano, 1544712661000000000);
        assert_eq!(s.status.as_ref().unwrap().code, 2);
        assert_eq!(
            s.attributes[0].value.as_ref().unwrap().value,
            Some(any_value::Value::IntValue(42))
        );
        assert_eq!(
            s.attributes[2].value.as_ref().unwrap().value,
            Some(any_value::Value::BytesValue(vec![1, 2]))
        );
        match &s.attributes[3].value.as_ref().unwrap().value {
            Some(any_value::Value::ArrayValue(a)) => assert_eq!(a.values.len(), 2),
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn bad_hex_id_is_an_empty_id_not_an_error() {
        let body = br#"{"resourceSpans":[{"scopeSpans":[{"spans":[{"traceId":"zz","spanId":"0102030405060708"}]}]}]}"#;
        let req = decode_export_request(body).unwrap();
        assert!(req.resource_spans[0].scope_spans[0].spans[0]
            .trace_id
            .is_empty());
    }

    #[test]
    fn syntax_errors_name_the_position() {
        let err = decode_export_request(b"{\"resourceSpans\": [").unwrap_err();
        assert!(err.to_string().contains("line 1"), "{err}");
        assert!(decode_export_request(b"[1,2]").is_err());
        assert!(decode_export_request(
            br#"{"resourceSpans":[{"scopeSpans":[{"spans":[{"startTimeUnixNano":"abc"}]}]}]}"#
        )
        .is_err());
    }
}
