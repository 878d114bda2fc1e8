//! Redaction of the collector's own output: every log line and panic message passes the same
//! [`Redactor`] as the reports (see `groundcheck_sinks::redact` and docs/redaction.md), so a
//! value an agent sent (a tool call's arguments quoted in a Stage-1 error, a rejected span's
//! attribute) reaches stderr only as its placeholder.
//!
//! The `tracing` formatter writes one event per writer; [`RedactingStderr`] buffers it and
//! writes it redacted when the writer is dropped, so a value is never split across writes.

use groundcheck_sinks::Redactor;
use std::io::Write;
use std::sync::Arc;

/// A `tracing_subscriber` writer: stderr, each event redacted.
#[derive(Clone)]
pub struct RedactingStderr {
    redactor: Arc<Redactor>,
}

impl RedactingStderr {
    pub fn new(redactor: Arc<Redactor>) -> RedactingStderr {
        RedactingStderr { redactor }
    }
}

/// One event's bytes, redacted and written to stderr on drop.
pub struct EventWriter<'a> {
    redactor: &'a Redactor,
    buf: Vec<u8>,
}

impl Write for EventWriter<'_> {
    fn write(&mut self, b: &[u8]) -> std::io::Result<usize> {
        self.buf.extend_from_slice(b);
        Ok(b.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

impl Drop for EventWriter<'_> {
    fn drop(&mut self) {
        let text = String::from_utf8_lossy(&self.buf);
        let out = self.redactor.redact(&text);
        let _ = std::io::stderr().lock().write_all(out.as_bytes());
    }
}

impl<'a> tracing_subscriber::fmt::MakeWriter<'a> for RedactingStderr {
    type Writer = EventWriter<'a>;
    fn make_writer(&'a self) -> EventWriter<'a> {
        EventWriter {
            redactor: &self.redactor,
            buf: Vec::with_capacity(256),
        }
    }
}

/// Replace the default panic hook by one that prints the same lines with the message
/// redacted (a panic message may quote the text it failed on). `RUST_BACKTRACE` applies.
pub fn install_panic_hook(redactor: Arc<Redactor>) {
    std::panic::set_hook(Box::new(move |info| {
        let payload = info.payload();
        let msg = payload
            .downcast_ref::<&str>()
            .copied()
            .or_else(|| payload.downcast_ref::<String>().map(String::as_str))
            .unwrap_or("Box<dyn Any>");
        let thread = std::thread::current();
        let name = thread.name().unwrap_or("<unnamed>");
        let at = info.location().map(|l| l.to_string()).unwrap_or_default();
        let bt = std::backtrace::Backtrace::capture();
        let bt = match bt.status() {
            std::backtrace::BacktraceStatus::Captured => format!("\nstack backtrace:\n{bt}"),
            _ => String::new(),
        };
        let text = format!("\nthread '{name}' panicked at {at}:\n{msg}{bt}\n");
        let _ = std::io::stderr()
            .lock()
            .write_all(redactor.redact(&text).as_bytes());
    }));
}

#[cfg(test)]
mod tests {
    use super::*;
    use groundcheck_sinks::RedactConfig;

    #[test]
    fn an_event_is_redacted_whole_even_when_written_in_pieces() {
        let r = Redactor::new(&RedactConfig {
            kinds: RedactConfig::parse_kinds("secret,card").unwrap(),
            key: Some(vec![7; 16]),
            ..Default::default()
        })
        .unwrap();
        let mut w = EventWriter {
            redactor: &r,
            buf: Vec::new(),
        };
        w.write_all(b"errors=[\"4242 4242 ").unwrap();
        w.write_all(b"4242 4242\"]\n").unwrap();
        assert_eq!(
            r.redact(&String::from_utf8_lossy(&w.buf))
                .matches("[card:")
                .count(),
            1
        );
    }
}
