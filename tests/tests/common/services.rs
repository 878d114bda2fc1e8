//! Real services for the tests that crash them: a `deploy/` script (ClickHouse, tansu) run
//! against the test's own ports and state directory, so a test can SIGKILL and restart its own
//! server without touching the shared ones `deploy/test.sh` started.

use super::workspace_root;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// A deploy/ service script run against this test's own ports and state directory.
pub struct Service {
    script: &'static str,
    env: Vec<(&'static str, String)>,
    pid_file: PathBuf,
    _dir: tempfile::TempDir,
}

impl Service {
    pub fn clickhouse(http: u16, tcp: u16) -> Service {
        let dir = tempfile::Builder::new()
            .prefix("gc-soak-ch-")
            .tempdir()
            .unwrap();
        Service {
            script: "deploy/clickhouse.sh",
            env: vec![
                ("CLICKHOUSE_HTTP_PORT", http.to_string()),
                ("CLICKHOUSE_TCP_PORT", tcp.to_string()),
                ("CLICKHOUSE_DATA_DIR", dir.path().display().to_string()),
            ],
            pid_file: dir.path().join("clickhouse.pid"),
            _dir: dir,
        }
    }

    pub fn kafka(port: u16) -> Service {
        let dir = tempfile::Builder::new()
            .prefix("gc-soak-kafka-")
            .tempdir()
            .unwrap();
        Service {
            script: "deploy/kafka.sh",
            env: vec![
                ("KAFKA_PORT", port.to_string()),
                ("KAFKA_STATE_DIR", dir.path().display().to_string()),
            ],
            pid_file: dir.path().join("kafka.pid"),
            _dir: dir,
        }
    }

    pub fn run(&self, args: &[&str]) {
        let out = Command::new(workspace_root().join(self.script))
            .args(args)
            .envs(self.env.iter().map(|(k, v)| (*k, v.as_str())))
            .stdin(Stdio::null())
            .output()
            .unwrap_or_else(|e| panic!("cannot run {}: {e}", self.script));
        assert!(
            out.status.success(),
            "{} {args:?} failed:\n{}{}",
            self.script,
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        );
    }

    /// SIGKILL the server the script started (a crash, not a shutdown).
    pub fn kill9(&self) {
        let pid = std::fs::read_to_string(&self.pid_file)
            .unwrap_or_else(|e| panic!("{}: {e}", self.pid_file.display()));
        let pid = pid.trim();
        let st = Command::new("kill").args(["-KILL", pid]).status().unwrap();
        assert!(st.success(), "kill -KILL {pid}");
        // Wait until it is gone (its ports are free again).
        let deadline = Instant::now() + Duration::from_secs(10);
        while Path::new(&format!("/proc/{pid}")).exists() && Instant::now() < deadline {
            std::thread::sleep(Duration::from_millis(50));
        }
    }
}

impl Drop for Service {
    fn drop(&mut self) {
        let _ = Command::new(workspace_root().join(self.script))
            .arg("stop")
            .envs(self.env.iter().map(|(k, v)| (*k, v.as_str())))
            .output();
    }
}
